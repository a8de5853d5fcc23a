// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import Foundation
import GObjectSupport
import TagData

// The window's part of the application shell: its actions (`win.open`, `win.undo`, `win.redo`,
// `win.show-options`, `win.show-shortcuts`, `win.about`, `win.close`), which the header bar's
// buttons, the menu and the keyboard shortcuts (``Shortcuts``) trigger; undo and redo; opening
// files from the file chooser or by dropping them on the window.

extension EditorWindow {
    // MARK: Actions

    /// Makes the window's `win` actions (``WindowShell/addAction(_:state:_:changed:)``).
    func addActions(showsOptions: Bool) {
        addAction("open") { $0.chooseFiles() }
        addAction("undo") { $0.undo() }
        addAction("redo") { $0.redo() }
        addAction("show-shortcuts") { $0.showShortcuts() }
        addAction("about") { $0.showAbout() }
        // `win.show-options`: a boolean state the header bar's toggle shows and flips.
        shell.addAction("show-options", state: showsOptions, changed: { [weak self] shown in
            guard let self else { return }
            let flap = cadw_flap(self.optionsFlap)
            // Hidden, the panel is taken out of the measure too: a flap's minimum width counts
            // its flap's even when folded away, which held every window at 280 px or wider.
            if let panel = adw_flap_get_flap(flap) { gtk_widget_set_visible(panel, shown ? 1 : 0) }
            if (adw_flap_get_reveal_flap(flap) != 0) != shown { adw_flap_set_reveal_flap(flap, shown ? 1 : 0) }
            self.onOptionsShown?(shown)
        })
        // Over the chips, the panel also closes by Escape or a click beside it: the toggle follows.
        connectSignal(optionsFlap, "notify::reveal-flap") { [weak self] (_: gpointer?) in
            guard let self else { return }
            let shown = adw_flap_get_reveal_flap(cadw_flap(self.optionsFlap)) != 0
            if shown != self.optionsActionState { self.setOptionsShown(shown) }
        }
        history.applyRecolor = { [weak self] recolor in try self?.applyRecolor(recolor) ?? recolor }
        history.onChange = { [weak self] in
            self?.typedSinceLastChange = false
            self?.updateHistoryActions()
        }
        shell.onFilesDropped { [weak self] paths in self?.filesDropped(paths) }
        updateHistoryActions()
    }

    private func addAction(_ name: String, _ body: @escaping @MainActor (EditorWindow) -> Void) {
        shell.addAction(name) { [weak self] in if let self { body(self) } }
    }

    var optionsShown: Bool { adw_flap_get_reveal_flap(cadw_flap(optionsFlap)) != 0 }

    /// Whether the options panel is over the chips (a window too narrow for both side by side).
    var optionsOverChips: Bool { adw_flap_get_folded(cadw_flap(optionsFlap)) != 0 }

    /// The options panel is where it is going: not sliding in or out, nor about to.
    var optionsAtRest: Bool {
        adw_flap_get_reveal_progress(cadw_flap(optionsFlap)) == (optionsShown ? 1 : 0)
    }

    private var optionsActionState: Bool {
        guard let action = g_action_map_lookup_action(shell.actionMap, "show-options"),
              let state = g_action_get_state(action) else { return optionsShown }
        defer { g_variant_unref(state) }
        return g_variant_get_boolean(state) != 0
    }

    /// Shows or hides the options panel as the toggle and F9 do (the settings' key changed).
    func setOptionsShown(_ shown: Bool) {
        guard let action = g_action_map_lookup_action(shell.actionMap, "show-options") else { return }
        g_action_change_state(action, g_variant_new_boolean(shown ? 1 : 0))
    }

    private func updateHistoryActions() {
        shell.setEnabled("undo", history.canUndo)
        shell.setEnabled("redo", history.canRedo)
    }

    // MARK: Undo and redo

    func undo() {
        if entryTakes("text.undo") { return }
        moveInHistory(done: tr("Undone"), verb: tr("undo")) { [chipArea] in try $0.undo(in: $1, placeOf: chipArea.indexInAll(of:)) }
    }

