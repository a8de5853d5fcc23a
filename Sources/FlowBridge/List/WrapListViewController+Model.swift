// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// Where the items come from: a GListModel (followed through its `items-changed`), or the app's own
// collection, whose count and changes the app tells the view. A change replaces the changed
// items' sizes, breaks the lines again from the first line it can affect (FlowLineTable's
// itemsChanged), and moves the realized widgets, the focus and the anchor with their items.

extension WrapListViewController {
    func setModel(_ newModel: gpointer?) {
        if let newModel, g_type_check_instance_is_a(newModel.assumingMemoryBound(to: GTypeInstance.self),
                                                     g_list_model_get_type()) == 0 {
            preconditionFailure("WrapListView.setModel: the object is not a GListModel")
        }
        guard newModel != model, !disposed else { return }
        if let newModel { g_object_ref(newModel) }
        disconnectModel()
        model = newModel
        if let newModel {
            modelHandler = connectItemsChanged(newModel) { [weak self] position, removed, added in
                self?.itemsChanged(at: position, removed: removed, added: added)
            }
            followSelection(of: newModel)
        }
        replaceAll(newCount: newModel.map { Int(g_list_model_get_n_items(OpaquePointer($0))) } ?? 0)
        // No model, no widgets: GtkListView's convention, and what lets an app free them.
        if newModel == nil { items.tearDownAll() }
        flow_wrap_list_view_notify_model(flow_wrap_list_view_cast(view))
    }

    func setItemCount(_ count: Int) {
        precondition(count >= 0, "WrapListView.setItemCount: \(count) items")
        let hadModel = model != nil
        disconnectModel()
        replaceAll(newCount: count)
        if hadModel { flow_wrap_list_view_notify_model(flow_wrap_list_view_cast(view)) }
    }

    func disconnectModel() {
        guard let model else { return }
        if modelHandler != 0 { g_signal_handler_disconnect(model, modelHandler) }
        modelHandler = 0
        if selectionHandler != 0 { g_signal_handler_disconnect(model, selectionHandler) }
        selectionHandler = 0
        interaction.selection = nil
        g_object_unref(model)
        self.model = nil
    }

    /// A GtkSelectionModel is the list's selection, as GtkGridView's model is: the user's clicks
    /// and keys change it through its own API, and the item widgets show what it says. A plain
    /// GListModel gives no selection (GtkGridView would need it wrapped in a GtkNoSelection).
    private func followSelection(of model: gpointer) {
        guard g_type_check_instance_is_a(model.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_selection_model_get_type()) != 0 else { return }
        interaction.selection = ModelSelection(model: OpaquePointer(model), filter: { [weak self] in self?.sizes.filter })
        // The model speaks of model indices; the widgets are of the positions shown.
        selectionHandler = connectSelectionChanged(model) { [weak self] position, count in
            guard let self else { return }
            let shown = self.sizes.positions(ofModel: position..<position + count)
            self.interaction.selectionChanged(shown)
            self.listItemsSelectionChanged(shown)
        }
    }

    private func replaceAll(newCount: Int) {
        items.recycleAll()
        sizes = ShownItems()
        _ = sizes.replace(at: 0, removed: 0, added: newCount, provider: sizeProvider)
        measureFirstItems()
        viewport.forgetAnchor()
        invalidateTable()
    }

    func withItem<Result>(at index: Int, _ body: (gpointer?) -> Result) -> Result {
        guard let model, index >= 0, index < sizes.count,
              let item = g_list_model_get_item(OpaquePointer(model), guint(sizes.modelIndex(index))) else { return body(nil) }
        defer { g_object_unref(item) }
        return body(item)
    }

    /// How many items past the realized ones a change breaks into lines at once (a page of small
    /// chips several times over); the lines after them are settled in idle time.
    static let breakingAhead = 2_000

    /// How many items one idle run breaks into lines again (about half a millisecond).
    static let settlingBudget = 100_000

    /// Settles the table's lines after a change in idle time, a budget at a time: the table's
    /// size (the scrollbar) then follows.
    func scheduleIdleSettling() {
        guard settleSource == 0, !disposed, tableNeedsSettling else { return }
        settleSource = runWhenIdle { [weak self] in
            guard let self else { return }
            self.settleSource = 0
            guard !self.disposed, self.table != nil else { return }
            let size = self.table!.size
            self.table!.settle(items: self.sizes.items, breakingAtMost: Self.settlingBudget)
            self.counters.tableUpdates += 1
            if self.table!.size != size { gtk_widget_queue_resize(self.view) }
            self.scheduleIdleSettling()
        }
    }

