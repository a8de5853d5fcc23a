// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import Foundation
import GObjectSupport
import TagData

/// The folder view: every tag under a folder, read from the files themselves (no index), as chips
/// with the number of files that carry each; the files below, filtered by the chosen chips; a tag
/// renamed, merged or deleted on every file from its chip.
///
/// The tree is read on threads of its own (``FolderReading``), handed over in batches and shown
/// with a progress line and Cancel; changes across files run the same way
/// (`FolderWindow+Changes.swift`); the tree is watched with inotify (``FolderWatcher``). GTK is
/// touched only on the main actor.
@MainActor
final class FolderWindow {
    let window: Widget
    private(set) var folder: String
    var index = FolderIndex()
    /// Files and folders read in the last reading, tagged or not.
    var filesRead = 0
    /// What the last reading could not read.
    var skipped: [WalkProblem] = []
    /// Every tag with its counts, in tree order.
    var tags: [FolderTag] = []
    /// The chosen chips, by key.
    var choices: [String: ChipChoice] = [:]
    /// The parents whose sub-tags are shown.
    var expanded = Set<String>()

    /// The chips: in a WrapHStack, or past ``ChipListChoice/threshold`` in the virtual list.
    let chipArea: ChipArea<FolderChip>
    let fileList: FolderFileList
    let headerBar: Widget
    let openButton: Widget
    let reloadButton: Widget
    let undoButton: Widget
    /// The progress line: what runs, a bar, Cancel.
    let progressRow: Widget
    let progressLabel: Widget
    let progressBar: Widget
    let cancelButton: Widget
    /// Messages: errors named, a reading or change summed up; with Reload when the view is
    /// not up to date (a cancelled reading, the watch limit reached).
    let messageLabel: Widget
    let messageReloadButton: Widget
    let actionBar: FolderActionBar
    let filterLabel: Widget
    let clearButton: Widget
    let editButton: Widget
    let statusLabel: Widget

    /// The work running (a reading, a change across files, an undo), if any.
    var job: BackgroundJob?
    var jobDescription: (kind: String, total: Int)?
    var jobDone: () -> Int = { 0 }
    /// The changes across files that Undo takes back, the latest last.
    var undoSteps: [FolderChangeStep] = []
    /// The last change across files, for the state report.
    var lastOperation: FolderOperationSummary?
    var watcher: FolderWatcher?
    var messageIsError = false
    var readingCancelled = false
    /// What the window tells its observers (``WindowEvents``).
    let events = WindowEvents()
    private(set) var isDestroyed = false
    /// Opens files in the editor (set by ``FolderWindows``).
    var onOpenFiles: (@MainActor ([String]) -> Void)?

    final class Link { weak var window: FolderWindow? }

    init(folder: String, application: UnsafeMutablePointer<GtkApplication>?) throws {
        self.folder = Self.cleaned(folder)
        let link = Link()
        let actions = FolderChip.Actions(
            toggleRequired: { link.window?.toggle($0, .required) },
            toggleExcluded: { link.window?.toggle($0, .excluded) },
            toggleExpanded: { link.window?.toggleExpanded($0) },
            showActions: { link.window?.showActions(for: $0) })
        chipArea = try ChipArea(.automatic, count: 0, followsCount: true, options: ChipLayoutOptions(), actions: actions)
        fileList = FolderFileList { link.window?.index.file(at: $0) }
        window = application.map { gtk_application_window_new($0)! } ?? gtk_window_new()!
        gtk_window_set_default_size(cgtk_window(window), 960, 640)
        FolderStyle.load()
        (headerBar, openButton, reloadButton, undoButton) = Self.makeHeaderBar(of: window)
        (progressRow, progressLabel, progressBar, cancelButton) = Self.makeProgressRow()
        let messageRow: Widget
        (messageRow, messageLabel, messageReloadButton) = Self.makeMessageRow()
        actionBar = FolderActionBar()
        let filterRow: Widget
        (filterRow, filterLabel, clearButton, editButton) = Self.makeFilterRow()
        chipArea.setMinimumHeight(80)
        let paned = Self.makePane(chips: chipArea.area, files: fileList.widget)
        statusLabel = Self.makeStatusLabel()
        Self.placeContent(of: window, [progressRow, messageRow, actionBar.widget, filterRow, paned, statusLabel])
        link.window = self
        connectSignals()
        showMessage(nil)
        updateFilter()
        startReading()
    }

    // MARK: The parts, made before the window exists

