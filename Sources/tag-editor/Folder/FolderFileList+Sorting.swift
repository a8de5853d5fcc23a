// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

// Sorting the file list as GTK lists sort: each column has a sorter, a click on its header sorts
// by it and a second click reverses, the header shows the order; the rows' menu has the same
// (Sort by, Reverse Order) for the keyboard. The rows themselves are sorted here with keys made
// once per text (FolderFileOrder), not by GtkSortListModel: GTK 4.8's column view sorter offers
// no sort keys, so a GtkSortListModel would call a compare function into Swift some 1.7 million
// times for 100,000 rows; its order is read from the column view's sorter instead.
extension FolderFileList {
    /// Lists up to this long are sorted at once; longer ones on a thread of their own, the rows
    /// shown meanwhile in the order they came in.
    static let sortAtOnceLimit = 5_000

    /// Shows `newFiles`, sorted as the list is.
    func show(_ newFiles: [FolderFile]) {
        files = newFiles
        sortAndShow(keepingOrderMeanwhile: false)
    }

    /// Whether a sort runs on its thread (for the state report).
    var isSorting: Bool { sortJob != nil || sortWaitsForPaint }

    /// Sorts ``files`` and shows them. A long list is sorted on a thread; until it ends, the rows
    /// shown are kept (`keepingOrderMeanwhile`: a header clicked) or are the files in the order
    /// they came in (a filter changed: the rows must be the filter's at once).
    private func sortAndShow(keepingOrderMeanwhile: Bool) {
        sortGeneration += 1
        let generation = sortGeneration, sorting = sorting
        if files.count <= Self.sortAtOnceLimit {
            sortJob?.abandon()
            sortJob = nil
            sortWaitsForPaint = false
            let rows = files.map(FolderFileOrder.Row.init)
            show(inOrder: FolderFileOrder.sorted(rows, by: sorting, keys: &sortKeys))
            return
        }
        if !keepingOrderMeanwhile { show(inOrder: files.map(\.path)) }
        sortJob?.abandon()
        sortJob = nil
        // After the frame that shows the rows: the sort's thread does not take a core from it.
        sortWaitsForPaint = true
        afterNextPaint { [weak self] in
            guard let self, generation == self.sortGeneration else { return }
            self.sortWaitsForPaint = false
            self.startSort(generation, sorting)
        }
    }

