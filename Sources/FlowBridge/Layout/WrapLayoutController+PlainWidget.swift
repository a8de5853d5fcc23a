// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// A plain widget's layout (`gtk_widget_set_layout_manager(box, flow_wrap_layout_new())`): the
// children are read from the widget at each measuring, its visible children in widget-tree order
// (popovers and other native widgets aside), each with the options of its FlowWrapLayoutChild,
// and are allocated at their frames. Those `maxLines` leaves out are unmapped
// (`gtk_widget_set_child_visible`, which GTK resets when the child leaves), leaving their
// `visible` to the app. A FlowWrapHStack's children are its own (WrapHStackController+Layout).

extension WrapLayoutController {
    /// What the layout keeps of a plain widget's children between size queries.
    struct PlainWidgetState {
        /// The children as measured at the last look (`nil`: measure them again).
        var measured: LaidOutChildren?
        /// How many children the last allocation left out.
        var hiddenCount = 0
    }

    /// GTK's size query about a plain widget.
    func measurePlainWidget(_ widget: Widget, _ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        if forSize < 0 && widgetResized() { plain.measured = nil }
        return measure(plainChildren(of: widget).items, LayoutEnvironment(of: widget), indicator: nil, orientation,
                       forSize: forSize)
    }

    /// The allocation of a plain widget: every shown child at its frame.
    func allocatePlainWidget(_ widget: Widget, width: Int, height: Int) {
        // GTK measures a widget before allocating it; should a child have queued a resize since,
        // this (normally answered from GTK's cache) query measures the children again.
        var ignored: Int32 = 0
        gtk_widget_measure(widget, mainOrientation, -1, &ignored, nil, nil, nil)
        var environment = LayoutEnvironment(of: widget)
        environment.boxExtents = Self.allocatedBoxExtents(of: widget, width: width, height: height)
        let computed = compute(plainChildren(of: widget), environment, indicator: nil,
                               available: layout.axis == .horizontal ? width : height)
        _ = distrustGuessedCrossLength(computed.result, width: width, height: height,
                                       boxExtents: environment.boxExtents) { nil }
        let visible = computed.result.visibleCount
        let widgets = computed.children.widgets
        if visible < widgets.count || plain.hiddenCount > 0 { updateChildVisibility(widgets, visible: visible) }
        plain.hiddenCount = computed.result.hiddenCount
        // Every shown child is allocated, even where nothing changed: GTK clears the widget's "a
        // child needs an allocation" mark after this, so a child skipped here would keep a
        // pending allocation until the next layout.
        widgets.withUnsafeBufferPointer { widgets in
            computed.result.frames.withUnsafeBufferPointer { frames in
                for k in 0..<visible { Self.allocate(widgets[k], at: frames[k]) }
            }
        }
    }

    /// The children as items: the ones kept since the last look, or read and measured now.
    private func plainChildren(of widget: Widget) -> LaidOutChildren {
        if let measured = plain.measured { return measured }
        var children = LaidOutChildren()
        var child = gtk_widget_get_first_child(widget)
        var index = 0
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_visible(current) != 0, !Self.isNative(current),
                  gtk_widget_get_child_visible(current) != 0 || Self.isHiddenByLayout(current, object) else { continue }
            let layoutChild = OpaquePointer(gtk_layout_manager_get_layout_child(manager, current))
            let options = flow_wrap_layout_child_get_options(layoutChild)
            var item = measuredItem(current, axis: layout.axis)
            item.grow = effectiveGrow(options.grow, of: current, axis: layout.axis)
            item.breakBefore = options.break_before != 0
            children.items.append(item)
            children.entryIndices.append(index)
            children.widgets.append(current)
            index += 1
        }
        plain.measured = children
        return children
    }

    /// The children past `visible` unmapped, the others mapped again. A child that is not
    /// child-visible is laid out only when the layout unmapped it (marked on the child), and an
    /// unmapped child measures as before: nothing to keep.
    private func updateChildVisibility(_ widgets: [Widget], visible: Int) {
        for (k, child) in widgets.enumerated() {
            let shows = k < visible
            guard shows != (gtk_widget_get_child_visible(child) != 0) else { continue }
            gtk_widget_set_child_visible(child, shows ? 1 : 0)
            Self.markHiddenByLayout(child, shows ? nil : object)
        }
    }

    private static let hiddenByLayoutKey = g_quark_from_static_string("flow-wrap-layout-hidden-by")

    /// Marks `child` as unmapped by `layout` (or unmarks it).
    static func markHiddenByLayout(_ child: Widget, _ layout: OpaquePointer?) {
        g_object_set_qdata(cgtk_object(child), hiddenByLayoutKey, layout.map(UnsafeMutableRawPointer.init))
    }

    /// Whether `layout` unmapped `child` for `maxLines`.
    static func isHiddenByLayout(_ child: Widget, _ layout: OpaquePointer) -> Bool {
        g_object_get_qdata(cgtk_object(child), hiddenByLayoutKey) == UnsafeMutableRawPointer(layout)
    }

    /// Popovers and other native widgets are children of their widget, but never laid out by it.
    static func isNative(_ widget: Widget) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                   gtk_native_get_type()) != 0
    }
}
