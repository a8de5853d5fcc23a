// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// What the user does in the window (add, remove, rename, leave a file out), what others do on
// disk (reload), and where the keyboard focus goes after each.

extension EditorWindow {
    // MARK: Editing

    var entryText: String {
        String(cString: gtk_editable_get_text(cgtk_editable(entry)))
    }

    /// Enter in the entry: its tags are added, typed or pasted alike (commas and line breaks
    /// separate them: ``addTags(_:)``). Enter in the empty entry does nothing.
    func addTypedTag() {
        let text = entryText
        guard !text.isEmpty else { return }
        let count = document.entries.count
        if let kept = addTags(text) { entryField.setText(kept) }
        let added = document.entries.count - count
        if added > 0 { showAdded(PastedTags.split(text, tagsMayContainCommas: document.allowsComma), count: added) }
    }

    /// Removes a tag. From a chip's remove button the focus goes to the chip that takes its place
    /// (or the entry when none does), never to another remove button.
    func remove(_ name: String, focus: FocusTarget? = nil) {
        let index = chipArea.index(of: name)
        // The chip's place spares the document a scan for the tag (checked there): its place
        // among all the tags, which a search's found chips are not.
        let place = index.map(chipArea.indexInAll(ofShown:))
        let report = perform("remove", name) { try document.remove(name, at: place) }
        refresh(focus: focus ?? .place(index ?? 0))
        sayHowManyFiles(report) { trn("Removed “\(name)” from \($0.formatted()) file.", "Removed “\(name)” from \($0.formatted()) files.", $0) }
    }

    /// Renames a tag; on refusal shows why and returns `false` (a rename popover then stays open,
    /// to fix the name). On success the focus goes to the renamed chip.
    @discardableResult
    func rename(_ old: String, to new: String) -> Bool {
        let index = chipArea.indexInAll(of: old)
        guard let report = perform("rename", old, { try document.rename(old, to: new, at: index) }) else {
            refresh()
            return false
        }
        renamer.forgetDraft(of: old)
        renamePopover?.close()
        // A list stores the name as the report gives it; files' chips may show another spelling
        // of it (their few tags are read for it).
        let renamed = document is TagListDocument ? report.name
            : document.entries.first { TagRules.key($0.name) == TagRules.key(report.name) }?.name
        refresh(focus: renamed.map { .chip($0) } ?? .keep)
        sayHowManyFiles(report) { trn("Renamed “\(old)” to “\(renamed ?? new)” on \($0.formatted()) file.", "Renamed “\(old)” to “\(renamed ?? new)” on \($0.formatted()) files.", $0) }
        return true
    }

    func beginRename(_ name: String, on chipWidget: Widget) {
        if let reason = document.whyNotEditable {
            show(reason, isError: true, seconds: nil)
            return
        }
        renamer.open(name, at: chipWidget, handlers: RenamePopover.Handlers(
            submit: { [weak self] new in self?.submitRename(name, to: new) },
            merge: { [weak self] target in self?.merge(name, into: target) },
            cancel: { [weak self] kept in self?.renameCancelled(name, kept: kept) }))
    }

    /// Leaves a file out of the open set (file mode).
    func leaveOut(_ path: String) {
        (document as? FileTagsDocument)?.close(path)
        refresh()
    }

    /// Runs one edit and tells the user how it went: nothing when it simply happened, which files
    /// were skipped and why, or why it was refused; what it changed becomes a step of the undo
    /// history (``EditHistory``). Returns the report, or `nil` when refused.
    ///
    /// - Parameter label: the undo step's name for an edit of several tags ("add 3 tags (…)");
    ///   its caller then says which tags became recently used.
    @discardableResult
    ///
    /// - Parameter places: for a move, where its undo finds its tags (``EditHistory/Step/places``).
    func perform(_ kind: String, _ name: String, label: String? = nil, places: [String: Int] = [:],
                 _ edit: () throws -> ChangeReport) -> ChangeReport? {
        do {
            let report = try edit()
            if let text = report.message {
                show(text, isError: report.changedFiles == 0 && report.conflict == nil, seconds: 12)
            } else {
                hideMessage()
            }
            events.publish(.edited(kind: kind, name: name, error: nil))
            if label == nil { known.used([report.name], by: kind) }
            history.record(label ?? Self.stepLabel(kind, name), report, places: places)
            return report
        } catch {
            show("\(error)", isError: true)
            events.publish(.edited(kind: kind, name: name, error: "\(error)"))
            return nil
        }
    }

