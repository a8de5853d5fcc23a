// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The thread a writer drains its queue on (``CollectionWriter``, ``FileTagsWriter``): below the
/// main thread, so that the frame that shows a change comes before its write (on two cores the
/// write's encoding, the display server and the frame contend).
enum WriterThread {
    static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // Linux: the process 0 of setpriority is the calling thread, whose nice value is its own.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            body()
        }
        thread.name = name
        thread.start()
    }
}
