// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// The list's item widgets, as GtkListItemManager keeps GtkListView's: it makes them with the
// factory, binds them to items, recycles them into a pool of spares, and keeps the off-screen
// probe that measures items in idle time. It knows nothing of lines or scrolling: the controller
// tells it which items to show.

/// The widgets of a ``WrapListView``'s items: realized (bound to an item), spare, or the probe.
@MainActor
final class WrapListItemManager {
    /// How many unbound widgets are kept for reuse beyond those just recycled.
    static let spareWidgets = 32

    /// The view the item widgets are children of (not retained: it owns the list).
    let view: Widget
    private(set) var factory: WrapListItemFactory
    /// The widget bound to each realized item. Realized widgets are the view's children in item
    /// order (the order GTK draws them, Tab visits them and screen readers read them).
    private(set) var realized: [Int: Widget] = [:]
    /// Unbound widgets, hidden, for the next items to scroll in.
    private var pool: [Widget] = []
    /// The off-screen widget idle measuring binds each unmeasured item to.
    private var probe: Widget?
    /// Widgets made by `setup`, bound by `bind`, and torn down.
    private(set) var counts = (setups: 0, binds: 0, teardowns: 0)
    /// Told of each item widget made from now on (not the probe), of each widget that stops
    /// showing its item, and of each torn down: reordering's drag sources follow the widgets.
    var widgetMade: ((Widget) -> Void)?
    var widgetRecycled: ((Widget) -> Void)?
    var widgetTornDown: ((Widget) -> Void)?
    /// Told of each widget bound to an item (the selection shows on it).
    var widgetBound: ((Widget, Int) -> Void)?

    init(view: Widget, factory: WrapListItemFactory) {
        self.view = view
        self.factory = factory
    }

    /// Whether the factory can make a widget now (a FlowWrapListView's, once `setup` is connected).
    var canMakeWidgets: Bool { factory.canSetUp() }

    /// Tears every widget down and takes `factory`'s from now on.
    func replaceFactory(_ newFactory: WrapListItemFactory) {
        tearDownAll()
        factory = newFactory
    }

    /// The realized items in order, with their widgets.
    var realizedItems: [(index: Int, widget: Widget)] {
        realized.keys.sorted().map { ($0, realized[$0]!) }
    }

    /// The item whose widget holds the keyboard focus (or contains it), if any.
    var focusedIndex: Int? {
        guard let child = gtk_widget_get_focus_child(view) else { return nil }
        return realized.first { $0.value == child }?.key
    }

    /// The widgets that can show items: the realized ones and the spares (not the probe).
    var itemWidgets: [Widget] { Array(realized.values) + pool }

    /// Gives a widget to every item of `items` and keeps `kept`'s (the focused item's, so the
    /// focus survives a scroll, and a dragged one's), recycling the rest. `count` is the number
    /// of items.
    func realize(_ items: Range<Int>, keeping kept: [Int], count: Int) {
        // A FlowWrapListView without a `setup` handler yet shows nothing.
        let items = canMakeWidgets ? items : 0..<0
        for index in realized.keys where !items.contains(index) && !kept.contains(index) { recycle(index) }
        var added = false
        for index in items where realized[index] == nil {
            bindWidget(to: index, count: count)
            added = true
        }
        trimPool()
        if added { syncChildOrder() }
    }

    /// Binds a widget (a spare, or a new one) to item `index` of `count`.
    @discardableResult
    func bindWidget(to index: Int, count: Int) -> Widget {
        if let widget = realized[index] { return widget }
        let widget = pool.popLast() ?? madeAndTold()
        factory.bind(widget, index)
        counts.binds += 1
        flow_interaction_set_item_position(widget, Int32(clamping: index + 1), Int32(clamping: count))
        gtk_widget_set_child_visible(widget, 1)
        realized[index] = widget
        widgetBound?(widget, index)
        return widget
    }

    /// Unbinds item `index`'s widget and keeps it as a spare.
    func recycle(_ index: Int) {
        guard let widget = realized.removeValue(forKey: index) else { return }
        widgetRecycled?(widget)
        gtk_widget_set_child_visible(widget, 0)
        factory.unbind(widget, index)
        pool.append(widget)
    }

    /// Recycles every realized widget.
    func recycleAll() {
        for index in realized.keys.sorted() { recycle(index) }
    }

    /// Unbinds every realized item and tears down every widget, spares and the probe included.
    func tearDownAll() {
        recycleAll()
        for widget in pool { tearDown(widget) }
        pool.removeAll()
        if let probe { tearDown(probe) }
        probe = nil
    }

    /// `removed` items at `position` were replaced by `added`: the removed items' widgets are
    /// recycled, the realized items after them renumbered, and every widget told its place again.
    func itemsChanged(at position: Int, removed: Int, added: Int, count: Int) {
        for index in realized.keys.sorted() where index >= position && index < position + removed {
            recycle(index)
        }
        if added != removed {
            var moved: [Int: Widget] = [:]
            moved.reserveCapacity(realized.count)
            for (index, widget) in realized {
                moved[index >= position + removed ? index + added - removed : index] = widget
            }
            realized = moved
        }
        for (index, widget) in realized {
            flow_interaction_set_item_position(widget, Int32(clamping: index + 1), Int32(clamping: count))
        }
    }

    /// Item `index` measured from the probe widget, bound to it for the measuring only.
    func measureWithProbe(_ index: Int, axis: FlowAxis) -> FlowItem {
        let probe = self.probe ?? makeProbe()
        factory.bind(probe, index)
        let item = measuredItem(probe, axis: axis)
        factory.unbind(probe, index)
        return item
    }

    var allocatedByteCount: Int {
        realized.capacity * (MemoryLayout<Int>.stride + MemoryLayout<Widget>.stride)
    }

    // MARK: Making and tearing down

    /// A new item widget from the factory, a child of the view (hidden until bound).
    private func makeItemWidget() -> Widget {
        let widget = factory.setup()
        precondition(gtk_widget_get_parent(widget) == nil,
                     "WrapListView: the factory's setup returned a \(typeName(of: widget)) that already has a parent (\(gtk_widget_get_parent(widget).map { typeName(of: $0) } ?? ""))")
        if !factory.setupTransfersReference { retainWidget(widget) }
        flow_interaction_make_list_item(widget)
        counts.setups += 1
        gtk_widget_set_child_visible(widget, 0)
        gtk_widget_set_parent(widget, view)
        return widget
    }

    /// A new widget to show items, of which ``widgetMade`` is told.
    private func madeAndTold() -> Widget {
        let widget = makeItemWidget()
        widgetMade?(widget)
        return widget
    }

    private func makeProbe() -> Widget {
        let widget = makeItemWidget()
        // Never shown, so no item of the list for a screen reader (it holds the last item it measured).
        cgtk_accessible_set_hidden(widget, 1)
        probe = widget
        return widget
    }

    /// Tears a widget down: the factory's teardown, out of the view, and the reference dropped.
    private func tearDown(_ widget: Widget) {
        widgetTornDown?(widget)
        factory.teardown(widget)
        counts.teardowns += 1
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
}
