// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

/// The folder view's file list: a GtkColumnView (name, folder, tags) over a list model of the
/// paths shown (``PathListModel``), so only the rows on screen have widgets however many files match. Each row's
/// text comes from the view's index when GTK binds it; a filter replaces the list's strings.
/// The rows are in natural order by a column (`FolderFileList+Sorting.swift`).
@MainActor
final class FolderFileList {
    /// The scrolled window holding the column view.
    let widget: Widget
    let columnView: Widget
    /// The rows' model (its GObject is the selection's model).
    let rows = PathListModel()
    let selection: OpaquePointer
    /// The file of a path, for the rows' text.
    let fileAt: @MainActor (String) -> FolderFile?
    /// The paths shown, in order.
    var shown: [String] = []
    /// The files to show (in any order) and how they are sorted; the keys kept for sorting
    /// again; the sort running on a thread of its own for a long list.
    var files: [FolderFile] = []
    var sorting = FolderFileOrder.Sorting.byPath
    var sortKeys = FolderFileOrder.Keys()
    var sortJob: BackgroundJob?
    var sortWaitsForPaint = false
    var sortGeneration = 0
    /// The columns, in order, and the two items the column view's sorter is asked about to learn
    /// its order (`FolderFileList+Sorting.swift`).
    var viewColumns: [(column: Column, pointer: OpaquePointer)] = []
    var probeItems: [OpaquePointer] = []
    var probedColumn: Column?
    var isProbing = false
    var settingViewSorter = false
    /// Called when a sort on its thread has put the rows in order, and when the sorting changed.
    var onSorted: (@MainActor () -> Void)?
    var onSortingChanged: (@MainActor () -> Void)?
    /// The sort actions (`files.sort-by`, `files.sort-descending`) of the rows' menu.
    var sortActions: (by: OpaquePointer, descending: OpaquePointer)?
    /// The name labels of the rows GTK has bound now, by path (for the state report).
    private(set) var boundRows: [String: Widget] = [:]
    /// The folder the view shows: the folder column names folders from it.
    var root = ""
    /// Called when the selection changes.
    var onSelectionChanged: (@MainActor () -> Void)?
    /// Called with a row's path when it is activated (a double-click, Enter).
    var onActivate: (@MainActor (String) -> Void)?
    /// The row each cell's label shows now, for a right-click (GTK 4.8's column view says no
    /// row under a point).
    private var rowOfLabel: [Widget: String] = [:]
    /// The rows' context menu, made on its first use and kept (``release()`` unparents it).
    private var menu: Widget?
    private var menuModel: UnsafeMutablePointer<GMenuModel>?

    /// The list's description (Resources/ui/folder-file-list.ui), kept with the list: its
    /// columns' factories and the columns themselves are found in it by id.
    private let ui = UIDescription("folder-file-list")

    typealias Column = FolderFileOrder.Column

    init(fileAt: @escaping @MainActor (String) -> FolderFile?) {
        self.fileAt = fileAt
        widget = ui.widget("list")
        columnView = ui.widget("columns")
        selection = ui.object("selection")
        // The selection takes a reference of its own: the model goes with it.
        gtk_multi_selection_set_model(selection, rows.object)
        g_object_unref(UnsafeMutableRawPointer(rows.object))
        for column in Column.allCases { setUpColumn(column) }
        setUpSorting()
        connectSelectionChanged { [weak self] in self?.onSelectionChanged?() }
        leavesOnTab()
        connectActivate { [weak self] position in
            guard let self, position < self.shown.count else { return }
            self.onActivate?(self.shown[position])
        }
    }

