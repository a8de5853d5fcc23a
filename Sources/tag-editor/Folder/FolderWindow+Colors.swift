// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

// Tags' colours in the folder view: the chip menu (ChipMenu.swift, the editor's, written once)
// sets a tag's colour where it is kept, the user's collection (`colors`, so the tag shows it in
// every window), and keeps Finder's attribute of the files under the folder in step: each file
// whose Finder list holds the tag gets the new colour number there. The files are written on a
// thread with the progress line and Cancel, as a rename across files is; Undo gives back the
// colour the collection had and each file's own number, Redo sets it again.

/// A step of the folder view's Undo: a change of a tag across files, or a colour.
enum FolderUndoStep {
    case change(FolderChangeStep)
    /// What gives the colours back (the collection's and each file's as they were).
    case recolor(EditHistory.Recolor)
}

/// A step of the folder view's Redo: what Undo took back whole.
enum FolderRedoStep {
    case change(TagTreeChange)
    case recolor(EditHistory.Recolor)
}

/// What a colour job did, handed from its thread.
struct FolderRecolorOutcome: Sendable {
    /// What takes it back: the colours it replaced.
    var back: EditHistory.Recolor
    /// The files written, as read again after.
    var written: [FolderFile] = []
    /// Files reached (written or not).
    var reached = 0
    var failed: [(path: String, reason: String)] = []
    /// Why the collection could not be written: then no file is.
    var collectionProblem: String?
}

extension FolderWindow {
    /// Why a colour job runs.
    enum RecolorReason: String { case color, undo, redo }

    /// What the chip menu's items do here, by the tag's key.
    static func chipMenuActions(_ link: Link) -> ChipMenu.Actions {
        ChipMenu.Actions(
            setColor: { key, color in link.window?.setColor(color, ofTag: key) },
            rename: { key in
                guard let window = link.window else { return }
                window.showActions(for: key)
                window.askName(.rename)
            },
            copy: { key in
                guard let window = link.window, let tag = window.tag(key) else { return }
                gdk_clipboard_set_text(gtk_widget_get_clipboard(window.window), tag.name)
            },
            // Every tag here is a tag of the files it counts: the menu never offers which.
            showFiles: { _ in })
    }