    private static func makeHeaderBar(of window: Widget) -> (bar: Widget, open: Widget, reload: Widget, undo: Widget) {
        let headerBar = gtk_header_bar_new()!
        let openButton = Self.iconButton("folder-open-symbolic", "Open another folder…")
        let reloadButton = Self.iconButton("view-refresh-symbolic", "Read the folder again")
        let undoButton = Self.iconButton("edit-undo-symbolic", "Undo the last change across files (Ctrl+Z)")
        gtk_header_bar_pack_start(cgtk_header_bar(headerBar), openButton)
        gtk_header_bar_pack_start(cgtk_header_bar(headerBar), reloadButton)
        gtk_header_bar_pack_end(cgtk_header_bar(headerBar), undoButton)
        gtk_window_set_titlebar(cgtk_window(window), headerBar)
        return (headerBar, openButton, reloadButton, undoButton)
    }

    /// What runs, a bar, Cancel.
    private static func makeProgressRow() -> (row: Widget, label: Widget, bar: Widget, cancel: Widget) {
        let progressRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let progressLabel = gtk_label_new("")!
        gtk_label_set_xalign(cgtk_label(progressLabel), 0)
        let progressBar = gtk_progress_bar_new()!
        gtk_widget_set_hexpand(progressBar, 1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        let cancelButton = gtk_button_new_with_label("Cancel")!
        for part in [progressLabel, progressBar, cancelButton] { gtk_box_append(cgtk_box(progressRow), part) }
        return (progressRow, progressLabel, progressBar, cancelButton)
    }

    private static func makeMessageRow() -> (row: Widget, label: Widget, reload: Widget) {
        let messageRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let messageLabel = gtk_label_new("")!
        gtk_label_set_xalign(cgtk_label(messageLabel), 0)
        gtk_label_set_wrap(cgtk_label(messageLabel), 1)
        gtk_label_set_selectable(cgtk_label(messageLabel), 1)
        gtk_widget_set_hexpand(messageLabel, 1)
        let messageReloadButton = gtk_button_new_with_label("Reload")!
        gtk_box_append(cgtk_box(messageRow), messageLabel)
        gtk_box_append(cgtk_box(messageRow), messageReloadButton)
        return (messageRow, messageLabel, messageReloadButton)
    }

    /// The filter's words, Clear and Edit Tags….
    private static func makeFilterRow() -> (row: Widget, label: Widget, clear: Widget, edit: Widget) {
        let filterRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let filterLabel = gtk_label_new("")!
        gtk_label_set_xalign(cgtk_label(filterLabel), 0)
        gtk_label_set_ellipsize(cgtk_label(filterLabel), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(filterLabel, 1)
        let clearButton = gtk_button_new_with_label("Clear")!
        setTooltip(clearButton, "Choose no tag: show every tagged file")
        let editButton = gtk_button_new_with_label("Edit Tags…")!
        setTooltip(editButton, "Open the selected files in the tag editor")
        for part in [filterLabel, clearButton, editButton] { gtk_box_append(cgtk_box(filterRow), part) }
        return (filterRow, filterLabel, clearButton, editButton)
    }

    /// The chips above the files.
    private static func makePane(chips: Widget, files: Widget) -> Widget {
        let paned = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
        gtk_paned_set_start_child(OpaquePointer(paned), chips)
        gtk_paned_set_end_child(OpaquePointer(paned), files)
        gtk_paned_set_position(OpaquePointer(paned), 220)
        gtk_widget_set_vexpand(paned, 1)
        return paned
    }

    private static func makeStatusLabel() -> Widget {
        let statusLabel = gtk_label_new("")!
        gtk_widget_add_css_class(statusLabel, "status")
        gtk_label_set_xalign(cgtk_label(statusLabel), 0)
        // Shortened at its end (whole in its tooltip) rather than holding the window wider than
        // 360 px. Not wrapped: a wrapping label here made GTK see a box's height change with
        // its width ("reports a minimum height of 46 …"), a critical.
        gtk_label_set_ellipsize(cgtk_label(statusLabel), PANGO_ELLIPSIZE_END)
        return statusLabel
    }

    private static func placeContent(of window: Widget, _ parts: [Widget]) {
        let main = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(main, "folder-view")
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                       gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(main, 10)
        }
        for part in parts { gtk_box_append(cgtk_box(main), part) }
        gtk_window_set_child(cgtk_window(window), main)
    }

    private static func iconButton(_ icon: String, _ tooltip: String) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        setTooltip(button, tooltip)
        cgtk_accessible_set_label(button, tooltip)
        return button
    }

