// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import Foundation
import GObjectSupport
import TagData

/// One change across files, as Undo takes it back: what each changed file was before and after.
struct FolderChangeStep {
    var change: TagTreeChange
    var updates: [(path: String, update: FileTags.Update)]
}

/// How the last change across files went, for the message and the state report.
struct FolderOperationSummary {
    var kind: String
    var total: Int
    var changed: Int
    var failed: [(path: String, reason: String)]
    var cancelled: Bool
}

/// Where the folder view asks about a tag's change, inside the window (`folder-action-bar.ui`):
/// first what can be done with the tag, then the new name (rename, merge). The confirmation,
/// which says on how many files, is a ``Question``.
@MainActor
final class FolderActionBar {
    enum Mode: Equatable {
        case hidden
        /// Rename, merge or delete this tag (by key).
        case actions(String)
        /// The new name for a rename or a merge.
        case naming(TagTreeChange.Kind, String)
    }

    let widget, label, entry: Widget
    let renameButton, mergeButton, deleteButton, confirmButton, cancelButton: Widget
    private(set) var mode = Mode.hidden

    /// The bar's description, which holds it until the window takes it in.
    private let ui = UIDescription("folder-action-bar")

    /// The buttons, which wrap onto more lines where the window is narrow.
    private let buttons = WrapHStack(placement: .direct)

    init() {
        (widget, label, entry) = (ui.widget("bar"), ui.widget("label"), ui.widget("entry"))
        (renameButton, mergeButton, deleteButton) = (ui.widget("rename"), ui.widget("merge"), ui.widget("delete"))
        (confirmButton, cancelButton) = (ui.widget("confirm"), ui.widget("cancel"))
        for button in [renameButton, mergeButton, deleteButton, cancelButton, confirmButton] {
            // Each is the description's own, with no parent: it cannot be in a container already.
            try! buttons.append(button)
        }
        gtk_box_append(cgtk_box(widget), buttons.widget)
    }

    func connect(to view: FolderWindow) {
        connectSignal(renameButton, "clicked") { [weak view] in view?.askName(.rename) }
        connectSignal(mergeButton, "clicked") { [weak view] in view?.askName(.merge) }
        connectSignal(deleteButton, "clicked") { [weak view] in view?.askToDelete() }
        connectSignal(cancelButton, "clicked") { [weak view] in view?.closeActionBar() }
        connectSignal(confirmButton, "clicked") { [weak view] in view?.confirmInBar() }
        connectSignal(entry, "activate") { [weak view] in view?.confirmInBar() }
    }

    var entryText: String {
        String(cString: gtk_editable_get_text(cgtk_editable(entry)))
    }

    /// Offers `names` as the entry is typed in (the description's completion): those that start
    /// with what is typed are listed under the entry (Down, then Enter takes one). For “Merge
    /// into”, whose name must be a tag of the folder.
    func complete(from names: [String]) {
        let store = UnsafeMutablePointer<GtkListStore>(ui.object("names"))
        gtk_list_store_clear(store)
        var column: Int32 = 0
        for name in names {
            var value = GValue()
            g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING, a macro Swift does not import
            g_value_set_string(&value, name)
            gtk_list_store_insert_with_valuesv(store, nil, -1, &column, &value, 1)
            g_value_unset(&value)
        }
        gtk_entry_set_completion(cgtk_entry(entry), ui.object("completion"))
    }

    /// Whether the entry's completion list is shown (GTK 4.8's completion puts it in a popover
    /// under the entry, and says so nowhere else).
    var completionShown: Bool {
        var child = gtk_widget_get_first_child(entry)
        while let widget = child {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_popover_get_type()) != 0, gtk_widget_get_visible(widget) != 0 { return true }
            child = gtk_widget_get_next_sibling(widget)
        }
        return false
    }

    /// The entry completes nothing (a rename's new name is a new tag).
    func completeNothing() {
        gtk_entry_set_completion(cgtk_entry(entry), nil)
    }

    /// - Parameter name: what the entry starts with, selected (a rename starts from the tag's
    ///   name, as a file manager's rename does; typing replaces it).
    func show(_ mode: Mode, text: String, confirm: String = "", name: String = "") {
        self.mode = mode
        gtk_widget_set_visible(widget, mode == .hidden ? 0 : 1)
        gtk_label_set_text(cgtk_label(label), text)
        setTooltip(label, text)
        var isActions = false, isNaming = false
        switch mode {
        case .hidden: break
        case .actions: isActions = true
        case .naming: isNaming = true
        }
        for button in [renameButton, mergeButton, deleteButton] { gtk_widget_set_visible(button, isActions ? 1 : 0) }
        gtk_widget_set_visible(entry, isNaming ? 1 : 0)
        gtk_widget_set_visible(confirmButton, isNaming ? 1 : 0)
        gtk_button_set_label(cgtk_button(confirmButton), confirm)
        if isNaming {
            gtk_editable_set_text(cgtk_editable(entry), name)
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(cgtk_editable(entry), 0, -1)
        }
    }
}