    /// Runs `body` once the next frame is painted (at once when the list is not on screen).
    private func afterNextPaint(_ body: @escaping @MainActor () -> Void) {
        guard gtk_widget_get_mapped(columnView) != 0, let clock = gtk_widget_get_frame_clock(columnView) else { return body() }
        final class Handler { var id: gulong = 0 }
        let handler = Handler()
        handler.id = connectSignal(UnsafeMutableRawPointer(clock), "after-paint") {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler.id)
            body()
        }
        gtk_widget_queue_draw(columnView)
    }

    private func startSort(_ generation: Int, _ sorting: FolderFileOrder.Sorting) {
        let given = files, keys = sortKeys
        let result = SharedValue<(order: [String], keys: FolderFileOrder.Keys)?>(nil)
        sortJob = BackgroundJob(work: { _ in
            // Work the window can wait for: the thread yields to the main thread (on Linux, nice
            // is each thread's own, and `who` 0 names the calling thread).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            var keys = keys
            let order = FolderFileOrder.sorted(given.map(FolderFileOrder.Row.init), by: sorting, keys: &keys)
            result.withLock { $0 = (order, keys) }
        }) { [weak self] finished in
            guard finished, let self, generation == self.sortGeneration, let (order, keys) = result.value else { return }
            self.sortJob = nil
            self.sortKeys = keys
            self.show(inOrder: order)
            self.onSorted?()
        }
    }

    /// The columns' sorters (the rows start by path, no header sorting), the sort actions of the
    /// rows' menu.
    func setUpSorting() {
        probeItems = [gtk_string_object_new("a")!, gtk_string_object_new("b")!]
        if let sorter = gtk_column_view_get_sorter(OpaquePointer(columnView)) {
            connectSignal(UnsafeMutableRawPointer(sorter), "changed") { [weak self] (_: gpointer?) in self?.sorterChanged() }
        }
        let group = g_simple_action_group_new()!
        let by = g_simple_action_new_stateful("sort-by", g_variant_type_new("s"), g_variant_new_string(sorting.name))!
        let descending = g_simple_action_new_stateful("sort-descending", nil, g_variant_new_boolean(0))!
        connectSignal(UnsafeMutableRawPointer(by), "change-state") { [weak self] (value: gpointer?) in
            guard let self, let value, let text = g_variant_get_string(OpaquePointer(value), nil) else { return }
            let name = String(cString: text)
            guard name == "path" || Column(rawValue: name) != nil else { return }
            self.sort(by: FolderFileOrder.Sorting(column: Column(rawValue: name), descending: false))
        }
        connectSignal(UnsafeMutableRawPointer(descending), "change-state") { [weak self] (value: gpointer?) in
            guard let self, let value else { return }
            self.sort(by: FolderFileOrder.Sorting(column: self.sorting.column, descending: g_variant_get_boolean(OpaquePointer(value)) != 0))
        }
        for action in [by, descending] {
            g_action_map_add_action(cgtk_action_map(UnsafeMutableRawPointer(group)), cgtk_action(UnsafeMutableRawPointer(action)))
            g_object_unref(UnsafeMutableRawPointer(action))
        }
        sortActions = (by, descending)
        gtk_widget_insert_action_group(columnView, "files", OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    /// The rows' menu's sorting section: Sort by Path, Name, Folder or Tags, Reverse Order.
    func sortMenuSection() -> UnsafeMutablePointer<GMenuModel> {
        let section = g_menu_new()!
        for (name, label) in [("path", tr("Sort by _Path")), (Column.name.rawValue, tr("Sort by _Name")), (Column.folder.rawValue, tr("Sort by _Folder")),
                              (Column.tags.rawValue, tr("Sort by _Tags"))] {
            let item = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(item, "files.sort-by", g_variant_new_string(name))
            g_menu_append_item(section, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        g_menu_append(section, tr("_Reverse Order"), "files.sort-descending")
        return UnsafeMutableRawPointer(section).assumingMemoryBound(to: GMenuModel.self)
    }

    /// Sorts by `wanted` (from the rows' menu): the column view's sorter is told too, so the
    /// header shows it (by path, no header: the view unsorted).
    func sort(by wanted: FolderFileOrder.Sorting) {
        let column = viewColumns.first { $0.column == wanted.column }?.pointer
        settingViewSorter = true
        gtk_column_view_sort_by_column(OpaquePointer(columnView), column, wanted.descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING)
        settingViewSorter = false
        apply(wanted)
    }

    /// The column view's sorter changed (a header clicked): the rows follow it.
    private func sorterChanged() {
        guard !settingViewSorter else { return }
        apply(sortingOfView())
    }

    private func apply(_ wanted: FolderFileOrder.Sorting) {
        guard wanted != sorting else { return }
        sorting = wanted
        if let (by, descending) = sortActions {
            g_simple_action_set_state(by, g_variant_new_string(wanted.name))
            g_simple_action_set_state(descending, g_variant_new_boolean(wanted.descending ? 1 : 0))
        }
        sortAndShow(keepingOrderMeanwhile: true)
        onSortingChanged?()
    }

    /// The order the column view's sorter stands for. GTK 4.8 has no getter for it
    /// (`gtk_column_view_sorter_get_primary_sort_column` is 4.10), but its compare asks the
    /// primary column's sorter first and inverts the answer when descending: asked about two
    /// items while each column's sorter notes that it was asked, it says both. No column: by path.
    private func sortingOfView() -> FolderFileOrder.Sorting {
        guard let sorter = gtk_column_view_get_sorter(OpaquePointer(columnView)), probeItems.count == 2 else { return .byPath }
        probedColumn = nil
        isProbing = true
        let order = gtk_sorter_compare(sorter, UnsafeMutableRawPointer(probeItems[0]), UnsafeMutableRawPointer(probeItems[1]))
        isProbing = false
        guard let column = probedColumn, order != GTK_ORDERING_EQUAL else { return .byPath }
        return FolderFileOrder.Sorting(column: column, descending: order == GTK_ORDERING_LARGER)
    }

    /// A column's sorter: its compare orders two rows as ``FolderFileOrder`` does.
    func makeSorter(_ column: Column) -> UnsafeMutablePointer<GtkSorter> {
        let box = Unmanaged.passRetained(SorterHandler(column: column, list: self)).toOpaque()
        let sorter = gtk_custom_sorter_new(sorterCompare, box, releaseSorterHandler)!
        return UnsafeMutableRawPointer(sorter).assumingMemoryBound(to: GtkSorter.self)
    }

    /// Two rows (GtkStringObjects of paths) compared by `column`, ascending; while the order is
    /// being read, the column notes that it was asked.
    fileprivate func compare(_ a: OpaquePointer, _ b: OpaquePointer, by column: Column) -> Int32 {
        if isProbing {
            if probedColumn == nil { probedColumn = column }
            return GTK_ORDERING_SMALLER.rawValue
        }
        guard let first = gtk_string_object_get_string(a), let second = gtk_string_object_get_string(b) else { return 0 }
        let (x, y) = (String(cString: first), String(cString: second))
        guard x != y, let left = fileAt(x), let right = fileAt(y) else { return 0 }
        let order = FolderFileOrder.sorted([.init(left), .init(right)], by: .init(column: column, descending: false), keys: &sortKeys)
        return order.first == x ? GTK_ORDERING_SMALLER.rawValue : GTK_ORDERING_LARGER.rawValue
    }

    /// The headers' title widgets, in column order (for the state report and the tests' clicks).
    var headerTitles: [Widget] {
        var found: [Widget] = []
        func walk(_ widget: Widget) {
            if typeName(of: widget) == "GtkColumnViewTitle" { found.append(widget); return }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                walk(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        walk(columnView)
        return found
    }
}

private final class SorterHandler: @unchecked Sendable {
    let column: FolderFileOrder.Column
    weak var list: FolderFileList?
    init(column: FolderFileOrder.Column, list: FolderFileList) {
        self.column = column
        self.list = list
    }
}

private let sorterCompare: @convention(c) (gconstpointer?, gconstpointer?, gpointer?) -> gint = { a, b, data in
    guard let a, let b, let data else { return 0 }
    let handler = Unmanaged<SorterHandler>.fromOpaque(data).takeUnretainedValue()
    // GTK sorts on the main thread, where the items were made.
    nonisolated(unsafe) let (left, right) = (OpaquePointer(a), OpaquePointer(b))
    return MainActor.assumeIsolated { handler.list?.compare(left, right, by: handler.column) ?? 0 }
}

private let releaseSorterHandler: @convention(c) (gpointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<SorterHandler>.fromOpaque(data).release()
}
