// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the enum constants come through it too
import CGtk
import FlowBridge
import FlowEngine
import FlowTestSupport
import GObjectSupport
import Testing

/// The frames WrapHStack gives labels showing `texts` in columns `height` tall: the reference.
@MainActor
func wrapHStackColumnFrames(_ texts: [String], layout: FlowLayout, height: Int) throws -> [FlowRect] {
    let stack = WrapHStack(layout: layout, placement: .direct)
    for text in texts { try stack.append(gtk_label_new(text)) }
    let window = gtk_window_new()!
    gtk_window_set_child(cgtk_window(window), stack.widget)
    var minimum: Int32 = 0
    gtk_widget_measure(stack.widget, GTK_ORIENTATION_HORIZONTAL, Int32(height), &minimum, nil, nil, nil)
    gtk_widget_allocate(stack.widget, max(minimum, 1), Int32(height), -1, nil)
    defer { gtk_window_destroy(cgtk_window(window)) }
    return stack.lastLayout!.result.frames
}

/// Vertical layouts: columns that scroll sideways, through the same code as rows.
@MainActor @Suite(.serialized)
struct WrapListViewVerticalTests {
    var hadjustment: (ListHarness) -> UnsafeMutablePointer<GtkAdjustment> = {
        gtk_scrollable_get_hadjustment(OpaquePointer($0.list.widget))!
    }

    @Test(arguments: [(UInt64(11), 400), (12, 2_000)])
    func columnsScrollSidewaysWithWrapHStacksFrames(seed: UInt64, count: Int) throws {
        GTK.setUp()
        var rng = TestRandom(seed: seed)
        let texts = listTexts(count, seed: seed)
        var layout = WrapHStack.defaultLayout
        layout.axis = .vertical
        layout.alignment = [.start, .center, .end].randomElement(using: &rng)!
        let harness = ListHarness(texts: texts, layout: layout)
        defer { harness.destroy() }
        let width = 300
        var checked = 0, scrolled = 0
        for height in [150, 333, 520] {
            harness.allocate(width: width, height: height)
            MainLoop.run(until: { harness.list.allSizesKnown }, milliseconds: 60_000)
            harness.allocate(width: width, height: height)
            let listHeight = Int(gtk_widget_get_height(harness.list.widget))
            let expected = try wrapHStackColumnFrames(texts, layout: layout, height: listHeight)
            let content = Double(harness.list.lastLayout!.contentLength)
            #expect(content == expected.map(\.maxX).max()!, "content length at height \(listHeight)")
            let adjustment = hadjustment(harness)
            #expect(gtk_adjustment_get_upper(adjustment) == content, "the horizontal scrollbar's range")
            for _ in 0..<4 {
                let offset = Double(Int.random(in: 0...max(0, Int(content) - width), using: &rng))
                gtk_adjustment_set_value(adjustment, offset)
                harness.allocate(width: width, height: height)
                let shown = gtk_adjustment_get_value(adjustment)
                if shown > 0 { scrolled += 1 }
                var frames: [Int: FlowRect] = [:]
                for (index, widget) in harness.list.realizedItems where gtk_widget_get_child_visible(widget) != 0 {
                    var rect = allocation(widget)
                    rect.x += shown
                    frames[index] = rect
                }
                #expect(frames.count >= 3, "only \(frames.count) items realized at offset \(shown)")
                for (index, frame) in frames {
                    #expect(frame == expected[index], "item \(index) at height \(listHeight), offset \(shown)")
                }
                let inView = expected.indices.filter { expected[$0].maxX > shown && expected[$0].minX < shown + Double(width) }
                #expect(inView.allSatisfy { frames[$0] != nil }, "an item in view has no widget at offset \(shown)")
                checked += 1
            }
        }
        #expect(checked == 12 && scrolled > 4)
    }
}
