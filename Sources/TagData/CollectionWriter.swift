// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes a collection's changes (``CollectionFile``), on the caller's thread or on a thread of its
/// own. At a million tags a save encodes 15 MB, syncs and renames it, longer than a frame: on a
/// thread of its own the editor draws the change first.
///
/// A write off the caller's thread keeps every guarantee of a synchronous one: the changes are
/// applied to the file as it is at write time, under the same lock, and the file is replaced
/// atomically. Changes asked for while a write is under way (or while another program holds the
/// lock) are taken together, once the lock is held, into the next write: a burst of edits is
/// one write after the one in progress.
final class CollectionWriter: @unchecked Sendable {
    /// A change waiting to be written, with the tags the user saw when making it.
    struct Job {
        var number: Int
        var change: TagChange
        var seen: TagNames
        /// The change applied to `seen` (what the user was shown), when known.
        var applied: TagChange.Applied?
    }

    /// What one write did with the changes it took.
    struct Done {
        /// The number of the last change it took (they are taken in order).
        var through: Int
        var changes: [TagChange]
        var result: Result<CollectionFile.Batch, any Error>
    }

    let file: CollectionFile
    /// Guards everything below; signalled when a write is over and none is left to do.
    private let condition = NSCondition()
    private var inbox: [Job] = []
    private var running = false
    /// The version of the file last read or written (``CollectionFile/Snapshot``).
    private var known: CollectionFile.Snapshot?
    private var finished: [Done] = []
    private var writesDone = 0
    private var scanned = 0
    private var notify: (@Sendable () -> Void)?

    init(file: CollectionFile, known: CollectionFile.Snapshot?) {
        self.file = file
        self.known = known
    }

    /// The version of the file last read or written.
    var snapshot: CollectionFile.Snapshot? {
        get { condition.withLock { known } }
        set { condition.withLock { known = newValue } }
    }

    /// How many times the file was replaced through this writer.
    var writes: Int { condition.withLock { writesDone } }

    /// The names its thread looked at in scans (``ScanCount``).
    var namesScanned: Int { condition.withLock { scanned } }

    /// Whether changes are waiting or being written.
    var isBusy: Bool { condition.withLock { running } }

    /// `notify` is called on the writer's thread after each write, when its ``Done`` can be taken.
    func writeInBackground(notify: @escaping @Sendable () -> Void) {
        condition.withLock { self.notify = notify }
    }

    /// Applies one change now, on the caller's thread (no write may be under way).
    func applyNow(_ change: TagChange, seen: TagNames) throws -> TagChange.Applied {
        var known = snapshot
        defer { snapshot = known }
        return try file.apply(change, seen: seen, known: &known)
    }

    /// Queues a change for the writer's thread, started when none is running.
    func enqueue(_ job: Job) {
        let start = condition.withLock {
            inbox.append(job)
            if running { return false }
            running = true
            return true
        }
        if start { WriterThread.start(named: "collection writer") { [self] in drain() } }
    }

    /// The writes done since last asked, oldest first, and the version of the file after the last.
    func takeFinished() -> (done: [Done], snapshot: CollectionFile.Snapshot?) {
        condition.withLock {
            defer { finished = [] }
            return (finished, known)
        }
    }

    /// Waits until every change queued has been written (or has failed).
    func waitUntilIdle() {
        condition.lock()
        while running { condition.wait() }
        condition.unlock()
    }

    /// The writer's thread: one write for everything queued when the lock is held, again until
    /// nothing is left.
    private func drain() {
        while true {
            var taken: [Job] = []
            var known = snapshot
            let scannedBefore = ScanCount.onThisThread
            let result = Result<CollectionFile.Batch, any Error> {
                try file.apply(known: &known) {
                    taken = takeInbox()
                    return taken.map { ($0.change, $0.seen, $0.applied) }
                }
            }
            // The lock could not be taken (or the file is read-only): what is queued fails with it.
            if taken.isEmpty, case .failure = result { taken = takeInbox() }
            let notify = condition.withLock {
                scanned += ScanCount.onThisThread - scannedBefore
                if let last = taken.last {
                    self.known = known
                    if case .success(let batch) = result, batch.wrote { writesDone += 1 }
                    finished.append(Done(through: last.number, changes: taken.map(\.change), result: result))
                }
                return self.notify
            }
            // Before the writer counts as idle: whoever waits for it finds the notice given.
            if !taken.isEmpty { notify?() }
            let stop = condition.withLock {
                guard inbox.isEmpty else { return false }
                running = false
                condition.broadcast()
                return true
            }
            if stop { return }
        }
    }

    private func takeInbox() -> [Job] {
        condition.withLock {
            defer { inbox = [] }
            return inbox
        }
    }
}
