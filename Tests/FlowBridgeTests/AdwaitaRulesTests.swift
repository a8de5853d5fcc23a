// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// CGtk before CFlow (AppStateTests.swift says why).
import CGtk
import CFlow
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// FlowWrapHStack's wrap-policy, pack-direction and the children's hexpand, placing children where
/// AdwWrapLayout's rules (libadwaita 1.7) put them: a line breaks at the minimum sizes and shares
/// its room out from them; end-to-start reverses each line in place; an expanding child grows as
/// grow 1 unless its grow is set. (The engine's own tests: WrapPolicyAndPackDirectionTests.)
@MainActor @Suite(.serialized)
struct AdwaitaRulesTests {
    init() {
        GTK.setUp()
        flow_init()
    }

    func makeBox(_ placement: FlowPlacement, _ children: [Widget]) -> Widget {
        let object = g_object_new_with_properties(flow_wrap_hstack_get_type(), 0, nil, nil)!
        let box = UnsafeMutablePointer<GtkWidget>(OpaquePointer(g_object_ref_sink(object)))!
        flow_wrap_hstack_set_placement(flow_wrap_hstack_cast(box), placement)
        for child in children { flow_wrap_hstack_append(flow_wrap_hstack_cast(box), child) }
        return box
    }

    func sized(_ width: Int32, _ height: Int32 = 20) -> Widget {
        let widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_size_request(widget, width, height)
        return widget
    }

    func xs(_ children: [Widget]) -> [Double] { children.map { allocation($0).x } }
    func widths(_ children: [Widget]) -> [Double] { children.map { allocation($0).width } }

    /// Three ellipsizing labels: at the natural policy one a line; at the minimum policy one line,
    /// each its minimum plus a third of the room left (AdwWrapLayout's box_allocate).
    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func theMinimumPolicyBreaksAtMinimumSizes(_ placement: FlowPlacement) throws {
        let labels = (0..<3).map { _ -> Widget in
            let label = gtk_label_new("a rather long tag name")!
            gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
            return label
        }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(labels[0], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        try #require(natural > minimum + 10)
        let spacing: Int32 = 6
        let extra: Int32 = 3 * ((natural - minimum) / 2)
        let width = Int(3 * minimum + 2 * spacing + extra)
        let box = makeBox(placement, labels)
        defer { g_object_unref(box) }
        flow_wrap_hstack_set_item_spacing(flow_wrap_hstack_cast(box), spacing)
        measureAndAllocate(box, width: width, height: 300)
        #expect(Set(labels.map { allocation($0).y }).count == 3, "natural: a line each at \(width) px")

        flow_wrap_hstack_set_wrap_policy(flow_wrap_hstack_cast(box), FLOW_WRAP_POLICY_MINIMUM)
        measureAndAllocate(box, width: width, height: 300)
        let share = Double(minimum + extra / 3)
        #expect(labels.allSatisfy { allocation($0).y == 0 }, "minimum: one line")
        #expect(widths(labels) == [share, share, share])
        #expect(xs(labels) == [0, share + Double(spacing), 2 * (share + Double(spacing))])
    }

    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func endToStartReversesEachLine(_ placement: FlowPlacement) {
        let children = [sized(30), sized(40), sized(50), sized(280)]
        let box = makeBox(placement, children)
        defer { g_object_unref(box) }
        flow_wrap_hstack_set_pack_direction(flow_wrap_hstack_cast(box), FLOW_PACK_DIRECTION_END_TO_START)
        measureAndAllocate(box, width: 300, height: 300)
        // AdwWrapLayout's allocate_line: the line's block where align puts it (the start), its
        // children from the block's end.
        #expect(xs(children) == [90, 50, 0, 0])
        gtk_widget_set_direction(box, GTK_TEXT_DIR_RTL)
        measureAndAllocate(box, width: 300, height: 300)
        #expect(xs(children) == [180, 210, 250, 20], "right to left: the first child leftmost of the block")
    }

    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func hexpandGrowsAsGrowOneUnlessGrowIsSet(_ placement: FlowPlacement) {
        let children = [sized(50), sized(60), sized(40)]
        let box = makeBox(placement, children)
        defer { g_object_unref(box) }
        gtk_widget_set_hexpand(children[1], 1)
        measureAndAllocate(box, width: 300, height: 300)
        #expect(widths(children) == [50, 210, 40], "the expanding child takes the free 150 px")
        // Two expanding children share equally; a grow set wins over hexpand.
        gtk_widget_set_hexpand(children[2], 1)
        measureAndAllocate(box, width: 300, height: 300)
        #expect(widths(children) == [50, 135, 115])
        flow_wrap_hstack_set_child_grow(flow_wrap_hstack_cast(box), children[2], 2)
        measureAndAllocate(box, width: 300, height: 300)
        #expect(widths(children) == [50, 110, 140])
    }
}
