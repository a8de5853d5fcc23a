// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import TagData

/// The reading of the folder given on the command line (`--folder DIR`), started before GTK
/// starts: the walk then runs while GTK loads its styles and the window is built (a few tenths of
/// a second the reading otherwise waited for), and the window takes it over
/// (``FolderWindow/startReading()``) instead of starting one of its own.
enum EarlyReading {
    struct Started: Sendable {
        let folder: String
        let reading: FolderReading
        let cancel: CancelFlag
        /// Signalled once the walk is over.
        let over: DispatchSemaphore
    }

    private static let started = Mutex<Started?>(nil)

    /// Starts reading `folder` (as the window names it: ``FolderWindow/cleaned(_:)``) on a
    /// thread of its own.
    static func start(folder: String, journal: TagJournal?) {
        let cancel = CancelFlag()
        let started = Started(folder: folder, reading: FolderReading(roots: [folder], cancel: cancel, journal: journal),
                              cancel: cancel, over: DispatchSemaphore(value: 0))
        let reading = started.reading, over = started.over
        let thread = Thread {
            reading.run()
            over.signal()
        }
        thread.name = "tag-editor early folder reading"
        thread.start()
        Self.started.withLock { $0 = started }
    }

    /// The reading started for `folder`, once: the first window on it takes it.
    static func take(for folder: String) -> Started? {
        started.withLock { started in
            guard let taken = started, taken.folder == folder else { return nil }
            started = nil
            return taken
        }
    }
}
