// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// (CFlow too: its headers include GTK, and through the testable FlowBridge the compiler can
// take GTK's enum constants for that module's, then not find them when only CGtk is imported.)
import CFlow
import CGtk
@testable import FlowBridge
import GObjectSupport
import FlowEngine
import Testing

/// Focus order, arrow keys, accessibility role, animation, and fonts.
@MainActor @Suite(.serialized)
struct KeyboardAndThemeTests {
    /// Buttons of known sizes.
    func buttons(_ widths: [Int], heights: [Int]? = nil) -> [Widget] {
        widths.enumerated().map { i, width in
            let button = gtk_button_new()!
            gtk_widget_set_size_request(button, Int32(width), Int32(heights?[i] ?? 30))
            return button
        }
    }

    func focusedIndex(_ window: Widget, _ children: [Widget]) -> Int? {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return nil }
        return children.firstIndex(of: focus)
    }

    func showInWindow(_ stack: WrapHStack, width: Int) -> Widget {
        let window = gtk_window_new()!
        gtk_window_set_child(cgtk_window(window), stack.widget)
        gtk_window_set_default_size(cgtk_window(window), Int32(width), 300)
        gtk_window_present(cgtk_window(window))
        MainLoop.run(until: { stack.lastLayout != nil && Int(gtk_widget_get_width(window)) == width })
        MainLoop.run(milliseconds: 50)
        return window
    }

    @Test(arguments: WrapHStack.Placement.allCases, [false, true])
    func tabFollowsReadingOrderWhateverTheInsertionOrder(placement: WrapHStack.Placement, rtl: Bool) throws {
        GTK.setUp()
        var layout = FlowLayout(itemSpacing: 5)
        layout.alignment = .start     // items of a line have different centres
        let stack = WrapHStack(layout: layout, placement: placement)
        let children = buttons([40, 40, 20, 30, 30, 90], heights: [60, 20, 30, 50, 20, 30])
        // Inserted last to first, each at the front: the widget tree follows the layout order
        // too (GTK's own focus and screen readers use it).
        for child in children.reversed() { try stack.insert(child, at: 0) }
        #expect(stack.children == children)
        #expect(gtk_widget_get_first_child(chipParent(stack)) == children.first)
        #expect((stack.fixed.map { gtk_widget_get_last_child($0) }
                 ?? gtk_widget_get_prev_sibling(stack.spacingProbes.horizontal)) == children.last)
        if rtl { gtk_widget_set_direction(stack.widget, GTK_TEXT_DIR_RTL) }
        let window = showInWindow(stack, width: 100)
        defer { gtk_window_destroy(cgtk_window(window)) }
        // Start from no focus (GTK focuses the first child when the window appears).
        gtk_root_set_focus(OpaquePointer(window), nil)
        var order: [Int] = []
        for _ in 0..<6 {
            gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
            if let index = focusedIndex(window, children) { order.append(index) }
        }
        #expect(order == [0, 1, 2, 3, 4, 5])
        var backward: [Int] = []
        for _ in 0..<5 {
            gtk_widget_child_focus(window, GTK_DIR_TAB_BACKWARD)
            if let index = focusedIndex(window, children) { backward.append(index) }
        }
        #expect(backward == [4, 3, 2, 1, 0])
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func arrowKeysHomeAndEnd(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        // [80 80] [40 60 60] [180] in 180 with spacing 10. Centres: 40, 130 | 20, 80, 150 | 90.
        let stack = WrapHStack(layout: FlowLayout(itemSpacing: 10), placement: placement)
        let children = buttons([80, 80, 40, 60, 60, 180])
        for child in children { try stack.append(child) }
        let window = showInWindow(stack, width: 180)
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        gtk_widget_grab_focus(children[0])
        // What the arrow keys do: GTK's move-focus binding calls child_focus on the window.
        gtk_widget_child_focus(window, GTK_DIR_DOWN)
        #expect(focusedIndex(window, children) == 2)
        gtk_widget_grab_focus(children[1])
        gtk_widget_child_focus(window, GTK_DIR_DOWN)
        #expect(focusedIndex(window, children) == 4)
        gtk_widget_child_focus(window, GTK_DIR_UP)
        #expect(focusedIndex(window, children) == 1)
        gtk_widget_child_focus(window, GTK_DIR_RIGHT)
        #expect(focusedIndex(window, children) == 2)      // across the line end
        gtk_widget_child_focus(window, GTK_DIR_LEFT)
        #expect(focusedIndex(window, children) == 1)
        #expect(stack.handleNavigationKey(UInt32(GDK_KEY_End)))
        #expect(focusedIndex(window, children) == 5)
        #expect(stack.handleNavigationKey(UInt32(GDK_KEY_Home)))
        #expect(focusedIndex(window, children) == 0)
        #expect(!stack.handleNavigationKey(UInt32(GDK_KEY_a)))
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func theContainerIsAnAccessibleGroupWithItsOwnCSSName(placement: WrapHStack.Placement) {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
        #expect(gtk_accessible_get_accessible_role(cgtk_accessible(stack.widget)) == GTK_ACCESSIBLE_ROLE_GROUP)
        #expect(String(cString: gtk_widget_get_css_name(stack.widget)) == "wraphstack")
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func withAnimationsOffChangesAreImmediate(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
        let children = variedChildren(20, seed: 31)
        for child in children { try stack.append(child) }
        let window = showInWindow(stack, width: 300)
        defer { gtk_window_destroy(cgtk_window(window)) }
        try stack.remove(children[0])
        let passes = stack.statistics.layoutPasses
        MainLoop.run(until: { stack.statistics.layoutPasses > passes })
        #expect(!stack.isAnimating)
        #expect(layoutProblems(stack).isEmpty)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func withAnimationsOnChildrenGlideAndEndExactly(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        GTK.setAnimations(true)
        defer { GTK.setAnimations(false) }
        let stack = WrapHStack(placement: placement)
        let children = variedChildren(20, seed: 32)
        for child in children { try stack.append(child) }
        let window = showInWindow(stack, width: 300)
        defer { gtk_window_destroy(cgtk_window(window)) }
        let before = allocation(children[1])
        try stack.remove(children[0])
        let passes = stack.statistics.layoutPasses
        MainLoop.run(until: { stack.statistics.layoutPasses > passes })
        #expect(stack.isAnimating)
        // The first frame after the change still shows the old place; the target is elsewhere.
        #expect(allocation(children[1]) == before)
        #expect(!layoutProblems(stack).isEmpty)
        MainLoop.run(until: { !stack.isAnimating }, milliseconds: 2000)
        #expect(!stack.isAnimating)
        #expect(layoutProblems(stack).isEmpty)
        // Once settled, an idle loop does no layout.
        let settled = stack.statistics.layoutPasses
        MainLoop.run(milliseconds: 200)
        #expect(stack.statistics.layoutPasses == settled)
    }

    /// Children removed one after another while the others glide, in a box beside a label whose
    /// text changes with each removal (as the tag editor's status line does): the box is allocated
    /// again each time, the scrolled frame under it only walked through. With the GtkFixed, whose
    /// moves queue resizes inside the allocation, GTK left that frame flagged and never allocated
    /// it again: the chips stopped mid-glide, then vanished ("Trying to snapshot
    /// FlowScrollFrame ... without a current allocation").
    @Test(arguments: WrapHStack.Placement.allCases)
    func removalsDuringAGlideBesideAChangingLabelEndExactly(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        GTK.setAnimations(true)
        defer { GTK.setAnimations(false) }
        let stack = WrapHStack(placement: placement)
        let children = variedChildren(40, seed: 35)
        for child in children { try stack.append(child) }
        let window = gtk_window_new()!
        defer { gtk_window_destroy(cgtk_window(window)) }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let status = gtk_label_new("40 children")!
        let frame = stack.makeScrolledWindow()
        gtk_widget_set_vexpand(frame, 1)
        gtk_box_append(cgtk_box(box), frame)
        gtk_box_append(cgtk_box(box), status)
        gtk_window_set_child(cgtk_window(window), box)
        gtk_window_set_default_size(cgtk_window(window), 500, 400)
        // As the tag editor's status line: new text after every layout, set when idle (and not
        // once the window is gone: an idle callback left pending would set a freed label's text
        // during the next test, a critical).
        var layouts = 0
        var windowGone = false
        stack.onLayout = { _ in
            layouts += 1
            let text = String(repeating: "·", count: layouts % 4) + "\(layouts) layouts"
            runWhenIdle { if !windowGone { gtk_label_set_text(cgtk_label(status), text) } }
        }
        defer {
            stack.onLayout = nil
            windowGone = true
        }
        gtk_window_present(cgtk_window(window))
        MainLoop.run(until: { gtk_widget_get_mapped(window) != 0 && stack.lastLayout != nil })
        MainLoop.run(milliseconds: 100)
        let logged = GTKLog.count

        for child in children.prefix(12) {
            try stack.remove(child)
            let passes = stack.statistics.layoutPasses
            MainLoop.run(until: { stack.statistics.layoutPasses > passes + 1 }, milliseconds: 500)
        }
        MainLoop.run(until: { !stack.isAnimating }, milliseconds: 3000)
        #expect(!stack.isAnimating, "the glide ends")
        #expect(stack.children.count == 28)
        #expect(layoutProblems(stack).isEmpty, "\(layoutProblems(stack).prefix(2))")
        // A change after the glide still reaches the chips.
        let last = try #require(stack.children.last)
        try stack.remove(last)
        MainLoop.run(until: { !stack.isAnimating && layoutProblems(stack).isEmpty && stack.lastLayout?.result.frames.count == 27 },
                     milliseconds: 3000)
        #expect(stack.lastLayout?.result.frames.count == 27)
        #expect(layoutProblems(stack).isEmpty, "\(layoutProblems(stack).prefix(2))")
        let unallocated = GTKLog.messages(since: logged).filter { $0.contains("without a current allocation") }
        #expect(unallocated.isEmpty, "\(unallocated.count) times: \(unallocated.first ?? "")")
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func aResizeNeverAnimates(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        GTK.setAnimations(true)
        defer { GTK.setAnimations(false) }
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(20, seed: 33) { try stack.append(child) }
        let window = showInWindow(stack, width: 300)
        defer { gtk_window_destroy(cgtk_window(window)) }
        gtk_window_set_default_size(cgtk_window(window), 420, 300)
        MainLoop.run(until: { stack.lastLayout?.allocatedWidth == 420 })
        #expect(!stack.isAnimating)
        #expect(layoutProblems(stack).isEmpty)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func aNewFontLaysOutAgainWithTheNewSizes(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let settings = UnsafeMutableRawPointer(gtk_settings_get_default())!
        let original = cgtk_get_string_property(settings, "gtk-font-name")
        defer {
            cgtk_set_string_property(settings, "gtk-font-name", original)
            g_free(original)
        }
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(20, seed: 34) { try stack.append(child) }
        let window = showInWindow(stack, width: 400)
        defer { gtk_window_destroy(cgtk_window(window)) }
        let before = stack.contentHeight
        cgtk_set_string_property(settings, "gtk-font-name", "Sans 22")
        MainLoop.run(until: { stack.contentHeight > before })
        MainLoop.run(milliseconds: 50)
        #expect(stack.contentHeight > before)
        #expect(layoutProblems(stack).isEmpty)
    }
}

@MainActor @Suite(.serialized)
struct ThemingTests {
    @Test(arguments: WrapHStack.Placement.allCases)
    func spacingComesFromCSSOrCode(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "wraphstack.roomy { border-spacing: 17px 23px; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
        defer {
            gtk_style_context_remove_provider_for_display(gdk_display_get_default(), cgtk_style_provider(UnsafeMutableRawPointer(provider)))
        }
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(30, seed: 41) { try stack.append(child) }
        // Shown: GTK applies style changes in the frame clock's update phase.
        let harness = WindowHarness(stack: stack, width: 300, height: 300)
        defer { harness.destroy() }
        func spacing() -> (Double, Double)? {
            stack.lastLayout.map { ($0.request.layout.itemSpacing, $0.request.layout.lineSpacing) }
        }
        #expect(spacing()! == (6, 6))
        gtk_widget_add_css_class(stack.widget, "roomy")
        MainLoop.run(until: { spacing()! == (17, 23) })
        #expect(spacing()! == (17, 23))
        #expect(layoutProblems(stack).isEmpty)
        // Code asking for more wins, as for GtkBox.
        stack.layout.itemSpacing = 30
        MainLoop.run(until: { spacing()! == (30, 23) })
        #expect(spacing()! == (30, 23))
        gtk_widget_remove_css_class(stack.widget, "roomy")
        stack.layout.itemSpacing = 6
        MainLoop.run(until: { spacing()! == (6, 6) })
        #expect(spacing()! == (6, 6))
        #expect(harness.paintProblems.isEmpty)
    }
}
