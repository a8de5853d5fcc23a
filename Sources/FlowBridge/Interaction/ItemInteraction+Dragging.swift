// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the drag actions come through it when CGtk alone does not
import CGtk
import FlowEngine
import GObjectSupport

// An item dragged with the pointer: a GtkDragSource on each item widget, one drop target on the
// host. Where a drop lands and where the marker shows come from the engine, through the host, on
// the layout on screen; in a host that makes room, the layout shows the dragged item at the
// hovered place (``previewedMove``). The order changes only when the drop is taken (+Moving).

extension ItemInteraction {
    /// The marker's thickness, in pixels: a thin bar in the gap.
    static let markerThickness = 3.0

    /// The drop target on the host, which follows a drag of one of the host's own item widgets
    /// (enter, motion, leave) and takes its drop, and the marker (made once). The move keys come
    /// through the key controller the host's init installed (+Selection).
    func installControllers() {
        let widget = host.hostWidget
        if marker == nil { marker = InsertionMarker.make(in: widget) }
        let target = UnsafeMutableRawPointer(gtk_drop_target_new(gtk_widget_get_type(), GDK_ACTION_MOVE)!)
        for signal in ["enter", "motion"] {
            connectDropMotion(target, signal) { [weak self] x, y in
                guard let self, drag != nil else { return GdkDragAction(0) }
                dragMoved(toX: x, y: y)
                return GDK_ACTION_MOVE
            }
        }
        connectSignal(target, "leave") { [weak self] in self?.dragLeft() }
        connectDropAt(target) { [weak self] value, x, y in
            guard let self, let dragged = drag?.widget, g_value_get_object(value) == UnsafeMutableRawPointer(dragged) else { return false }
            return drop(atX: x, y: y)
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(target))
        dropTarget = target
    }

    func addDragSource(to widget: Widget) {
        guard dragSources[widget] == nil else { return }
        let source = UnsafeMutableRawPointer(gtk_drag_source_new()!)
        gtk_drag_source_set_actions(OpaquePointer(source), GDK_ACTION_MOVE)
        connectDragPrepare(source) { [weak self] x, y in self?.content(forDragOf: widget, from: source, x: x, y: y) }
        connectSignal(source, "drag-begin") { [weak self] (drag: gpointer?) in
            // Under X11 Escape would otherwise never reach the drag (X11DragEscape.swift).
            if let drag { letEscapeReachX11Drag(drag) }
            self?.beginDrag(of: widget)
        }
        // Emitted after a drop, a cancel (Escape) and a drop outside alike.
        connectDragEnd(source) { [weak self] _ in self?.endDrag() }
        gtk_widget_add_controller(widget, cgtk_event_controller(source))
        dragSources[widget] = source
        describe(widget)
    }

    func removeDragSource(from widget: Widget) {
        guard let source = dragSources.removeValue(forKey: widget) else { return }
        gtk_widget_remove_controller(widget, cgtk_event_controller(source))
        describe(widget)
    }

    /// The content of a drag of `widget`, or `nil` to refuse it (a widget showing no item, a
    /// spare). It names the widget, for this process only: the host's drop target takes it as a
    /// move. With a text (the app's, or the host's default) beside it, other programs (an entry, a
    /// text editor) take the item as text, a copy.
    private func content(forDragOf widget: Widget, from source: gpointer, x: Double, y: Double) -> gpointer? {
        guard reorderable, let item = host.item(showing: widget) else { return nil }
        var value = GValue()
        g_value_init(&value, gtk_widget_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(widget))
        var provider = gdk_content_provider_new_for_value(&value)
        g_value_unset(&value)
        // The app's closure, whose `nil` offers no text; without one, the host's.
        let text = hooks.dragText.map { $0(widget, item) } ?? host.defaultDragText(ofItem: item)
        gtk_drag_source_set_actions(OpaquePointer(source),
                                    text == nil ? GDK_ACTION_MOVE : GdkDragAction(GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue))
        if let text {
            var parts = [provider, plainTextContent(text)]
            provider = gdk_content_provider_new_union(&parts, 2)   // takes both parts
        }
        let icon = gtk_widget_paintable_new(widget)
        gtk_drag_source_set_icon(OpaquePointer(source), icon, Int32(x), Int32(y))
        if let icon { g_object_unref(UnsafeMutableRawPointer(icon)) }
        return provider.map { UnsafeMutableRawPointer($0) }
    }