    /// An undo step's name, as the messages show it ("Undone: add “x”.").
    static func stepLabel(_ kind: String, _ name: String) -> String {
        switch kind {
        case "add": tr("add “\(name)”")
        case "remove": tr("remove “\(name)”")
        case "rename": tr("rename “\(name)”")
        case "merge": tr("merge “\(name)”")
        case "add to all": tr("add to all “\(name)”")
        default: "\(kind) “\(name)”"
        }
    }

    /// After an edit of one tag in file mode with several files open: how many files it
    /// changed ("Removed “beach” from 4 files."), with Undo at hand, unless the edit has a
    /// message of its own (files skipped, a conflict). A count is what tells a user that a tag
    /// spelled differently on some files ("Beach") was changed there too. An edit that changed
    /// every open file says nothing: the chips show it, and a message would cover them for a
    /// while (a click meant for a chip near the window's foot landed on it).
    func sayHowManyFiles(_ report: ChangeReport?, _ text: (Int) -> String) {
        guard let report, report.message == nil, report.changedFiles > 0,
              let files = (document as? FileTagsDocument)?.fileTags.files, files.count > 1,
              report.changedFiles < files.count else { return }
        let count = report.changedFiles
        show(text(count), isError: false, seconds: 12,
             action: (tr("Undo"), { [weak self] in self?.undo() }))
    }

    // MARK: Changes made by others

    /// Reads what is on disk again and shows it, keeping the focus and the entry's text.
    func reloadFromDisk() {
        let unreadableBefore = unreadableFiles
        let result = document.reload()
        events.publish(.reloaded)
        if let problem = result.problem, document.whyNotEditable == nil { show(problem, isError: true) }
        // An open file another program deleted (or made unreadable) is no longer counted: the
        // title and the counts change, and this says why.
        let lost = unreadableFiles.filter { unreadableBefore[$0.key] == nil }
        if !lost.isEmpty, document.whyNotEditable == nil {
            show(lost.sorted { $0.key < $1.key }.map { tr("\(Self.fileName($0.key)) is no longer counted: \($0.value)") }
                    .joined(separator: " "), isError: true, seconds: nil)
        }
        if result.changed {
            refresh()
        } else if keepsColors && readCollectionColors() {
            // Only the collection's colours changed (another window, `filetags color`).
            showColors()
            events.publish(.changed)
        }
    }

    /// The open files whose tags cannot be read now, with why ("/a/b.txt does not exist.").
    private var unreadableFiles: [String: String] {
        let files = (document as? FileTagsDocument)?.fileTags.files ?? []
        return Dictionary(files.compactMap { file in file.unreadableReason.map { (file.path, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Focus

    /// Where the focus goes after the chips change.
    enum FocusTarget {
        /// Where it was; if it was on a chip that is gone, to the chip that took its place.
        case keep
        /// To the chip at this index, or the entry when there is none.
        case place(Int)
        /// To this tag's chip.
        case chip(String)
    }

    /// Whether the focus widget is `widget` or inside it (an entry's focus is its inner text).
    static func focus(_ focus: Widget, isWithin widget: Widget) -> Bool {
        focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func moveFocus(_ target: FocusTarget, focusedBefore: (name: String, index: Int)?) {
        switch target {
        case .keep:
            // Asked of the document's keys: the chips' list would be read whole for a tag gone.
            guard let before = focusedBefore, !document.hasTag(sameAs: before.name) else { return }
            focusChip(at: before.index)
        case .place(let index):
            focusChip(at: index)
        case .chip(let name):
            if let index = chipArea.index(of: name) { focusChip(at: index) }
        }
    }

    /// Puts the focus on the chip of the tag at `index` (realizing it and scrolling it into
    /// view in the list), or on the entry when there is none.
    func focusChip(at index: Int) {
        if !chipArea.focusChip(at: index) { gtk_widget_grab_focus(entry) }
    }
}
