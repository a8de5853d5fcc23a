// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowBridge
import FlowEngine
import FlowTestSupport
import GObjectSupport
import Testing

/// Texts of varied widths, some on two lines, deterministic per seed (those of `variedChildren`).
func listTexts(_ count: Int, seed: UInt64) -> [String] { variedTexts(count, seed: seed) }

/// A WrapListView of labels showing `texts`, in a scrolled window in a (not shown) window, with
/// counters of what its factory did.
@MainActor
final class ListHarness {
    let window: Widget
    let scrolled: Widget
    let list: WrapListView
    var texts: [String]
    var bound: [Widget: Int] = [:]
    var setups = 0, teardowns = 0

    init(texts: [String], layout: FlowLayout = WrapHStack.defaultLayout, provider: Bool = false) {
        GTK.setUp()
        self.texts = texts
        window = gtk_window_new()!
        list = WrapListView(layout: layout, factory: WrapListItemFactory(setup: { gtk_label_new(nil) },
                                                                         bind: { _, _ in }))
        scrolled = list.makeScrolledWindow()
        list.controllerFactory(self)
        gtk_window_set_child(cgtk_window(window), scrolled)
        list.setItemCount(texts.count)
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
    }

    func allocate(width: Int, height: Int) {
        measureAndAllocate(scrolled, width: width, height: height)
    }

    func scroll(to value: Double, width: Int, height: Int) {
        gtk_adjustment_set_value(vadjustment, value)
        allocate(width: width, height: height)
    }

    /// Destroys the window, and lets GTK drop what it still holds of it (a shown window's widgets
    /// can be finalized in a later main-loop turn, which must not be another test's).
    func destroy() {
        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
    }
}

extension WrapListView {
    /// Gives the harness's list its real factory (the harness must exist first).
    @MainActor
    func controllerFactory(_ harness: ListHarness) {
        setFactory(WrapListItemFactory(
            setup: { [weak harness] in harness?.setups += 1; return gtk_label_new(nil) },
            bind: { [weak harness] widget, index in
                guard let harness else { return }
                #expect(harness.bound[widget] == nil, "widget bound twice")
                harness.bound[widget] = index
                gtk_label_set_text(cgtk_label(widget), harness.texts[index])
            },
            unbind: { [weak harness] widget, index in
                guard let harness else { return }
                #expect(harness.bound[widget] == index, "unbound from another item")
                harness.bound[widget] = nil
            },
            teardown: { [weak harness] _ in harness?.teardowns += 1 }))
    }
}

/// The frames WrapHStack gives labels showing `texts` at `width`: the reference.
@MainActor
func wrapHStackFrames(_ texts: [String], layout: FlowLayout, width: Int) throws -> [FlowRect] {
    let stack = WrapHStack(layout: layout, placement: .direct)
    for text in texts { try stack.append(gtk_label_new(text)) }
    let window = gtk_window_new()!
    gtk_window_set_child(cgtk_window(window), stack.widget)
    measureAndAllocate(stack.widget, width: width, height: 100_000)
    defer { gtk_window_destroy(cgtk_window(window)) }
    return stack.lastLayout!.result.frames
}

@MainActor @Suite(.serialized)
struct WrapListViewTests {
    /// Where each realized item is in the content (its allocation plus the scroll offset).
    func realizedFrames(_ harness: ListHarness) -> [Int: FlowRect] {
        let offset = gtk_adjustment_get_value(harness.vadjustment)
        var frames: [Int: FlowRect] = [:]
        for (index, widget) in harness.list.realizedItems where gtk_widget_get_child_visible(widget) != 0 {
            var rect = allocation(widget)
            rect.y += offset
            frames[index] = rect
        }
        return frames
    }

    @Test(arguments: [(UInt64(1), 300), (2, 1_000), (3, 5_000)])
    func realizedFramesEqualWrapHStacksAtManyWidthsAndScrollPositions(seed: UInt64, count: Int) throws {
        GTK.setUp()
        var rng = TestRandom(seed: seed)
        let texts = listTexts(count, seed: seed)
        var layout = WrapHStack.defaultLayout
        layout.justification = [.start, .center, .spaceBetween, .end].randomElement(using: &rng)!
        layout.alignment = [.start, .center, .end].randomElement(using: &rng)!
        let harness = ListHarness(texts: texts, layout: layout)
        defer { harness.destroy() }
        let height = 240
        var checkedPositions = 0, scrolledPositions = 0
        defer { #expect(checkedPositions == 18 && scrolledPositions > 6) }
        for width in [120, 333, 517, 800].shuffled(using: &rng).prefix(3) {
            harness.allocate(width: width, height: height)
            // Every item measured (in idle time) before the comparison, as WrapHStack measures all.
            MainLoop.run(until: { harness.list.allSizesKnown }, milliseconds: 60_000)
            harness.allocate(width: width, height: height)
            let listWidth = Int(gtk_widget_get_width(harness.list.widget))
            let expected = try wrapHStackFrames(texts, layout: layout, width: listWidth)
            let content = Double(harness.list.lastLayout!.contentLength)
            #expect(content == expected.map(\.maxY).max()!, "content length at \(listWidth)")
            for _ in 0..<6 {
                let offset = Double(Int.random(in: 0...max(0, Int(content) - height), using: &rng))
                harness.scroll(to: offset, width: width, height: height)
                let shown = gtk_adjustment_get_value(harness.vadjustment)
                let frames = realizedFrames(harness)
                #expect(frames.count >= 3, "only \(frames.count) items realized at offset \(shown)")
                checkedPositions += 1
                if shown > 0 { scrolledPositions += 1 }
                for (index, frame) in frames {
                    #expect(frame == expected[index], "item \(index) at width \(listWidth), offset \(shown)")
                }
                // Every item that meets the viewport has a widget.
                let inView = expected.indices.filter { expected[$0].maxY > shown && expected[$0].minY < shown + Double(height) }
                #expect(inView.allSatisfy { frames[$0] != nil }, "an item in view has no widget at offset \(shown)")
                // Recycling is bounded: the lines in view and the margin, nothing more.
                let margin = 96.0
                let nearby = expected.indices.filter {
                    expected[$0].maxY >= shown - margin - 40 && expected[$0].minY <= shown + Double(height) + margin + 40
                }
                #expect(harness.list.realizedItems.count <= nearby.count,
                        "\(harness.list.realizedItems.count) realized, \(nearby.count) near the viewport")
            }
        }
    }
}
