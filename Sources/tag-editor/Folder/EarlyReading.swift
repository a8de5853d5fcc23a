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
        /// How it reads Finder's tags: the window takes it only if it reads them so too.
        let finder: FinderTagsMode
        let reading: FolderReading
        let cancel: CancelFlag
        /// Signalled once the walk is over.
        let over: DispatchSemaphore
    }

    private static let started = Mutex<Started?>(nil)

    /// Starts reading `folder` (as the window names it: ``FolderWindow/cleaned(_:)``) on a
    /// thread of its own, reading Finder's tags as `finder` says (the command line's mode, else
    /// the default: the setting is read only once GTK runs).
    static func start(folder: String, journal: TagJournal?, finder: FinderTagsMode) {
        let cancel = CancelFlag()
        let started = Started(folder: folder, finder: finder,
                              reading: FolderReading(roots: [folder], cancel: cancel, journal: journal, finder: finder, indexes: true),
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

    /// The reading started for `folder`, once: the first window on it takes it. A reading of
    /// Finder's tags other than the window's (the setting says otherwise) is cancelled instead.
    static func take(for folder: String, finder: FinderTagsMode) -> Started? {
        started.withLock { started in
            guard let taken = started, taken.folder == folder else { return nil }
            started = nil
            guard taken.finder == finder else {
                taken.cancel.set()
                return nil
            }
            return taken
        }
    }
}
