// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// CGtk before CFlow: the first file of this module to import GTK's headers decides which module owns
// them, and the files that import CGtk alone must still find them.
import CGtk
import CFlow
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// What the box leaves to the app, as issue 37 asks: `max-lines` unmaps children
/// (child-visible) and never touches their `visible`; `reorderable` adds its hint to the app's
/// accessible description and gives the app's text back exactly; a vertical box's minimum width
/// is one column of its widest child. (The same from Python: Tests/Python/test_wrap_hstack.py.)
@MainActor @Suite(.serialized)
struct AppStateTests {
    init() {
        GTK.setUp()
        flow_init()
    }

    func makeBox(placement: FlowPlacement = FLOW_PLACEMENT_FIXED) -> Widget {
        let object = g_object_new_with_properties(flow_wrap_hstack_get_type(), 0, nil, nil)!
        let box = UnsafeMutablePointer<GtkWidget>(OpaquePointer(g_object_ref_sink(object)))!
        flow_wrap_hstack_set_placement(flow_wrap_hstack_cast(box), placement)
        return box
    }

    func setInt(_ object: gpointer, _ name: String, _ value: Int32) {
        var gvalue = GValue()
        g_value_init(&gvalue, g_type_from_name("gint"))
        g_value_set_int(&gvalue, value)
        g_object_set_property(cgtk_object(object), name, &gvalue)
        g_value_unset(&gvalue)
    }

    /// A plain widget of exactly `width` × `height`.
    func sized(_ width: Int32, _ height: Int32) -> Widget {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(widget, width, height)
        return widget
    }

    // MARK: max-lines and visible

    /// The case: 12 labels, max-lines 1, the app hides children 1 and 8, max-lines 0:
    /// children 1 and 8 stay hidden, every other one is visible and mapped.
    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func maxLinesLeavesTheAppsVisibleAlone(_ placement: FlowPlacement) throws {
        let box = makeBox(placement: placement)
        defer { g_object_unref(box) }
        let labels = (0..<12).map { gtk_label_new("label \($0)")! }
        for label in labels { flow_wrap_hstack_append(flow_wrap_hstack_cast(box), label) }
        setInt(box, "max-lines", 1)
        measureAndAllocate(box, width: 250, height: 400)
        let stack = try #require(WrapHStack.view(of: box))
        let shownAtFirst = try #require(stack.lastLayout).result.visibleCount
        #expect(shownAtFirst > 2 && shownAtFirst < 8, "one line of 250 px holds a few labels: \(shownAtFirst)")
        #expect(labels.allSatisfy { gtk_widget_get_visible($0) != 0 }, "max-lines changed no child's visible")
        #expect(labels[shownAtFirst...].allSatisfy { gtk_widget_get_child_visible($0) == 0 }, "left out: unmapped")
        #expect(labels[..<shownAtFirst].allSatisfy { gtk_widget_get_child_visible($0) != 0 })

        gtk_widget_set_visible(labels[1], 0)
        gtk_widget_set_visible(labels[8], 0)
        measureAndAllocate(box, width: 250, height: 400)
        setInt(box, "max-lines", 0)
        measureAndAllocate(box, width: 250, height: 400)
        #expect(try #require(stack.lastLayout).result.hiddenCount == 0)
        for (index, label) in labels.enumerated() {
            let appHid = index == 1 || index == 8
            #expect((gtk_widget_get_visible(label) != 0) == !appHid, "child \(index)")
            if !appHid { #expect(gtk_widget_get_child_visible(label) != 0, "child \(index) mapped again") }
        }
        #expect(stack.lastLayout?.request.items.count == 10, "the two the app hid take no room")

        // A switch of placement (which reparents every child) keeps the left-out ones unmapped.
        setInt(box, "max-lines", 1)
        measureAndAllocate(box, width: 250, height: 400)
        flow_wrap_hstack_set_placement(flow_wrap_hstack_cast(box),
                                       placement == FLOW_PLACEMENT_FIXED ? FLOW_PLACEMENT_DIRECT : FLOW_PLACEMENT_FIXED)
        measureAndAllocate(box, width: 250, height: 400)
        #expect(gtk_widget_get_child_visible(labels[11]) == 0 && gtk_widget_get_visible(labels[11]) != 0)
        #expect(gtk_widget_get_visible(labels[8]) == 0)
    }

    /// A child removed while max-lines leaves it out leaves mapped and visible.
    @Test func aChildLeavesMapped() {
        let box = makeBox()
        defer { g_object_unref(box) }
        let labels = (0..<12).map { gtk_label_new("label \($0)")! }
        for label in labels { flow_wrap_hstack_append(flow_wrap_hstack_cast(box), label) }
        setInt(box, "max-lines", 1)
        measureAndAllocate(box, width: 250, height: 400)
        let last = labels[11]
        g_object_ref(last)
        defer { g_object_unref(last) }
        #expect(gtk_widget_get_child_visible(last) == 0)
        flow_wrap_hstack_remove(flow_wrap_hstack_cast(box), last)
        #expect(gtk_widget_get_child_visible(last) != 0 && gtk_widget_get_visible(last) != 0)
    }

    // MARK: reorderable and the app's description

    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func reorderableAddsItsHintToTheAppsDescriptionAndGivesItBack(_ placement: FlowPlacement) throws {
        let box = makeBox(placement: placement)
        defer { g_object_unref(box) }
        let wrap = flow_wrap_hstack_cast(box)
        let described = gtk_button_new_with_label("described")!, plain = gtk_button_new_with_label("plain")!
        let empty = gtk_button_new_with_label("empty")!
        setAccessibleDescription(described, "Opens the “beach” tag")
        setAccessibleDescription(empty, "")
        for child in [described, plain, empty] { flow_wrap_hstack_append(wrap, child) }
        let hint = ItemInteraction.reorderHint

        flow_wrap_hstack_set_reorderable(wrap, 1)
        #expect(accessibleDescription(of: described) == "Opens the “beach” tag " + hint)
        #expect(accessibleDescription(of: plain) == hint)
        #expect(accessibleDescription(of: empty) == hint)

        // A move says where the child went, after the app's text.
        measureAndAllocate(box, width: 600, height: 200)
        let controller = WrapHStackController.of(OpaquePointer(box))
        #expect(controller.interaction.moveItem(from: 0, to: 2))
        let moved = try #require(accessibleDescription(of: described))
        #expect(moved == "Opens the “beach” tag Moved to position 3 of 3. " + hint)

        flow_wrap_hstack_set_reorderable(wrap, 0)
        #expect(accessibleDescription(of: described) == "Opens the “beach” tag", "the app's text, exactly")
        #expect(gtk_test_accessible_has_property(cgtk_accessible(plain), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) == 0,
                "no description, as the app had none")
        #expect(accessibleDescription(of: empty) == "")

        // The app changes a description while reorderable: its new text is the one kept.
        flow_wrap_hstack_set_reorderable(wrap, 1)
        setAccessibleDescription(plain, "Now described")
        flow_wrap_hstack_set_reorderable(wrap, 1)
        #expect(accessibleDescription(of: plain) == "Now described", "the app's latest text stands until the next change")
        flow_wrap_hstack_set_reorderable(wrap, 0)
        #expect(accessibleDescription(of: plain) == "Now described")
        flow_wrap_hstack_set_reorderable(wrap, 1)
        #expect(accessibleDescription(of: plain) == "Now described " + hint)

        // A child leaving a reorderable box takes the app's text with it.
        g_object_ref(described)
        defer { g_object_unref(described) }
        flow_wrap_hstack_remove(wrap, described)
        #expect(accessibleDescription(of: described) == "Opens the “beach” tag")
    }

