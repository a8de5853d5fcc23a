// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

/// The box's children in a GtkFixed, the box's first child: the children whose position changed
/// are moved (`gtk_fixed_move`), each is given its frame's size, and the GtkFixed is measured and
/// allocated at the box's size. Every GtkFixed fact the box relies on is handled here and only here.
@MainActor
final class FixedPlacer: Placer {
    /// The GtkFixed and the watch on the resizes queued on it, kept with what the app put in the
    /// GtkFixed for the box's lifetime.
    struct Parts {
        let fixed: Widget
        let resizeWatch: Widget
    }

    /// What the placer last did to one child in the GtkFixed. GtkFixed allocates a child at its
    /// minimum size, so a child whose frame is another size (grown, filled, shrunk) gets a size
    /// request of its frame's size, taken off before the child is measured again and when its
    /// frame is its minimum again (an app's own request is put back then).
    struct Slot {
        /// Where the child was moved to (NaN: not yet).
        var x = Double.nan, y = Double.nan
        /// The size request set here, if any, and the child's own before it.
        var request: (width: Int32, height: Int32)?
        var ownRequest: (width: Int32, height: Int32) = (-1, -1)
    }

    let box: Widget
    /// The box's FlowWrapLayout, which schedules the ancestors' new allocation.
    let layout: OpaquePointer
    let parts: Parts
    private var slots: [Widget: Slot] = [:]
    /// The size GtkFixed allocates each measured child at (in item order), and the indicator.
    private var minimums: [(width: Int32, height: Int32)] = []
    private var indicatorMinimum: (width: Int32, height: Int32) = (0, 0)

    /// Makes the GtkFixed and its watch; ``attach()`` makes it the box's first child.
    init(box: Widget, layout: OpaquePointer) {
        self.box = box
        self.layout = layout
        let fixed = retainWidget(gtk_fixed_new())
        let watch = retainWidget(flow_resize_watch_new(fixed))
        // Parented to the box as the stylesheet probes are: never shown, freed with it.
        gtk_widget_set_parent(watch, box)
        cgtk_accessible_set_hidden(watch, 1)
        parts = Parts(fixed: fixed, resizeWatch: watch)
    }

    /// Gives up the GtkFixed and its watch (the box is going).
    func release() {
        releaseWidget(parts.resizeWatch)
        releaseWidget(parts.fixed)
    }

    /// Makes the GtkFixed the box's first child, if it is not in the box.
    func attach() {
        guard gtk_widget_get_parent(parts.fixed) == nil else { return }
        gtk_widget_insert_before(parts.fixed, box, gtk_widget_get_first_child(box))
        _ = flow_resize_watch_take(parts.resizeWatch)
    }

    /// Takes the GtkFixed out of the box, with the app's widgets in it.
    func detach() {
        gtk_widget_unparent(parts.fixed)
    }

    var parent: Widget { parts.fixed }

    /// The first of the app's widgets after the box's children in the GtkFixed.
    func endOfChildren(members: Set<Widget>) -> Widget? {
        var anchor: Widget? = nil
        var child = gtk_widget_get_last_child(parts.fixed)
        while let current = child, !members.contains(current) {
            anchor = current
            child = gtk_widget_get_prev_sibling(current)
        }
        return anchor
    }

    func childrenResized() -> Bool {
        flow_resize_watch_take(parts.resizeWatch) != 0
    }

    func restoreOwnSizes() {
        for (child, slot) in slots where slot.request != nil { restoreOwnSize(child, slot) }
    }

    func restoreOwnSize(of indicator: Widget) {
        if let slot = slots[indicator], slot.request != nil { restoreOwnSize(indicator, slot) }
    }

