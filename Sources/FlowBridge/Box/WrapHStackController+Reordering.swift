// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Reordering by the user (WrapHStack.reorderable): a child dragged with the pointer, or moved
// with Alt+Shift and the arrow keys, Home or End. Where a drop lands and where the marker shows
// come from the engine (FlowResult.insertionPlace, insertionMarker, neighbor), computed on the
// last layout; while a drag hovers, the layout is computed with the dragged child at the hovered
// place (`layoutOrder`), so the others make room, gliding as content changes do. The real child
// order changes only when the drop or the key is taken, by the box (`move(from:to:)`).

extension WrapHStackController {
    /// A drag of one of the children in progress.
    struct ReorderDrag {
        let child: Widget
        /// Where the dragged child would land, as an index in ``entries`` after the move; `nil`
        /// while the pointer is outside the box (the layout shows the real order).
        var target: Int?
        /// The pointer, in the box's coordinates, while it hovers over the box.
        var pointer: (x: Double, y: Double)?
    }

    /// The state of reordering, kept on the controller (see WrapHStackController.reordering).
    struct Reordering {
        var enabled = false
        var drag: ReorderDrag?
        /// Each child's GtkDragSource while reordering is on.
        var dragSources: [Widget: UnsafeMutableRawPointer] = [:]
        var dropTarget: UnsafeMutableRawPointer?
        var keys: UnsafeMutableRawPointer?
        var marker: Widget?
        var shouldMoveChild: ((Widget, Int, Int) -> Bool)?
        var onChildMoved: ((Widget, Int, Int) -> Void)?
        var dragText: ((Widget) -> String?)?
    }

    /// The marker's thickness, in pixels: a thin bar in the gap.
    static let markerThickness = 3.0

    // MARK: Turning it on and off

    func setReorderable(_ on: Bool) {
        guard on != reordering.enabled, !isDisposed else { return }
        reordering.enabled = on
        if on {
            installReorderControllers()
            for entry in entries { addDragSource(to: entry.widget) }
        } else {
            endDrag(dropped: false)
            for entry in entries { removeDragSource(from: entry.widget) }
            if let target = reordering.dropTarget {
                gtk_widget_remove_controller(widget, cgtk_event_controller(target))
                reordering.dropTarget = nil
            }
        }
        updateAccessibleDescriptions()
    }

    /// The drop target and the key controller on the box (kept while it is on), and the marker.
    private func installReorderControllers() {
        if reordering.keys == nil {
            reordering.keys = ReorderControllers.addKeys(to: widget) { [weak self] keyval, state in
                self?.handleReorderKey(keyval, state) ?? false
            }
        }
        if reordering.marker == nil { reordering.marker = InsertionMarker.make(in: widget) }
        reordering.dropTarget = ReorderControllers.addDropTarget(
            to: widget,
            isDragging: { [weak self] in self?.reordering.drag != nil },
            moved: { [weak self] x, y in self?.dragMoved(toX: x, y: y) },
            left: { [weak self] in self?.dragLeft() },
            drop: { [weak self] dropped, x, y in
                guard let self, dropped == self.reordering.drag?.child else { return false }
                return self.drop(atX: x, y: y)
            })
    }

    /// The box is disposed: the marker goes with it (the controllers go with the widgets).
    func disposeReordering() {
        reordering.drag = nil
        // A child the app still holds keeps no drag source that points at a box that is gone.
        for (child, source) in reordering.dragSources {
            gtk_widget_remove_controller(child, cgtk_event_controller(source))
        }
        reordering.dragSources = [:]
        if let marker = reordering.marker {
            reordering.marker = nil
            gtk_widget_unparent(marker)
            releaseWidget(marker)
        }
        reordering.shouldMoveChild = nil
        reordering.onChildMoved = nil
        reordering.dragText = nil
    }

    // MARK: Children coming and going

    /// A child was added: it can be dragged if reordering is on.
    func reorderingAdopted(_ child: Widget) {
        guard reordering.enabled else { return }
        addDragSource(to: child)
        describe(child, movedTo: nil)
    }

    /// A child leaves the box: its drag source goes (the box no longer decides where it lands),
    /// and a drag of it ends.
    func reorderingDisowned(_ child: Widget) {
        removeDragSource(from: child)
        if reordering.drag?.child == child {
            // The removal lays the others out again; the child leaves undimmed.
            reordering.drag = nil
            gtk_widget_remove_css_class(child, "dragged")
            gtk_widget_set_opacity(child, 1)
            hideMarker()
        }
    }