extension FolderWindow {
    /// The tag of a key, as counted now.
    func tag(_ key: String) -> FolderTag? { tags.first { $0.key == key } }

    static func files(_ count: Int) -> String { trn("\(count) file", "\(count) files", count) }

    /// A chip's “…”: what can be done with its tag.
    func showActions(for key: String) {
        guard let tag = tag(key) else { return }
        guard job == nil else {
            showMessage(tr("Wait for the work in progress to end (or cancel it)."), isError: true)
            return
        }
        actionBar.show(.actions(key), text: hasSubTags(key) ? tr("“\(tag.name)”: \(Self.files(tag.files)), sub-tags included.")
                                                             : tr("“\(tag.name)”: \(Self.files(tag.files))."))
        // The keyboard goes to the bar's first action, as into a menu; Escape or Cancel brings it
        // back to the chip.
        gtk_widget_grab_focus(actionBar.renameButton)
        events.publish(.changed)
    }

    /// Whether some tag of the folder is a sub-tag of `key`.
    func hasSubTags(_ key: String) -> Bool { tags.contains { $0.parentKey == key } }

    /// The bar's Cancel, or Escape: the bar closes and the focus goes back to the chip it was
    /// opened from (its “…” button), not to the window's first widget.
    func closeActionBar() {
        let key: String? = switch actionBar.mode {
        case .hidden: nil
        case .actions(let key), .naming(_, let key): key
        }
        actionBar.show(.hidden, text: "")
        if let key, let chip = chipArea.chip(named: key) { gtk_widget_grab_focus(chip.actionsButton) }
        events.publish(.changed)
    }

    func askName(_ kind: TagTreeChange.Kind) {
        guard case .actions(let key) = actionBar.mode, let tag = tag(key) else { return }
        let text = kind == .rename ? tr("Rename “\(tag.name)” on \(Self.files(tag.files)) to:")
                                   : tr("Merge “\(tag.name)” (\(Self.files(tag.files))) into:")
        if kind == .merge {
            // The tags it can go into: every other tag of the folder, as shown.
            actionBar.complete(from: tags.filter { $0.key != key }.map(\.name))
        } else {
            actionBar.completeNothing()
        }
        actionBar.show(.naming(kind, key), text: text, confirm: kind == .rename ? tr("Rename") : tr("Merge"),
                       name: kind == .rename ? tag.name : "")
        events.publish(.changed)
    }

    func askToDelete() {
        guard case .actions(let key) = actionBar.mode, let tag = tag(key) else { return }
        do {
            let change = try TagTreeChange(.delete, old: tag.name)
            let count = index.paths(touchedBy: change).count
            ask(change, heading: tr("Delete “\(tag.name)” on Every File?"),
                body: hasSubTags(key) ? tr("“\(tag.name)” is taken off \(Self.files(count)), sub-tags included. Undo puts it back.")
                                      : tr("“\(tag.name)” is taken off \(Self.files(count)). Undo puts it back."), answer: tr("_Delete"))
        } catch {
            showMessage(error.description, isError: true)
        }
        events.publish(.changed)
    }

    /// The bar's confirm button (or Enter in its entry).
    func confirmInBar() {
        switch actionBar.mode {
        case .naming(let kind, let key):
            guard let tag = tag(key) else { return }
            do {
                var change = try TagTreeChange(kind, old: tag.name, new: actionBar.entryText)
                let paths = index.paths(touchedBy: change)
                let meeting = index.files.filter { change.meetsNewName($0.tags) }.count
                var text = change.kind == .rename ? tr("Rename “\(tag.name)” to “\(change.new!)” on \(Self.files(paths.count))?")
                    : tr("Merge “\(tag.name)” into “\(change.new!)” on \(Self.files(paths.count))?")
                if change.kind == .rename && meeting > 0 {
                    // A rename onto a tag files already carry puts the two together: a merge.
                    change = try TagTreeChange(.merge, old: tag.name, new: change.new)
                    text = tr("“\(change.new!)” is on \(Self.files(meeting)) already: merge “\(tag.name)” into it on \(Self.files(paths.count))?")
                }
                ask(change, heading: change.kind == .rename ? tr("Rename “\(tag.name)”?") : tr("Merge “\(tag.name)”?"), body: text,
                    answer: change.kind == .rename ? tr("_Rename") : tr("_Merge"))
            } catch {
                showMessage(error.description, isError: true)
            }
        default:
            break
        }
        events.publish(.changed)
    }

