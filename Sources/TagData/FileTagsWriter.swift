// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes the editor's changes to its open files (``FileTags``) on a thread of its own. A rename
/// on a file of 8,000 tags reads, changes and writes 64 KB under the file's lock, and waits for
/// the lock as long as another writer holds it: the window must keep drawing meanwhile.
///
/// The thread keeps its own ``FileTags``, the files as the last write left them, and applies each
/// change to it in order, exactly as a synchronous edit does (read under the lock, apply, read
/// again, write; all or nothing across the files). Each change's report (its exact undo, the
/// files skipped, a conflict) is kept for the main thread to take.
final class FileTagsWriter: @unchecked Sendable {
    /// What one change asks of the files.
    enum Edit: Sendable {
        /// The same change on every open file.
        case change(TagChange)
        /// Each change on its own file (an undo or a redo).
        case placed([PlacedChange])
    }

    struct Job: Sendable {
        var number: Int
        var edit: Edit
    }

    /// What the write of one job did.
    struct Done: Sendable {
        var number: Int
        var result: Result<ChangeReport, any Error>
    }

    /// Guards everything below; signalled when the last job queued is done.
    private let condition = NSCondition()
    private var inbox: [Job] = []
    private var running = false
    /// The files as the last write left them.
    private var files: FileTags
    private var finished: [Done] = []
    private let notify: @Sendable () -> Void

    init(files: FileTags, notify: @escaping @Sendable () -> Void) {
        self.files = files
        self.notify = notify
    }

    /// Queues a job, started on a thread when none is running. `base`, when given, replaces the
    /// writer's files first (the caller's are newer: every job before was taken, and files may
    /// have been opened, closed or read again since).
    func enqueue(_ job: Job, base: FileTags?) {
        let start = condition.withLock {
            if let base { files = base }
            inbox.append(job)
            if running { return false }
            running = true
            return true
        }
        if start { WriterThread.start(named: "file tags writer") { [self] in drain() } }
    }

    /// The jobs done since last asked, in order, and the files as the last of them left them.
    func takeFinished() -> (done: [Done], files: FileTags) {
        condition.withLock {
            defer { finished = [] }
            return (finished, files)
        }
    }

    /// Waits until every job queued is done.
    func waitUntilIdle() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    private func drain() {
        while true {
            let next: (job: Job, files: FileTags)? = condition.withLock {
                guard !inbox.isEmpty else {
                    running = false
                    condition.broadcast()
                    return nil
                }
                return (inbox.removeFirst(), self.files)
            }
            guard let next else { return }
            var files = next.files
            let result = Result<ChangeReport, any Error> {
                switch next.job.edit {
                case .change(let change): try files.apply(change)
                case .placed(let changes): try files.apply(changes)
                }
            }
            // A failed change was taken back from the files it reached; what the files became
            // (read-only ones found, tags put back) is the next job's start.
            condition.withLock {
                self.files = files
                finished.append(Done(number: next.job.number, result: result))
            }
            notify()
        }
    }
}
