// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the enum constants come through it too
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import Testing

/// WrapHStack in a real, shown window: the frame clock drives layout, as for a user.
@MainActor
final class WindowHarness {
    let window: Widget
    let stack: WrapHStack
    let scrolled: Widget
    let scrolledWindow: Widget
    /// Problems found at paint time: a frame about to be painted with a stale layout.
    var paintProblems: [String] = []
    var paints = 0

    init(stack: WrapHStack, width: Int, height: Int, overlayScrolling: Bool = true) {
        GTK.setUp()
        self.stack = stack
        (window, scrolled, scrolledWindow) = windowWithScrolled(stack, overlayScrolling: overlayScrolling)
        gtk_window_set_default_size(cgtk_window(window), Int32(width), Int32(height))
        gtk_widget_realize(window)
        // Every frame's paint phase comes after its layout phase: if the children are not at the
        // engine's frames for the current width here, that frame shows a stale layout.
        let clock = gtk_widget_get_frame_clock(window)!
        connectSignal(UnsafeMutableRawPointer(clock), "paint") { [weak self] in
            guard let self, self.stack.lastLayout != nil else { return }
            self.paints += 1
            let problems = layoutProblems(self.stack)
            if !problems.isEmpty { self.paintProblems.append(contentsOf: problems.prefix(2)) }
        }
        gtk_window_present(cgtk_window(window))
        MainLoop.run(until: { gtk_widget_get_mapped(self.window) != 0 && stack.lastLayout != nil })
        MainLoop.run(milliseconds: 100)
    }

    /// A new container of `count` varied children (`variedChildren`), shown at `width` × `height`.
    convenience init(placement: WrapHStack.Placement, variedChildren count: Int, seed: UInt64, width: Int,
                     height: Int, overlayScrolling: Bool = true) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(count, seed: seed) { try stack.append(child) }
        self.init(stack: stack, width: width, height: height, overlayScrolling: overlayScrolling)
    }

    var windowWidth: Int { Int(gtk_widget_get_width(window)) }

    /// Resizes the window and waits until GTK has laid it out at the new width.
    @discardableResult
    func resize(width: Int, height: Int) -> Bool {
        gtk_window_set_default_size(cgtk_window(window), Int32(width), Int32(height))
        return MainLoop.run(until: { self.windowWidth == width && Int(gtk_widget_get_height(self.window)) == height },
                       milliseconds: 2000)
    }

    func destroy() { gtk_window_destroy(cgtk_window(window)) }
}

@MainActor @Suite(.serialized)
struct WindowTests {
    @Test(arguments: WrapHStack.Placement.allCases, [true, false])
    func resizingNeverPaintsAStaleLayoutAndLayoutStops(placement: WrapHStack.Placement, overlay: Bool) throws {
        let harness = try WindowHarness(placement: placement, variedChildren: 45, seed: 21, width: 700, height: 260,
                                        overlayScrolling: overlay)
        defer { harness.destroy() }
        let stack = harness.stack
        #expect(harness.windowWidth == 700)

        // Shrink and grow across the widths where the vertical scrollbar comes and goes, down to
        // the narrowest the window can be.
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(harness.window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let narrowest = Int(minimum)
        var widths = Array(stride(from: 689, through: narrowest, by: -11)) + [narrowest]
        widths += Array(stride(from: narrowest + 13, through: 1200, by: 13))
        var sawScrollbar = Set<Bool>()
        let vscrollbar = gtk_scrolled_window_get_vscrollbar(cgtk_scrolled_window(harness.scrolledWindow))!
        var previousContainerWidth = Int(gtk_widget_get_width(stack.widget))
        for width in widths {
            let before = stack.statistics.layoutPasses
            guard harness.resize(width: width, height: 260) else {
                Issue.record("the window did not reach width \(width)")
                break
            }
            MainLoop.run(milliseconds: 30)
            let passes = stack.statistics.layoutPasses - before
            // A new width is laid out once, plus at most a couple of confirming passes (a move
            // queues a resize; the scrollbar appearing changes the width once more); a window
            // resize that leaves the container's width alone needs none.
            let containerWidth = Int(gtk_widget_get_width(stack.widget))
            let lower = containerWidth == previousContainerWidth ? 0 : 1
            #expect(passes >= lower && passes <= 4, "\(passes) layout passes for width \(width)")
            previousContainerWidth = containerWidth
            #expect(layoutProblems(stack).isEmpty, "at width \(width)")
            sawScrollbar.insert(gtk_widget_get_child_visible(vscrollbar) != 0 && gtk_widget_get_visible(vscrollbar) != 0)
        }
        #expect(sawScrollbar == [true, false], "the sweep should cross the scrollbar threshold")
        #expect(harness.paints > widths.count / 2)
        #expect(harness.paintProblems.isEmpty, "\(harness.paintProblems.prefix(3))")

        // An idle main loop causes no layout at all.
        let idleStart = stack.statistics.layoutPasses
        let measuresStart = stack.statistics.measurePasses
        MainLoop.run(milliseconds: 400)
        #expect(stack.statistics.layoutPasses == idleStart)
        #expect(stack.statistics.measurePasses == measuresStart)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func contentChangesAreLaidOutInTheSameFrame(placement: WrapHStack.Placement) throws {
        let label = gtk_label_new("one")!
        let stack = try WrapHStack(placement: placement) { label; gtk_label_new("two"); gtk_label_new("three") }
        var reported: [Int] = []
        stack.onContentHeightChanged = { reported.append($0) }
        let harness = WindowHarness(stack: stack, width: 240, height: 200)
        defer { harness.destroy() }
        let initial = stack.contentHeight
        for round in 0..<6 {
            gtk_label_set_text(cgtk_label(label), round % 2 == 0 ? String(repeating: "long text ", count: 5) : "one")
            try stack.append(gtk_label_new("added \(round)")!)
            let paintsBefore = harness.paints
            MainLoop.run(until: { harness.paints > paintsBefore })
            #expect(layoutProblems(stack).isEmpty)
        }
        #expect(harness.paintProblems.isEmpty, "\(harness.paintProblems.prefix(3))")
        #expect(stack.contentHeight > initial)
        #expect(reported.last == stack.contentHeight)
        let before = stack.statistics.layoutPasses
        MainLoop.run(milliseconds: 300)
        #expect(stack.statistics.layoutPasses == before)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func theWindowCanAlwaysBeMadeNarrowerAgain(placement: WrapHStack.Placement) throws {
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(80, seed: 4) { try stack.append(child) }
        let harness = WindowHarness(stack: stack, width: 1200, height: 300)
        defer { harness.destroy() }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(harness.scrolled, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let narrowest = Int(minimum)
        // Laid out wide, the window still goes down to the narrowest child.
        #expect(harness.resize(width: narrowest, height: 300))
        #expect(layoutProblems(stack).isEmpty)
        #expect(harness.resize(width: 1200, height: 300))
        #expect(harness.resize(width: narrowest, height: 300))
        #expect(harness.paintProblems.isEmpty)
    }
}
