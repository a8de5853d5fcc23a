import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// Widgets for the items in view only: an allocation realizes the items of the lines around the
// viewport (binding a widget to each), and recycles the others' widgets (unbinding them, and
// keeping a few spares, hidden, for the next items to scroll in). The item with the keyboard focus
// keeps its widget wherever it scrolls, so the focus survives. Realized widgets are the view's
// children in item order (the order GTK draws them, Tab visits them and screen readers read them).

extension WrapListController {
    /// How many unbound widgets are kept for reuse beyond those just recycled.
    static let spareWidgets = 32

    /// Gives a widget to every item of `items` (and keeps the focused item's), recycling the rest.
    func realize(_ items: Range<Int>) {
        // A FlowWrapListView without a `setup` handler yet shows nothing.
        let items = factory.canSetUp() ? items : 0..<0
        let kept = focusedIndex
        for index in realized.keys where !items.contains(index) && index != kept { recycle(index) }
        var added = false
        for index in items where realized[index] == nil {
            bindWidget(to: index)
            added = true
        }
        trimPool()
        if added { syncChildOrder() }
    }

    /// Binds a widget (a spare, or a new one) to item `index`.
    @discardableResult
    func bindWidget(to index: Int) -> Widget {
        if let widget = realized[index] { return widget }
        let widget = pool.popLast() ?? makeItemWidget()
        factory.bind(widget, index)
        statistics.binds += 1
        flow_wrap_list_view_set_item_position(widget, Int32(clamping: index + 1), Int32(clamping: sizes.count))
        gtk_widget_set_child_visible(widget, 1)
        realized[index] = widget
        return widget
    }

    /// Unbinds item `index`'s widget and keeps it as a spare.
    func recycle(_ index: Int) {
        guard let widget = realized.removeValue(forKey: index) else { return }
        gtk_widget_set_child_visible(widget, 0)
        factory.unbind(widget, index)
        pool.append(widget)
    }

    /// A new item widget from the factory, a child of the view (hidden until bound).
    func makeItemWidget() -> Widget {
        let widget = factory.setup()
        precondition(gtk_widget_get_parent(widget) == nil,
                     "WrapListView: the factory's setup returned a \(typeName(of: widget)) that already has a parent (\(gtk_widget_get_parent(widget).map { typeName(of: $0) } ?? ""))")
        if !factory.setupTransfersReference { retainWidget(widget) }
        statistics.setups += 1
        gtk_widget_set_child_visible(widget, 0)
        gtk_widget_set_parent(widget, view)
        return widget
    }

    /// Tears a widget down: the factory's teardown, out of the view, and the reference dropped.
    func tearDown(_ widget: Widget) {
        factory.teardown(widget)
        statistics.teardowns += 1
        if gtk_widget_get_parent(widget) == view { gtk_widget_unparent(widget) }
        releaseWidget(widget)
    }

    private func trimPool() {
        while pool.count > Self.spareWidgets { tearDown(pool.removeLast()) }
    }

    /// Puts the realized widgets first among the view's children, in item order.
    private func syncChildOrder() {
        var previous: Widget? = nil
        for index in realized.keys.sorted() {
            let widget = realized[index]!
            let current = previous.map { gtk_widget_get_next_sibling($0) } ?? gtk_widget_get_first_child(view)
            if current != widget { gtk_widget_insert_after(widget, view, previous) }
            previous = widget
        }
    }

    /// Tells each realized widget its item's place again (the count or the positions changed).
    func updateItemPositions() {
        for (index, widget) in realized {
            flow_wrap_list_view_set_item_position(widget, Int32(clamping: index + 1), Int32(clamping: sizes.count))
        }
    }

    /// The item whose widget holds the keyboard focus (or contains it), if any.
    var focusedIndex: Int? {
        guard let child = gtk_widget_get_focus_child(view) else { return nil }
        return realized.first { $0.value == child }?.key
    }
}
