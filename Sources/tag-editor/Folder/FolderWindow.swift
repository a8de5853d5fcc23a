// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
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
final class FolderWindow: ShellWindow {
    /// The window, its messages, status line, actions and events (``WindowShell``).
    let shell: WindowShell
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
    /// The choice of the tag a running rename, merge or undo takes away, kept through the
    /// counts taken meanwhile (the watcher's, which may see the tag gone before the job ends)
    /// and given to the tag's new name when the job ends: the filter follows the rename.
    var choiceCarried: (from: String, to: String, choice: ChipChoice)?
    /// The parents whose sub-tags are shown.
    var expanded = Set<String>()
    /// The user's collection's colours of tags, which chips show before Finder's.
    var collectionColors = CollectionColorState()
    /// The colour Finder's attribute gives each tag (by key), from the files read.
    var finderColors: [String: TagColor] = [:]

    /// The chips: in a WrapHStack, or past ``ChipListChoice/threshold`` in the virtual list.
    let chipArea: ChipArea<FolderChip>
    /// The search bar over the chips (Ctrl+F, or typing on a chip: Chips/ChipSearch.swift).
    let search: ChipSearch<FolderChip>
    let fileList: FolderFileList
    /// The header bar's buttons, the progress line and the filter's row.
    let controls: FolderControls
    let actionBar: FolderActionBar
    /// The question asked before a change across files, while it is shown.
    var question: Question?
    /// An Escape that closes the merge name's completion list, not the action bar too.
    var escapeClosesCompletion = false
    /// The journal's part: an interrupted change's question, the files last restored.
    let journalState = FolderJournalState()

