// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import Foundation
import TagData

/// The tag editor's window: a header bar (``HeaderBar``), an entry to add tags, the tags as chips
/// (a ``ChipArea``: a WrapHStack, or the virtual list past a thousand tags) with messages
/// floating over them (``Toast``), a status line, and the layout options panel over the chips'
/// options (``ChipLayoutOptions``); in file mode, a button listing the open files. It shows what
/// is on disk: changes made by other programs appear as they happen (``FileWatcher``), and every
/// edit is a ``TagChange`` applied to what is stored at that moment (`EditorWindow+Editing.swift`).
@MainActor
final class EditorWindow: ShellWindow {
    /// The window, its messages, status line, actions and events (``WindowShell``).
    let shell: WindowShell
    let document: TagDocument
    /// The chips: the WrapHStack's or the virtual list's (`Chips/`).
    let chipArea: ChipArea<Chip>
    /// The search bar over the chips (Ctrl+F, or typing on a chip: Chips/ChipSearch.swift).
    let search: ChipSearch<Chip>
    /// The chips' layout options: the panel edits them, the chip area applies them.
    let options: ChipLayoutOptions
    let entry: Widget
    /// The entry's keys, paste handling and suggestions (`NewTagEntry.swift`).
    let entryField: NewTagEntry
    /// What the entry suggests from, and the recently used tags (`EditorWindow+Entry.swift`).
    let known: KnownTags
    let optionsPanel: LayoutOptionsPanel
    /// Holds the options panel beside the chips, or over them when the window is narrow; its
    /// `reveal-flap` is whether the options are shown.
    let optionsFlap: Widget
    let headerBar: HeaderBar
    /// Undo and redo of every change made in this window (`EditHistory.swift`).
    let history = EditHistory()
    /// Opens files in a new window (set by the application; from a collection window, files open there).
    var onOpenInNewWindow: (@MainActor ([String]) -> Void)?
    /// Opens a folder in the folder view (set by the application): a folder dropped on the window.
    var onOpenFolder: (@MainActor (String) -> Void)?
    /// The window's application, when it has one (the interactive editor).
    let application: UnsafeMutablePointer<GtkApplication>?
    /// Called when the user shows or hides the layout options (the application remembers it).
    var onOptionsShown: (@MainActor (Bool) -> Void)?
    /// File mode only: the open files, their writability, and a way to leave one out.
    let openFiles: OpenFilesList?
    /// Whether the message line shows why nothing can be edited (it then stays until that changes).
    private var showsBlockingMessage = false
    /// The entry had the keyboard focus when it was turned off (the collection became unreadable):
    /// it gets it back when edits can be made again, so that typing goes on where it stopped.
    private var entryRefocusPending = false
    /// Why nothing can be edited (``TagDocument/whyNotEditable``), read once a refresh: every
    /// chip's remove button asks for it, and each reading asks the file system (a collection's
    /// file and folder). The entry, the chips and the message say the same.
    private(set) var whyNotEditableNow: String?
    /// The entry's text changed after the last change made, undone or redone (``EditHistory``).
    var typedSinceLastChange = false
    private var statusUpdatePending = false
    /// Watches the shown files for changes by other programs (interactive mode only).
    private(set) var watcher: FileWatcher?
    /// The window's rename popover (one, reused for every rename: see RenamePopover.swift).
    let renamer: RenamePopover
    /// The chips selected together (Ctrl+click, Shift+click, Ctrl+A: EditorWindow+Selection.swift).
    var chipSelection = ChipSelection()
    /// What the last drag of one of this window's chips carries, until it is dropped among them.
    var chipDragText: String?
    /// Which files have a partial tag (a click on its count: PartialTagFiles.swift).
    let partialFiles: PartialTagFiles
    /// The chips' context menu: colour, rename, copy (ChipMenu.swift).
    let chipMenu: ChipMenu
    /// The collection's colours of tags, as last read (EditorWindow+Colors.swift).
    var collectionColors = CollectionColorState()
    /// What the status line says of the tags the last Enter added (EditorWindow+AddedTag.swift),
    /// until the next change.
    var addedNote: String?
    /// The rename popover while it is open.
    var renamePopover: RenamePopover? { renamer.isOpen ? renamer : nil }

