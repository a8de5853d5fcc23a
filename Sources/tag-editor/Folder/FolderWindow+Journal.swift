// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import Foundation
import GObjectSupport
import JSON
import TagData

/// What the folder view keeps of the journal (App/Journal.swift): the question about a change
/// across files that was interrupted, the changes left for later, the last files restored.
@MainActor
final class FolderJournalState {
    /// The question about an interrupted change, while it is shown, and that change.
    var question: Question?
    var asked: RecordedTreeChange?
    /// Interrupted changes this window asked about (answered or left for later): asked once a
    /// start of the view.
    var askedIDs = Set<Int64>()
    /// The files whose tags were put back last, for the state report.
    var restored: [FilePath] = []
}

// The journal in the folder view: the reading records what files carry; a change across files is
// recorded before its first write and finished after its last (FolderWindow+Changes.swift); a
// file another program saved without its tags gets them back at once, with Undo; a change that
// was interrupted (the program killed half-way) is offered to be finished or taken back at the
// next start on its folder.
extension FolderWindow {
    /// Called once, from the window's creation.
    func setUpJournal() {
        events.observe { [weak self] event in
            guard case .countsShown = event else { return }
            // After the reading's own messages (describeReading runs after this event).
            runWhenIdle { [weak self] in
                guard let self, !self.isDestroyed else { return }
                self.readingShown()
            }
        }
        connectSignal(window, "destroy") { [weak self] in self?.journalState.question?.close() }
    }

    /// The journal's part once a reading is shown: why it could not be opened (once), then the
    /// interrupted changes under this folder.
    private func readingShown() {
        if let problem = AppJournal.takeProblem() {
            let before = messages.text.map { $0 + "\n" } ?? ""
            messages.show(before + problem, isError: true, seconds: nil)
            events.publish(.changed)
        }
        offerInterruptedChange()
    }

    // MARK: Restored by themselves

    /// Files another program renamed into place or wrote (its save): those that lost their tags
    /// get them back, and the window says so with Undo.
    func restoreLost(_ paths: [FilePath]) {
        AppJournal.restoreLost(paths) { [weak self] restored in
            guard let self, !self.isDestroyed else { return }
            self.journalState.restored = restored.map(\.path)
            // The index follows through the watch (the restore sets the attribute: IN_ATTRIB).
            self.messages.show(AppJournal.restoredText(restored), isError: false, seconds: 30,
                               action: (label: tr("Undo"), run: { [weak self] in self?.undoRestore(restored) }))
            self.events.publish(.changed)
        }
    }

    private func undoRestore(_ restored: [RestoredTags]) {
        AppJournal.undoRestore(restored) { [weak self] results in
            guard let self, !self.isDestroyed else { return }
            self.journalState.restored = []
            let said = AppJournal.undoneText(results)
            self.messages.show(said.text, isError: said.isError, seconds: 12)
            self.events.publish(.changed)
        }
    }

    // MARK: A change across files, recorded

    /// Records `change` in the journal before its first write (on the work's thread): the files
    /// by absolute path with the attribute each has now, under the folder's real path. `nil`
    /// without a journal, or when it cannot record it (the change is made all the same, as
    /// `filetags` makes it).
    nonisolated static func beginRecording(_ change: TagTreeChange, folder: String, paths: [String],
                                           journal: TagJournal?) -> TreeChangeInProgress? {
        guard let journal else { return nil }
        let directory = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> FilePath { FilePath(path.hasPrefix("/") ? path : directory + "/" + path) }
        let root = TagJournal.canonicalRoot(absolute(folder)) ?? absolute(folder)
        do {
            return try journal.begin(change, roots: [root], paths: paths.map(absolute))
        } catch {
            FileHandle.standardError.write(Data(("tag-editor: the change could not be recorded in the journal \(journal.path) (\(error)); "
                                                 + "it is made without a record to finish or take it back after a crash\n").utf8))
            return nil
        }
    }

    // MARK: Interrupted changes

    /// Of `changes`, those about this folder (one of their folders is it, holds it or is inside
    /// it) not asked about yet in this window.
    private func aboutThisFolder(_ changes: [RecordedTreeChange]) -> [RecordedTreeChange] {
        let here = TagJournal.canonicalRoot(FilePath(folder)) ?? FilePath(folder)
        func within(_ inner: FilePath, _ outer: FilePath) -> Bool {
            inner == outer || inner.bytes.starts(with: outer.bytes + [UInt8(ascii: "/")]) || outer.bytes == [UInt8(ascii: "/")]
        }
        return changes.filter { recorded in
            !journalState.askedIDs.contains(recorded.id) && recorded.roots.contains { root in
                let real = TagJournal.canonicalRoot(root) ?? root
                return within(here, real) || within(real, here)
            }
        }
    }

    /// Asks about the first interrupted change, unless a question or work is under way.
    func offerInterruptedChange() {
        AppJournal.interruptedChanges { [weak self] changes in
            guard let self, !self.isDestroyed, let recorded = self.aboutThisFolder(changes).first else { return }
            self.ask(about: recorded)
        }
    }