    // MARK: The vertical measure

    /// 7 children, the widest 120 px: a vertical box's minimum width is one column, 120 px
    /// (570 px before: every child in a column of its own), and so is its natural width.
    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func aVerticalBoxIsAsNarrowAsItsWidestChild(_ placement: FlowPlacement) {
        let box = makeBox(placement: placement)
        defer { g_object_unref(box) }
        gtk_orientable_set_orientation(OpaquePointer(box), GTK_ORIENTATION_VERTICAL)
        let widths: [Int32] = [50, 80, 120, 60, 90, 70, 100]
        for width in widths { flow_wrap_hstack_append(flow_wrap_hstack_cast(box), sized(width, 30)) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        #expect(minimum == 120, "one column of the widest child, not \(widths.reduce(0, +))")
        #expect(natural == 120, "at its natural height, one column")
        // The height a window then gives it for that width holds every child in one column.
        var minimumHeight: Int32 = 0, naturalHeight: Int32 = 0
        gtk_widget_measure(box, GTK_ORIENTATION_VERTICAL, minimum, &minimumHeight, &naturalHeight, nil, nil)
        #expect(naturalHeight == 7 * 30)
        // With margins, added once.
        gtk_widget_set_margin_start(box, 8)
        gtk_widget_set_margin_end(box, 8)
        gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        #expect(minimum == 136)
        // Taller than a column's natural height, still one column; shorter, it wraps wider.
        gtk_widget_measure(box, GTK_ORIENTATION_HORIZONTAL, 100, &minimum, &natural, nil, nil)
        #expect(minimum > 136)
    }

    // MARK: The app's children, and only them

    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func theAppsChildrenAreListedWithoutTheBoxsOwnWidgets(_ placement: FlowPlacement) {
        let box = makeBox(placement: placement)
        defer { g_object_unref(box) }
        let wrap = flow_wrap_hstack_cast(box)
        let labels = (0..<5).map { gtk_label_new("label \($0)")! }
        for label in labels { flow_wrap_hstack_append(wrap, label) }
        func listed() -> [Widget] {
            (0..<flow_wrap_hstack_get_n_children(wrap)).compactMap { flow_wrap_hstack_get_child_at_index(wrap, $0) }
        }
        #expect(listed() == labels)
        #expect(flow_wrap_hstack_get_child_at_index(wrap, 5) == nil)
        // The widget tree holds more than the app gave: the GtkFixed, the probes, the watch.
        var treeCount = 0
        var child = gtk_widget_get_first_child(box)
        while let current = child { treeCount += 1; child = gtk_widget_get_next_sibling(current) }
        #expect(treeCount > (placement == FLOW_PLACEMENT_FIXED ? 1 : 5))
        flow_wrap_hstack_reorder_child_after(wrap, labels[0], labels[3])
        #expect(listed() == [labels[1], labels[2], labels[3], labels[0], labels[4]])
        flow_wrap_hstack_remove(wrap, labels[2])
        #expect(listed() == [labels[1], labels[3], labels[0], labels[4]])
    }
}