    /// How the chips and the open-files list reach the editor: the data-driven container that
    /// makes the chips, and the list, are created before the window exists.
    final class EditorLink {
        weak var editor: EditorWindow?
    }

    /// - Parameter watchesFiles: show changes other programs make to the files as they happen.
    /// - Parameter application: the GtkApplication the window belongs to (`nil`: a plain window).
    /// - Parameter chipList: whether the chips are in the virtual list (`--virtual`), in the
    ///   WrapHStack (`--no-virtual`), or in the list past ``ChipListChoice/threshold`` tags.
    init(document: TagDocument, showsOptions: Bool, watchesFiles: Bool = false,
         application: UnsafeMutablePointer<GtkApplication>? = nil,
         chipList: ChipListChoice = .automatic) throws {
        self.document = document
        self.application = application
        let link = EditorLink()
        let options = ChipLayoutOptions()
        self.options = options
        let initialEntries = document.entries
        let actions = Self.chipActions(link)
        chipArea = try ChipArea(chipList, count: initialEntries.count, options: options, actions: actions,
                                overflows: true, margin: 6, dragText: actions.dragText)
        let ui = UIDescription("editor-window")
        shell = WindowShell(ui, application: application)
        gtk_window_set_title(cgtk_window(shell.window), Self.title(of: document))
        entryField = NewTagEntry(ui)
        entry = entryField.widget
        known = KnownTags(document: document, interactive: watchesFiles)
        search = ChipSearch(over: chipArea, in: shell.window)
        adw_bin_set_child(cadw_bin(ui.widget("chips_slot")), search.widget)
        optionsPanel = LayoutOptionsPanel(options: options)
        adw_bin_set_child(cadw_bin(ui.widget("options_slot")), optionsPanel.widget)
        optionsFlap = ui.widget("options_flap")
        adw_flap_set_reveal_flap(cadw_flap(optionsFlap), showsOptions ? 1 : 0)
        gtk_widget_set_visible(ui.widget("options_slot"), showsOptions ? 1 : 0)
        openFiles = document is FileTagsDocument ? OpenFilesList { link.editor?.leaveOut($0) } : nil
        headerBar = HeaderBar(ui, window: shell.window, filesButton: openFiles?.button, showsWindowButtons: application != nil)
        // Typing goes to the entry when the window opens (the header bar's buttons come before
        // it in the focus chain).
        gtk_widget_grab_focus(entry)
        let root = ui.widget("root")
        renamer = RenamePopover(in: root)
        partialFiles = PartialTagFiles(in: root)
        chipMenu = ChipMenu(in: root, shell: shell, actions: Self.chipMenuActions(link))

        link.editor = self
        // Before the first chips: they ask for their colours.
        readCollectionColors()
        whyNotEditableNow = document.whyNotEditable
        try chipArea.show(initialEntries)
        showEmptyState()
        // The status line as it will read after the first layout, so that the first frame shows
        // it and the update that follows the layout changes nothing (no second frame).
        updateStatusLine()
        connectSignals()
        addActions(showsOptions: showsOptions)
        connectSearch()
        if !document.notices.isEmpty {
            show(document.notices.joined(separator: "\n"), isError: false, seconds: 12)
        }
        if watchesFiles {
            watcher = FileWatcher { [weak self] in
                self?.restoreLostTags()
                self?.reloadFromDisk()
            }
        }
        showDocumentState()
        WindowEvents.onWindowMade?(.editor(self))
    }

    // MARK: The parts, made before the window exists

    static var placeholder: String { tr("Add a tag and press Enter") }