    private func addDragSource(to child: Widget) {
        guard reordering.dragSources[child] == nil else { return }
        let source = UnsafeMutableRawPointer(gtk_drag_source_new()!)
        gtk_drag_source_set_actions(OpaquePointer(source), GDK_ACTION_MOVE)
        connectDragPrepare(source) { [weak self] x, y in
            guard let self, self.reordering.enabled, self.members.contains(child) else { return nil }
            // The content names the child, for this process only: a drop target elsewhere that
            // accepts widgets is given the widget; other programs see no format they can read.
            var value = GValue()
            g_value_init(&value, gtk_widget_get_type())
            g_value_set_object(&value, UnsafeMutableRawPointer(child))
            var provider = gdk_content_provider_new_for_value(&value)
            g_value_unset(&value)
            // With the app's text beside it, other programs (an entry, a text editor) take the
            // child as text, a copy: the box's own drop target asks for a move only.
            let text = self.reordering.dragText?(child)
            gtk_drag_source_set_actions(OpaquePointer(source),
                                        text == nil ? GDK_ACTION_MOVE : GdkDragAction(GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue))
            if let text {
                var parts = [provider, plainTextContent(text)]
                provider = gdk_content_provider_new_union(&parts, 2)   // takes both parts
            }
            let icon = gtk_widget_paintable_new(child)
            gtk_drag_source_set_icon(OpaquePointer(source), icon, Int32(x), Int32(y))
            if let icon { g_object_unref(UnsafeMutableRawPointer(icon)) }
            return provider.map { UnsafeMutableRawPointer($0) }
        }
        connectSignal(source, "drag-begin") { [weak self] (drag: gpointer?) in
            if let drag { letEscapeReachX11Drag(drag) }
            self?.beginDrag(of: child)
        }
        // Emitted after a drop, a cancel (Escape) and a drop outside alike.
        connectDragEnd(source) { [weak self] _ in self?.endDrag(dropped: false) }
        gtk_widget_add_controller(child, cgtk_event_controller(source))
        reordering.dragSources[child] = source
    }

    private func removeDragSource(from child: Widget) {
        guard let source = reordering.dragSources.removeValue(forKey: child) else { return }
        gtk_widget_remove_controller(child, cgtk_event_controller(source))
    }

    // MARK: Dragging (the signal handlers, and the tests, call these)

    /// A drag of `child` starts: it is dimmed where it is; the others stay until it hovers.
    func beginDrag(of child: Widget) {
        guard reordering.enabled, members.contains(child) else { return }
        reordering.drag = ReorderDrag(child: child)
        gtk_widget_add_css_class(child, "dragged")
        gtk_widget_set_opacity(child, 0.4)
    }

    /// The pointer hovers at (`x`, `y`) in the box: the place under it from the last layout, the
    /// layout again with the dragged child there if that changed, and the marker.
    func dragMoved(toX x: Double, y: Double) {
        guard var drag = reordering.drag else { return }
        drag.pointer = (x, y)
        let target = dropTarget(atX: x, y: y, dragging: drag.child)
        let changed = target != drag.target
        drag.target = target
        reordering.drag = drag
        if changed {
            contentChanged = true
            childrenChanged()
        } else {
            gtk_widget_queue_allocate(widget)
        }
    }

    /// The pointer left the box: the layout shows the real order again until it comes back.
    func dragLeft() {
        guard var drag = reordering.drag else { return }
        let hadTarget = drag.target != nil
        drag.target = nil
        drag.pointer = nil
        reordering.drag = drag
        hideMarker()
        if hadTarget {
            contentChanged = true
            childrenChanged()
        }
    }

    /// The drop at (`x`, `y`): the place from the layout on screen, then the move. Returns
    /// whether the drop was taken (a vetoed one is not).
    @discardableResult
    func drop(atX x: Double, y: Double) -> Bool {
        guard let drag = reordering.drag, let from = entryIndex(of: drag.child),
              let to = drag.target.flatMap({ _ in shownLanding(of: drag.child) })
                ?? dropTarget(atX: x, y: y, dragging: drag.child) else { return false }
        let moved = moveChild(from: from, to: to)
        endDrag(dropped: moved)
        return moved
    }

    /// The drag ended: without a drop (Escape, a drop outside), everything goes back.
    func endDrag(dropped: Bool) {
        guard let drag = reordering.drag else { return }
        reordering.drag = nil
        gtk_widget_remove_css_class(drag.child, "dragged")
        gtk_widget_set_opacity(drag.child, 1)
        hideMarker()
        if !dropped && drag.target != nil {
            contentChanged = true
            childrenChanged()
        }
    }

