import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// Where the items come from: a GListModel (followed through its `items-changed`), or the app's own
// collection, whose count and changes the app tells the view. A change replaces the changed
// items' sizes, breaks the lines again from the first line it can affect (FlowLineTable's
// itemsChanged), and moves the realized widgets, the focus and the first visible item with their
// items.

extension WrapListController {
    func setModel(_ newModel: gpointer?) {
        if let newModel, g_type_check_instance_is_a(newModel.assumingMemoryBound(to: GTypeInstance.self),
                                                     g_list_model_get_type()) == 0 {
            preconditionFailure("WrapListView.setModel: the object is not a GListModel")
        }
        guard newModel != model, !disposed else { return }
        if let newModel { g_object_ref(newModel) }
        let oldCount = sizes.count
        disconnectModel()
        model = newModel
        if let newModel {
            modelHandler = connectItemsChanged(newModel) { [weak self] position, removed, added in
                self?.itemsChanged(at: position, removed: removed, added: added)
            }
        }
        replaceAll(oldCount: oldCount, newCount: newModel.map { Int(g_list_model_get_n_items(OpaquePointer($0))) } ?? 0)
        // No model, no widgets: GtkListView's convention, and what lets an app free them.
        if newModel == nil { tearDownAll() }
        flow_wrap_list_view_notify_model(flow_wrap_list_view_cast(view))
    }

    func setItemCount(_ count: Int) {
        precondition(count >= 0, "WrapListView.setItemCount: \(count) items")
        let hadModel = model != nil
        disconnectModel()
        replaceAll(oldCount: sizes.count, newCount: count)
        if hadModel { flow_wrap_list_view_notify_model(flow_wrap_list_view_cast(view)) }
    }

    func disconnectModel() {
        guard let model else { return }
        if modelHandler != 0 { g_signal_handler_disconnect(model, modelHandler) }
        modelHandler = 0
        g_object_unref(model)
        self.model = nil
    }

    private func replaceAll(oldCount: Int, newCount: Int) {
        for index in realized.keys.sorted() { recycle(index) }
        sizes = ItemSizes()
        sizes.replace(at: 0, removed: 0, added: newCount, provider: sizeProvider)
        measureFirstItems()
        anchor = nil
        invalidateTable()
        _ = oldCount
    }

    func withItem<Result>(at index: Int, _ body: (gpointer?) -> Result) -> Result {
        guard let model, index >= 0, index < sizes.count,
              let item = g_list_model_get_item(OpaquePointer(model), guint(index)) else { return body(nil) }
        defer { g_object_unref(item) }
        return body(item)
    }

    /// `removed` items at `position` were replaced by `added` new ones.
    func itemsChanged(at position: Int, removed: Int, added: Int) {
        precondition(position >= 0 && removed >= 0 && added >= 0 && position + removed <= sizes.count,
                     "WrapListView.itemsChanged: \(removed) items removed at \(position) of \(sizes.count)")
        guard !disposed, removed > 0 || added > 0 else { return }
        let hadFocus = focusedIndex.map { (position..<position + removed).contains($0) } ?? false
        moveRealized(position: position, removed: removed, added: added)
        sizes.replace(at: position, removed: removed, added: added, provider: sizeProvider)
        if table != nil {
            table!.itemsChanged(at: position, removed: removed, added: added, items: sizes.items)
            statistics.tableUpdates += 1
        }
        spareTable = nil
        if let current = anchor {
            if current.index >= position + removed { anchor = (current.index + added - removed, current.delta) }
            else if current.index >= position { anchor = (position, current.delta) }
        }
        if let reveal = pendingReveal, reveal >= position {
            pendingReveal = reveal >= position + removed ? reveal + added - removed : nil
        }
        tableMoved = true
        scheduleIdleMeasuring()
        gtk_widget_queue_resize(view)
        updateItemPositions()
        // The focused item went away: the focus goes to the item now in its place.
        if hadFocus, sizes.count > 0 { focus(item: min(position, sizes.count - 1)) }
    }

    /// Unbinds the removed items' widgets and renumbers the realized items after them.
    private func moveRealized(position: Int, removed: Int, added: Int) {
        for index in realized.keys.sorted() where index >= position && index < position + removed {
            recycle(index)
        }
        guard added != removed else { return }
        var moved: [Int: Widget] = [:]
        moved.reserveCapacity(realized.count)
        for (index, widget) in realized {
            moved[index >= position + removed ? index + added - removed : index] = widget
        }
        realized = moved
    }
}