    /// A folder as the view names it: without trailing slashes.
    static func cleaned(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Where `win.close` is (``winActionMap(of:)``), until the window is destroyed.
    private var actionMap: OpaquePointer?

    /// `win.close`, which the application's Ctrl+W (Shortcuts) activates in the active window.
    private func addCloseAction() {
        let close = g_simple_action_new("close", nil)!
        connectSignal(UnsafeMutableRawPointer(close), "activate") { [weak self] (_: gpointer?) in
            if let window = self?.window { gtk_window_close(cgtk_window(window)) }
        }
        let actions = winActionMap(of: window)
        g_action_map_add_action(actions, cgtk_action(UnsafeMutableRawPointer(close)))
        g_object_unref(UnsafeMutableRawPointer(close))
        actionMap = actions
    }

    /// The action's closure goes with the window's destruction, not with its last reference
    /// (which GTK may hold a while longer).
    private func removeCloseAction() {
        if let actionMap { g_action_map_remove_action(actionMap, "close") }
    }

    private func connectSignals() {
        connectSignal(openButton, "clicked") { [weak self] in self?.chooseFolder() }
        connectSignal(reloadButton, "clicked") { [weak self] in self?.startReading() }
        connectSignal(messageReloadButton, "clicked") { [weak self] in self?.startReading() }
        connectSignal(undoButton, "clicked") { [weak self] in self?.undo() }
        connectSignal(cancelButton, "clicked") { [weak self] in self?.cancelJob() }
        connectSignal(clearButton, "clicked") { [weak self] in self?.clearChoices() }
        connectSignal(editButton, "clicked") { [weak self] in self?.editSelected() }
        fileList.onSelectionChanged = { [weak self] in self?.updateFilterButtons() }
        fileList.onActivate = { [weak self] path in self?.onOpenFiles?([path]) }
        actionBar.connect(to: self)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            guard let self, state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                  keyval == UInt32(GDK_KEY_z) || keyval == UInt32(GDK_KEY_Z) else { return false }
            self.undo()
            return true
        }
        gtk_widget_add_controller(window, keys)
        addCloseAction()
        addDropTarget()
        connectSignal(window, "destroy") { [weak self] in
            guard let self else { return }
            self.isDestroyed = true
            self.job?.abandon()
            self.watcher?.stop()
            self.removeCloseAction()
        }
        WindowEvents.onWindowMade?(.folder(self))
    }

    /// A folder dropped on the window (from a file manager) is shown instead.
    private func addDropTarget() {
        let target = gtk_drop_target_new(cgtk_file_list_type(), GDK_ACTION_COPY)!
        connectDrop(UnsafeMutableRawPointer(target)) { [weak self] value in
            guard let self, let boxed = g_value_get_boxed(value) else { return false }
            let list = gdk_file_list_get_files(OpaquePointer(boxed))
            defer { g_slist_free(list) }
            guard let file = list?.pointee.data, let path = EditorWindow.localPath(of: OpaquePointer(file)) else {
                return false
            }
            self.open(folder: path)
            return true
        }
        gtk_widget_add_controller(window, cgtk_event_controller(UnsafeMutableRawPointer(target)))
    }

