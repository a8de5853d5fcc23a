// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import JSON

/// One frame of a drag over a reorderable WrapHStack (the pointer hovers at a new place: the
/// layout with the dragged chip there, and placing the chips and the marker) against one
/// GtkFlowBox relayout of as many chips at a new width, as GTKBenchmarks measures it, with the
/// same chips (its `chip`, `scrolledFlowBox`, `widths` and cache eviction).
@MainActor
enum ReorderBenchmarks {
    struct Figures {
        /// Median ns per drag frame (direct placement, no glide: the frame that puts the chips
        /// where they end) and per GtkFlowBox relayout.
        var dragFrame: Double
        var flowBoxRelayout: Double
        /// Frames whose hovered place was not the one before (each of them is a new layout).
        var newPlaces: Int
        var frames: Int
    }

    static func run(count: Int, frames: Int) -> Figures {
        let window = gtk_window_new()!
        let stack = WrapHStack(placement: .direct)
        for i in 0..<count { try! stack.append(GTKBenchmarks.chip(i)) }
        stack.reorderable = true
        // The glide would place the chips over the next frames; the frame measured places them.
        stack.animatesContentChanges = false
        let scrolled = stack.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        measureAndAllocate(scrolled, width: 700, height: 600)

        let flowWindow = gtk_window_new()!
        let flowScrolled = GTKBenchmarks.scrolledFlowBox(chips: count)
        gtk_window_set_child(cgtk_window(flowWindow), flowScrolled)
        measureAndAllocate(flowScrolled, width: 700, height: 600)

        // The drag of a chip of the first line, hovering in turn at the start of chips spread
        // over the whole box (a prime stride, so that every frame's place is new).
        let dragged = stack.children[1]
        stack.beginDrag(of: dragged)
        var dragTimes: [Double] = [], flowTimes: [Double] = []
        var newPlaces = 0
        for frame in 0..<frames {
            let frames = stack.lastLayout!.result.frames
            let over = frames[(frame * 389 + 17) % frames.count]
            let passes = stack.statistics.layoutPasses
            GTKBenchmarks.evictCaches()
            dragTimes.append(Timing.nanoseconds {
                stack.dragMoved(toX: over.x + 1, y: over.midY)
                measureAndAllocate(scrolled, width: 700, height: 600)
            })
            if stack.statistics.layoutPasses > passes { newPlaces += 1 }
            GTKBenchmarks.evictCaches()
            let width = GTKBenchmarks.widths[frame % GTKBenchmarks.widths.count]
            flowTimes.append(Timing.nanoseconds { measureAndAllocate(flowScrolled, width: width, height: 600) })
        }
        stack.endDrag()
        gtk_window_destroy(cgtk_window(window))
        gtk_window_destroy(cgtk_window(flowWindow))
        return Figures(dragFrame: Timing.median(dragTimes), flowBoxRelayout: Timing.median(flowTimes),
                       newPlaces: newPlaces, frames: frames)
    }

    /// Prints the row and adds the target: a drag frame at most half a GtkFlowBox relayout.
    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        let f = run(count: 1_000, frames: quick ? 21 : 61)
        print("")
        print("A drag frame over 1,000 chips (the layout with the dragged chip at a new place, and placing) against a GtkFlowBox relayout")
        print("drag frame ms  flowbox ms  frame/flowbox  frames at a new place")
        print([format(f.dragFrame / 1e6, 3), format(f.flowBoxRelayout / 1e6, 3), format(f.dragFrame / f.flowBoxRelayout),
               "\(f.newPlaces) of \(f.frames)"].joined(separator: "\t"))
        rows.append(.object([("kind", .string("reorder")), ("chips", .number(1_000)),
                             ("dragFrameMilliseconds", .number(f.dragFrame / 1e6)),
                             ("flowBoxRelayoutMilliseconds", .number(f.flowBoxRelayout / 1e6)),
                             ("framesAtNewPlace", .number(Double(f.newPlaces)))]))
        targets.append(Target(name: "dragFrameToFlowBox1000", ratio: f.dragFrame / f.flowBoxRelayout, limit: 0.5))
    }
}