    /// A column of the description (its id the column's name): its cells, made and given their
    /// text by its factory's signals, and its sorter.
    private func setUpColumn(_ column: Column) {
        let raw = UnsafeMutableRawPointer(ui.object(column.rawValue + "_cells"))
        connectSignal(raw, "setup") { (item: gpointer?) in
            guard let item else { return }
            let label = gtk_label_new("")!
            gtk_label_set_xalign(cgtk_label(label), 0)
            gtk_label_set_ellipsize(cgtk_label(label), column == .folder ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END)
            gtk_list_item_set_child(OpaquePointer(item), label)
            // GTK 4.8's column view selects on a press in the cell and again in its row: a
            // Ctrl+click toggled the row twice and left the selection as it was. The row alone
            // selects.
            gtk_list_item_set_selectable(OpaquePointer(item), 0)
        }
        connectSignal(raw, "bind") { [weak self] (item: gpointer?) in
            guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)),
                  let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let text = gtk_string_object_get_string(OpaquePointer(object)) else { return }
            let path = String(cString: text)
            gtk_label_set_text(cgtk_label(label), self.text(of: path, column))
            self.rowOfLabel[label] = path
            if column == .name { self.boundRows[path] = label }
        }
        if column == .name {
            connectSignal(raw, "unbind") { [weak self] (item: gpointer?) in
                guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)) else { return }
                self.boundRows = self.boundRows.filter { $0.value != label }
            }
        }
        let viewColumn = ui.object(column.rawValue), sorter = makeSorter(column)
        // The column takes a reference of its own: the sorter, and its handler, go with it.
        gtk_column_view_column_set_sorter(viewColumn, sorter)
        g_object_unref(UnsafeMutableRawPointer(sorter))
        viewColumns.append((column, viewColumn))
    }

    /// A row's text in a column.
    func text(of path: String, _ column: Column) -> String {
        guard let file = fileAt(path) else { return column == .name ? path : "" }
        switch column {
        case .name: return file.folderAndName.name
        case .folder: return Self.shownFolder(file.folderAndName.folder, under: root)
        case .tags: return file.tags.joined(separator: ", ")
        }
    }

    /// A file's folder as the list shows it: from the viewed folder's own name down
    /// ("Pictures/2024/trip" under ~/Pictures), shorter than the absolute path and never empty;
    /// a folder outside it (not expected) whole.
    nonisolated static func shownFolder(_ folder: String, under root: String) -> String {
        guard !root.isEmpty else { return folder }
        let rootName = root == "/" ? "/" : String(root.split(separator: "/").last ?? Substring(root))
        if folder == root { return rootName }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard folder.hasPrefix(prefix) else { return folder }
        return (rootName == "/" ? "" : rootName) + "/" + folder.dropFirst(prefix.count)
    }

    /// Shows exactly `paths`, in that order, the selected rows kept selected.
    func show(inOrder newPaths: [String]) {
        let selected = selectedPaths
        if newPaths == shown {
            // Same rows: their text may have changed (a rename), so GTK binds them again.
            rows.rebindAll()
        } else {
            rows.replace(with: newPaths)
            shown = newPaths
        }
        select(selected)
    }

    /// Selects exactly the rows of `wanted` still shown.
    private func select(_ wanted: [String]) {
        guard !wanted.isEmpty || !selectedPaths.isEmpty else { return }
        let wantedSet = Set(wanted)
        let positions = gtk_bitset_new_empty()!
        defer { gtk_bitset_unref(positions) }
        for (position, path) in shown.enumerated() where wantedSet.contains(path) { gtk_bitset_add(positions, guint(position)) }
        let all = gtk_bitset_new_range(0, guint(shown.count))!
        defer { gtk_bitset_unref(all) }
        gtk_selection_model_set_selection(selection, positions, all)
    }

    /// The paths of the selected rows, in order.
    var selectedPaths: [String] {
        guard let set = gtk_selection_model_get_selection(selection) else { return [] }
        defer { gtk_bitset_unref(set) }
        var result: [String] = []
        var iter = GtkBitsetIter()
        var position: guint = 0
        var more = gtk_bitset_iter_init_first(&iter, set, &position) != 0
        while more {
            if Int(position) < shown.count { result.append(shown[Int(position)]) }
            more = gtk_bitset_iter_next(&iter, &position) != 0
        }
        return result
    }

    /// GtkSelectionModel's `selection-changed` (position, count): a signature of its own, so a
    /// trampoline of its own; the box is released when the selection is finalized.
    private func connectSelectionChanged(_ body: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SelectionHandler(body)).toOpaque()
        _ = cgtk_signal_connect(UnsafeMutableRawPointer(selection), "selection-changed",
                                unsafeBitCast(selectionTrampoline, to: GCallback.self), box, releaseSelectionHandler)
    }
}

extension FolderFileList {
    /// The context menu of the rows (`model`: Open, Show in Folder, Edit Tags…, as window
    /// actions): a right-click on a row selects it first unless it is selected (as a file manager
    /// does), the Menu key or Shift+F10 opens it at the first selected row.
    func connectContextMenu(_ model: UnsafeMutablePointer<GMenuModel>) {
        // Held until release(): the closures below keep only the pointer.
        g_object_ref(UnsafeMutableRawPointer(model))
        menuModel = model
        connectPressed(UnsafeMutableRawPointer(ui.object("menu_click"))) { [weak self] _, x, y in
            guard let self, self.menuModel != nil, let path = self.path(at: x, y) else { return }
            if !self.selectedPaths.contains(path) { self.select(only: path) }
            self.showMenu(model, x: x, y: y)
        }
        connectKeyPressed(UnsafeMutableRawPointer(ui.object("menu_keys"))) { [weak self] keyval, _, state in
            let key = Int32(bitPattern: keyval)
            guard let self, key == GDK_KEY_Menu || (key == GDK_KEY_F10 && state.rawValue & GDK_SHIFT_MASK.rawValue != 0),
                  self.menuModel != nil, let first = self.selectedPaths.first else { return false }
            var point = graphene_point_t(), inList = graphene_point_t()
            if let label = self.boundRows[first] { _ = gtk_widget_compute_point(label, self.columnView, &point, &inList) }
            self.showMenu(model, x: Double(inList.x) + 12, y: Double(inList.y) + 8)
            return true
        }
    }