    private func connectSignals() {
        connectSignal(entry, "activate") { [weak self] in self?.addTypedTag() }
        connectEntryActions()
        connectRenamer()
        connectSelectionFollowsFocus()
        connectChipDropInFileMode()
        options.onChange = { [weak self] in self?.layoutOptionsChanged() }
        chipArea.onLayout = { [weak self] in self?.scheduleStatusUpdate() }
        chipArea.onChipsMoved = { [weak self] in self?.renameFollowsChip() }
        chipArea.onUnbind = { [weak self] chip in self?.chipUnbound(chip) }
        chipArea.onChipMoved = { [weak self] move in self?.moveChip(move.name, after: move.after, places: move.places, move: move) }
        // After "Show less" the focus goes to the entry (the chip that had it may be hidden again).
        chipArea.onShowLess = { [weak self] in if let entry = self?.entry { gtk_widget_grab_focus(entry) } }
        chipMenu.onClosed = { [weak self] tag in self?.chipMenuClosed(tag) }
        // A colour set in another window (the collection's, `filetags color`) shows when the
        // user comes back to this one: one `stat` of the collection, read only when it changed.
        connectSignal(window, "notify::is-active") { [weak self] (_: gpointer?) in
            guard let self, !self.isDestroyed, gtk_window_is_active(cgtk_window(self.window)) != 0 else { return }
            self.showColors()
        }
        partialFiles.onClosed = { [weak self] tag in
            guard let chip = self?.chip(for: tag) else { return }
            gtk_widget_grab_focus(chip.widget)
        }
        connectSignal(window, "destroy") { [weak self] in
            self?.finishSaving()
            self?.known.saveRecent()
            self?.watcher?.stopAll()
            self?.renamer.release()
            self?.partialFiles.release()
            self?.chipMenu.release()
            self?.chipArea.release()
        }
        // Ctrl+Z takes back the typing only when the typing is newer than the last change.
        connectSignal(entry, "changed") { [weak self] in self?.typedSinceLastChange = true }
    }

    /// The options changed (the panel, "+N more", `--placement`): the chips take them, and
    /// the chips scroll across the lines, whichever way those run.
    private func layoutOptionsChanged() {
        chipArea.apply(options)
    }

    /// `--max-lines`: the options' maxLines; the virtual list shows every line, and says so.
    func setMaxLines(_ maxLines: Int) {
        if let reason = chipArea.whyNoMaxLines(maxLines) {
            show(reason, isError: false, seconds: 12)
            return
        }
        options.layout.maxLines = maxLines
    }

    /// A rename popover pointing at a chip that is given to another tag closes first.
    func chipUnbound(_ chip: Chip) {
        if let popover = renamePopover, popover.tag == chip.entry.name { popover.close() }
    }

    // MARK: Chips

    /// Shows the document's tags (new chips for new tags, the same chips, updated, for the rest)
    /// and its state, then puts the focus where `focus` says.
    func refresh(focus: FocusTarget = .keep) {
        addedNote = nil
        let entries = document.entries
        whyNotEditableNow = document.whyNotEditable
        selectionFollowsTags()
        if let popover = renamePopover, !document.hasTag(sameAs: popover.tag) {
            // Its tag is gone (another program removed it): closed first, the focus back on its
            // chip, so that it then goes where a removed focused chip's goes; what was typed
            // goes to the entry, to be added as a tag if that was meant, and the message says why.
            renameTargetGone(popover)
        }
        let before = chipArea.focusedChip
        do {
            try chipArea.show(entries)
        } catch {
            show("\(error)", isError: true)
        }
        showDocumentState()
        showEmptyState()
        showColors()
        partialFilesFollow()
        moveFocus(focus, focusedBefore: before)
        events.publish(.changed)
    }

