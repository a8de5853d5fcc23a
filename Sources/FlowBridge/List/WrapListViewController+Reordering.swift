import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Reordering by the user in the virtual list (WrapListView.reorderable): an item dragged with the
// pointer among the lines on screen, or moved with Alt+Shift and the arrow keys, Home or End, as
// in the box (WrapHStackController+Reordering). The places come from the engine
// (FlowResult.insertionPlace, insertionMarker, neighbor) run on the lines in the viewport only, so
// a drag costs the same at a million items as at a hundred. Dragging near the top or bottom edge
// scrolls, frame by frame, so every place can be reached. The list does not make room while
// hovering (the marker alone shows the place). The move is done in the model when the list can do
// it (a GListStore, a GtkStringList), else by the app in `onItemMoved` (ListModelMove.swift).

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
        /// A move is being made (its removal and insertion): the focus on the moved item is the
        /// move's to place, not the removal's (which would give it to the item after, scrolling).
        var moving = false
    }

    /// The marker's thickness, in pixels (the box's).
    static var markerThickness: Double { WrapHStackController.markerThickness }
    /// How near an edge of the viewport (across the lines) the pointer scrolls, at most: a
    /// quarter of the viewport when that is less.
    static let autoScrollZone = 48.0
    /// How fast the list scrolls with the pointer at the very edge, in pixels a second (less
    /// further in, down to a tenth of it at the zone's inner end).
    static let autoScrollSpeed = 1_600.0

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
            let keys = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
            // Capture: the item widget (a button, an entry) must not take these keys first.
            gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys), GTK_PHASE_CAPTURE)
            connectKeyPressed(keys) { [weak self] keyval, _, state in
                self?.handleReorderKey(keyval, state) ?? false
            }
            gtk_widget_add_controller(view, cgtk_event_controller(keys))
            reordering.keys = keys
        }
        if reordering.marker == nil { reordering.marker = makeMarker() }
        let target = UnsafeMutableRawPointer(gtk_drop_target_new(gtk_widget_get_type(), GDK_ACTION_MOVE)!)
        for signal in ["enter", "motion"] {
            connectDropMotion(target, signal) { [weak self] x, y in
                guard let self, self.reordering.drag != nil else { return GdkDragAction(0) }
                self.dragMoved(toX: x, y: y)
                return GDK_ACTION_MOVE
            }
        }
        connectSignal(target, "leave") { [weak self] in self?.dragLeft() }
        connectDropAt(target) { [weak self] value, x, y in
            guard let self, let drag = self.reordering.drag,
                  let dropped = g_value_get_object(value), Widget(OpaquePointer(dropped)) == drag.widget else { return false }
            return self.drop(atX: x, y: y)
        }
        gtk_widget_add_controller(view, cgtk_event_controller(target))
        reordering.dropTarget = target
    }

    /// The insertion marker: a widget whose CSS node is `marker` with the class
    /// `insertion-marker` (the box's names), a child of the view after the item widgets (so drawn
    /// over them), hidden until a drag hovers, allocated at the engine's marker rectangle.
    private func makeMarker() -> Widget {
        Self.installMarkerStyle()
        let marker = retainWidget(g_object_new_with_properties(Self.markerType, 0, nil, nil)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }!)
        gtk_widget_add_css_class(marker, "insertion-marker")
        gtk_widget_set_can_target(marker, 0)
        gtk_widget_set_can_focus(marker, 0)
        cgtk_accessible_set_hidden(marker, 1)
        gtk_widget_set_visible(marker, 0)
        gtk_widget_set_parent(marker, view)
        return marker
    }

    /// A GtkWidget subclass whose only difference is its CSS name, `marker` (GTK 4 sets CSS names
    /// per class).
    private static let markerType: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        return g_type_register_static_simple(gtk_widget_get_type(), "FlowWrapListViewMarker", query.class_size,
                                             { klass, _ in
                                                 gtk_widget_class_set_css_name(
                                                     klass?.assumingMemoryBound(to: GtkWidgetClass.self), "marker")
                                             },
                                             query.instance_size, nil, GTypeFlags(0))
    }()

    private static var markerStyleInstalled = false

    /// The marker's default look, below an application's and a theme's own rules.
    private static func installMarkerStyle() {
        guard !markerStyleInstalled, let display = gdk_display_get_default() else { return }
        markerStyleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            wraplistview > marker.insertion-marker { background-color: @theme_selected_bg_color; border-radius: 2px; }
            """, -1)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
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
    }

    // MARK: Drag sources on the item widgets

    private func addDragSource(to widget: Widget) {
        guard reordering.dragSources[widget] == nil else { return }
        let source = UnsafeMutableRawPointer(gtk_drag_source_new()!)
        gtk_drag_source_set_actions(OpaquePointer(source), GDK_ACTION_MOVE)
        connectDragPrepare(source) { [weak self] x, y in
            // Only a widget showing an item now (not a spare) can be picked up.
            guard let self, self.reordering.enabled, self.item(of: widget) != nil else { return nil }
            // The content names the widget, for this process only, as the box's does.
            var value = GValue()
            g_value_init(&value, gtk_widget_get_type())
            g_value_set_object(&value, UnsafeMutableRawPointer(widget))
            let provider = gdk_content_provider_new_for_value(&value)
            g_value_unset(&value)
            let icon = gtk_widget_paintable_new(widget)
            gtk_drag_source_set_icon(OpaquePointer(source), icon, Int32(x), Int32(y))
            if let icon { g_object_unref(UnsafeMutableRawPointer(icon)) }
            return provider.map { UnsafeMutableRawPointer($0) }
        }
        connectSignal(source, "drag-begin") { [weak self] (_: gpointer?) in self?.beginDrag(of: widget) }
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

    // MARK: Places on the lines shown

    /// The lines on screen as a FlowResult (content coordinates), with the list's item number of
    /// each of its items: what the engine's hit test and marker run on.
    private func shownLines() -> (result: FlowResult, first: Int, firstLine: Int)? {
        guard let table, table.visibleCount > 0 else { return nil }
        let horizontal = layout.axis == .horizontal
        let page = Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
        let offset = viewport.shownOffset
        let lines = table.lines(crossingFrom: offset, to: offset + max(page, 1))
        guard !lines.isEmpty else { return nil }
        let part = table.frames(ofLines: lines, items: sizes.items).snapped()
        // An item hidden by a line limit is no place.
        let end = min(part.items.upperBound, table.visibleCount)
        guard end > part.items.lowerBound else { return nil }
        let first = part.items.lowerBound
        let ranges = lines.map { line -> Range<Int> in
            let items = table[line].items.clamped(to: first..<end)
            return (items.lowerBound - first)..<(items.upperBound - first)
        }
        let result = FlowResult(frames: Array(part.frames.prefix(end - first)), size: table.size, lines: ranges,
                                hiddenCount: 0, indicatorFrame: nil)
        return (result, first, lines.lowerBound)
    }

    /// The point (`x`, `y`) of the view in the content's coordinates.
    private func contentPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        layout.axis == .horizontal ? (x, y + viewport.shownOffset) : (x + viewport.shownOffset, y)
    }

    /// The place nearest to (`x`, `y`) in the view among the lines on screen, in the model's
    /// order (its line the table's), and the marker's rectangle in the content's coordinates.
    func insertionPlace(atX x: Double, y: Double) -> FlowInsertionPlace? {
        placeAndMarker(atX: x, y: y)?.place
    }

    private func placeAndMarker(atX x: Double, y: Double) -> (place: FlowInsertionPlace, marker: FlowRect?)? {
        guard let (result, first, firstLine) = shownLines() else { return nil }
        let point = contentPoint(x, y)
        let dragged = draggedItem.flatMap { $0 >= first && $0 < first + result.frames.count ? $0 - first : nil }
        let options = engineLayout
        guard let local = result.insertionPlace(nearestTo: point.x, point.y, in: options, excluding: dragged)
        else { return nil }
        let marker = result.insertionMarker(for: local, thickness: Self.markerThickness, in: options,
                                            excluding: dragged)
        return (FlowInsertionPlace(index: local.index + first, line: local.line + firstLine), marker)
    }

    // MARK: The marker

    /// After an allocation: the place under the pointer on the lines just placed, and the marker
    /// at the engine's rectangle for it, moved by the scroll offset.
    func placeMarker() {
        guard reordering.marker != nil else { return }
        guard let pointer = reordering.drag?.pointer,
              let (place, rect) = placeAndMarker(atX: pointer.x, y: pointer.y), let rect else {
            reordering.drag?.place = nil
            return hideMarker()
        }
        reordering.drag!.place = place
        let marker = reordering.marker!
        if gtk_widget_get_visible(marker) == 0 { gtk_widget_set_visible(marker, 1) }
        var ignored: Int32 = 0
        gtk_widget_measure(marker, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        let horizontal = layout.axis == .horizontal
        let offset = viewport.shownOffset
        var allocation = GtkAllocation(x: Int32((horizontal ? rect.x : rect.x - offset).rounded()),
                                       y: Int32((horizontal ? rect.y - offset : rect.y).rounded()),
                                       width: Int32(max(1, rect.width.rounded())),
                                       height: Int32(max(1, rect.height.rounded())))
        gtk_widget_size_allocate(marker, &allocation, -1)
    }

    private func hideMarker() {
        guard let marker = reordering.marker, gtk_widget_get_visible(marker) != 0 else { return }
        gtk_widget_set_visible(marker, 0)
    }

    /// The marker's rectangle in the view as last allocated, while it is shown (for the tests).
    var markerFrame: FlowRect? {
        guard let marker = reordering.marker, gtk_widget_get_visible(marker) != 0 else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(marker, &allocation)
        return FlowRect(x: Double(allocation.x), y: Double(allocation.y),
                        width: Double(allocation.width), height: Double(allocation.height))
    }

    // MARK: Scrolling at the edges

    /// How fast to scroll for the pointer where it is, in pixels a second across the lines
    /// (negative: back towards the start); 0 outside the edge zones.
    func autoScrollVelocity() -> Double {
        guard let pointer = reordering.drag?.pointer else { return 0 }
        let horizontal = layout.axis == .horizontal
        let page = Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
        let along = horizontal ? pointer.y : pointer.x
        let zone = min(Self.autoScrollZone, page / 4)
        guard zone > 0 else { return 0 }
        // 1 at the edge (or past it), a tenth at the zone's inner end.
        func speed(_ depth: Double) -> Double { Self.autoScrollSpeed * (0.1 + 0.9 * min(1, max(0, depth))) }
        if along < zone { return -speed((zone - along) / zone) }
        if along > page - zone { return speed((along - (page - zone)) / zone) }
        return 0
    }

    private func startAutoScroll() {
        guard reordering.autoScroll == nil else { return }
        let id = gtk_widget_add_tick_callback(view, { widget, clock, _ in
            guard let widget else { return 0 }
            let now = clock.map(gdk_frame_clock_get_frame_time) ?? 0
            return MainActor.assumeIsolated { WrapListViewController.of(widget).autoScrollTick(now: now) } ? 1 : 0
        }, nil, nil)
        reordering.autoScroll = (id, 0)
    }

    private func stopAutoScroll() {
        guard let running = reordering.autoScroll else { return }
        reordering.autoScroll = nil
        gtk_widget_remove_tick_callback(view, running.id)
    }

    /// One frame of scrolling at the edge: the adjustment moves by the velocity times the time
    /// since the last frame (a long pause counts as a tenth of a second); the allocation it asks
    /// for moves the marker. Returns whether to keep ticking.
    private func autoScrollTick(now: gint64) -> Bool {
        guard let running = reordering.autoScroll else { return false }
        let velocity = autoScrollVelocity()
        guard velocity != 0, let adjustment = scrollAdjustment else {
            reordering.autoScroll = nil
            return false
        }
        let seconds = running.lastFrame == 0 ? 1.0 / 60 : min(0.1, Double(now - running.lastFrame) / 1_000_000)
        reordering.autoScroll!.lastFrame = now
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let next = min(max(0, value + velocity * seconds), max(0, end))
        if next.rounded() != value.rounded() { gtk_adjustment_set_value(adjustment, next.rounded()) }
        return true
    }

    /// Scrolls as one frame of the edge's scrolling would after `seconds` (for the tests, which
    /// run no frame clock): returns whether the list is scrolling.
    func autoScrollStep(seconds: Double) -> Bool {
        guard reordering.autoScroll != nil else { return false }
        let start = gint64(1_000_000)
        reordering.autoScroll!.lastFrame = start
        return autoScrollTick(now: start + gint64(seconds * 1_000_000))
    }

    var isAutoScrolling: Bool { reordering.autoScroll != nil }

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

    /// Moves item `from` to `to` as the user asked: the app's veto first
    /// (``WrapListView/shouldMoveItem``), then the move in the model where the list can make it,
    /// then ``WrapListView/onItemMoved``; an item that had the focus has it at its new place.
    /// Returns whether the item moved (was reported).
    @discardableResult
    func moveItem(from: Int, to: Int) -> Bool {
        let count = sizes.count
        guard !disposed, !reordering.moving, from != to, from >= 0, to >= 0, from < count, to < count else {
            return false
        }
        if let veto = reordering.shouldMoveItem, !veto(from, to) { return false }
        let hadFocus = items.focusedIndex == from
        let scrolling = viewport.state
        reordering.moving = true
        defer { reordering.moving = false }
        // The moved item keeps the size it was measured at (a new item would start at an estimate).
        let size = sizes.isKnown(from) && sizeProvider == nil ? sizes.items[from] : nil
        let movedHere = moveInModel(from: from, to: to)
        reordering.onItemMoved?(from, to)
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
