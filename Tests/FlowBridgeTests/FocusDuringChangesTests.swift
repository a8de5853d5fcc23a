// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import GObjectSupport
import FlowEngine
import Testing

/// The focus moving while the children change and no layout has run since: GTK delivers every
/// queued input event before the frame that lays the box out again, so a Tab can follow a removal
/// within the same frame (a key that removes a chip, then Tab). The focus must then move among
/// the children the box has now: never through a removed, freed one (the tag editor's monkey run
/// crashed with `gtk_widget_child_focus: assertion 'GTK_IS_WIDGET (widget)' failed`), and
/// through one added since.
@MainActor @Suite(.serialized)
struct FocusDuringChangesTests {
    func buttons(_ count: Int) -> [Widget] {
        (0..<count).map { _ in
            let button = gtk_button_new()!
            gtk_widget_set_size_request(button, 40, 30)
            return button
        }
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

    func focus(_ window: Widget) -> Widget? { gtk_root_get_focus(OpaquePointer(window)) }

    @Test(arguments: WrapHStack.Placement.allCases)
    func tabAfterARemovalBeforeTheNextLayoutSkipsTheFreedChild(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(layout: FlowLayout(itemSpacing: 5), placement: placement)
        let children = buttons(4)
        for child in children { try stack.append(child) }
        let window = showInWindow(stack, width: 120)
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.frames.count == 4)
        gtk_widget_grab_focus(children[0])
        // The box held the only reference to child 1: removing it frees it at once.
        let watch = FinalizationWatch(children[1])
        try stack.remove(children[1])
        #expect(watch.isFinalized)
        // Tab, before the main loop has laid the box out again.
        gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
        #expect(focus(window) == children[2])
        gtk_widget_child_focus(window, GTK_DIR_TAB_BACKWARD)
        #expect(focus(window) == children[0])
        // The arrow keys too: the last layout's neighbour of child 0 is the freed child.
        gtk_widget_child_focus(window, GTK_DIR_RIGHT)
        #expect(focus(window) == children[2])
        gtk_widget_child_focus(window, GTK_DIR_LEFT)
        #expect(focus(window) == children[0])
        // End: the last child there is now.
        try stack.remove(children[3])
        #expect(stack.handleNavigationKey(UInt32(GDK_KEY_End)))
        #expect(focus(window) == children[2])
        MainLoop.run(until: { stack.lastLayout?.result.frames.count == 2 })
        #expect(stack.lastLayout?.result.frames.count == 2)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func tabReachesAChildAddedBeforeTheNextLayout(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(layout: FlowLayout(itemSpacing: 5), placement: placement)
        let children = buttons(3)
        for child in children { try stack.append(child) }
        let window = showInWindow(stack, width: 200)
        defer { gtk_window_destroy(cgtk_window(window)) }
        gtk_widget_grab_focus(children[0])
        let added = gtk_button_new()!
        try stack.insert(added, at: 1)
        gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
        #expect(focus(window) == added)
        gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
        #expect(focus(window) == children[1])
    }
}