    /// The index in ``entries`` the dragged child would have after a drop at (`x`, `y`), from the
    /// layout on screen (whatever order it shows): the engine's place, as a position among the
    /// other children.
    private func dropTarget(atX x: Double, y: Double, dragging child: Widget) -> Int? {
        guard let shown else { return nil }
        let dragged = shown.widgets.firstIndex(of: child)
        guard let place = shown.report.result.insertionPlace(nearestTo: x, y, in: shown.report.request.layout,
                                                            excluding: dragged) else { return nil }
        return entryIndex(forShown: dragged.map { place.destination(movingFrom: $0) } ?? place.index, dragging: child)
    }

    /// The dragged child's place in the layout on screen, as an index in ``entries``, while that
    /// layout shows it (not hidden by a line limit): where the marker stands and a drop puts it.
    /// A chip put at a line's end that does not fit there starts the next line; the marker and
    /// the drop follow the layout, not the pointer's line, so they never disagree.
    private func shownLanding(of child: Widget) -> Int? {
        guard let shown, let at = shown.widgets.firstIndex(of: child), at < shown.report.result.visibleCount else {
            return nil
        }
        return entryIndex(forShown: at, dragging: child)
    }

    /// The index in ``entries`` for the dragged child at `destination` among the children the
    /// layout on screen shows (counted with the dragged child out).
    private func entryIndex(forShown destination: Int, dragging child: Widget) -> Int? {
        guard let shown else { return nil }
        let others = shown.widgets.filter { $0 != child }
        let othersInEntries = entries.map(\.widget).filter { $0 != child }
        guard destination < others.count, let before = othersInEntries.firstIndex(of: others[destination]) else {
            return entries.count - 1
        }
        return before
    }

    /// The order of ``entries`` the layout uses: the real one, or during a hovering drag the one
    /// with the dragged child at its target.
    var layoutOrder: [Int]? {
        guard let drag = reordering.drag, let target = drag.target, let from = entryIndex(of: drag.child) else {
            return nil
        }
        var order = Array(entries.indices)
        order.remove(at: from)
        order.insert(from, at: min(target, order.count))
        return order
    }

    // MARK: The marker

