// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc
import JSON

/// The user's own tag collection: a JSON file in the XDG data directory,
/// `{"format": "wraphstack-tags", "version": 1, "tags": [...]}`.
///
/// Nothing is lost:
/// - every change is a ``TagChange`` applied to the file as it is at that moment, under an
///   exclusive `flock` on `tags.json.lock` beside it (the data file itself is replaced on every
///   save, so its inode cannot carry the lock), so two editors, or any program that takes the same
///   lock, never undo each other's changes;
/// - the file is replaced atomically (temporary file, `fsync`, rename), so a reader or a crash
///   sees the old file or the new one, whole;
/// - a file that cannot be read as a collection is moved aside (never overwritten) and reported
///   when the editor opens it, and left exactly as it is when it turns corrupt while open or when
///   a checking mode reads it;
/// - a read-only file refuses changes with a message;
/// - members of the file's object that the editor does not know are kept byte for byte
///   (``CollectionText``).
package struct CollectionFile: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    /// The lock every writer of the collection takes: `tags.json.lock` beside it.
    package var lockPath: String { path + ".lock" }

    /// `$XDG_DATA_HOME/wraphstack-tag-editor/tags.json`, with XDG's default
    /// `~/.local/share` when `XDG_DATA_HOME` is unset, empty or relative.
    package static func defaultPath(environment: [String: String]) -> String {
        var base = environment["XDG_DATA_HOME"] ?? ""
        if !base.hasPrefix("/") {
            base = (environment["HOME"] ?? "/tmp") + "/.local/share"
        }
        return base + "/wraphstack-tag-editor/tags.json"
    }

    /// What loading found.
    package struct Loaded: Equatable, Sendable {
        package var tags: TagNames
        /// Something the user should be told (a new collection, a corrupt file kept aside).
        package var notice: String?
        /// Why the collection cannot be edited: it could not be read and was left as it is.
        package var problem: String? = nil
        /// The version read, to apply the first change to without reading it again.
        var snapshot: Snapshot? = nil
        /// The tags' keys, as the reader made them (``TagKeys``).
        var keys: Set<String>? = nil

        /// What was loaded, as the user is shown it (the version kept aside is not compared).
        package static func == (a: Loaded, b: Loaded) -> Bool {
            a.tags == b.tags && a.notice == b.notice && a.problem == b.problem
        }
    }

    /// A version of the file as this program last read or wrote it. While the file's stamp is
    /// the same, the file is that version, and a change is applied to it without reading and
    /// decoding the whole collection again (a million tags, after each of the editor's own saves).
    struct Snapshot: Equatable, Sendable {
        var text: CollectionText
        var stamp: FileStamp?

        var tags: TagNames { text.tags }
    }

    /// What the file holds now.
    enum Contents: Equatable {
        case text(Snapshot)
        case missing
        case corrupt(reason: String)
    }

    /// What the file holds now: `known` itself while the file's stamp is still its stamp.
    func read(knowing known: Snapshot? = nil) throws(FileError) -> Contents {
        var keys: Set<String>?
        return try read(knowing: known, keys: &keys)
    }

    /// ``read(knowing:)``, and the keys of the tags read (`nil` when `known` was used).
    private func read(knowing known: Snapshot? = nil, keys: inout Set<String>?) throws(FileError) -> Contents {
        if let known, let stamp = known.stamp, FileStamp(of: path) == stamp { return .text(known) }
        guard let (bytes, stamp) = try FileSystem.readStamped(path) else { return .missing }
        switch CollectionText.decodeWithKeys(bytes) {
        case .success(let read):
            keys = read.keys
            return .text(Snapshot(text: read.text, stamp: stamp))
        case .failure(let problem): return .corrupt(reason: problem.reason)
        }
    }

    /// Reads the collection.
    ///
    /// With `mayWrite` (the interactive editor), a missing file is created from `sample`, and a
    /// file that is not a valid collection is moved aside to `tags.json.corrupt`, reported, and a
    /// new collection is started from `sample`. Without it (the checking modes), nothing is
    /// written, moved or removed: a missing file shows `sample`, a corrupt one is reported and
    /// shows nothing.
    ///
    /// - Throws: ``FileError`` when the file or its directory cannot be read or written.
    package func load(sample: TagNames, mayWrite: Bool = true) throws -> Loaded {
        var keys: Set<String>?
        let contents = try read(keys: &keys)
        if case .text(let snapshot) = contents {
            if mayWrite { try removeLeftoverTemporaryFiles() }
            return Loaded(tags: snapshot.tags, snapshot: snapshot, keys: keys)
        }
        guard mayWrite else {
            if case .corrupt(let reason) = contents {
                let problem = tr("Your tag collection \(path) could not be read (\(reason)). It was left as it is: --screenshot and --dump-layout change nothing.")
                return Loaded(tags: [], notice: problem, problem: problem)
            }
            return Loaded(tags: sample, notice: tr("There is no tag collection at \(path) yet; showing the sample list (--screenshot and --dump-layout change nothing)."))
        }
        // The lock file lives beside the collection: its directory must exist first.
        if contents == .missing { try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path)) }
        return try FileSystem.withExclusiveLock(lockPath, protecting: path) { try startOrRepair(sample: sample) }
    }

    /// Under the lock: reads again (another editor may have just created or repaired the file)
    /// and creates or replaces the collection only if it is still missing or corrupt.
    private func startOrRepair(sample: TagNames) throws(FileError) -> Loaded {
        FileSystem.removeLeftoverTemporaryFiles(of: path)
        switch try read() {
        case .text(let snapshot):
            return Loaded(tags: snapshot.tags, snapshot: snapshot)
        case .missing:
            return Loaded(tags: sample, notice: tr("Started your tag collection at \(path) from the sample list."),
                          snapshot: try save(CollectionText(tags: sample)))
        case .corrupt(let reason):
            let aside = try FileSystem.moveAside(path, suffix: "corrupt")
            return Loaded(tags: sample, notice: tr("Your tag collection could not be read (\(reason)). It was kept as \(aside); a new collection was started from the sample list."),
                          snapshot: try save(CollectionText(tags: sample)))
        }
    }

    /// Removes what a killed save left behind, only when there is something to remove (so that a
    /// plain read creates no lock file) and only under the lock, when no writer is half-way.
    private func removeLeftoverTemporaryFiles() throws {
        guard !FileSystem.leftoverTemporaryFiles(of: path).isEmpty else { return }
        try FileSystem.withExclusiveLock(lockPath, protecting: path) { FileSystem.removeLeftoverTemporaryFiles(of: path) }
    }

    /// Applies `change` to the collection as it is on disk now, under the lock, and writes the
    /// result if it differs.
    ///
    /// - Parameter seen: the tags as the user saw them. They are written again whole when the file
    ///   was removed meanwhile, and they tell a rename whether someone renamed the same tag
    ///   (``TagChange``).
    /// - Returns: what the change did to the file.
    /// - Throws: ``FileError`` (the file is then unchanged), or ``CollectionChangedError`` when
    ///   the file was replaced meanwhile by something that is not a collection (it is left as it is).
    package func apply(_ change: TagChange, seen: TagNames) throws -> TagChange.Applied {
        var known: Snapshot?
        return try apply(change, seen: seen, known: &known)
    }

    /// ``apply(_:seen:)``, knowing the version last read or written: it is used instead of
    /// reading the file while the file's stamp says it is still that version, and is the
    /// version written (or found) afterwards.
    func apply(_ change: TagChange, seen: TagNames, known: inout Snapshot?) throws -> TagChange.Applied {
        try apply(known: &known) { [(change, seen, nil)] }.applied[0]
    }

    /// What applying several changes in one write did.
    struct Batch {
        /// What each change did, in order.
        var applied: [TagChange.Applied]
        /// Whether the file held something other than `known` (another program wrote it, or it
        /// was removed): the result then differs from the changes applied to `known`'s tags.
        var foundOthersChanges: Bool
        /// Whether the file was written.
        var wrote: Bool
    }

    /// Applies changes in turn to the collection as it is on disk now, under the lock, and writes
    /// the result once if it differs. `take` is asked for the changes once the lock is held, so
    /// that everything asked for while another writer held it goes into this one write. Each
    /// change comes with the tags as the user saw them when making it (``apply(_:seen:)``); the
    /// first one's are written whole when the file was removed meanwhile, and, when known, with
    /// its result on those tags: while the file holds them (the same array: nobody else wrote),
    /// that result is taken instead of applying the change again.
    ///
    /// - Throws: as ``apply(_:seen:)``; nothing is written then.
    func apply(known: inout Snapshot?,
               taking take: () -> [(change: TagChange, seen: TagNames, applied: TagChange.Applied?)]) throws -> Batch {
        if FileSystem.isReadOnly(path) { throw FileError(path: path, operation: "write", code: EACCES) }
        return try FileSystem.withExclusiveLock(lockPath, protecting: path) {
            let changes = take()
            guard let first = changes.first else { return Batch(applied: [], foundOthersChanges: false, wrote: false) }
            // Under the lock no save is half-way: what looks like one was killed.
            FileSystem.removeLeftoverTemporaryFiles(of: path)
            let contents = try read(knowing: known)
            var text: CollectionText
            var others = true
            switch contents {
            case .text(let snapshot):
                text = snapshot.text
                others = known.map { $0.stamp == nil || $0.stamp != snapshot.stamp } ?? true
            // Removed meanwhile: written again whole, with what else it held when last seen.
            case .missing: text = CollectionText(tags: first.seen, members: known?.text.members ?? CollectionText(tags: []).members)
            case .corrupt(let reason):
                known = nil
                throw CollectionChangedError(path: path, reason: reason)
            }
            var tags = text.tags
            var applied: [TagChange.Applied] = []
            applied.reserveCapacity(changes.count)
            for (change, seen, done) in changes {
                let one = if let done, tags.isSameStorage(as: seen) { done } else { change.applied(to: tags, seen: seen) }
                tags = one.tags
                applied.append(one)
            }
            // A change that did nothing has no undo: comparing a million names again is not needed.
            let wrote = applied.contains(where: \.changedSomething) || contents == .missing
            if wrote {
                text.tags = tags
                text = text.movingColors(after: changes.map(\.change))
                do {
                    known = try save(text)
                } catch {
                    // Nothing was written: the file is still what was read.
                    if case .text(let snapshot) = contents { known = snapshot }
                    throw error
                }
            } else if case .text(let snapshot) = contents {
                known = snapshot
            }
            return Batch(applied: applied, foundOthersChanges: others, wrote: wrote)
        }
    }

    /// Replaces the collection with `tags`, atomically. Only for creating a collection and for
    /// tests: an edit goes through ``apply(_:seen:)``, which keeps what others wrote.
    ///
    /// - Throws: ``FileError``; the file on disk is then unchanged.
    func save(_ tags: TagNames) throws(FileError) {
        try save(CollectionText(tags: tags))
    }

    /// ``save(_:)`` for another program: the write an edit's save ends with (the text encoded,
    /// written to a temporary file, `fsync`, rename, the folder synced), without the lock or
    /// reading the file first. `flow-bench` times it as the floor of an edit's key to disk.
    ///
    /// - Throws: ``FileError``; the file on disk is then unchanged.
    package func replace(with tags: TagNames) throws(FileError) {
        try save(tags)
    }

    /// Replaces the collection with `text`, atomically, and returns the version written.
    @discardableResult
    private func save(_ text: CollectionText) throws(FileError) -> Snapshot {
        Snapshot(text: text, stamp: try FileSystem.writeAtomically(to: path) { (file: inout FileSystem.OpenFile) throws(FileError) in
            try text.encode(file.write)
        })
    }

    struct Corrupt: Error { var reason: String }

    /// The tags of a collection's text (``CollectionText/decode(_:)``).
    static func decode(_ bytes: [UInt8]) -> Result<TagNames, Corrupt> {
        CollectionText.decode(bytes).map(\.tags)
    }
}

