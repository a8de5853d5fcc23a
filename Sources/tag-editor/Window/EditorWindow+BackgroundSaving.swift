// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import GObjectSupport
import Foundation
import TagData

// The collection is written on a thread of its own (CollectionDocument.saveInBackground): at a
// million tags the write (15 MB of JSON, fsync, rename) takes longer than several frames, and the
// frame that shows an edit must not wait for it. So are the open files' changes
// (FileTagsDocument.saveInBackground): a rename on a file of 8,000 tags, or a file whose lock
// another program holds, must not stop the window drawing. What the write found is taken here,
// on the main thread: another program's changes merged in, the exact undo of a change on files,
// or a write that failed.

extension EditorWindow {
    /// Saves the collection's or the open files' changes in the background from now on
    /// (interactive windows only; the checking modes write nothing). A list read from a file is
    /// in memory only.
    func saveInBackground() {
        if let collection = document as? CollectionDocument {
            collection.saveInBackground { [weak self] in
                runOnMainLoop { self?.collectionSaved() }
            }
        } else if let files = document as? FileTagsDocument {
            files.saveInBackground { [weak self] in
                runOnMainLoop { self?.filesSaved() }
            }
        }
    }

    /// Whether the window shows changes still being written.
    var isSaving: Bool {
        (document as? CollectionDocument)?.hasUnsavedChanges ?? (document as? FileTagsDocument)?.hasUnsavedChanges ?? false
    }

    /// Writes to the open files finished: each step of the history takes the exact changes that
    /// undo it; a write that failed (and was taken back from the files it reached) says why and
    /// is no step; what the files hold is shown.
    func filesSaved() {
        guard !isDestroyed, let files = document as? FileTagsDocument, let saved = files.takeSaved() else { return }
        for (number, result) in saved.writes {
            switch result {
            case .success(let report):
                history.settle(write: number, undo: report.undo)
                if let text = report.message { show(text, isError: report.changedFiles == 0 && report.conflict == nil, seconds: 12) }
            case .failure(let error):
                history.settle(write: number, undo: nil)
                show("\(error)", isError: true, seconds: 12)
            }
        }
        if saved.changed { refresh() }
        events.publish(.changed)
    }

    /// Before an undo or a redo of a step still being written: waits for its write, whose report
    /// has the exact changes that take it back.
    func settleWrites() {
        guard let files = document as? FileTagsDocument, files.hasUnsavedChanges || history.nextStepIsBeingWritten else { return }
        files.waitForWrites()
        filesSaved()
    }

    /// A write finished: shows what it changed and says why, when it failed.
    private func collectionSaved() {
        guard !isDestroyed, let collection = document as? CollectionDocument,
              let saved = collection.takeSaved() else { return }
        if let problem = saved.problem { show(problem, isError: true, seconds: 12) }
        if saved.changed { refresh() }
        events.publish(.changed)
    }

    /// The window closes or the program ends: waits for the changes still being written, and
    /// says on stderr when one could not be (the window that would show it is going).
    func finishSaving() {
        if let files = document as? FileTagsDocument {
            files.waitForWrites()
            for case (_, .failure(let error)) in files.takeSaved()?.writes ?? [] {
                FileHandle.standardError.write(Data("tag-editor: \(error)\n".utf8))
            }
            return
        }
        guard let collection = document as? CollectionDocument,
              let problem = collection.finishSaving()?.problem else { return }
        FileHandle.standardError.write(Data("tag-editor: \(problem)\n".utf8))
    }
}
