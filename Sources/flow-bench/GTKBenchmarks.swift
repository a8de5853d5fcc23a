// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import Glibc

/// WrapHStack in both placements against GtkFlowBox and against GTK's own floors (allocating each
/// chip directly at a rectangle computed beforehand; moving chips in a bare GtkFixed and allocating
/// it), with the same chips: a label and a button each, same texts.
@MainActor
enum GTKBenchmarks {
    struct Figures {
        var count: Int
        /// Median ns per relayout: WrapHStack with the `.direct` placement (`wrap`) and with the
        /// `.fixed` one (`wrapFixed`), GtkFlowBox.
        var wrapRelayout: Double
        var wrapFixedRelayout: Double
        var flowBoxRelayout: Double
        var bareRelayout: Double
        /// The same frames applied through a bare GtkFixed (move the children that moved, measure
        /// and allocate the GtkFixed): GtkFixed's own work, the floor of the `.fixed` placement.
        var fixedRelayout: Double
        var wrapBuild: Double          // ns to build and first lay out
        var flowBoxBuild: Double
        var wrapBytesPerChip: Double
        var flowBoxBytesPerChip: Double
    }

    static func chip(_ i: Int) -> Widget {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
        let words = ["swift", "gtk", "layout", "photography", "a", "travel 2024", "keyboard", "dark mode"]
        gtk_box_append(cgtk_box(box), gtk_label_new("\(words[i % words.count]) \(i)"))
        gtk_box_append(cgtk_box(box), gtk_button_new_from_icon_name("window-close-symbolic"))
        return box
    }

    /// The heap in use, in bytes. The resident size it replaced did not grow when an earlier
    /// benchmark's freed memory was reused: GtkFlowBox's 10,000 chips measured 0 bytes each in a
    /// full run.
    static func heapBytes() -> Double {
        cgtk_heap_bytes_in_use()
    }

    /// What is written between timed passes: by default 4 MiB, more than a core's private caches
    /// and less than the shared L3 of the machine BENCHMARKS.md describes, as after the rest of a
    /// frame's work, where a tag list's widgets stay in L3. `--flush-l3` writes 64 MiB instead, so
    /// that every pass also starts from main memory.
    nonisolated(unsafe) static var evictionBuffer = [UInt8](repeating: 0, count: 4 << 20)

    static func setFlushesL3(_ flushes: Bool) {
        evictionBuffer = [UInt8](repeating: 0, count: (flushes ? 64 : 4) << 20)
    }

    /// Writes the eviction buffer, so that no timed pass finds what the one before it left.
    static func evictCaches() {
        evictionBuffer.withUnsafeMutableBufferPointer { buffer in
            for i in stride(from: 0, to: buffer.count, by: 64) { buffer[i] &+= 1 }
        }
    }

    /// Widths the relayouts cycle through: every relayout is at a new width.
    static let widths = Array(stride(from: 500, through: 900, by: 7))

    /// A WrapHStack of `count` chips in its scrolled window in a window, built and laid out once.
    struct Built {
        let window: Widget
        let stack: WrapHStack
        let scrolled: Widget
        /// ns to build and first lay out, and heap bytes per chip it added.
        let build: Double
        let bytesPerChip: Double
    }

    static func build(count: Int, placement: WrapHStack.Placement) -> Built {
        let window = gtk_window_new()!
        let before = heapBytes()
        var stack: WrapHStack!
        var scrolled: Widget!
        let time = Timing.nanoseconds {
            stack = WrapHStack(placement: placement)
            for i in 0..<count { try! stack.append(chip(i)) }
            scrolled = stack.makeScrolledWindow()
            gtk_window_set_child(cgtk_window(window), scrolled)
            measureAndAllocate(scrolled, width: 700, height: 600)
        }
        return Built(window: window, stack: stack, scrolled: scrolled, build: time,
                     bytesPerChip: (heapBytes() - before) / Double(count))
    }