/// A plain list of tags, one per line (`tag-editor --tags FILE`): read once, never written.
package enum TagListFile {
    /// The largest list read (a million tags of 20 characters are 21 MB): anything longer, or a
    /// file that never ends (a FIFO, /dev/zero), is refused in bounded memory.
    package static let maximumBytes = 256 << 20

    /// The tags of the file, in order; blank lines and repeats are skipped.
    ///
    /// Lines of printable ASCII (the usual case) are taken as they are, after trimming spaces;
    /// others go through ``TagRules`` whole, with every kind of line break Swift knows.
    ///
    /// - Parameter limit: the most bytes read (``maximumBytes``).
    /// - Throws: ``FileError`` when it cannot be read, or is missing, is larger than `limit`
    ///   (EFBIG), or is not UTF-8 text.
    /// - Complexity: O(*n*) in the file's length (one set of keys for the repeats).
    package static func read(_ path: String, limit: Int = maximumBytes) throws(FileError) -> TagNames {
        guard let bytes = try FileSystem.read(path, limit: limit) else {
            throw FileError(path: path, operation: "read", code: ENOENT)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw FileError(path: path, operation: "read as UTF-8 text", code: EILSEQ)
        }
        var tags = TagNames()
        var keys = Set<String>()
        func take(_ tag: String) {
            if keys.insert(TagRules.key(tag)).inserted { tags.append(tag) }
        }
        func takeChecked(_ line: String) {
            if let tag = try? TagRules.validatedName(line, allowsComma: true, allowsInvisible: false) { take(tag) }
        }
        // Lines of printable ASCII are split and trimmed on the bytes (TagRules.plainASCIIName's
        // rule: spaces trimmed, nothing else to check); a line with anything else in it (other
        // line breaks: CR, VT, FF, NEL, U+2028, U+2029; tabs, non-ASCII) is split again as
        // Characters and checked by TagRules, as before.
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                let line = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                if let plain = TagRules.plainASCIIName(line) {
                    take(plain.name)
                } else if line.allSatisfy({ $0 == 0x20 }) {
                    // A blank line: skipped.
                } else {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                    for part in line.split(whereSeparator: \.isNewline) { takeChecked(String(part)) }
                }
                start = end + 1
            }
        }
        return tags
    }
}


/// The collection was replaced, while it was open, by a file that is not a collection (a text
/// editor saving half-typed JSON, say). It is left as it is, and no change is saved until it is
/// a collection again.
package struct CollectionChangedError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    /// Whether a change of the user's was refused (found when saving it), rather than found when
    /// the editor read the file again.
    package var refusedAChange = true

    package init(path: String, reason: String, refusedAChange: Bool = true) {
        self.path = path
        self.reason = reason
        self.refusedAChange = refusedAChange
    }

    package var description: String {
        refusedAChange
            ? tr("\(path) was changed by another program and can no longer be read (\(reason)); it was left as it is and your change was not saved.")
            : tr("\(path) was changed by another program and can no longer be read (\(reason)); it was left as it is and no change can be saved until it is a collection again.")
    }
}