    /// The user's collection, where tags' colours are kept.
    static var collection: CollectionFile {
        CollectionFile(path: CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment))
    }

    /// The chip's menu (right-click, the Menu key, Shift+F10), its colour checked.
    func openChipMenu(_ key: String, at chip: Widget, point: (x: Double, y: Double)?) {
        guard let tag = tag(key) else { return }
        chipMenu.open(key, color: color(of: tag), at: chip, point: point)
        events.publish(.changed)
    }

    /// The menu closed: the focus goes back to its chip, unless an item took it elsewhere (the
    /// rename's bar).
    func chipMenuClosed(_ key: String) {
        runWhenIdle { [weak self] in
            guard let self, !self.isDestroyed, self.actionBar.mode == .hidden, self.question == nil,
                  let chip = self.chipArea.chip(named: key) else { return }
            gtk_widget_grab_focus(chip.chooseButton)
            self.events.publish(.changed)
        }
        events.publish(.changed)
    }

    /// Gives the tag of `key` the colour `color` (none: takes it away): in the collection, and in
    /// Finder's attribute of every file under the folder whose Finder list holds the tag.
    func setColor(_ color: TagColor, ofTag key: String) {
        guard let tag = tag(key) else { return }
        guard job == nil else {
            showMessage(tr("Wait for the work in progress to end (or cancel it)."), isError: true)
            return
        }
        let files = index.files.filter { $0.keys.contains(key) }.map { EditHistory.FileColor(path: $0.path, color: color) }
        runRecolor(EditHistory.Recolor(tag: tag.name, collection: color, files: files), reason: .color)
    }

    /// Sets the colours `recolor` names on a thread of its own: the collection's first (under its
    /// lock; when it cannot be written no file is), then each file's Finder entries of the tag
    /// (under each file's lock, as every write is); Cancel stops before the next file.
    func runRecolor(_ recolor: EditHistory.Recolor, reason: RecolorReason) {
        guard job == nil else { return }
        if reason == .color { redoSteps = [] }
        let progress = SharedValue(0)
        let result = SharedValue<FolderRecolorOutcome?>(nil)
        let collection = Self.collection, journal = AppJournal.ifOpen, mode = finderMode
        jobDescription = (reason.rawValue, recolor.files.count)
        jobDone = { progress.value }
        job = BackgroundJob(work: { cancel in
            result.withLock { $0 = Self.recolor(recolor, collection: collection, finder: mode, journal: journal, cancel: cancel,
                                                done: { count in progress.withLock { $0 = count } }) }
        }) { [weak self] finished in
            guard let self, !self.isDestroyed else { return }
            if !finished {
                self.showProgress(tr("Colouring “\(recolor.tag)”… \(progress.value) of \(Self.files(recolor.files.count))"),
                                  fraction: Double(progress.value) / Double(max(1, recolor.files.count)))
                return
            }
            if let outcome = result.value { self.recolorFinished(recolor, reason: reason, outcome: outcome) }
        }
        showProgress(tr("Colouring “\(recolor.tag)”…"), fraction: 0)
        updateFilterButtons()
    }

    /// The work of ``runRecolor(_:reason:)``, on its thread.
    nonisolated private static func recolor(_ recolor: EditHistory.Recolor, collection: CollectionFile, finder: FinderTagsMode,
                                            journal: TagJournal?, cancel: CancelFlag,
                                            done: (Int) -> Void) -> FolderRecolorOutcome {
        var outcome = FolderRecolorOutcome(back: EditHistory.Recolor(tag: recolor.tag, collection: nil))
        if let color = recolor.collection {
            do {
                outcome.back.collection = try collection.setColor(color, of: recolor.tag)
            } catch {
                outcome.collectionProblem = "\(error)"
                return outcome
            }
        }
        for (index, file) in recolor.files.enumerated() {
            if cancel.isSet { break }
            do {
                if let before = try FileTags.recolor(recolor.tag, to: file.color, fileAt: FilePath(file.path), finder: finder) {
                    outcome.back.files.append(EditHistory.FileColor(path: file.path, color: before))
                    if let read = try? FolderFile.reading(FilePath(file.path), finder: finder) { outcome.written.append(read) }
                }
            } catch {
                outcome.failed.append((file.path, "\(error)"))
            }
            outcome.reached = index + 1
            done(index + 1)
        }
        // The journal keeps what the files carry now, Finder's attribute with the rest.
        try? journal?.record(outcome.written.compactMap { TagJournal.Sighting(of: $0.filePath) })
        return outcome
    }

    private func recolorFinished(_ recolor: EditHistory.Recolor, reason: RecolorReason, outcome: FolderRecolorOutcome) {
        let cancelled = job?.isCancelled ?? false
        job = nil
        jobDescription = nil
        hideProgress()
        index.set(outcome.written)
        let back = outcome.back
        let changed = (back.collection.map { $0 != recolor.collection } ?? false) || !back.files.isEmpty
        // Files an undo did not reach stay to be undone.
        let left = Array(recolor.files.dropFirst(outcome.reached))
        switch reason {
        case .color, .redo:
            if changed { undoSteps.append(.recolor(back)) }
        case .undo:
            if !left.isEmpty { undoSteps.append(.recolor(EditHistory.Recolor(tag: recolor.tag, collection: nil, files: left))) }
            if changed && left.isEmpty { redoSteps.append(.recolor(back)) }
        }
        lastOperation = FolderOperationSummary(kind: reason.rawValue, total: recolor.files.count, changed: back.files.count,
                                               failed: outcome.failed, cancelled: cancelled)
        recount()
        if let problem = outcome.collectionProblem {
            showMessage(tr("The colour of “\(recolor.tag)” was not changed: \(problem)"), isError: true)
        } else {
            let color = collectionColors.colors[recolor.tag].label
            var text = reason == .undo ? tr("Undone: “\(recolor.tag)” is \(color) again.") : tr("“\(recolor.tag)” is \(color) now.")
            if !back.files.isEmpty { text += " " + tr("Finder's tags changed on \(Self.files(back.files.count)).") }
            if cancelled { text += " " + tr("Cancelled: \(Self.files(left.count)) left as they were.") }
            showMessage(text + Self.describe(outcome.failed), isError: !outcome.failed.isEmpty)
        }
        updateFilterButtons()
        readChangesMadeDuringJob()
    }
}

extension FolderWindow {
    /// Finder's tags are treated as `mode` from now on: changes across files write as it says;
    /// going to or from `off` reads the tree again (Finder's tags shown or not).
    func follow(finder mode: FinderTagsMode) {
        guard mode != finderMode else { return }
        let rereads = finderMode == .off || mode == .off
        finderMode = mode
        if rereads && job == nil { startReading() }
        events.publish(.changed)
    }
}