    /// Asks before `change` (a dialog over the window); the answer runs it, Cancel or Escape
    /// leaves everything as it is. A delete is destructive: its answer is never the default.
    func ask(_ change: TagTreeChange, heading: String, body: String, answer: String) {
        actionBar.show(.hidden, text: "")
        let question = Question(over: window, heading: heading, body: body, answer: change.kind.rawValue, label: answer,
                                destructive: change.kind == .delete) { [weak self] yes in
            guard let self else { return }
            self.question = nil
            if yes { self.run(change) }
            self.events.publish(.changed)
        }
        self.question = question
        question.present()
    }

    // MARK: Running a change on every file

    /// Changes every file that carries the tag, on a thread of its own: each file under its lock,
    /// fully or not at all; Cancel stops before the next file.
    func run(_ change: TagTreeChange, redoing: Bool = false) {
        guard job == nil else { return }
        if !redoing { redoSteps = [] }
        let paths = index.paths(touchedBy: change)
        let progress = SharedValue(0)
        let outcomes = SharedValue([(path: String, outcome: FileTags.Outcome)]())
        let label = change.inProgress
        let journal = AppJournal.shared, folder = folder, mode = finderMode, colors = collectionColors.colors
        if let new = change.newKey, let choice = choices[change.oldKey] { choiceCarried = (change.oldKey, new, choice) }
        jobDescription = (change.kind.rawValue, paths.count)
        jobDone = { progress.value }
        job = BackgroundJob(work: { cancel in
            // Recorded before the first write, finished after the last (or a cancel): a change
            // killed half-way is offered to be finished or taken back at the next start.
            let recording = Self.beginRecording(change, folder: folder, paths: paths, journal: journal)
            let done = FileTags.updateEach(paths, journal: journal, finder: mode, colors: colors, isCancelled: { cancel.isSet },
                                           done: { index, _ in progress.withLock { $0 = index + 1 } }, change.changes)
            recording?.finish()
            outcomes.withLock { $0 = done }
        }) { [weak self] finished in
            guard let self, !self.isDestroyed else { return }
            let done = progress.value
            if !finished {
                if self.job?.isCancelled != true {
                    self.showProgress(tr("\(label.prefix(1).uppercased() + label.dropFirst())… \(done) of \(paths.count) files"),
                                      fraction: paths.isEmpty ? 1 : Double(done) / Double(paths.count))
                }
                return
            }
            self.changeFinished(change, total: paths.count, outcomes: outcomes.value)
        }
        showProgress(tr("\(label.prefix(1).uppercased() + label.dropFirst())… 0 of \(paths.count) files"), fraction: 0)
        updateFilterButtons()
    }

    private func changeFinished(_ change: TagTreeChange, total: Int, outcomes: [(path: String, outcome: FileTags.Outcome)]) {
        let cancelled = job?.isCancelled ?? false
        job = nil
        jobDescription = nil
        hideProgress()
        var updates: [(path: String, update: FileTags.Update)] = []
        var failed: [(path: String, reason: String)] = []
        for (path, outcome) in outcomes {
            switch outcome {
            case .changed(let update):
                updates.append((path, update))
            case .unchanged:
                break
            case .failed(let reason):
                failed.append((path, reason))
            }
        }
        index.set(updates.map { FolderFile(path: $0.path, tags: $0.update.after) })
        if !updates.isEmpty { undoSteps.append(.change(FolderChangeStep(change: change, updates: updates))) }
        carryChoice(done: !updates.isEmpty)
        lastOperation = FolderOperationSummary(kind: change.kind.rawValue, total: total, changed: updates.count,
                                               failed: failed, cancelled: cancelled)
        recount()
        let done = change.pastTense.prefix(1).uppercased() + change.pastTense.dropFirst()
        var text = tr("\(done) on \(Self.files(updates.count)).")
        if cancelled {
            let untouched = total - outcomes.count
            text = tr("Cancelled: \(change.pastTense) on \(Self.files(updates.count)); \(Self.files(untouched)) left as they were.")
        }
        showMessage(text + Self.describe(failed), isError: !failed.isEmpty)
        updateFilterButtons()
        readChangesMadeDuringJob()
    }

    /// The end of a job that may have taken a chosen tag away: its choice goes to the tag's new
    /// name (a merge's target keeps a choice of its own), unless nothing was changed.
    func carryChoice(done: Bool) {
        defer { choiceCarried = nil }
        guard done, let carried = choiceCarried else { return }
        if choices[carried.to] == nil { choices[carried.to] = carried.choice }
        if carried.from != carried.to { choices[carried.from] = nil }
    }

