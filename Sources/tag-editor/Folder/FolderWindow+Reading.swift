// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

// Reading the tree on threads of its own, the progress line, Cancel; files other programs change
// while the view is open, read again.
extension FolderWindow {
    /// Reads the folder (again): the index, the counts and the watches start over.
    func startReading() {
        guard job == nil else { return }
        var info = stat()
        if stat(folder, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
            // A file given for a folder: named, not read as a tree of one.
            updateStatus()
            return showMessage(tr("\(folder) is not a folder: the folder view shows the tags under a folder (tag-editor FILE… edits a file's tags)."),
                               isError: true)
        }
        index = FolderIndex()
        filesRead = 0
        skipped = []
        readingCancelled = false
        watcher?.reset()
        if watcher == nil {
            watcher = FolderWatcher { [weak self] paths, folders in self?.filesChanged(paths, newFolders: folders) }
            watcher?.onReplaced = { [weak self] paths in self?.restoreLost(paths) }
        }
        // The reading started with the program, when this is its folder (EarlyReading).
        let early = EarlyReading.take(for: folder, finder: finderMode)
        let cancel = early?.cancel ?? CancelFlag()
        let reading = early?.reading ?? FolderReading(roots: [folder], cancel: cancel, journal: AppJournal.shared, finder: finderMode,
                                                     indexes: true)
        jobDescription = ("read", 0)
        jobDone = { [weak self] in self?.filesRead ?? 0 }
        var shownAt = 0.0
        // Polled often: the walk's end is seen within a hundredth of a second, not a twentieth
        // (the first frame with the counts waits for it).
        job = BackgroundJob(cancelFlag: cancel, pollMilliseconds: 10, work: { _ in
            if let early { early.over.wait() } else { reading.run() }
        }) { [weak self] finished in
            guard let self, !self.isDestroyed else { return }
            // The files stay with the reading until its end, which hands them over indexed and
            // counted; meanwhile the folders read are watched (while the window waits for the
            // walk, not after it) and the counts shown.
            guard finished || reading.isWalkOver else {
                self.watcher?.watch(reading.takeFolders())
                // The line itself as often as before, a twentieth of a second.
                guard (self.job?.elapsed ?? 0) >= shownAt + 0.05 else { return }
                shownAt = self.job?.elapsed ?? 0
                let progress = reading.progress()
                self.filesRead = progress.filesRead
                self.showProgress(tr("Reading \(self.folder)… \(progress.filesRead) files, \(progress.tagged) tagged, ")
                                  + String(format: "%.1f s", self.job?.elapsed ?? 0), fraction: nil)
                return
            }
            // The walk's end (the journal's record of it may still be written on its thread).
            let delivery = reading.take()
            self.index = delivery.index ?? FolderIndex()
            self.filesRead = reading.progress().filesRead
            self.readingFinished(skipped: delivery.skipped, folders: delivery.folders, counted: delivery.tags ?? [])
        }
        showProgress(tr("Reading \(folder)…"), fraction: nil)
        showMessage(nil)
        updateFilterButtons()
    }

    /// The progress line: `fraction` for a bar that fills, `nil` for one that pulses.
    func showProgress(_ text: String, fraction: Double?) {
        gtk_widget_set_visible(controls.progressRow, 1)
        gtk_label_set_text(cgtk_label(controls.progressLabel), text)
        if let fraction {
            gtk_progress_bar_set_fraction(OpaquePointer(controls.progressBar), fraction)
        } else {
            gtk_progress_bar_pulse(OpaquePointer(controls.progressBar))
        }
        gtk_widget_set_sensitive(controls.cancel, job?.isCancelled == true ? 0 : 1)
        events.publish(.changed)
    }

    func hideProgress() {
        gtk_widget_set_visible(controls.progressRow, 0)
        events.publish(.changed)
    }

    func cancelJob() {
        guard let job else { return }
        job.cancel()
        gtk_widget_set_sensitive(controls.cancel, 0)
        gtk_label_set_text(cgtk_label(controls.progressLabel), tr("Cancelling…"))
        events.publish(.changed)
    }

    private func readingFinished(skipped problems: [WalkProblem], folders: [String], counted: [FolderTag]) {
        let cancelled = job?.isCancelled ?? false
        job = nil
        jobDescription = nil
        hideProgress()
        skipped = problems
        readingCancelled = cancelled
        watcher?.watch(folders)
        recount(counted: counted)
        events.publish(.countsShown)
        describeReading()
        updateFilterButtons()
    }

    /// Names what the reading could not read, a cancelled reading, the watch limit.
    func describeReading() {
        var lines: [String] = []
        var isError = false
        if let rootProblem = skipped.first(where: { $0.path == folder }) {
            showMessage(tr("\(folder) cannot be read: \(rootProblem.reason)"), isError: true, offersReload: true)
            return
        }
        if readingCancelled {
            lines.append(tr("Reading cancelled after \(filesRead) files: the tags and counts are of those files only."))
        }
        if !skipped.isEmpty {
            isError = true
            let shown = skipped.prefix(5).map { "\($0.path): \($0.reason)" }
            lines.append(tr("\(skipped.count) could not be read: ") + shown.joined(separator: "; ")
                         + (skipped.count > 5 ? "; …" : ""))
        }
        if let watcher, watcher.unwatched > 0 {
            lines.append(trn("\(watcher.unwatched) folder is not watched (\(watcher.limitReason ?? "")): changes other programs make there show only after Reload.",
                             "\(watcher.unwatched) folders are not watched (\(watcher.limitReason ?? "")): changes other programs make there show only after Reload.",
                             watcher.unwatched))
        }
        let offersReload = readingCancelled || (watcher?.unwatched ?? 0) > 0
        showMessage(lines.isEmpty ? nil : lines.joined(separator: "\n"), isError: isError, offersReload: offersReload)
    }

    /// After a change across files: what the watcher saw meanwhile, read now, once.
    func readChangesMadeDuringJob() {
        let changed = changedDuringJob
        changedDuringJob = ([], [])
        guard !changed.paths.isEmpty || !changed.folders.isEmpty else { return }
        filesChanged(changed.paths.sorted(), newFolders: changed.folders)
    }

    /// Files another program changed (or created, or removed), and folders made: read again.
    func filesChanged(_ paths: [String], newFolders: [String]) {
        guard !isDestroyed, jobDescription?.kind != "read" else { return }
        if job != nil {
            changedDuringJob.paths.formUnion(paths)
            changedDuringJob.folders += newFolders
            return
        }
        var problems: [String] = []
        let before = index.files.count
        var read: [FolderFile] = []
        for path in paths {
            do {
                read.append(try FolderFile.reading(FilePath(path), finder: finderMode))
            } catch {
                problems.append("\(error)")
            }
        }
        index.set(read)
        if !newFolders.isEmpty {
            // A folder made or moved in: read where it is (small, as folders made one at a time are).
            let reading = FolderReading(roots: newFolders, journal: AppJournal.shared, finder: finderMode)
            reading.run(threads: 1)
            let delivery = reading.take()
            index.set(delivery.files)
            filesRead += delivery.filesRead
            watcher?.watch(delivery.folders)
        }
        // New files join at the end; the list stays in path order.
        if index.files.count > before { index.sort() }
        events.publish(.reloaded)
        recount()
        if !problems.isEmpty { showMessage(problems.joined(separator: "\n"), isError: true) }
    }
}
