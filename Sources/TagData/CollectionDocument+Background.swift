// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Saving the collection on a thread of its own: a change is shown at once, and written after.

import Glibc

/// What the writer's thread did since the document last asked (``CollectionDocument/takeSaved()``).
package struct BackgroundSave: Sendable, Equatable {
    /// Whether the tags shown changed: another program's changes were found in the file and are
    /// now shown with the user's, or changes that could not be saved were taken back.
    package var changed = false
    /// Why changes could not be saved, to show as an error; `nil` when all were.
    package var problem: String?
    /// The changes that were not saved (the file is as it was without them).
    package var notSaved: [TagChange] = []
}

extension CollectionDocument {
    /// From now on, ``apply(_:)`` changes the tags shown and returns at once (its report's undo
    /// as if the file were what was shown); a thread of its own then applies the change to the
    /// file as it is then, under the lock, and replaces it atomically, with every change asked
    /// for meanwhile in the same write. After each write `notify` is called on that thread: the
    /// caller then calls ``takeSaved()`` on its own (the main) thread.
    ///
    /// A read-only file, or a collection known to be unreadable, still refuses a change at once.
    /// A change is lost only if the process is killed before its write (as long as the
    /// synchronous save took); the file is always one whole version.
    package func saveInBackground(whenSaved notify: @escaping @Sendable () -> Void) {
        guard mayWrite else { return }
        writer.writeInBackground(notify: notify)
        savesInBackground = true
    }

    /// Whether changes are shown that are not saved yet.
    package var hasUnsavedChanges: Bool { !unsaved.isEmpty }

    /// How many times this document replaced its file.
    package var writes: Int { writer.writes }

    /// The names the writer's thread has looked at in its scans (``ScanCount``).
    package var namesScannedByWriter: Int { writer.namesScanned }

    /// Takes what the writer's thread has done since last asked: when the file held others'
    /// changes, or a write failed, the tags shown become the file's with the changes not yet
    /// saved applied again. `nil` when no write has finished since.
    ///
    /// - Complexity: O(1) when the file held only this document's changes; otherwise O(*n·u*)
    ///   for *n* tags and *u* changes still being saved.
    package func takeSaved() -> BackgroundSave? {
        let (done, snapshot) = writer.takeFinished()
        guard let last = done.last else { return nil }
        unsaved.removeAll { $0.number <= last.through }
        var saved = BackgroundSave()
        var othersChanges = false
        for write in done {
            switch write.result {
            case .success(let batch):
                othersChanges = othersChanges || batch.foundOthersChanges
            case .failure(let error):
                saved.notSaved += write.changes
                let count = write.changes.count
                saved.problem = count == 1
                    ? tr("\(error) “\(write.changes[0].name)” not saved; the tags are shown as they are on disk.")
                    : trn("\(error) \(count) change not saved; the tags are shown as they are on disk.",
                          "\(error) \(count) changes not saved; the tags are shown as they are on disk.", count)
                if let changed = error as? CollectionChangedError { problem = changed.description }
            }
        }
        if let snapshot { savedTags = snapshot.tags }
        if othersChanges || !saved.notSaved.isEmpty {
            // Shown again from the file, with what is still being saved on top.
            var shown = savedTags
            for job in unsaved { shown = job.change.applied(to: shown, seen: job.seen).tags }
            saved.changed = shown != tags
            tags = shown
        } else if unsaved.isEmpty {
            // The same names: the file's array, so that comparing them later is one check.
            tags = savedTags
        }
        if unsaved.isEmpty, reloadWanted {
            reloadWanted = false
            let reloaded = readAgain()
            saved.changed = saved.changed || reloaded.changed
            saved.problem = saved.problem ?? reloaded.problem
        }
        return saved
    }

    /// Waits until every change shown is written (or has failed), then ``takeSaved()``: before
    /// the program ends, and where a caller needs the file written (a test).
    @discardableResult
    package func finishSaving() -> BackgroundSave? {
        writer.waitUntilIdle()
        return takeSaved()
    }

    /// The change shown now and queued for the writer's thread, with its result: while the file
    /// is still what the user saw, the writer takes that instead of applying the change again.
    func applyInBackground(_ change: TagChange, at index: Int?) throws -> ChangeReport {
        if FileSystem.isReadOnly(file.path) { throw FileError(path: file.path, operation: "write", code: EACCES) }
        let applied = appliedToShown(change, at: index)
        // Queued even when it changes nothing shown: the file may differ (a tag removed there).
        let job = CollectionWriter.Job(number: nextJob, change: change, seen: tags, applied: applied)
        nextJob += 1
        unsaved.append(job)
        tags = applied.tags
        writer.enqueue(job)
        return ChangeReport(name: change.name, applied: applied, in: file.path)
    }
}
