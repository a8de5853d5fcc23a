// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import Synchronization
import TagData

/// Work on a thread of its own, followed from the main loop: `work` runs on the thread and shares
/// only Sendable values with the window; every ``pollMilliseconds`` (or the interval given) the main actor's `poll` runs
/// (to take what the work handed over and show its progress), a last time with `finished` once
/// the work is over. GTK is touched only in `poll`, on the main actor.
@MainActor
final class BackgroundJob {
    static let pollMilliseconds = 50

    /// Asked of the work between two steps; set by ``cancel()``.
    let cancelFlag: CancelFlag
    private let over = CancelFlag()
    private var timer: guint = 0
    private let poll: @MainActor (_ finished: Bool) -> Void
    private let interval: Int
    let started = Date()

    init(cancelFlag: CancelFlag = CancelFlag(), pollMilliseconds: Int = BackgroundJob.pollMilliseconds,
         work: @escaping @Sendable (CancelFlag) -> Void, poll: @escaping @MainActor (_ finished: Bool) -> Void) {
        self.cancelFlag = cancelFlag
        self.poll = poll
        interval = pollMilliseconds
        let cancel = cancelFlag, over = over
        let thread = Thread {
            work(cancel)
            over.set()
        }
        thread.name = "tag-editor folder work"
        thread.start()
        schedule()
    }

    var isCancelled: Bool { cancelFlag.isSet }
    var elapsed: Double { Date().timeIntervalSince(started) }

    /// Asks the work to stop at its next step (it says so through `poll` when it has).
    func cancel() { cancelFlag.set() }

    /// Stops following the work (the window is closing); the work is asked to stop too.
    func abandon() {
        cancelFlag.set()
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    private func schedule() {
        timer = runAfter(milliseconds: interval) { [weak self] in
            guard let self else { return }
            self.timer = 0
            let finished = self.over.isSet
            self.poll(finished)
            if !finished { self.schedule() }
        }
    }
}

/// A value the work and the window share, behind a lock.
final class SharedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }

    var value: Value { mutex.withLock { $0 } }
}