    /// The files not changed and why, for a message.
    static func describe(_ failed: [(path: String, reason: String)]) -> String {
        guard !failed.isEmpty else { return "" }
        let shown = failed.prefix(5).map(\.reason)
        return "\n" + tr("\(files(failed.count)) not changed: ") + shown.joined(separator: "; ") + (failed.count > 5 ? "; …" : "")
    }

    // MARK: Undo and redo

    /// Ctrl+Shift+Z: the change Undo took back last runs again, with no question (it was asked
    /// and answered once), on the files that carry its tag now.
    func redo() {
        guard job == nil, let step = redoSteps.popLast() else { return }
        actionBar.show(.hidden, text: "")
        switch step {
        case .change(let change): run(change, redoing: true)
        case .recolor(let recolor): runRecolor(recolor, reason: .redo)
        }
    }

    /// Takes back the last change across files, on every file it changed: what it wrote is
    /// replaced by what was there, byte for byte; a file another program changed since gets only
    /// this change taken back. Cancel leaves the files not yet reached in the step, to undo later.
    func undo() {
        guard job == nil, let step = undoSteps.popLast() else { return }
        actionBar.show(.hidden, text: "")
        switch step {
        case .change(let step): undo(step)
        case .recolor(let recolor): runRecolor(recolor, reason: .undo)
        }
    }

    private func undo(_ step: FolderChangeStep) {
        let progress = SharedValue(0)
        let results = SharedValue([(path: String, file: FolderFile?, problem: String?)]())
        let updates = step.updates, change = step.change, journal = AppJournal.ifOpen, mode = finderMode
        // Undoing a rename gives the filter its old name back.
        if change.kind == .rename, let new = change.newKey, let choice = choices[new] {
            choiceCarried = (new, change.oldKey, choice)
        }
        jobDescription = ("undo", updates.count)
        jobDone = { progress.value }
        job = BackgroundJob(work: { cancel in
            var done: [(path: String, file: FolderFile?, problem: String?)] = []
            for (index, (path, update)) in updates.enumerated() {
                if cancel.isSet { break }
                do {
                    _ = try FileTags.revert(update, fileAt: path, finder: mode) { change.undoChanges(before: update.before, after: $0) }
                    done.append((path, try? FolderFile.reading(FilePath(path), finder: mode), nil))
                } catch {
                    done.append((path, nil, "\(error)"))
                }
                progress.withLock { $0 = index + 1 }
            }
            try? journal?.record(done.compactMap { TagJournal.Sighting(of: FilePath($0.path)) })
            results.withLock { $0 = done }
        }) { [weak self] finished in
            guard let self, !self.isDestroyed else { return }
            if !finished {
                self.showProgress(tr("Undoing: \(change.pastTense)… \(progress.value) of \(updates.count) files"),
                                  fraction: Double(progress.value) / Double(max(1, updates.count)))
                return
            }
            self.undoFinished(step, results: results.value)
        }
        showProgress(tr("Undoing: \(change.pastTense)…"), fraction: 0)
        updateFilterButtons()
    }

    private func undoFinished(_ step: FolderChangeStep, results: [(path: String, file: FolderFile?, problem: String?)]) {
        let cancelled = job?.isCancelled ?? false
        job = nil
        jobDescription = nil
        hideProgress()
        var failed: [(path: String, reason: String)] = []
        index.set(results.compactMap(\.file))
        for result in results {
            if let problem = result.problem { failed.append((result.path, problem)) }
        }
        let left = Array(step.updates.dropFirst(results.count)) + step.updates.filter { update in failed.contains { $0.path == update.path } }
        if !left.isEmpty { undoSteps.append(.change(FolderChangeStep(change: step.change, updates: left))) }
        // Taken back whole: it can be made again.
        if left.isEmpty && results.count > failed.count { redoSteps.append(.change(step.change)) }
        lastOperation = FolderOperationSummary(kind: "undo", total: step.updates.count, changed: results.count - failed.count,
                                               failed: failed, cancelled: cancelled)
        index.sort()
        carryChoice(done: results.count > failed.count)
        recount()
        var text = tr("Undone: \(step.change.pastTense) on \(Self.files(results.count - failed.count)).")
        if !left.isEmpty { text += " " + tr("\(Self.files(left.count)) still to undo (Undo again).") }
        showMessage(text + Self.describe(failed), isError: !failed.isEmpty)
        updateFilterButtons()
        readChangesMadeDuringJob()
    }
}