    var isDragging: Bool { drag != nil }

    /// The dragged item, as the host numbers it now.
    var draggedItem: Int? { drag.flatMap { host.item(showing: $0.widget) } }

    /// The move the layout shows while a drag hovers over a host that makes room.
    var previewedMove: (from: Int, to: Int)? {
        guard let drag, let to = drag.destination, let from = host.item(showing: drag.widget) else { return nil }
        return (from, to)
    }

    // MARK: The drag (the signal handlers, and the tests, call these)

    /// A drag of `widget`'s item starts: it is dimmed where it is.
    func beginDrag(of widget: Widget) {
        guard reorderable, host.item(showing: widget) != nil else { return }
        endDrag()
        drag = Drag(widget: widget)
        gtk_widget_add_css_class(widget, "dragged")
        gtk_widget_set_opacity(widget, 0.4)
    }

    /// The pointer hovers at (`x`, `y`) in the host: the preview follows the place under it (a new
    /// layout when the place changed), the marker follows at the next allocation, and near an edge
    /// the host scrolls.
    func dragMoved(toX x: Double, y: Double) {
        guard var drag else { return }
        let shown = drag.destination
        drag.pointer = (x, y)
        if host.makesRoom, let item = host.item(showing: drag.widget) {
            drag.destination = destination(of: item, atX: x, y: y)
        }
        self.drag = drag
        updateAutoScroll()
        if drag.destination != shown { host.dropPreviewChanged() } else { gtk_widget_queue_allocate(host.hostWidget) }
    }

    /// The pointer left the host: no place, no scrolling, the real order, until it comes back.
    func dragLeft() {
        guard let left = drag else { return }
        stopAutoScroll()
        drag?.pointer = nil
        drag?.destination = nil
        InsertionMarker.hide(marker)
        if left.destination != nil { host.dropPreviewChanged() }
    }

    /// The drop at (`x`, `y`): the place the layout on screen shows the item at (or, without a
    /// preview, the place there), then the move. Returns whether the drop was taken (a vetoed one,
    /// or one on the item's own place, is not).
    @discardableResult
    func drop(atX x: Double, y: Double) -> Bool {
        guard let drag, let from = host.item(showing: drag.widget) else {
            endDrag()
            return false
        }
        let to = (drag.destination != nil ? destination(of: from, landing: true) : nil) ?? destination(of: from, atX: x, y: y)
        endDrag()
        return to.map { moveItem(from: from, to: $0) } ?? false
    }

    /// The drag ended (dropped, Escape, a drop outside, its item gone): the widget undimmed, the
    /// marker hidden, the scrolling stopped, the real order shown.
    func endDrag() {
        guard let ended = drag else { return }
        stopAutoScroll()
        drag = nil
        gtk_widget_remove_css_class(ended.widget, "dragged")
        gtk_widget_set_opacity(ended.widget, 1)
        InsertionMarker.hide(marker)
        if ended.destination != nil { host.dropPreviewChanged() } else { gtk_widget_queue_allocate(host.hostWidget) }
    }

    /// After the host's allocation: the marker at the host's rectangle for the drag, or hidden.
    func placeMarker() {
        guard let marker else { return }
        guard let drag, let pointer = drag.pointer, let item = host.item(showing: drag.widget),
              let frame = markerFrame(dragging: item, pointer: pointer, previewing: drag.destination != nil)
        else { return InsertionMarker.hide(marker) }
        InsertionMarker.show(marker, at: frame)
    }

    /// The marker's rectangle as last allocated, while it is shown (for the tests).
    var markerFrame: FlowRect? { InsertionMarker.frame(of: marker) }
}
