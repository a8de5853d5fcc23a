import CGtk
import FlowEngine
import GObjectSupport

// Placing, step 4 of the allocation (see +Allocation), with the `.direct` placement: every shown
// child is allocated at its frame by the layout, in the widget it serves. (A box's children in
// its GtkFixed: see +FixedPlacing.) In both, the children `maxLines` hides are hidden here: a box
// makes them invisible (it owns them, and makes them visible again when they leave it); a plain
// widget's layout unmaps them (`gtk_widget_set_child_visible`, which GTK resets when the child
// leaves), leaving their `visible` to the app.

extension WrapLayoutController {
    /// Allocates every shown child at its frame, and hides or shows those `maxLines` decides.
    ///
    /// Every shown child is allocated, even where nothing changed: GTK clears the container's
    /// "a child needs an allocation" mark after this, so a child skipped here would keep a pending
    /// allocation (queued by an animation inside it, say) until the next layout. An unchanged
    /// allocation costs GTK little. This loop is the whole per-child cost of a resize: it reads
    /// nothing but the widgets and their frames.
    func placeDirectly(_ computed: ComputedLayout, frames shownFrames: [FlowRect]) {
        let children = computed.children, result = computed.result
        let visible = result.visibleCount
        updateHidden(children, visible: visible)
        children.widgets.withUnsafeBufferPointer { widgets in
            shownFrames.withUnsafeBufferPointer { frames in
                for k in 0..<visible { allocate(widgets[k], at: frames[k]) }
            }
        }
        if let indicatorWidget = indicator?.widget {
            let frame = result.indicatorFrame
            showIndicator(frame != nil)
            if let frame { allocate(indicatorWidget, at: frame) }
        }
    }

    /// Shows or hides the "+N more" indicator.
    func showIndicator(_ shows: Bool) {
        guard let indicatorWidget = indicator?.widget,
              shows != (gtk_widget_get_visible(indicatorWidget) != 0) else { return }
        gtk_widget_set_visible(indicatorWidget, shows ? 1 : 0)
    }

    /// Makes the children `maxLines` hides invisible (so they are neither drawn, focused nor read
    /// out), keeping the sizes they had (GTK measures an invisible widget as 0 by 0), and shows
    /// the others again.
    func updateHidden(_ children: LaidOutChildren, visible: Int) {
        // Only the layout before can have hidden children that this one shows again (a child
        // `maxLines` hid is shown by the next layout that fits it, or when it is removed).
        let previouslyHidden = (shown?.report.result.hiddenCount ?? 0) > 0
        guard visible < children.items.count || previouslyHidden else { return }
        guard host != nil else { return updateChildVisibility(children, visible: visible) }
        for k in children.items.indices {
            let entryIndex = children.entryIndices[k]
            let child = children.widgets[k]
            if k < visible {
                if entries[entryIndex].hiddenItem != nil {
                    // Shown again: visible before it is allocated (GTK skips invisible widgets).
                    entries[entryIndex].hiddenItem = nil
                    gtk_widget_set_visible(child, 1)
                }
            } else {
                if entries[entryIndex].hiddenItem == nil { entries[entryIndex].hiddenItem = children.items[k] }
                if gtk_widget_get_visible(child) != 0 { gtk_widget_set_visible(child, 0) }
            }
        }
    }

    /// A plain widget's children past `visible` unmapped, the others mapped again. A child that
    /// is not child-visible is laid out only when the layout unmapped it (marked on the child),
    /// and an unmapped child measures as before: nothing to keep.
    private func updateChildVisibility(_ children: LaidOutChildren, visible: Int) {
        for (k, child) in children.widgets.enumerated() {
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

    /// Allocates a child at its frame.
    @inline(__always)
    private func allocate(_ child: Widget, at frame: FlowRect) {
        var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
        gtk_widget_allocate(child, Int32(frame.width), Int32(frame.height), -1, gsk_transform_translate(nil, &origin))
    }
}