    /// The title, whether the entry can be used (and why not), the list of open files, and what
    /// the watcher watches: everything that follows from the document besides its tags.
    private func showDocumentState() {
        gtk_window_set_title(cgtk_window(window), Self.title(of: document))
        let reason = whyNotEditableNow
        let wasSensitive = gtk_widget_get_sensitive(entry) != 0
        if reason != nil, wasSensitive, let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) {
            entryRefocusPending = focus == entry || gtk_widget_is_ancestor(focus, entry) != 0
        }
        gtk_widget_set_sensitive(entry, reason == nil ? 1 : 0)
        if reason == nil, !wasSensitive, entryRefocusPending {
            entryRefocusPending = false
            // Unless the user has put the focus somewhere else meanwhile.
            if let root = gtk_widget_get_root(entry), gtk_root_get_focus(root) == nil {
                gtk_entry_grab_focus_without_selecting(cgtk_entry(entry))
            }
        }
        setTooltip(entry, reason)
        gtk_entry_set_placeholder_text(cgtk_entry(entry), reason == nil ? Self.placeholder : tr("No tags can be added now"))
        if let reason {
            show(reason, isError: true, seconds: nil)
            showsBlockingMessage = true
        } else if showsBlockingMessage {
            hideMessage()
        }
        if let files = (document as? FileTagsDocument)?.fileTags.files { openFiles?.update(files) }
        // A collection's or a tag list's order is the user's; files' tags keep none.
        chipArea.reorderable = document is TagListDocument && reason == nil
        // In file mode the collection too, whose colours the chips show.
        watcher?.watch(document.watchedPaths + (document is FileTagsDocument ? [colorCollection.path] : []))
    }

    /// With no tags, what to do instead of an empty area (libadwaita's status page). The chips
    /// are then not laid out, so the status line's count is brought up to date here too.
    private func showEmptyState() {
        shell.showEmptyState(chipArea.all.isEmpty)
        if chipArea.all.isEmpty { scheduleStatusUpdate() }
    }

    /// The chip showing a tag.
    func chip(for name: String) -> Chip? { chipArea.chip(named: name) }

    /// The tags as the chips show them now.
    var shownEntries: TagEntries { chipArea.shown }

    // MARK: Messages and status

    /// Shows a message for `seconds`, or until it is replaced when `seconds` is `nil`, with a
    /// button that runs `action` when one is given.
    func show(_ text: String, isError: Bool, seconds: Int? = 5,
              action: (label: String, run: @MainActor () -> Void)? = nil) {
        showsBlockingMessage = false
        messages.show(text, isError: isError, seconds: seconds, action: action)
    }

    var messageText: String? { messages.text }

    /// Hides the message, unless it says why nothing can be edited.
    func hideMessage() {
        if let reason = document.whyNotEditable {
            if !showsBlockingMessage { show(reason, isError: true, seconds: nil) }
            showsBlockingMessage = true
            return
        }
        messages.hide()
        showsBlockingMessage = false
    }

    /// The status line changes after every layout; updating it from the layout itself would make
    /// the label's own resize lay the window out again, so it waits for the idle main loop.
    private func scheduleStatusUpdate() {
        guard !statusUpdatePending else { return }
        statusUpdatePending = true
        runWhenIdle { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.statusUpdatePending = false
            self.updateStatusLine()
        }
    }

    /// The status line and the options panel's figures, now.
    private func updateStatusLine() {
        shell.setStatus(shortStatusText)
        optionsPanel.showFigures(statusText)
    }

    /// The status line under the chips: short, so it reads whole in a 360 px window (the
    /// layout's figures are in the options panel).
    var shortStatusText: String {
        let count = chipArea.shownCount
        var parts = (addedNote.map { [$0] } ?? []) + [chipArea.searchCount ?? trn("\(count.formatted()) tag", "\(count.formatted()) tags", count)]
        if chipArea.hiddenCount > 0 { parts.append(trn("\(chipArea.hiddenCount.formatted()) hidden", "\(chipArea.hiddenCount.formatted()) hidden", chipArea.hiddenCount)) }
        if document.isInMemoryOnly { parts.append(tr("not saved")) }
        return parts.joined(separator: " · ")
    }

    /// The layout's figures, shown in the options panel.
    var statusText: String {
        let count = chipArea.shownCount
        var parts = [trn("\(count.formatted()) tag", "\(count.formatted()) tags", count)]
        parts += chipArea.figures
        if document.isInMemoryOnly { parts.append(tr("not saved")) }
        return parts.joined(separator: " · ")
    }
}