    private func ask(about recorded: RecordedTreeChange) {
        guard journalState.question == nil, question == nil, job == nil else { return }
        journalState.askedIDs.insert(recorded.id)
        let heading = recorded.change.kind == .rename ? tr("Finish the Interrupted Rename?")
            : recorded.change.kind == .merge ? tr("Finish the Interrupted Merge?") : tr("Finish the Interrupted Delete?")
        let body = tr("This change stopped before it was over (the program was ended): \(recorded.summary). Some of its files have it, the others not.")
            + "\n\n"
            + tr("Finish makes it on the files it did not reach. Take Back puts every file it reached back as it was, byte for byte. Later leaves the files as they are and asks again when the folder is next opened.")
        let question = Question(over: window, heading: heading, body: body,
                                later: (id: "later", label: tr("_Later")),
                                answers: [(id: "take-back", label: tr("_Take Back"), suggested: false),
                                          (id: "finish", label: tr("_Finish"), suggested: true)]) { [weak self] answer in
            guard let self else { return }
            self.journalState.question = nil
            self.journalState.asked = nil
            if answer == "finish" || answer == "take-back" {
                self.resolve(recorded, finishing: answer == "finish")
            } else {
                self.offerInterruptedChange()
            }
            self.events.publish(.changed)
        }
        journalState.question = question
        journalState.asked = recorded
        question.present()
        // The dialog draws in frames of its own: the report follows them (its buttons' places).
        if let clock = gtk_widget_get_frame_clock(question.dialog) {
            connectSignal(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.events.publish(.changed) }
        }
        events.publish(.changed)
    }

    /// Finishes the change or takes it back, on a thread of its own, its progress shown as a
    /// change's is ("Finishing: renamed “a” to “b”… 700 of 1,500 files"); Escape or Cancel stops
    /// it before the next file, and the change stays recorded, to be offered at the next start.
    /// The files changed are read again through the watch, as every other program's changes are.
    private func resolve(_ recorded: RecordedTreeChange, finishing: Bool) {
        guard job == nil, let journal = AppJournal.ifOpen else {
            showMessage(tr("Wait for the work in progress to end (or cancel it); the interrupted change is offered again at the next start."),
                        isError: true)
            return
        }
        let kind = finishing ? "finish" : "take back"
        let total = recorded.files.count
        let progress = SharedValue(0)
        let outcomes = SharedValue([(path: FilePath, outcome: FileTags.Outcome)]())
        jobDescription = (kind, total)
        jobDone = { progress.value }
        job = BackgroundJob(work: { cancel in
            let report: (Int, Int) -> Void = { done, _ in progress.withLock { $0 = done } }
            let done = finishing ? journal.finish(recorded, isCancelled: { cancel.isSet }, done: report)
                                 : journal.takeBack(recorded, isCancelled: { cancel.isSet }, done: report)
            outcomes.withLock { $0 = done }
        }) { [weak self] finished in
            guard let self, !self.isDestroyed else { return }
            guard finished else {
                if self.job?.isCancelled != true {
                    self.showProgress(Self.resolvingText(recorded, finishing: finishing, done: progress.value),
                                      fraction: total == 0 ? 1 : Double(progress.value) / Double(total))
                }
                return
            }
            self.resolved(recorded, kind: kind, outcomes: outcomes.value)
        }
        showProgress(Self.resolvingText(recorded, finishing: finishing, done: 0), fraction: 0)
        updateFilterButtons()
    }

    /// "Finishing: renamed “a” to “b”… 700 of 1,500 files".
    private static func resolvingText(_ recorded: RecordedTreeChange, finishing: Bool, done: Int) -> String {
        let count = recorded.files.count
        return finishing ? tr("Finishing: \(recorded.change.pastTense)… \(done) of \(count) files")
                         : tr("Taking back: \(recorded.change.pastTense)… \(done) of \(count) files")
    }

    private func resolved(_ recorded: RecordedTreeChange, kind: String, outcomes: [(path: FilePath, outcome: FileTags.Outcome)]) {
        let cancelled = job?.isCancelled ?? false
        job = nil
        jobDescription = nil
        hideProgress()
        var changed = 0
        var failed: [(path: String, reason: String)] = []
        for (path, outcome) in outcomes {
            switch outcome {
            case .changed: changed += 1
            case .unchanged: break
            case .failed(let reason): failed.append((path.description, reason))
            }
        }
        // Stopped before its last file: the change is still recorded as interrupted.
        let stopped = cancelled && outcomes.count < recorded.files.count
        lastOperation = FolderOperationSummary(kind: kind, total: recorded.files.count, changed: changed, failed: failed, cancelled: stopped)
        let text: String
        if stopped {
            text = kind == "finish"
                ? tr("Cancelled: finishing \(recorded.change.pastTense) stopped after \(Self.files(outcomes.count)); it is offered again at the next start.")
                : tr("Cancelled: taking back \(recorded.change.pastTense) stopped after \(Self.files(outcomes.count)); it is offered again at the next start.")
        } else {
            text = kind == "finish" ? tr("Finished: \(recorded.change.pastTense) on \(Self.files(changed)) more.")
                                    : tr("Taken back: \(recorded.change.pastTense), on \(Self.files(changed)) it had reached.")
        }
        showMessage(text + Self.describe(failed), isError: !failed.isEmpty)
        updateFilterButtons()
        // What it wrote, the watcher saw while the job ran: read now, as after any change.
        readChangesMadeDuringJob()
        offerInterruptedChange()
    }
}