    func redo() {
        if entryTakes("text.redo") { return }
        moveInHistory(done: tr("Redone"), verb: tr("redo")) { [chipArea] in try $0.redo(in: $1, placeOf: chipArea.indexInAll(of:)) }
    }

    /// Ctrl+Z and Ctrl+Shift+Z while the entry has the focus and text typed since the last change
    /// take back the typing, as in every GTK entry: the window's shortcuts see the key first and
    /// would otherwise undo a change on disk that the user did not mean.
    private func entryTakes(_ action: String) -> Bool {
        guard typedSinceLastChange, !entryField.text.isEmpty, let delegate = gtk_editable_get_delegate(cgtk_editable(entry)),
              let root = gtk_widget_get_root(entry) else { return false }
        let text = UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkWidget.self)
        guard gtk_root_get_focus(root) == text else { return false }
        gtk_widget_activate_action_variant(text, action, nil)
        events.publish(.edited(kind: action == "text.undo" ? "undo typing" : "redo typing", name: "", error: nil))
        return true
    }

    /// Applies an undo or a redo to what is on disk now and says what it did.
    private func moveInHistory(done: String, verb: String,
                               _ move: (EditHistory, TagDocument) throws -> (step: EditHistory.Step, report: ChangeReport)?) {
        renamePopover?.close()
        settleWrites()
        if let reason = document.whyNotEditable {
            show(reason, isError: true, seconds: nil)
            return
        }
        // A moved chip that had the focus keeps it when the undo or the redo moves it far away
        // (its widget goes to another tag in the virtual list, and the focus with it).
        let focusedBefore = chipArea.focusedChip
        var focus = FocusTarget.keep
        do {
            let filter = chipArea.filter
            guard let (step, report) = try move(history, document) else {
                events.publish(.edited(kind: verb, name: "", error: nil))
                show(tr("Nothing to \(verb)."), isError: false, seconds: 3)
                return
            }
            events.publish(.edited(kind: verb, name: step.label, error: nil))
            // A move at known places: the search follows it without folding the names between.
            if let moved = history.lastMove { filter?.expectMove(from: moved.from, to: moved.to) }
            if let focusedBefore, step.changes.count == 1, case .move(let moved, let anchor) = step.changes[0].change,
               moved == focusedBefore.name {
                focus = Self.placeAfterMove(from: focusedBefore.index, after: anchor, among: chipArea.realizedChips) ?? .chip(moved)
            }
            var text = report.undo.isEmpty && step.recolor == nil
                ? tr("Nothing to \(verb) for \(step.label): it was already so on disk (another program changed it).")
                : tr("\(done): \(step.label).")
            if let more = report.message { text += " " + more }
            show(text, isError: false, seconds: 4)
        } catch {
            events.publish(.edited(kind: verb, name: "", error: "\(error)"))
            show(tr("Could not \(verb): \(error)"), isError: true)
        }
        refresh(focus: focus)
    }

    /// Where a chip shown at `from` is shown once moved after `anchor` (`nil`: first), read from
    /// the anchor's chip when it has one (the chips not refreshed yet): no tag looked for among
    /// all. `nil` when the anchor has no chip now.
    static func placeAfterMove(from: Int, after anchor: String?, among realized: [(index: Int, chip: Chip)]) -> FocusTarget? {
        guard let anchor else { return .place(0) }
        guard let place = realized.first(where: { $0.chip.entry.name == anchor })?.index else { return nil }
        return .place(place < from ? place + 1 : place)
    }

    // MARK: Opening files

    /// The file chooser (Ctrl+O): several files at once.
    func chooseFiles() {
        let ui = UIDescription("file-choosers")
        let raw = UnsafeMutableRawPointer(ui.object("open_files"))
        // Ours until it has answered: the description lets go of its own.
        withExtendedLifetime(ui) { _ = g_object_ref(raw) }
        gtk_native_dialog_set_transient_for(cgtk_native_dialog(raw), cgtk_window(window))
        startChooser(cgtk_file_chooser(raw), besideFileOf: document)
        connectResponse(raw) { [weak self] response in
            if response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_files(cgtk_file_chooser(raw)) {
                let paths = Self.paths(of: files)
                g_object_unref(UnsafeMutableRawPointer(files))
                self?.open(paths)
            }
            // The chooser was ours from its creation: released once it has answered.
            g_object_unref(raw)
        }
        gtk_native_dialog_show(cgtk_native_dialog(raw))
    }

    /// The chooser starts in the folder of the first open file (where more files to tag are
    /// likeliest), else in GTK's default.
    private func startChooser(_ chooser: OpaquePointer, besideFileOf document: TagDocument) {
        guard let first = (document as? FileTagsDocument)?.fileTags.files.first?.path,
              let file = g_file_new_for_commandline_arg(first) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        if let folder = g_file_get_parent(file) {
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
    }

    private static func paths(of list: OpaquePointer) -> [String] {
        (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(item) }
            return WindowShell.localPath(of: OpaquePointer(item))
        }
    }

    /// Files dropped on the window (from a file manager) are opened like chosen ones; a folder
    /// dropped opens in the folder view, files join this window (or a new one).
    private func filesDropped(_ paths: [String]) {
        let folders = paths.filter { path in
            var isFolder: ObjCBool = false
            return !path.isEmpty && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        if let onOpenFolder {
            for folder in folders { onOpenFolder(folder) }
            open(paths.filter { !$0.isEmpty && !folders.contains($0) })
        } else {
            open(paths.filter { !$0.isEmpty })
        }
    }

    /// Opens files: in file mode they join the open set; a collection (or a `--tags` list) is
    /// not a set of files, so they open in a new window of their own, and this one says so.
    func open(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        guard let files = document as? FileTagsDocument else {
            if let onOpenInNewWindow {
                onOpenInNewWindow(paths)
                show(paths.count == 1 ? tr("\(paths[0]) opened in a new window.") : tr("\(paths.count) files opened in a new window."),
                     isError: false)
            } else {
                show(tr("Files can be opened only in the interactive editor."), isError: true)
            }
            return
        }
        // Files already open (by identity: a second name or a link counts too) are said to be,
        // not counted as "0 more".
        let open = files.fileTags.files
        let identities = Dictionary(open.map { ($0.identity, $0.path) }, uniquingKeysWith: { first, _ in first })
        let alreadyOpen = paths.filter { path in (try? FileIdentity(of: path)).map { identities[$0] != nil } ?? false }
        let new = paths.filter { !alreadyOpen.contains($0) }
        let leftOut = new.isEmpty ? [] : files.open(new)
        let added = files.fileTags.files.count - open.count
        refresh()
        var parts: [String] = []
        if added > 0 || alreadyOpen.isEmpty { parts.append(trn("Opened \(added) more file.", "Opened \(added) more files.", added)) }
        if !alreadyOpen.isEmpty {
            let names = alreadyOpen.map(Self.fileName).joined(separator: ", ")
            parts.append((alreadyOpen.count == 1 ? tr("\(names) is already open.") : tr("Already open: \(names)."))
                         + (added == 0 && leftOut.isEmpty ? " " + tr("Nothing else was dropped.") : ""))
        }
        parts += leftOut
        show(parts.joined(separator: " "), isError: added == 0 && !leftOut.isEmpty, seconds: leftOut.isEmpty ? 4 : 12)
    }

    /// A path's last component, as messages name files.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: Windows of their own

    func showShortcuts() {
        guard let shortcuts = Shortcuts.makeWindow(for: window) else { return }
        gtk_window_present(cgtk_window(shortcuts))
    }

    /// libadwaita's About window (Resources/ui/about-window.ui): the version, the licence, the
    /// website and the credits.
    func showAbout() {
        let about = UIDescription("about-window").widget("about")
        adw_about_window_set_version(cadw_about_window(about), TagEditorApplication.version)
        gtk_window_set_transient_for(cgtk_window(about), cgtk_window(self.window))
        gtk_window_present(cgtk_window(about))
    }
}