    /// A GtkFlowBox of `chips` chips (spacing 6, no selection) in a scrolled window (vertical
    /// scrolling): what the benchmarks compare with.
    static func scrolledFlowBox(chips: Int) -> Widget {
        let flowBox = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(cgtk_flow_box(flowBox), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(cgtk_flow_box(flowBox), 10_000)
        gtk_flow_box_set_column_spacing(cgtk_flow_box(flowBox), 6)
        gtk_flow_box_set_row_spacing(cgtk_flow_box(flowBox), 6)
        for i in 0..<chips { gtk_flow_box_append(cgtk_flow_box(flowBox), chip(i)) }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), flowBox)
        return scrolled
    }

    /// One timed relayout of a WrapHStack in its scrolled window at `width`. A function of its
    /// own (never inlined), like ``bareRelayout(_:_:)``, so that callgrind can count each pass
    /// alone (`--toggle-collect`, Resources/scripts/callgrind.sh relayout).
    @inline(never)
    static func directRelayout(_ scrolled: Widget, width: Int) {
        measureAndAllocate(scrolled, width: width, height: 600)
    }

    /// GTK's floor of a relayout: each chip allocated directly at a frame computed beforehand.
    @inline(never)
    static func bareRelayout(_ chips: [Widget], _ frames: [FlowRect]) {
        for (chip, frame) in zip(chips, frames) {
            var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
            gtk_widget_allocate(chip, Int32(frame.width), Int32(frame.height), -1,
                                gsk_transform_translate(nil, &origin))
        }
    }

    static func run(count: Int, relayouts: Int) -> Figures {
        // Build and first layout, WrapHStack (direct; in a GtkFixed after GtkFlowBox, so that the
        // build and memory figures compare what they did before the GtkFixed placement existed).
        let wrap = build(count: count, placement: .direct)
        let stack = wrap.stack, scrolled = wrap.scrolled

        // Build and first layout, GtkFlowBox.
        let flowWindow = gtk_window_new()!
        let before = heapBytes()
        var flowScrolled: Widget!
        let flowBuild = Timing.nanoseconds {
            flowScrolled = scrolledFlowBox(chips: count)
            gtk_window_set_child(cgtk_window(flowWindow), flowScrolled)
            measureAndAllocate(flowScrolled, width: 700, height: 600)
        }
        let flowBytes = (heapBytes() - before) / Double(count)
        let wrapFixed = build(count: count, placement: .fixed)

        // GTK's floor: the WrapHStack's own chips (the very same widgets, so that where they lie
        // in memory cannot favour either side), allocated directly at the rectangles the
        // container computed for each width beforehand.
        let bareChips = stack.children
        var bareFrames: [[FlowRect]] = []
        for width in widths {
            measureAndAllocate(scrolled, width: width, height: 600)
            bareFrames.append(stack.lastLayout!.result.frames)
        }

        // The same, through a GtkFixed.
        let fixed = gtk_fixed_new()!
        g_object_ref_sink(fixed)
        let fixedChips = (0..<count).map { i -> Widget in
            let c = chip(i)
            gtk_fixed_put(cgtk_fixed(fixed), c, 0, 0)
            return c
        }
        var fixedPositions = [(Int, Int)](repeating: (0, 0), count: count)
        // A GtkFixed in the scrolled window, as wide as the viewport, whose children are moved
        // (only those that moved) and which is then measured and allocated: how the container
        // first placed its children.
        func placeInFixed(_ frames: [FlowRect], width: Int) {
            for (i, frame) in frames.enumerated() where fixedPositions[i] != (Int(frame.x), Int(frame.y)) {
                fixedPositions[i] = (Int(frame.x), Int(frame.y))
                gtk_fixed_move(cgtk_fixed(fixed), fixedChips[i], frame.x, frame.y)
            }
            measureAndAllocate(fixed, width: width, height: 600)
        }
        placeInFixed(bareFrames[0], width: widths[0])

        var wrapTimes: [Double] = [], wrapFixedTimes: [Double] = [], flowTimes: [Double] = []
        var bareTimes: [Double] = [], fixedTimes: [Double] = []
        for round in 0..<relayouts {
            let index = round % widths.count
            let width = widths[index]
            // No pass finds another's data in the private caches (see `evictionBuffer`).
            evictCaches()
            wrapTimes.append(Timing.nanoseconds { directRelayout(scrolled, width: width) })
            evictCaches()
            wrapFixedTimes.append(Timing.nanoseconds {
                measureAndAllocate(wrapFixed.scrolled, width: width, height: 600)
            })
            evictCaches()
            flowTimes.append(Timing.nanoseconds { measureAndAllocate(flowScrolled, width: width, height: 600) })
            let frames = bareFrames[index]
            evictCaches()
            bareTimes.append(Timing.nanoseconds { bareRelayout(bareChips, frames) })
            evictCaches()
            fixedTimes.append(Timing.nanoseconds { placeInFixed(frames, width: width) })
        }
        gtk_window_destroy(cgtk_window(wrap.window))
        gtk_window_destroy(cgtk_window(wrapFixed.window))
        gtk_window_destroy(cgtk_window(flowWindow))
        g_object_unref(fixed)
        return Figures(count: count, wrapRelayout: Timing.median(wrapTimes),
                       wrapFixedRelayout: Timing.median(wrapFixedTimes), flowBoxRelayout: Timing.median(flowTimes),
                       bareRelayout: Timing.median(bareTimes), fixedRelayout: Timing.median(fixedTimes),
                       wrapBuild: wrap.build, flowBoxBuild: flowBuild,
                       wrapBytesPerChip: wrap.bytesPerChip, flowBoxBytesPerChip: flowBytes)
    }
}
