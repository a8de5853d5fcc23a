// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// A flag one thread sets and others read, to stop work between two steps (a folder walk, a
/// change across many files).
package final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    package func set() { flag.store(true, ordering: .relaxed) }

    package var isSet: Bool { flag.load(ordering: .relaxed) }
}

/// Reading the tags of folder trees for the folder view, on threads of its own: the files read
/// are handed over in batches through ``take()``, which the view calls from its own thread as
/// often as it likes; nothing here touches the view.
package final class FolderReading: Sendable {
    /// What has arrived since the last ``take()``.
    package struct Delivery: Sendable {
        package var files: [FolderFile] = []
        /// The folders read (to watch them).
        package var folders: [String] = []
        /// Files and folders read since the last ``FolderReading/take()`` (tagged or not).
        package var filesRead = 0
        /// Set once the walk is over (finished or cancelled), with what it could not read.
        package var finished = false
        package var skipped: [WalkProblem] = []
        /// With ``FolderReading/indexes``, once ``finished``: every file read, indexed (sorted by
        /// path), and their tags counted, made on the walk's thread (``files`` is then empty).
        package var index: FolderIndex?
        package var tags: [FolderTag]?
    }

    /// How much has been read so far, taken or not: for a progress line that leaves the files
    /// where they are.
    package struct Progress: Sendable {
        package var filesRead = 0
        package var tagged = 0
    }

    package let roots: [String]
    package let cancel: CancelFlag
    private let state = Mutex(Delivery())
    private let progressSoFar = Mutex(Progress())
    /// How many files a thread reads before it hands them over.
    static let batchSize = 2048

    /// The journal kept current as the folders are read (``JournalingVisitor``), when given.
    package let journal: TagJournal?
    /// Whether Finder's tags are read beside the freedesktop ones (``FinderTagsMode``).
    package let finder: FinderTagsMode
    /// Whether the walk's end hands over the files indexed and counted
    /// (``Delivery/index``, ``Delivery/tags``) rather than as read: the sorting and the counting
    /// then run on the walk's thread, two at once, not on the view's.
    package let indexes: Bool

    package init(roots: [String], cancel: CancelFlag = CancelFlag(), journal: TagJournal? = nil, finder: FinderTagsMode = .keep,
                 indexes: Bool = false) {
        self.roots = roots
        self.cancel = cancel
        self.journal = journal
        self.finder = finder
        self.indexes = indexes
    }

    /// Walks the roots (blocking: run it on a thread of its own); with a journal, records what
    /// changed since its last reading once the walk is over (not when it was cancelled). The
    /// delivery says ``Delivery/finished`` before that record is written: the view shows its
    /// counts without waiting for the journal (a tree it has never seen is its whole size to
    /// write); `run` returns after it.
    package func run(threads: Int = 2) {
        let options = FolderWalk.Options(threads: threads, cancel: cancel, finder: finder)
        if let journal {
            let plan = JournalWalkPlan(journal: journal, roots: roots.map { FilePath($0) })
            let walk = FolderWalk.walk(roots, options: options) { JournalingVisitor(FolderCollector(reading: self), plan: plan) }
            for collector in walk.visitors { collector.inner.handOver() }
            finish(walk.visitors.map(\.inner), skipped: walk.skipped)
            if !cancel.isSet { try? journal.sync(walk.visitors) }
        } else {
            let walk = FolderWalk.walk(roots, options: options) { FolderCollector(reading: self) }
            for collector in walk.visitors { collector.handOver() }
            finish(walk.visitors, skipped: walk.skipped)
        }
    }

    private func finish(_ collectors: [FolderCollector], skipped: [WalkProblem]) {
        let problems = (skipped + collectors.flatMap(\.unreadable)).sorted { $0.filePath < $1.filePath }
        var prepared: (index: FolderIndex, tags: [FolderTag])?
        if indexes {
            let files = state.withLock { delivery in
                let files = delivery.files
                delivery.files = []
                return files
            }
            prepared = Self.indexed(files)
        }
        state.withLock {
            $0.skipped = problems
            $0.finished = true
            if let prepared {
                $0.index = prepared.index
                $0.tags = prepared.tags
            }
        }
    }

    /// The files indexed by path and their tags counted, the two at once (neither reads what the
    /// other makes).
    ///
    /// - Complexity: O(*n* log *n*) for *n* files, with O(*t*) for their *t* tags.
    static func indexed(_ files: [FolderFile]) -> (index: FolderIndex, tags: [FolderTag]) {
        var index = FolderIndex()
        index.addRead(files)
        let unsorted = index
        let tags = Mutex<[FolderTag]>([])
        let sorted = Mutex(FolderIndex())
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                var index = unsorted
                index.sort()
                let made = index
                sorted.withLock { $0 = made }
            } else {
                let counted = unsorted.tags()
                tags.withLock { $0 = counted }
            }
        }
        return (sorted.withLock { $0 }, tags.withLock { $0 })
    }

    /// Whether the walk is over (``Delivery/finished`` waits to be taken).
    package var isWalkOver: Bool { state.withLock { $0.finished } }

    /// The folders read since the last call or ``take()``, the files left where they are.
    package func takeFolders() -> [String] {
        state.withLock { delivery in
            let folders = delivery.folders
            delivery.folders = []
            return folders
        }
    }

    /// How much has been read so far (what ``take()`` has taken included).
    package func progress() -> Progress { progressSoFar.withLock { $0 } }

    /// What arrived since the last call (its files are then no longer kept here).
    package func take() -> Delivery {
        state.withLock { delivery in
            let taken = delivery
            delivery.files = []
            delivery.folders = []
            delivery.filesRead = 0
            return taken
        }
    }

    fileprivate func deliver(_ files: [FolderFile], folders: [String], read: Int) {
        state.withLock {
            $0.files += files
            $0.folders += folders
            $0.filesRead += read
        }
        progressSoFar.withLock {
            $0.filesRead += read
            $0.tagged += files.count
        }
    }
}

