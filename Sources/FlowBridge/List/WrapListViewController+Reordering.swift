// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Reordering by the user in the virtual list (WrapListView.reorderable): an item dragged with the
// pointer among the lines on screen, or moved with Alt+Shift and the arrow keys, Home or End, as
// in the box (WrapHStackController+Reordering). The places come from the engine
// (the marker and the places: +InsertionMarker; the keys: the engine's neighbour, as the arrows').
// Dragging near the top or bottom edge scrolls (+EdgeScrolling), so every place can be reached.
// The list does not make room while hovering (the marker alone shows the place). The move is done
// in the model when the list can do it (a GListStore, a GtkStringList: ListModelMove.swift), else
// by the app in `onItemMoved` (or the C class's `item-moved`). A drag also carries the item's text
// (WrapListView.reorderDragText), for other programs.

extension WrapListViewController {
    /// A drag of one item's widget in progress.
    struct ListReorderDrag {
        /// The dragged item's widget, kept realized (and so bound to that item) while the drag
        /// lasts; its item is wherever the manager has it now (``draggedItem``).
        let widget: Widget
        /// The pointer, in the view's coordinates, while it hovers over the view.
        var pointer: (x: Double, y: Double)?
        /// The place under the pointer as of the last allocation, in the model's order.
        var place: FlowInsertionPlace?
    }

    /// The state of reordering, kept on the controller (see WrapListViewController.reordering).
    struct ListReordering {
        var enabled = false
        var drag: ListReorderDrag?
        /// Each item widget's GtkDragSource while reordering is on (not the probe's).
        var dragSources: [Widget: UnsafeMutableRawPointer] = [:]
        var dropTarget: UnsafeMutableRawPointer?
        var keys: UnsafeMutableRawPointer?
        var marker: Widget?
        /// The tick callback that scrolls while the pointer stays near an edge, and the frame
        /// time it last ran at (microseconds).
        var autoScroll: (id: guint, lastFrame: gint64)?
        var shouldMoveItem: ((Int, Int) -> Bool)?
        var onItemMoved: ((Int, Int) -> Void)?
        /// The app's text for a dragged item; without it, a GtkStringObject item's string.
        var dragText: ((Int) -> String?)?
        /// A move is being made (its removal and insertion): the focus on the moved item is the
        /// move's to place, not the removal's (which would give it to the item after, scrolling).
        var moving = false
    }

    // MARK: Turning it on and off

    func setReorderable(_ on: Bool) {
        guard on != reordering.enabled, !disposed else { return }
        reordering.enabled = on
        if on {
            installReorderControllers()
            for widget in items.itemWidgets { addDragSource(to: widget) }
            items.widgetMade = { [weak self] widget in self?.addDragSource(to: widget) }
        } else {
            endDrag()
            items.widgetMade = nil
            for widget in Array(reordering.dragSources.keys) { removeDragSource(from: widget) }
            if let target = reordering.dropTarget {
                gtk_widget_remove_controller(view, cgtk_event_controller(target))
                reordering.dropTarget = nil
            }
        }
    }

    /// The drop target and the key controller on the view (the key controller is kept while the
    /// view lives, and answers only while reordering is on), and the marker.
    private func installReorderControllers() {
        if reordering.keys == nil {
            reordering.keys = ReorderControllers.addKeys(to: view) { [weak self] keyval, state in
                self?.handleReorderKey(keyval, state) ?? false
            }
        }
        if reordering.marker == nil { reordering.marker = InsertionMarker.make(in: view) }
        reordering.dropTarget = ReorderControllers.addDropTarget(
            to: view,
            isDragging: { [weak self] in self?.reordering.drag != nil },
            moved: { [weak self] x, y in self?.dragMoved(toX: x, y: y) },
            left: { [weak self] in self?.dragLeft() },
            drop: { [weak self] dropped, x, y in
                guard let self, dropped == self.reordering.drag?.widget else { return false }
                return self.drop(atX: x, y: y)
            })
    }

    /// The view is disposed: the drag, the tick callback, the marker and the app's closures go
    /// (the controllers go with the widgets).
    func disposeReordering() {
        stopAutoScroll()
        reordering.drag = nil
        items.widgetMade = nil
        reordering.dragSources = [:]
        if let marker = reordering.marker {
            reordering.marker = nil
            gtk_widget_unparent(marker)
            releaseWidget(marker)
        }
        reordering.shouldMoveItem = nil
        reordering.onItemMoved = nil
        reordering.dragText = nil
    }