    /// Shows another folder (the choices and the undo steps are of the old one, and go).
    func open(folder path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            showMessage("\(path) is not a folder: drop or choose a folder to see its tags.", isError: true)
            return
        }
        guard job == nil else {
            showMessage("Wait for the work in progress to end (or cancel it) before opening another folder.", isError: true)
            return
        }
        folder = Self.cleaned(path)
        choices = [:]
        expanded = []
        undoSteps = []
        startReading()
    }

    func chooseFolder() {
        FolderWindows.chooseFolder(parent: window) { [weak self] path in self?.open(folder: path) }
    }

    // MARK: What is shown

    /// Shows a message (nil: none); an error stays until the next message.
    func showMessage(_ text: String?, isError: Bool = false, offersReload: Bool = false) {
        gtk_label_set_text(cgtk_label(messageLabel), text ?? "")
        gtk_widget_set_visible(gtk_widget_get_parent(messageLabel), text == nil ? 0 : 1)
        gtk_widget_set_visible(messageReloadButton, offersReload ? 1 : 0)
        if isError { gtk_widget_add_css_class(messageLabel, "error") } else { gtk_widget_remove_css_class(messageLabel, "error") }
        messageIsError = isError && text != nil
        events.publish(.changed)
    }

    var messageText: String? {
        gtk_widget_get_visible(gtk_widget_get_parent(messageLabel)) == 0 ? nil
            : String(cString: gtk_label_get_text(cgtk_label(messageLabel)))
    }

    /// Counts the tags again and shows them, the filter and the files.
    func recount() {
        tags = index.tags()
        let keys = Set(tags.map(\.key))
        choices = choices.filter { keys.contains($0.key) }
        expanded = expanded.intersection(keys)
        showChips()
        updateFilter()
    }

    /// The chips: the top tags, and the sub-tags of each expanded parent right after it.
    func showChips() {
        let parents = Set(tags.compactMap(\.parentKey))
        var entries: [FolderChipEntry] = []
        var depthOf: [String: Int] = [:]
        for tag in tags {
            if let parent = tag.parentKey {
                // Shown only under a shown, expanded parent.
                guard expanded.contains(parent), let depth = depthOf[parent] else { continue }
                depthOf[tag.key] = depth + 1
            } else {
                depthOf[tag.key] = 0
            }
            entries.append(FolderChipEntry(tag: tag, choice: choices[tag.key] ?? .none, hasSubTags: parents.contains(tag.key),
                                           expanded: expanded.contains(tag.key), depth: depthOf[tag.key]!))
        }
        do {
            try chipArea.show(entries)
        } catch {
            showMessage("\(error)", isError: true)
        }
        updateStatus()
    }

    func toggle(_ key: String, _ choice: ChipChoice) {
        choices[key] = choices[key] == choice ? nil : choice
        showChips()
        updateFilter()
    }

    func toggleExpanded(_ key: String) {
        if expanded.remove(key) == nil { expanded.insert(key) }
        showChips()
    }

    func clearChoices() {
        choices = [:]
        showChips()
        updateFilter()
    }

    /// The query the chosen chips make: every required tag and none of the excluded, as
    /// `filetags find` reads it.
    var query: Query? {
        let chosen = tags.filter { choices[$0.key] != nil }
        let parts = chosen.map { tag -> Query in choices[tag.key] == .excluded ? .not(.tag(tag.key)) : .tag(tag.key) }
        guard var query = parts.first else { return nil }
        for part in parts.dropFirst() { query = .and(query, part) }
        return query
    }

    /// The filter's words: “Files with travel and not draft”.
    var filterText: String {
        let chosen = tags.filter { choices[$0.key] != nil }
        if chosen.isEmpty { return "Every tagged file: click tags to show only the files with all of them, “not” to leave out a tag’s files." }
        let words = chosen.map { choices[$0.key] == .excluded ? "not “\($0.name)”" : "“\($0.name)”" }
        return "Files with " + words.joined(separator: " and ")
    }

    func updateFilter() {
        let shown = index.matching(query).map { index.files[$0].path }
        fileList.show(shown)
        gtk_label_set_text(cgtk_label(filterLabel), filterText)
        updateFilterButtons()
        updateStatus()
    }

    func updateFilterButtons() {
        gtk_widget_set_sensitive(clearButton, choices.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(editButton, fileList.selectedPaths.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(undoButton, undoSteps.isEmpty || job != nil ? 0 : 1)
        gtk_widget_set_sensitive(openButton, job == nil ? 1 : 0)
        gtk_widget_set_sensitive(reloadButton, job == nil ? 1 : 0)
        events.publish(.changed)
    }

    func updateStatus() {
        let tagged = index.files.count
        var parts = ["\(filesRead) files and folders read", "\(tagged) tagged", "\(tags.count) tag\(tags.count == 1 ? "" : "s")",
                     "\(fileList.shown.count) shown"]
        if let watcher {
            parts.append(watcher.unwatched > 0 ? "\(watcher.watchedCount) folders watched, \(watcher.unwatched) not"
                                               : "\(watcher.watchedCount) folders watched")
        }
        gtk_label_set_text(cgtk_label(statusLabel), parts.joined(separator: " · "))
        setTooltip(statusLabel, parts.joined(separator: " · "))
        gtk_window_set_title(cgtk_window(window), "Tags in \(folder)")
        events.publish(.changed)
    }

    /// The selected files open in the tag editor.
    func editSelected() {
        let paths = fileList.selectedPaths
        guard !paths.isEmpty else { return }
        onOpenFiles?(paths)
    }
}