    private func restoreOwnSize(_ child: Widget, _ slot: Slot) {
        slots[child]?.request = nil
        gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height)
    }

    func didMeasure(_ widgets: [Widget]) {
        minimums = widgets.map(Self.fixedMinimum)
    }

    func didMeasureIndicator(_ indicator: Widget) {
        indicatorMinimum = Self.fixedMinimum(of: indicator)
    }

    /// Measures the GtkFixed, as a parent must before allocating it, and so that a resize a child
    /// queues from now on reaches the box (GTK passes a resize on only from a widget that was
    /// measured since its last one). Its answer (its furthest child's edge) is not passed on.
    func willAnswerSizeQuery() {
        _ = flow_resize_watch_take(parts.resizeWatch)
        var ignored: Int32 = 0
        gtk_widget_measure(parts.fixed, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
    }

    /// Moves and sizes the children, then measures and allocates the GtkFixed.
    ///
    /// Every move and size request queues a resize, which clears GTK's size cache of the GtkFixed,
    /// the box and every ancestor, and has GDK run the layout phase once more in the same frame (a
    /// measuring pass; the resize watch tells it from a child's own resize, so no child is measured).
    /// Queued inside an allocation, such a resize has one more effect: an ancestor that GTK only
    /// walked through on its way down (its size and its own flags unchanged) keeps the flags the
    /// resize set, while the allocated ancestor above it clears its own; GTK would never allocate
    /// it again and the chips would vanish. So after such a placing every ancestor is allocated
    /// again, in the same frame. (This is the one explanation of that GTK fact; elsewhere it is
    /// referred to as "a resize queued inside an allocation strands an ancestor".)
    func place(_ widgets: [Widget], frames: [FlowRect], visible: Int, indicator: (widget: Widget, frame: FlowRect)?,
               width: Int, height: Int) {
        for k in 0..<visible { settle(widgets[k], at: frames[k], minimum: minimums[k]) }
        if let indicator { settle(indicator.widget, at: indicator.frame, minimum: indicatorMinimum) }
        if flow_resize_watch_take(parts.resizeWatch) != 0 {
            flow_wrap_layout_reallocate_ancestors_after_layout(layout)
        }
        var ignored: Int32 = 0
        gtk_widget_measure(parts.fixed, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        gtk_widget_allocate(parts.fixed, Int32(width), Int32(height), -1, nil)
    }

    func forget(_ child: Widget) {
        guard let slot = slots.removeValue(forKey: child) else { return }
        if slot.request != nil { gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height) }
    }

    /// A child put in a GtkFixed starts at (0, 0): it is moved again at the next placing.
    func reset() {
        restoreOwnSizes()
        slots.removeAll()
    }

    /// Moves `child` to its frame's origin if it is elsewhere, and sets or clears its size request
    /// so that GtkFixed allocates it at its frame's size. `minimum` is what GtkFixed allocates it
    /// at without a request set here.
    private func settle(_ child: Widget, at frame: FlowRect, minimum: (width: Int32, height: Int32)) {
        var slot = slots[child] ?? Slot()
        defer { slots[child] = slot }
        if slot.x != frame.x || slot.y != frame.y {
            gtk_fixed_move(cgtk_fixed(parts.fixed), child, frame.x, frame.y)
            slot.x = frame.x
            slot.y = frame.y
        }
        let width = Int32(frame.width), height = Int32(frame.height)
        if width == minimum.width && height == minimum.height {
            if slot.request != nil {
                slot.request = nil
                gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height)
            }
            return
        }
        // A size request is the content's size: the child's own margins come on top of it.
        let request = (width - gtk_widget_get_margin_start(child) - gtk_widget_get_margin_end(child),
                       height - gtk_widget_get_margin_top(child) - gtk_widget_get_margin_bottom(child))
        if let current = slot.request, current == request { return }
        if slot.request == nil {
            var ownWidth: Int32 = -1, ownHeight: Int32 = -1
            gtk_widget_get_size_request(child, &ownWidth, &ownHeight)
            slot.ownRequest = (ownWidth, ownHeight)
        }
        slot.request = request
        gtk_widget_set_size_request(child, max(0, request.0), max(0, request.1))
    }

    /// The size GtkFixed allocates `child` at: its minimum width and its minimum height for that
    /// width (for a height-for-width child; the other way round otherwise).
    private static func fixedMinimum(of child: Widget) -> (width: Int32, height: Int32) {
        var minimum = GtkRequisition()
        gtk_widget_get_preferred_size(child, &minimum, nil)
        return (minimum.width, minimum.height)
    }
}