    /// Whether the table has an unsettled line that changes its size once settled. One that spans
    /// items at the estimate is already its lines' length: it is settled only as the view comes to
    /// show it (settleLines), so a million labels never shown are never broken into lines.
    var tableNeedsSettling: Bool {
        guard let table, table.unsettledLine != nil else { return false }
        return !table.unsettledLineSpansUniformItems
    }

    /// Settles the lines until the unsettled one (which may stand for many items, at the
    /// thickness of the line before it) lies past `crossEnd`: the lines a view shows are always
    /// the layout's. Returns whether the table changed.
    func settleLines(through crossEnd: Double) -> Bool {
        var settled = false
        while let unsettled = table?.unsettledLine, table![unsettled].crossOffset <= crossEnd {
            table!.settle(items: sizes.items, breakingAtMost: Self.breakingAhead)
            counters.tableUpdates += 1
            settled = true
        }
        if settled { scheduleIdleSettling() }
        return settled
    }

    /// Settles the lines until the unsettled one starts past item `index` (an item to reveal,
    /// which may lie among the lines spanned at the estimate). Returns whether the table changed.
    func settleLines(throughItem index: Int) -> Bool {
        var settled = false
        while let unsettled = table?.unsettledLine, table![unsettled].items.lowerBound <= index {
            let start = table![unsettled].items.lowerBound
            table!.settle(items: sizes.items, breakingAtMost: index - start + Self.breakingAhead)
            counters.tableUpdates += 1
            settled = true
        }
        if settled { scheduleIdleSettling() }
        return settled
    }

    /// `removed` model items at `position` were replaced by `added` new ones (with a filter, the
    /// items removed leave it and the ones added are not shown until the next ``setFilter(_:)``).
    func itemsChanged(at position: Int, removed: Int, added: Int) {
        precondition(position >= 0 && removed >= 0 && added >= 0 && position + removed <= sizes.model.count,
                     "WrapListView.itemsChanged: \(removed) items removed at \(position) of \(sizes.model.count)")
        guard !disposed, removed > 0 || added > 0 else { return }
        let change = sizes.replace(at: position, removed: removed, added: added, provider: sizeProvider)
        positionsChanged(change)
    }

    /// Shows only the model items at `modelIndices` (ascending), or every one (`nil`): the one run
    /// of positions that differs is what changes; no size is asked for or measured again.
    func setFilter(_ modelIndices: [Int]?) {
        guard !disposed else { return }
        guard let change = sizes.setFilter(modelIndices) else { return }
        counters.filterChanges += 1
        positionsChanged(change)
    }

    /// The items at `change.position` and after moved, as `change` says:
    /// the realized widgets, the lines and the viewport follow.
    private func positionsChanged(_ change: ShownItems.Change) {
        let (position, removed, added) = (change.position, change.removed, change.added)
        let hadFocus = items.focusedIndex.map { (position..<position + removed).contains($0) } ?? false
        // The lines up to the realized items and a page past them are broken again now; the
        // rest, which a million items that never line up with the old lines again make
        // milliseconds of work, in idle time (scheduleIdleSettling).
        // The realized items past the change move with it; those inside it give their places to
        // the items added there (a filter taken off brings a million where sixty were shown).
        let shownEnd = items.realized.keys.max().map { last in
            last >= position + removed ? last + 1 - removed + added : max(position, min(last + 1, position + added))
        } ?? position
        items.itemsChanged(at: position, removed: removed, added: added, count: sizes.count)
        if removed > 0 || added > 0, table != nil {
            table!.itemsChanged(at: position, removed: removed, added: added, items: sizes.items,
                                breakingAtMost: shownEnd - position + Self.breakingAhead)
            counters.tableUpdates += 1
            scheduleIdleSettling()
        }
        spareTable = nil
        viewport.itemsChanged(at: position, removed: removed, added: added)
        filteredItemsMeasured = false
        scheduleIdleMeasuring()
        gtk_widget_queue_resize(view)
        // The focused item went away: the focus goes to the item now in its place (unless the
        // user is moving it: then it comes back with its item).
        if hadFocus, sizes.count > 0, !interaction.isMoving { focus(item: min(position, sizes.count - 1)) }
    }
}