    /// The path of the row under a point of the column view.
    private func path(at x: Double, _ y: Double) -> String? {
        var widget = gtk_widget_pick(columnView, x, y, GTK_PICK_DEFAULT)
        if let picked = widget, let child = gtk_widget_get_first_child(picked), rowOfLabel[child] != nil { return rowOfLabel[child] }
        while let current = widget, current != columnView {
            if let path = rowOfLabel[current] { return path }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    private func select(only path: String) {
        guard let position = shown.firstIndex(of: path) else { return }
        gtk_selection_model_select_item(selection, guint(position), 1)
    }

    private func showMenu(_ model: UnsafeMutablePointer<GMenuModel>, x: Double, y: Double) {
        let popover = menu ?? {
            let made = gtk_popover_menu_new_from_model(model)!
            gtk_widget_set_parent(made, columnView)
            gtk_popover_set_has_arrow(cgtk_popover(made), 0)
            menu = made
            return made
        }()
        var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cgtk_popover(popover), &rect)
        gtk_popover_popup(cgtk_popover(popover))
    }

    /// Whether the context menu is shown (for the state report).
    var menuShown: Bool { menu.map { gtk_widget_get_visible($0) != 0 } ?? false }

    /// The window is going: the menu, parented to the list by hand, is let go.
    func release() {
        if let menu { gtk_widget_unparent(menu) }
        menu = nil
        if let menuModel { g_object_unref(UnsafeMutableRawPointer(menuModel)) }
        menuModel = nil
        sortJob?.abandon()
        sortJob = nil
        for item in probeItems { g_object_unref(UnsafeMutableRawPointer(item)) }
        probeItems = []
    }

    /// Tab and Shift+Tab in the list leave it, to the next or previous part of the window (GTK
    /// 4.8's lists take Tab from row to row: a list of 5,000 files kept the focus for 5,000
    /// presses). The arrows, Page Up and Down, Home and End move in the list.
    private func leavesOnTab() {
        connectKeyPressed(UnsafeMutableRawPointer(ui.object("tab_keys"))) { [weak self] keyval, _, state in
            guard let self, state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
            let key = Int32(bitPattern: keyval)
            guard key == GDK_KEY_Tab || key == GDK_KEY_ISO_Left_Tab || key == GDK_KEY_KP_Tab else { return false }
            let backward = key == GDK_KEY_ISO_Left_Tab || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            return self.moveFocusOut(backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
        }
    }

    /// Moves the focus from inside the list to the window's next focus stop outside it, as
    /// GtkWindow's own Tab does (past the last stop, around to the first).
    private func moveFocusOut(_ direction: GtkDirectionType) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        // While the list cannot take the focus, GTK's focus chain passes it by.
        gtk_widget_set_can_focus(widget, 0)
        defer { gtk_widget_set_can_focus(widget, 1) }
        if gtk_widget_child_focus(window, direction) != 0 { return true }
        gtk_root_set_focus(root, nil)
        return gtk_widget_child_focus(window, direction) != 0
    }

    /// GtkColumnView's `activate` (the row's position).
    private func connectActivate(_ body: @escaping @MainActor (Int) -> Void) {
        let box = Unmanaged.passRetained(ActivateHandler(body)).toOpaque()
        _ = cgtk_signal_connect(UnsafeMutableRawPointer(columnView), "activate",
                                unsafeBitCast(activateTrampoline, to: GCallback.self), box, releaseActivateHandler)
    }
}

private final class ActivateHandler: @unchecked Sendable {
    let body: @MainActor (Int) -> Void
    init(_ body: @escaping @MainActor (Int) -> Void) { self.body = body }
}

private let activateTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
    guard let data else { return }
    let handler = Unmanaged<ActivateHandler>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { handler.body(Int(position)) }
}

private let releaseActivateHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<ActivateHandler>.fromOpaque(data).release()
}

private final class SelectionHandler: @unchecked Sendable {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

private let selectionTrampoline: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, _, _, data in
    guard let data else { return }
    let handler = Unmanaged<SelectionHandler>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { handler.body() }
}

private let releaseSelectionHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    guard let data else { return }
    Unmanaged<SelectionHandler>.fromOpaque(data).release()
}