    /// The work running (a reading, a change across files, an undo), if any.
    var job: BackgroundJob?
    var jobDescription: (kind: String, total: Int)?
    var jobDone: () -> Int = { 0 }
    /// The changes across files (and colours) that Undo takes back, the latest last.
    var undoSteps: [FolderUndoStep] = []
    /// The changes Undo took back whole, the latest last: Ctrl+Shift+Z (or Ctrl+Y) runs the
    /// latest again on the files that carry its tag then. A new change empties it.
    var redoSteps: [FolderRedoStep] = []
    /// How Finder's attribute is read and written (the `macos-tags` setting, or `--macos`).
    var finderMode = FinderTagsSetting.current
    /// The chips' context menu: colour, rename, copy (ChipMenu.swift, as the editor's).
    private(set) var chipMenu: ChipMenu!
    /// What the watcher saw change while a change across files ran (mostly that change's own
    /// writes): read once the change is over, not a batch every poll (reading thousands of
    /// files and counting every tag again each 50 ms kept the window from showing the progress,
    /// from closing the confirmation and from taking Cancel).
    var changedDuringJob: (paths: Set<String>, folders: [String]) = ([], [])
    /// The last change across files, for the state report.
    var lastOperation: FolderOperationSummary?
    var watcher: FolderWatcher?
    /// Watches the user's collection, whose colours the chips show: a colour set in another
    /// window or by `filetags color` shows at once.
    var collectionWatcher: FileWatcher?
    var readingCancelled = false
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
            showActions: { link.window?.showActions(for: $0) },
            openMenu: { key, chip, point in link.window?.openChipMenu(key, at: chip, point: point) })
        chipArea = try ChipArea(.automatic, count: 0, followsCount: true, options: ChipLayoutOptions(), actions: actions)
        fileList = FolderFileList { link.window?.index.file(at: $0) }
        let ui = UIDescription("folder-window")
        shell = WindowShell(ui, application: application)
        controls = FolderControls(ui)
        actionBar = FolderActionBar()
        adw_bin_set_child(cadw_bin(ui.widget("action_bar_slot")), actionBar.widget)
        chipArea.setMinimumHeight(80)
        search = ChipSearch(over: chipArea, in: shell.window)
        adw_bin_set_child(cadw_bin(ui.widget("chips_slot")), search.widget)
        adw_bin_set_child(cadw_bin(ui.widget("files_slot")), fileList.widget)
        fileList.root = self.folder
        link.window = self
        chipMenu = ChipMenu(in: ui.widget("root"), shell: shell, actions: Self.chipMenuActions(link))
        chipMenu.onClosed = { [weak self] key in self?.chipMenuClosed(key) }
        connectSignals()
        connectSearch()
        showMessage(nil)
        updateFilter()
        setUpJournal()
        startReading()
    }

    /// The window's own keys: Ctrl+Z undoes the last change across files, Ctrl+Shift+Z and Ctrl+Y
    /// redo it, Escape cancels the work running (a reading, a change, an undo) as its Cancel
    /// button does, unless a question or the action bar has the Escape.
    private func handleWindowKey(_ key: Int32, _ state: GdkModifierType) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)
        // The field's own undo takes back the typing (a name in the action bar, the search), as
        // in every GTK entry: the change across files stays.
        if [GDK_KEY_z, GDK_KEY_Z, GDK_KEY_y, GDK_KEY_Y].contains(key), modifiers & GDK_CONTROL_MASK.rawValue != 0,
           focusIsInTypedText { return false }
        switch key {
        case GDK_KEY_z, GDK_KEY_Z:
            if modifiers == GDK_CONTROL_MASK.rawValue { undo(); return true }
            if modifiers == GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue { redo(); return true }
        case GDK_KEY_y, GDK_KEY_Y:
            if modifiers == GDK_CONTROL_MASK.rawValue { redo(); return true }
        case GDK_KEY_Escape:
            // Seen before the completion closes its list on this Escape: the bar stays for it.
            escapeClosesCompletion = actionBar.completionShown
            guard modifiers == 0, job != nil, question == nil else { return false }
            cancelJob()
            return true
        default:
            break
        }
        return false
    }

    /// Whether the keyboard focus is in a text field that holds text.
    private var focusIsInTypedText: Bool {
        guard let root = gtk_widget_get_root(window), let focus = gtk_root_get_focus(root) else { return false }
        let instance = UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_editable_get_type()) != 0 else { return false }
        return gtk_editable_get_text(cgtk_editable(focus)).map { $0.pointee != 0 } ?? false
    }

    /// A folder as the view names it: without trailing slashes.
    static func cleaned(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    private func connectSignals() {
        connectSignal(controls.open, "clicked") { [weak self] in self?.chooseFolder() }
        connectSignal(controls.reload, "clicked") { [weak self] in self?.startReading() }
        connectSignal(controls.undo, "clicked") { [weak self] in self?.undo() }
        connectSignal(controls.redo, "clicked") { [weak self] in self?.redo() }
        connectSignal(controls.cancel, "clicked") { [weak self] in self?.cancelJob() }
        connectSignal(controls.clear, "clicked") { [weak self] in self?.clearChoices() }
        connectSignal(controls.edit, "clicked") { [weak self] in self?.editSelected() }
        fileList.onSelectionChanged = { [weak self] in self?.updateFilterButtons() }
        fileList.onActivate = { [weak self] path in self?.openWithDefaultApplication(path) }
        fileList.onSorted = { [weak self] in self?.events.publish(.changed) }
        fileList.onSortingChanged = fileList.onSorted
        connectFileMenu()
        actionBar.connect(to: self)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            guard let self else { return false }
            return self.handleWindowKey(Int32(bitPattern: keyval), state)
        }
        gtk_widget_add_controller(window, keys)
        // After the focused widget has had it (the merge name's completion list and the search
        // close first on Escape): Escape closes the action bar, as its Cancel does.
        let closing = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(closing)) { [weak self] keyval, _, state in
            guard let self, Int32(bitPattern: keyval) == GDK_KEY_Escape,
                  state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0,
                  self.question == nil, self.actionBar.mode != .hidden, !self.escapeClosesCompletion else { return false }
            self.closeActionBar()
            return true
        }
        gtk_widget_add_controller(window, closing)
        // A folder dropped on the window (from a file manager) is shown instead.
        shell.onFilesDropped { [weak self] paths in
            if let path = paths.first, !path.isEmpty { self?.open(folder: path) }
        }
        // A colour set meanwhile in the collection (the editor, `filetags color`) shows when the
        // user comes back to this window: one `stat`, the chips shown again only when it changed.
        connectSignal(window, "notify::is-active") { [weak self] (_: gpointer?) in
            guard let self, !self.shell.isDestroyed, gtk_window_is_active(cgtk_window(self.window)) != 0,
                  self.collectionColors.follow(CollectionFile(path: CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment)))
            else { return }
            self.showChips()
        }
        collectionWatcher = FileWatcher { [weak self] in
            guard let self, !self.isDestroyed, self.collectionColors.follow(Self.collection) else { return }
            self.showChips()
        }
        collectionWatcher?.watch([Self.collection.path])
        connectSignal(window, "destroy") { [weak self] in
            guard let self else { return }
            self.job?.abandon()
            self.watcher?.stop()
            self.collectionWatcher?.stopAll()
            self.question?.close()
            self.chipMenu.release()
            self.fileList.release()
        }
        WindowEvents.onWindowMade?(.folder(self))
    }

    /// Shows another folder (the choices and the undo steps are of the old one, and go).
    func open(folder path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            showMessage(tr("\(path) is not a folder: drop or choose a folder to see its tags."), isError: true)
            return
        }
        guard job == nil else {
            showMessage(tr("Wait for the work in progress to end (or cancel it) before opening another folder."), isError: true)
            return
        }
        folder = Self.cleaned(path)
        fileList.root = folder
        choices = [:]
        expanded = []
        undoSteps = []
        startReading()
    }

    func chooseFolder() {
        FolderWindows.chooseFolder(parent: window) { [weak self] path in self?.open(folder: path) }
    }

    // MARK: What is shown

    /// How long a message that is not an error stays.
    static let messageSeconds = 15

    /// Shows a message (nil: none), with Reload when `offersReload`: an error, or one that offers
    /// Reload, until the next one or until it is dismissed; any other for a while, as a
    /// notification (it lay over the file list's rows for good).
    func showMessage(_ text: String?, isError: Bool = false, offersReload: Bool = false) {
        if let text {
            let reload: @MainActor () -> Void = { [weak self] in self?.startReading() }
            messages.show(text, isError: isError, seconds: isError || offersReload ? nil : Self.messageSeconds,
                          action: offersReload ? (label: tr("Reload"), run: reload) : nil)
        } else {
            messages.hide()
        }
        events.publish(.changed)
    }

    /// Counts the tags again and shows them, the filter and the files.
    /// Counts the tags again (`counted`: already counted, by a reading) and shows them.
    func recount(counted: [FolderTag]? = nil) {
        tags = NaturalOrder.treeOrdered(counted ?? index.tags())
        finderColors = [:]
        for file in index.files where !file.finderColors.isEmpty {
            for (key, color) in file.finderColors.byKey where finderColors[key] == nil { finderColors[key] = color }
        }
        let keys = Set(tags.map(\.key))
        choices = choices.filter { keys.contains($0.key) || $0.key == choiceCarried?.from }
        expanded = expanded.intersection(keys)
        showChips()
        updateFilter()
    }

    /// The chips: the top tags, and the sub-tags of each expanded parent right after it.
    func showChips() {
        _ = collectionColors.follow(CollectionFile(path: CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment)))
        let parents = Set(tags.compactMap(\.parentKey))
        var entries: [FolderChipEntry] = []
        var depthOf: [String: Int] = [:]
        for tag in tags {
            if let parent = tag.parentKey {
                // Shown only under a shown, expanded parent.
                // While a search is open every sub-tag is there to be found.
                guard expanded.contains(parent) || search.isOpen, let depth = depthOf[parent] else { continue }
                depthOf[tag.key] = depth + 1
            } else {
                depthOf[tag.key] = 0
            }
            entries.append(FolderChipEntry(tag: tag, choice: choices[tag.key] ?? .none, hasSubTags: parents.contains(tag.key),
                                           expanded: expanded.contains(tag.key), depth: depthOf[tag.key]!,
                                           color: color(of: tag)))
        }
        do {
            try chipArea.show(entries)
        } catch {
            showMessage("\(error)", isError: true)
        }
        updateStatus()
    }

    /// A tag's colour: the collection's, else the one Finder's attribute gives it on some file.
    func color(of tag: FolderTag) -> TagColor {
        let own = collectionColors.colors[tag.name]
        return own != .none ? own : finderColors[tag.key] ?? .none
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
        if chosen.isEmpty { return tr("Every tagged file: click tags to show only the files with all of them, “not” to leave out a tag’s files.") }
        let words = chosen.map { choices[$0.key] == .excluded ? tr("not “\($0.name)”") : "“\($0.name)”" }
        return tr("Files with \(words.joined(separator: tr(" and ")))")
    }

    func updateFilter() {
        // No filter: the index's own array (shared, not copied file by file).
        let query = query
        let matching = query == nil ? index.files : index.matching(query).map { index.files[$0] }
        fileList.show(matching)
        gtk_label_set_text(cgtk_label(controls.filterLabel), filterText)
        updateFilterButtons()
        updateStatus()
    }

    func updateFilterButtons() {
        gtk_widget_set_sensitive(controls.clear, choices.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(controls.edit, fileList.selectedPaths.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(controls.undo, undoSteps.isEmpty || job != nil ? 0 : 1)
        gtk_widget_set_sensitive(controls.redo, redoSteps.isEmpty || job != nil ? 0 : 1)
        gtk_widget_set_sensitive(controls.open, job == nil ? 1 : 0)
        gtk_widget_set_sensitive(controls.reload, job == nil ? 1 : 0)
        events.publish(.changed)
    }

    func updateStatus() {
        let tagged = index.files.count
        var parts = [trn("\(filesRead) file or folder read", "\(filesRead) files and folders read", filesRead), trn("\(tagged) tagged", "\(tagged) tagged", tagged), trn("\(tags.count) tag", "\(tags.count) tags", tags.count),
                     trn("\(fileList.shown.count) shown", "\(fileList.shown.count) shown", fileList.shown.count)]
        if let watcher {
            parts.append(watcher.unwatched > 0 ? trn("\(watcher.watchedCount) folder watched, \(watcher.unwatched) not", "\(watcher.watchedCount) folders watched, \(watcher.unwatched) not", watcher.watchedCount)
                                               : trn("\(watcher.watchedCount) folder watched", "\(watcher.watchedCount) folders watched", watcher.watchedCount))
        }
        shell.setStatus(parts.joined(separator: " · "), tooltip: true)
        gtk_window_set_title(cgtk_window(window), tr("Tags in \(folder)"))
        gtk_label_set_text(cgtk_label(controls.title), tr("Tags in \(folder)"))
        // No tagged file (once read): the status page says so instead of two empty panes.
        shell.showEmptyState(tags.isEmpty && job == nil)
        events.publish(.changed)
    }

    /// A row activated (a double-click, Enter) opens its file as the file manager would: with
    /// the default application for its type (GIO; through the portal in a sandbox). Edit Tags…
    /// opens it in the tag editor. When nothing can open it, the message says why.
    func openWithDefaultApplication(_ path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let uri = g_file_get_uri(file) else { return }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri(uri, nil, &error) == 0 {
            let reason = error.map { String(cString: $0.pointee.message) } ?? tr("no application opens it")
            if let error { g_error_free(error) }
            showMessage(tr("\(path) could not be opened: \(reason). Edit Tags… opens it in the tag editor."), isError: true)
        }
        events.publish(.changed)
    }

    /// The file list's context menu: Open (the default application), Show in Folder (the file
    /// manager, its folder opened with the file selected), Edit Tags… (the tag editor), each on
    /// the selected files.
    private func connectFileMenu() {
        shell.addAction("open-selected") { [weak self] in
            guard let self else { return }
            for path in self.fileList.selectedPaths { self.openWithDefaultApplication(path) }
        }
        shell.addAction("show-selected") { [weak self] in
            guard let self else { return }
            self.showInFolder(self.fileList.selectedPaths)
        }
        shell.addAction("edit-selected") { [weak self] in self?.editSelected() }
        let menu = g_menu_new()!
        g_menu_append(menu, tr("_Open"), "win.open-selected")
        g_menu_append(menu, tr("_Show in Folder"), "win.show-selected")
        g_menu_append(menu, tr("_Edit Tags…"), "win.edit-selected")
        let sortSection = fileList.sortMenuSection()
        g_menu_append_section(menu, nil, sortSection)
        g_object_unref(UnsafeMutableRawPointer(sortSection))
        fileList.connectContextMenu(UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    /// Shows `paths` in the file manager: the freedesktop FileManager1 interface on the session
    /// bus (Nautilus, Dolphin, Nemo... select the files in their folder); without it, each
    /// folder opened with its default application.
    func showInFolder(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        let uris = paths.compactMap { path -> String? in
            let file = g_file_new_for_path(path)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let uri = g_file_get_uri(file) else { return nil }
            defer { g_free(uri) }
            return String(cString: uri)
        }
        if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) {
            defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
            let builder = g_variant_builder_new(g_variant_type_new("as"))
            for uri in uris { g_variant_builder_add_value(builder, g_variant_new_string(uri)) }
            let arguments = g_variant_new_tuple([g_variant_builder_end(builder), g_variant_new_string("")], 2)
            g_variant_builder_unref(builder)
            if let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                                                       "org.freedesktop.FileManager1", "ShowItems", arguments, nil,
                                                       G_DBUS_CALL_FLAGS_NONE, 2000, nil, nil) {
                g_variant_unref(reply)
                return
            }
        }
        for folder in Set(paths.map { ($0 as NSString).deletingLastPathComponent }).sorted() {
            openWithDefaultApplication(folder)
        }
    }

    /// The selected files open in the tag editor.
    func editSelected() {
        let paths = fileList.selectedPaths
        guard !paths.isEmpty else { return }
        onOpenFiles?(paths)
    }
}

/// The folder view's own controls, as `folder-window.ui` names them: the header bar's buttons (the
/// menu's: Finder Tags, as in the editor's), the
/// progress line (what runs, a bar, Cancel) and the filter's row (its words, Clear, Edit Tags…).
@MainActor
struct FolderControls {
    let open, reload, undo, redo, menu, title: Widget
    let progressRow, progressLabel, progressBar, cancel: Widget
    let filterLabel, clear, edit: Widget

    init(_ ui: UIDescription) {
        (open, reload, undo) = (ui.widget("open_button"), ui.widget("reload_button"), ui.widget("undo_button"))
        (redo, menu, title) = (ui.widget("redo_button"), ui.widget("menu_button"), ui.widget("title"))
        (progressRow, progressLabel, progressBar, cancel) = (ui.widget("progress_row"), ui.widget("progress_label"),
                                                             ui.widget("progress_bar"), ui.widget("cancel_button"))
        (filterLabel, clear, edit) = (ui.widget("filter_label"), ui.widget("clear_button"), ui.widget("edit_button"))
    }
}