    // MARK: Drag sources on the item widgets

    private func addDragSource(to widget: Widget) {
        guard reordering.dragSources[widget] == nil else { return }
        let source = UnsafeMutableRawPointer(gtk_drag_source_new()!)
        gtk_drag_source_set_actions(OpaquePointer(source), GDK_ACTION_MOVE)
        connectDragPrepare(source) { [weak self] x, y in
            // Only a widget showing an item now (not a spare) can be picked up.
            guard let self, self.reordering.enabled, let index = self.item(of: widget) else { return nil }
            // The content names the widget, for this process only, as the box's does.
            var value = GValue()
            g_value_init(&value, gtk_widget_get_type())
            g_value_set_object(&value, UnsafeMutableRawPointer(widget))
            var provider = gdk_content_provider_new_for_value(&value)
            g_value_unset(&value)
            // With the item's text beside it, other programs take the item as text, a copy: the
            // list's own drop target asks for a move only.
            let text = self.dragText(ofItem: index)
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
        connectSignal(source, "drag-begin") { [weak self] (drag: gpointer?) in
            // Under X11 Escape would otherwise never reach the drag (X11DragEscape.swift).
            if let drag { letEscapeReachX11Drag(drag) }
            self?.beginDrag(of: widget)
        }
        // Emitted after a drop, a cancel (Escape) and a drop outside alike.
        connectDragEnd(source) { [weak self] _ in self?.endDrag() }
        gtk_widget_add_controller(widget, cgtk_event_controller(source))
        describeReorderable(widget, true)
        reordering.dragSources[widget] = source
    }

    private func removeDragSource(from widget: Widget) {
        guard let source = reordering.dragSources.removeValue(forKey: widget) else { return }
        gtk_widget_remove_controller(widget, cgtk_event_controller(source))
        describeReorderable(widget, false)
    }

    /// An item widget is torn down: its drag source goes with it.
    func reorderingTornDown(_ widget: Widget) {
        reordering.dragSources[widget] = nil
    }

    /// An item widget stops showing its item: a drag of it ends (its item went away, or every
    /// item was replaced).
    func reorderingRecycled(_ widget: Widget) {
        if reordering.drag?.widget == widget { endDrag() }
    }

    /// GTK 4.8 has no `gtk_accessible_announce`: the widget's description says how to move it
    /// with the keys (its position is the view's pos-in-set relation, updated after a move).
    private func describeReorderable(_ widget: Widget, _ on: Bool) {
        let accessible = cgtk_accessible(widget)
        guard on else {
            gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
            return
        }
        var description = GValue()
        g_value_init(&description, g_type_from_name("gchararray"))
        g_value_set_string(&description, WrapHStackController.reorderHint)
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        gtk_accessible_update_property_value(accessible, 1, &property, &description)
        g_value_unset(&description)
    }

    /// The text a drag of item `index` offers: the app's (``WrapListView/reorderDragText``), or
    /// without a closure the string of a GtkStringObject item (a GtkStringList's, or a store's).
    func dragText(ofItem index: Int) -> String? {
        if let text = reordering.dragText { return text(index) }
        return withItem(at: index) { item in
            guard let item,
                  g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self),
                                             gtk_string_object_get_type()) != 0,
                  let string = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
            return String(cString: string)
        }
    }

    /// The item `widget` shows now, if it shows one.
    func item(of widget: Widget) -> Int? {
        items.realized.first { $0.value == widget }?.key
    }

    /// The dragged item, as the manager numbers it now.
    var draggedItem: Int? { reordering.drag.flatMap { item(of: $0.widget) } }

    // MARK: Dragging (the signal handlers, and the tests, call these)

    /// A drag of `widget`'s item starts: it is dimmed where it is, and kept realized until the
    /// drag ends.
    func beginDrag(of widget: Widget) {
        guard reordering.enabled, item(of: widget) != nil else { return }
        if reordering.drag != nil { endDrag() }
        reordering.drag = ListReorderDrag(widget: widget)
        gtk_widget_add_css_class(widget, "dragged")
        gtk_widget_set_opacity(widget, 0.4)
    }

    /// The pointer hovers at (`x`, `y`) in the view: the marker follows at the next allocation,
    /// and near an edge the list scrolls.
    func dragMoved(toX x: Double, y: Double) {
        guard reordering.drag != nil else { return }
        reordering.drag!.pointer = (x, y)
        if autoScrollVelocity() != 0 { startAutoScroll() } else { stopAutoScroll() }
        gtk_widget_queue_allocate(view)
    }

    /// The pointer left the view: no place, no scrolling, until it comes back.
    func dragLeft() {
        guard reordering.drag != nil else { return }
        reordering.drag!.pointer = nil
        reordering.drag!.place = nil
        stopAutoScroll()
        hideMarker()
    }

    /// The drop at (`x`, `y`): the place there on the lines shown, then the move. Returns whether
    /// the drop was taken (a vetoed one, or one on the item's own place, is not).
    @discardableResult
    func drop(atX x: Double, y: Double) -> Bool {
        guard let from = draggedItem, let place = insertionPlace(atX: x, y: y) else {
            endDrag()
            return false
        }
        endDrag()
        return moveItem(from: from, to: place.destination(movingFrom: from))
    }

    /// The drag ended (dropped, Escape, a drop outside, its item gone): the widget is undimmed,
    /// the marker hidden, the scrolling stopped.
    func endDrag() {
        stopAutoScroll()
        guard let drag = reordering.drag else { return }
        reordering.drag = nil
        gtk_widget_remove_css_class(drag.widget, "dragged")
        gtk_widget_set_opacity(drag.widget, 1)
        hideMarker()
        gtk_widget_queue_allocate(view)
    }

    // MARK: The keyboard

    /// Alt+Shift with an arrow, Home or End, while an item has the focus: moves it one place (left
    /// and right in the visual direction), to the nearest place on the line above or below (the
    /// engine's neighbour rule), or to the first or last place; the focus stays on it. Escape
    /// during a drag cancels it. Returns whether the key was handled.
    func handleReorderKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        if let drag = reordering.drag, Int32(keyval) == GDK_KEY_Escape {
            // As in the box: GDK's X11 drag does not always see Escape itself.
            if let source = reordering.dragSources[drag.widget] {
                gtk_drag_source_drag_cancel(OpaquePointer(source))
            }
            endDrag()
            return true
        }
        let modifiers = state.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue)
        guard reordering.enabled, reordering.drag == nil,
              modifiers == GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue,
              case .step(let move)? = Self.move(for: keyval) else { return false }
        guard let from = items.focusedIndex, let table else { return false }
        guard let to = neighbor(of: from, moving: move, in: table), to != from else {
            return true   // at the edge: nothing to do, but the key is still the reordering one
        }
        moveItem(from: from, to: to)
        return true
    }

    // MARK: The move

    /// Moves item `from` to `to` as the user asked: the app's vetoes first (the Swift view's
    /// ``WrapListView/shouldMoveItem``, then the C class's `move-item` signal), then the move in
    /// the model where the list can make it, then the reports (``WrapListView/onItemMoved``, then
    /// `item-moved`), so that Swift and GObject clients of one list are both told; an item that
    /// had the focus has it at its new place. Returns whether the item moved (was reported).
    @discardableResult
    func moveItem(from: Int, to: Int) -> Bool {
        let count = sizes.count
        guard !disposed, !reordering.moving, from != to, from >= 0, to >= 0, from < count, to < count else {
            return false
        }
        if let veto = reordering.shouldMoveItem, !veto(from, to) { return false }
        let object = flow_wrap_list_view_cast(view)
        guard flow_wrap_list_view_emit_move_item(object, guint(from), guint(to)) != 0 else { return false }
        // A handler that changed the items (or destroyed the view) made the positions stale.
        guard !disposed, sizes.count == count else { return false }
        let hadFocus = items.focusedIndex == from
        let scrolling = viewport.state
        reordering.moving = true
        defer { reordering.moving = false }
        // The moved item keeps the size it was measured at (a new item would start at an estimate).
        let size = sizes.isKnown(from) && sizeProvider == nil ? sizes[from] : nil
        let movedHere = moveInModel(from: from, to: to)
        reordering.onItemMoved?(from, to)
        flow_wrap_list_view_emit_item_moved(object, guint(from), guint(to))
        // The app's own collection: the app moved its items in `onItemMoved`; the list follows.
        if !movedHere, model == nil, sizes.count == count {
            itemsChanged(at: from, removed: 1, added: 0)
            itemsChanged(at: to, removed: 0, added: 1)
        }
        if let size, sizes.count == count, !sizes.isKnown(to), sizes.setMeasured(to, size) { sizesChanged([to]) }
        if sizes.count == count { viewport.itemMoved(restoring: scrolling) }
        if hadFocus, sizes.count == count { focus(item: to) }
        return true
    }
}