    /// After an allocation: shows the marker at the engine's rectangle for the place where the
    /// layout just placed shows the dragged child (in the gap before it, on its line), where a
    /// drop puts it; or, while that layout does not show it, for the place under the pointer.
    func placeMarker() {
        guard let marker = reordering.marker else { return }
        guard let drag = reordering.drag, let pointer = drag.pointer, let shown else { return hideMarker() }
        let result = shown.report.result, layout = shown.report.request.layout
        let dragged = shown.widgets.firstIndex(of: drag.child)
        let rect: FlowRect?
        if drag.target != nil, let at = dragged, at < result.visibleCount,
           let line = result.lines.firstIndex(where: { $0.contains(at) }) {
            rect = result.insertionMarker(for: FlowInsertionPlace(index: at, line: line),
                                          thickness: Self.markerThickness, in: layout)
        } else {
            rect = result.insertionPlace(nearestTo: pointer.x, pointer.y, in: layout, excluding: dragged).flatMap {
                result.insertionMarker(for: $0, thickness: Self.markerThickness, in: layout, excluding: dragged)
            }
        }
        guard let rect else { return hideMarker() }
        if gtk_widget_get_visible(marker) == 0 { gtk_widget_set_visible(marker, 1) }
        // GTK wants a widget measured before it is allocated.
        var ignored: Int32 = 0
        gtk_widget_measure(marker, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        var allocation = GtkAllocation(x: Int32(rect.x.rounded()), y: Int32(rect.y.rounded()),
                                       width: Int32(max(1, rect.width.rounded())),
                                       height: Int32(max(1, rect.height.rounded())))
        gtk_widget_size_allocate(marker, &allocation, -1)
    }

    private func hideMarker() { InsertionMarker.hide(reordering.marker) }

    /// The marker's rectangle as last allocated, while it is shown (for the tests).
    var markerFrame: FlowRect? { InsertionMarker.frame(of: reordering.marker) }

    // MARK: The keyboard

    /// Alt+Shift with an arrow, Home or End, while a child has the focus: moves it one place
    /// (left and right in the visual direction), to the nearest place on the line above or
    /// below (the engine's neighbour rule), or to the first or last place. Returns whether the
    /// key was handled.
    func handleReorderKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        if let drag = reordering.drag, Int32(keyval) == GDK_KEY_Escape {
            // GDK's X11 drag does not always see Escape itself (under Xvfb it never does): the
            // box cancels its own drag, which ends it as a drop elsewhere would (drag-end).
            if let source = reordering.dragSources[drag.child] {
                gtk_drag_source_drag_cancel(OpaquePointer(source))
            }
            endDrag(dropped: false)
            return true
        }
        let modifiers = state.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue)
        guard reordering.enabled, reordering.drag == nil,
              modifiers == GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue else { return false }
        let move: FlowNavigation
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: move = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: move = .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: move = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: move = .down
        case GDK_KEY_Home, GDK_KEY_KP_Home: move = .first
        case GDK_KEY_End, GDK_KEY_KP_End: move = .last
        default: return false
        }
        guard let child = gtk_widget_get_focus_child(chipParent), let from = entryIndex(of: child) else { return false }
        guard let to = keyTarget(of: child, moving: move) else {
            return true   // at the edge: nothing to do, but the key is still the reordering one
        }
        if moveChild(from: from, to: to) { gtk_widget_grab_focus(child) }
        return true
    }

    /// Where a key move takes `child`, as an index in ``entries``: the engine's neighbour on the
    /// last layout, or, when keys came faster than the layout (its order is no longer the box's),
    /// first and last, and left and right along the reading order (mirrored in right-to-left).
    private func keyTarget(of child: Widget, moving move: FlowNavigation) -> Int? {
        let widgets = entries.filter { $0.hiddenItem != nil || gtk_widget_get_visible($0.widget) != 0 }.map(\.widget)
        if let shown, shown.widgets == widgets, let item = shown.widgets.firstIndex(of: child) {
            guard let neighbor = shown.report.result.neighbor(of: item, moving: move, in: shown.report.request.layout),
                  neighbor < shown.widgets.count else { return nil }
            return entryIndex(of: shown.widgets[neighbor])
        }
        guard let item = widgets.firstIndex(of: child) else { return nil }
        // The direction is the widget's (the environment's), as the last layout had it.
        let laidOut = shown?.report.request.layout ?? layout.layout
        let rtl = laidOut.direction == .rightToLeft && laidOut.axis == .horizontal
        let target: Int
        switch move {
        case .first: target = 0
        case .last: target = widgets.count - 1
        case .left: target = item + (rtl ? 1 : -1)
        case .right: target = item + (rtl ? -1 : 1)
        default: return nil   // across the lines needs the lines: the next key, after the layout
        }
        guard target >= 0, target < widgets.count, target != item else { return nil }
        return entryIndex(of: widgets[target])
    }

    // MARK: The move

    /// Moves child number `from` to `to` as the user asked: the app's vetoes first (the Swift
    /// view's ``WrapHStack/shouldMoveChild``, then the C class's `move-child` signal), then the
    /// move, the accessible descriptions, and the reports (``WrapHStack/onChildMoved``, then
    /// `child-moved`), so that Swift and GObject clients of one box are both told. Returns
    /// whether the child moved.
    func moveChild(from: Int, to: Int) -> Bool {
        guard from != to, from < entries.count, to < entries.count else { return false }
        let child = entries[from].widget
        if let veto = reordering.shouldMoveChild, !veto(child, from, to) { return false }
        guard flow_wrap_hstack_emit_move_child(object, child, guint(from), guint(to)) != 0 else { return false }
        move(from: from, to: to)
        describe(child, movedTo: to)
        reordering.onChildMoved?(child, from, to)
        flow_wrap_hstack_emit_child_moved(object, child, guint(from), guint(to))
        return true
    }

    // MARK: Accessibility

    static let reorderHint = "Alt+Shift+arrow keys, Home or End move it."

    /// Every child's accessible description says, while reordering is on, how to move it.
    func updateAccessibleDescriptions() {
        for entry in entries { describe(entry.widget, movedTo: nil) }
    }

    /// Sets `child`'s description: the keys that move it, after a move with its new position
    /// first, and its position-in-set relations. GTK 4.8 has no `gtk_accessible_announce` (it came
    /// in 4.14): a screen reader learns of a move by reading the focused child's description and
    /// position again, which this updates.
    func describe(_ child: Widget, movedTo position: Int?) {
        let accessible = cgtk_accessible(child)
        guard reordering.enabled else {
            gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
            return
        }
        let text = position.map { "Moved to position \($0 + 1) of \(entries.count). " } ?? ""
        var description = GValue()
        g_value_init(&description, g_type_from_name("gchararray"))
        g_value_set_string(&description, text + Self.reorderHint)
        var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
        gtk_accessible_update_property_value(accessible, 1, &property, &description)
        g_value_unset(&description)
        guard let position else { return }
        var positions = [GValue(), GValue()]
        let intType = g_type_from_name("gint")
        g_value_init(&positions[0], intType)
        g_value_set_int(&positions[0], Int32(position + 1))
        g_value_init(&positions[1], intType)
        g_value_set_int(&positions[1], Int32(entries.count))
        var relations = [GTK_ACCESSIBLE_RELATION_POS_IN_SET, GTK_ACCESSIBLE_RELATION_SET_SIZE]
        gtk_accessible_update_relation_value(accessible, 2, &relations, &positions)
        g_value_unset(&positions[0])
        g_value_unset(&positions[1])
    }
}
