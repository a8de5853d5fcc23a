// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
@testable import FlowBridge
import GObjectSupport
import FlowEngine
import Testing

/// The two placements: switching between them at run time, an app's own widgets in the GtkFixed,
/// and the work a GtkFixed-placed window does when idle and at the widths where the vertical
/// scrollbar comes and goes. (Every other guarantee is checked in both placements by the other
/// suites.)
@MainActor @Suite(.serialized)
struct PlacementTests {
    /// Counts the frame clock's layout phases (each run of GDK's layout loop emits one).
    @MainActor final class LayoutPhases {
        var count = 0
        init(_ window: Widget) {
            connectSignal(UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!), "layout") { [weak self] in
                self?.count += 1
            }
        }
    }

    func parent(_ child: Widget) -> Widget? { gtk_widget_get_parent(child) }

    @Test(arguments: WrapHStack.Placement.allCases)
    func switchingKeepsTheWidgetsTheirStateAndTheFocus(from start: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: start)
        let toggle = gtk_toggle_button_new_with_label("on")!
        gtk_toggle_button_set_active(cgtk_toggle_button(toggle), 1)
        let entry = gtk_entry_new()!
        gtk_editable_set_text(cgtk_editable(entry), "typed text")
        let others = variedChildren(30, seed: 61)
        let all = [toggle] + others.prefix(10) + [entry] + others.dropFirst(10)
        for child in all { try stack.append(child) }
        let harness = WindowHarness(stack: stack, width: 420, height: 300)
        defer { harness.destroy() }
        gtk_widget_grab_focus(entry)
        gtk_editable_set_position(cgtk_editable(entry), 5)
        let other: WrapHStack.Placement = start == .fixed ? .direct : .fixed
        for placement in [other, start] {
            let passes = stack.statistics.layoutPasses
            stack.placement = placement
            MainLoop.run(until: { stack.statistics.layoutPasses > passes })
            MainLoop.run(milliseconds: 50)
            #expect(stack.placement == placement)
            #expect(stack.children == all, "the very same widgets, in order")
            #expect(all.allSatisfy { parent($0) == chipParent(stack) })
            #expect((stack.fixed != nil) == (placement == .fixed))
            if let fixed = stack.fixed { #expect(parent(fixed) == stack.widget) }
            #expect(stack.statistics.layoutPasses > passes, "laid out again")
            #expect(layoutProblems(stack).isEmpty, "\(layoutProblems(stack).prefix(2))")
            #expect(gtk_root_get_focus(OpaquePointer(harness.window)).map { $0 == entry || gtk_widget_is_ancestor($0, entry) != 0 } == true,
                    "the entry keeps the focus")
            #expect(gtk_toggle_button_get_active(cgtk_toggle_button(toggle)) != 0)
            #expect(String(cString: gtk_editable_get_text(cgtk_editable(entry))) == "typed text")
        }
        #expect(harness.paintProblems.isEmpty, "\(harness.paintProblems.prefix(3))")
    }

    /// An app's widget put in the GtkFixed stays where the app put it, over the chips, and changes
    /// nothing of their layout, their size or the container's minimum width.
    @Test func anAppsWidgetInTheFixedStaysWhereItWasPut() throws {
        let harness = try WindowHarness(placement: .fixed, variedChildren: 40, seed: 62, width: 500, height: 300)
        defer { harness.destroy() }
        let stack = harness.stack, chips = stack.children
        let fixed = try #require(stack.fixed)
        let before = chips.map(allocation)
        let height = stack.contentHeight
        var minimum: Int32 = 0
        gtk_widget_measure(harness.scrolled, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)

        // A badge over the third chip, and a marker far beyond the right edge.
        let third = allocation(chips[2])
        let badge = gtk_label_new("3")!
        gtk_fixed_put(cgtk_fixed(fixed), badge, third.maxX - 6, third.minY - 2)
        let marker = gtk_label_new("drop here")!
        gtk_fixed_put(cgtk_fixed(fixed), marker, 3000, 5)
        let paints = harness.paints
        MainLoop.run(until: { harness.paints > paints })
        MainLoop.run(milliseconds: 50)
        func at(_ widget: Widget) -> (Double, Double) { (allocation(widget).x, allocation(widget).y) }
        #expect(at(badge) == (third.maxX - 6, third.minY - 2))
        #expect(at(marker) == (3000, 5))
        #expect(chips.map(allocation) == before, "the chips did not move")
        #expect(stack.children == chips)
        #expect(stack.contentHeight == height)
        #expect(layoutProblems(stack).isEmpty)
        var minimumNow: Int32 = 0
        gtk_widget_measure(harness.scrolled, GTK_ORIENTATION_HORIZONTAL, -1, &minimumNow, nil, nil, nil)
        #expect(minimumNow == minimum, "the marker at x = 3000 does not lock the width")
        // Drawn over the chips: after them in the GtkFixed, also after a chip is added.
        let added = gtk_label_new("added")!
        try stack.append(added)
        #expect(gtk_widget_get_prev_sibling(badge) == added)
        #expect(gtk_widget_get_last_child(fixed) == marker)

        // A resize lays the chips out again and leaves the app's widgets alone.
        #expect(harness.resize(width: 360, height: 300))
        MainLoop.run(until: { stack.lastLayout?.allocatedWidth == Int(gtk_widget_get_width(stack.widget)) })
        #expect(layoutProblems(stack).isEmpty)
        #expect(at(badge) == (third.maxX - 6, third.minY - 2))
        #expect(at(marker) == (3000, 5))
        // Moving the app's widget is the app's business: the chips stay where they are.
        let frames = (chips + [added]).map(allocation)
        gtk_fixed_move(cgtk_fixed(fixed), marker, 40, 40)
        MainLoop.run(until: { at(marker) == (40, 40) })
        #expect(at(marker) == (40, 40))
        #expect((chips + [added]).map(allocation) == frames)
        #expect(harness.paintProblems.isEmpty, "\(harness.paintProblems.prefix(3))")
    }

    /// A GtkFixed-placed window that was resized and changed, left alone, does no work: no
    /// layout phase, no layout, no size query, over thousands of main-loop iterations.
    @Test func anIdleFixedWindowDoesNoWork() throws {
        let harness = try WindowHarness(placement: .fixed, variedChildren: 120, seed: 63, width: 600, height: 300)
        defer { harness.destroy() }
        let stack = harness.stack, chips = stack.children
        let phases = LayoutPhases(harness.window)
        for width in [560, 430, 700] { #expect(harness.resize(width: width, height: 300)) }
        gtk_label_set_text(cgtk_label(chips[0]), "a longer text than before")
        try stack.remove(chips[5])
        MainLoop.run(milliseconds: 200)
        #expect(layoutProblems(stack).isEmpty)

        let start = (stack.statistics, phases.count, harness.paints)
        var iterations = 0
        let end = g_get_monotonic_time() + 600_000
        while g_get_monotonic_time() < end {
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(200) }
            iterations += 1
        }
        #expect(iterations > 1000)
        #expect(stack.statistics == start.0, "\(stack.statistics) after \(start.0)")
        #expect(phases.count == start.1, "\(phases.count - start.1) layout phases while idle")
        #expect(harness.paints == start.2)
    }

    /// Pixel by pixel across the widths where the vertical scrollbar appears (overlaid and
    /// classic): every resize settles in a few layout phases, measures no child, and then the
    /// window is idle.
    @Test(arguments: WrapHStack.Placement.allCases, [true, false])
    func theScrollbarWidthsDoNotLoop(placement: WrapHStack.Placement, overlay: Bool) throws {
        let harness = try WindowHarness(placement: placement, variedChildren: 45, seed: 21, width: 700, height: 260,
                                        overlayScrolling: overlay)
        defer { harness.destroy() }
        let stack = harness.stack
        let phases = LayoutPhases(harness.window)
        let vscrollbar = gtk_scrolled_window_get_vscrollbar(cgtk_scrolled_window(harness.scrolledWindow))!
        func scrollbarShown() -> Bool {
            gtk_widget_get_visible(vscrollbar) != 0 && gtk_widget_get_child_visible(vscrollbar) != 0
        }
        // Coarsely, where the scrollbar comes and goes...
        var flips: [Int] = []
        var shown = scrollbarShown()
        for width in stride(from: 700, through: 300, by: -10) {
            #expect(harness.resize(width: width, height: 260))
            MainLoop.run(milliseconds: 20)
            if scrollbarShown() != shown { flips.append(width) }
            shown = scrollbarShown()
        }
        #expect(!flips.isEmpty, "the sweep should cross the scrollbar threshold")
        // ...then every pixel around there.
        let measured = stack.statistics.childMeasurements
        for flip in flips.prefix(3) {
            for width in (flip - 2)...(flip + 12) {
                let phasesBefore = phases.count
                #expect(harness.resize(width: width, height: 260))
                MainLoop.run(milliseconds: 30)
                #expect(phases.count - phasesBefore <= 8, "\(phases.count - phasesBefore) layout phases at width \(width)")
                #expect(layoutProblems(stack).isEmpty, "at width \(width)")
                let idle = (stack.statistics, phases.count)
                MainLoop.run(milliseconds: 60)
                #expect(stack.statistics == idle.0 && phases.count == idle.1, "work while idle at width \(width)")
            }
        }
        #expect(stack.statistics.childMeasurements == measured, "a resize measured the children")
        #expect(harness.paintProblems.isEmpty, "\(harness.paintProblems.prefix(3))")
    }
}