/// One thread's visitor: the tagged files, named and keyed by its own ``TagReader`` (each distinct
/// part normalized once).
final class FolderCollector: FolderVisitor {
    private let reader = TagReader()
    private unowned let reading: FolderReading
    private var batch: [FolderFile] = []
    private var folders: [String] = []
    private var readSinceHandOver = 0
    var unreadable: [WalkProblem] = []

    init(reading: FolderReading) {
        self.reading = reading
    }

    func visit(_ file: WalkedFile) {
        readSinceHandOver += 1
        if file.isDirectory { folders.append(file.path.description) }
        var tagged: FolderFile?
        var readable = true
        if let bytes = file.attribute {
            if let tags = reader.tags(of: bytes) {
                if !tags.isEmpty {
                    tagged = FolderFile(path: file.path, tags: tags.map { reader.names[Int($0.name)] },
                                        keys: tags.map { reader.keys[Int($0.key)] })
                }
            } else {
                readable = false
                unreadable.append(WalkProblem(path: file.path, reason: tr("its tags are not valid UTF-8")))
            }
        }
        // One tag whichever attribute carries it; a file whose own tags cannot be read stays out.
        if readable, let finder = file.finder, !finder.tags.isEmpty {
            var withFinder = tagged ?? FolderFile(path: file.path, tags: [], keys: [])
            withFinder.addFinderTags(finder)
            tagged = withFinder
        }
        if let tagged { batch.append(tagged) }
        if readSinceHandOver >= FolderReading.batchSize { handOver() }
    }

    func handOver() {
        reading.deliver(batch, folders: folders, read: readSinceHandOver)
        batch.removeAll(keepingCapacity: true)
        folders.removeAll(keepingCapacity: true)
        readSinceHandOver = 0
    }
}
