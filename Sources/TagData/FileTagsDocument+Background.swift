// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writing the open files' changes on a thread of their own: a change is shown at once, and
// written after (FileTagsWriter).

/// What the writer's thread did since the document was last asked (``FileTagsDocument/takeSaved()``).
package struct FileTagsSaved: Sendable {
    /// Each write done, by the number its change's report carried
    /// (``ChangeReport/pendingWrite``), with the exact report, or the error that stopped it (the
    /// change was then taken back from every file it reached).
    package var writes: [(number: Int, result: Result<ChangeReport, any Error>)] = []
    /// Whether the tags shown changed when the files' own took the place of the ones worked out.
    package var changed = false
}

extension FileTagsDocument {
    /// From now on a change (``apply(_:)``, an undo's ``TagDocument/apply(_:)-([PlacedChange])``)
    /// changes the tags shown and returns at once, its report worked out from them
    /// (``FileTags/predict(named:_:)``) and numbered (``ChangeReport/pendingWrite``); a thread of
    /// its own then makes it on the files as a synchronous edit does (under each file's lock,
    /// all or nothing) and calls `notify` there. The caller then calls ``takeSaved()`` on its
    /// own (the main) thread.
    package func saveInBackground(whenSaved notify: @escaping @Sendable () -> Void) {
        guard writer == nil else { return }
        writer = FileTagsWriter(files: fileTags, notify: notify)
    }

    /// Whether changes are shown that are not written yet.
    package var hasUnsavedChanges: Bool { !pendingWrites.isEmpty }

    /// Whether changes are written on a thread of their own.
    package var savesInBackground: Bool { writer != nil }

    /// The change shown now and queued for the writer's thread.
    func applyInBackground(_ edit: FileTagsWriter.Edit) throws -> ChangeReport {
        guard let writer else { preconditionFailure("no writer") }
        // Every write before taken: the files shown are the newest the writer can start from
        // (opened, closed or read again since).
        let base = pendingWrites.isEmpty ? fileTags : nil
        var report = try Self.predict(edit, on: &fileTags)
        let job = FileTagsWriter.Job(number: nextWrite, edit: edit)
        nextWrite += 1
        report.pendingWrite = job.number
        pendingWrites.append(job)
        writer.enqueue(job, base: base)
        return report
    }

    /// `edit` worked out on the tags shown.
    static func predict(_ edit: FileTagsWriter.Edit, on files: inout FileTags) throws -> ChangeReport {
        switch edit {
        case .change(let change):
            return try files.predict(named: change.name) { _ in change }
        case .placed(let changes):
            let byPath = Dictionary(changes.map { ($0.place, $0.change) }, uniquingKeysWith: { first, _ in first })
            var report = try files.predict(named: changes.first?.change.name ?? "") { byPath[$0.path] }
            let open = Set(files.files.map(\.path))
            for change in changes where !open.contains(change.place) {
                report.skipped.append((change.place, tr("is no longer open")))
            }
            return report
        }
    }

    /// Takes what the writer's thread has done since last asked: the tags shown become the
    /// files' as the writes left them, with the changes still being written worked out on top.
    /// `nil` when no write has finished since.
    ///
    /// - Complexity: O(*t·p*) for *t* tags of the open files and *p* changes still being written.
    package func takeSaved() -> FileTagsSaved? {
        takeFinishedWrites()
        guard !writesNotTaken.isEmpty else { return nil }
        var saved = FileTagsSaved(writes: writesNotTaken.map { ($0.number, $0.result) })
        saved.changed = shownChangedSinceTaken
        shownChangedSinceTaken = false
        writesNotTaken = []
        if pendingWrites.isEmpty, reloadAfterWrites {
            reloadAfterWrites = false
            saved.changed = fileTags.reload() || saved.changed
        }
        return saved
    }

    /// Waits until every change shown is written (or has failed): before the window closes, and
    /// before the set of files changes. What was done is kept for ``takeSaved()``.
    package func waitForWrites() {
        guard let writer, !pendingWrites.isEmpty else { return }
        writer.waitUntilIdle()
        takeFinishedWrites()
    }

    /// Moves the writer's finished writes to ``writesNotTaken`` and shows the files as they left
    /// them.
    func takeFinishedWrites() {
        guard let writer else { return }
        let (done, written) = writer.takeFinished()
        guard let last = done.last else { return }
        writesNotTaken += done
        pendingWrites.removeAll { $0.number <= last.number }
        var shown = written
        shown.tagColors = fileTags.tagColors
        for job in pendingWrites { _ = try? Self.predict(job.edit, on: &shown) }
        if shown.files != fileTags.files { shownChangedSinceTaken = true }
        fileTags = shown
    }
}
