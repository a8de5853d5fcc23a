// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
// Freedesktop file tags: the extended attribute `user.xdg.tags`, a comma-separated UTF-8 list
// (what KDE's Dolphin and Baloo read and write).


/// Reads and writes extended attributes. The system implementation calls the C library; tests
/// substitute one that fails on purpose.
package protocol ExtendedAttributes: Sendable {
    /// The attribute's value, or `nil` when the file does not have it.
    func value(of name: String, at path: FilePath) throws(FileError) -> [UInt8]?
    func setValue(_ value: [UInt8], of name: String, at path: FilePath) throws(FileError)
    /// Removes the attribute; no error when it is absent.
    func removeValue(of name: String, at path: FilePath) throws(FileError)
    /// Whether Finder's attributes (``FinderAttribute``) are asked of this store. A store that
    /// keeps only `user.xdg.tags` (the tests' stand-ins hold one value a file, whatever its name)
    /// says no and is never asked for them.
    var holdsFinderTags: Bool { get }
}

extension ExtendedAttributes {
    package var holdsFinderTags: Bool { false }

    package func value(of name: String, at path: String) throws(FileError) -> [UInt8]? {
        try value(of: name, at: FilePath(path))
    }

    package func setValue(_ value: [UInt8], of name: String, at path: String) throws(FileError) {
        try setValue(value, of: name, at: FilePath(path))
    }

    package func removeValue(of name: String, at path: String) throws(FileError) {
        try removeValue(of: name, at: FilePath(path))
    }
}

/// Extended attributes through `getxattr`, `setxattr` and `removexattr` (on paths longer than
/// PATH_MAX too, through their folder's descriptor).
package struct SystemExtendedAttributes: ExtendedAttributes {
    package init() {}

    package var holdsFinderTags: Bool { true }

    package func value(of name: String, at path: FilePath) throws(FileError) -> [UInt8]? {
        while true {
            let size = path.withKernelPath { $0.map { getxattr($0, name, nil, 0) } ?? -1 }
            if size < 0 {
                let code = errno
                if code == ENODATA {
                    // Tags that came back from a file system without attributes with their
                    // sidecar (a folder moved back) are the file's until they are written.
                    guard name == FileTags.attribute else { return nil }
                    return (try? Sidecar.attribute(of: path, isDirectory: Self.isDirectory(path))) ?? nil
                }
                if code == ENOTSUP && name == FileTags.attribute {
                    return try Sidecar.attribute(of: path, isDirectory: Self.isDirectory(path))
                }
                throw FileError(path: path, operation: "read the tags of", code: code)
            }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBytes { bytes in
                path.withKernelPath { $0.map { getxattr($0, name, bytes.baseAddress, size) } ?? -1 }
            }
            if read < 0 {
                if errno == ERANGE { continue }   // it grew in between: ask again
                if errno == ENODATA { return nil }
                throw FileError(path: path, operation: "read the tags of", code: errno)
            }
            return Array(buffer[0..<read])
        }
    }

    package func setValue(_ value: [UInt8], of name: String, at path: FilePath) throws(FileError) {
        let result = value.withUnsafeBytes { bytes in
            path.withKernelPath { $0.map { setxattr($0, name, bytes.baseAddress, bytes.count, 0) } ?? -1 }
        }
        let code = errno
        if result != 0 && code == ENOTSUP && name == FileTags.attribute {
            return try Self.inSidecar(path) { (isDirectory) throws(FileError) in
                try Sidecar.setAttribute(value, of: path, isDirectory: isDirectory)
            }
        }
        if result != 0 { throw Self.writeError(path, code, size: value.count) }
        // In the attribute now: a sidecar of ours that held them goes.
        if name == FileTags.attribute { Sidecar.retire(of: path, isDirectory: Self.isDirectory(path), emptyOthers: false) }
    }

    package func removeValue(of name: String, at path: FilePath) throws(FileError) {
        let result = path.withKernelPath { $0.map { removexattr($0, name) } ?? -1 }
        let code = errno
        if result != 0 && code == ENOTSUP && name == FileTags.attribute {
            return try Self.inSidecar(path) { (isDirectory) throws(FileError) in
                try Sidecar.setAttribute(nil, of: path, isDirectory: isDirectory)
            }
        }
        if result != 0 && code != ENODATA { throw FileError(path: path, operation: "change the tags of", code: code) }
        // No tags: a sidecar beside the file must not bring them back.
        if name == FileTags.attribute { Sidecar.retire(of: path, isDirectory: Self.isDirectory(path), emptyOthers: true) }
    }

    static func isDirectory(_ path: FilePath) -> Bool {
        var info = stat()
        return path.withKernelPath { $0.map { stat($0, &info) } ?? -1 } == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// A write to a file's sidecar because its file system refuses attributes, its failure said so.
    private static func inSidecar(_ path: FilePath, _ write: (Bool) throws(FileError) -> Void) throws(FileError) {
        do {
            try write(isDirectory(path))
        } catch where error.detail == nil {
            var refused = error
            refused.detail = tr("\(path) is on a file system without extended attributes, and its tags cannot be kept beside it in TagSpaces' sidecar either (\(error.description)); nothing was changed.")
            throw refused
        }
    }

    /// Why a value could not be written: ENOSPC while the disk has room is the file's own room
    /// for attributes (ext4 keeps a file's attributes in one block), not a full disk.
    static func writeError(_ path: FilePath, _ code: Int32, size: Int) -> FileError {
        switch code {
        case E2BIG: return FileError(path: path, operation: "change the tags of", code: code, attributeSize: size)
        case ENOSPC:
            var info = statvfs()
            let free = path.withKernelPath { $0.map { statvfs($0, &info) } ?? -1 } == 0
                ? Int(info.f_bavail) * Int(info.f_frsize) : 0
            // A disk with this much free has room for any attribute block the file would need.
            let roomy = free >= max(1 << 20, 16 * size)
            return FileError(path: path, operation: "change the tags of", code: code, attributeSize: roomy ? size : nil)
        default: return FileError(path: path, operation: "change the tags of", code: code)
        }
    }
}

/// The tags of a set of files, edited together.
///
/// Every edit is a ``TagChange`` applied to each file's tags as they are at that moment: per file,
/// read, apply, read again just before writing, and start over (up to ``maximumAttempts`` times)
/// if they changed in between. While doing so it holds an exclusive `flock` on the file itself
/// (opened read-only, which works whenever the tags can be written), so writers that take the
/// same lock (another tag editor, a script that follows the same rule) take turns exactly. A
/// program that writes the attribute without the lock (`setfattr`, a file manager) is protected by
/// the second read only: a write of its landing in the microseconds between that read and ours
/// would be overwritten, which no lock can prevent for a writer that takes none.
///
/// Files are identified by device and inode: a file given twice, or through a link, counts once,
/// under the name it was given first.
package struct FileTags: Sendable {
    package static let attribute = "user.xdg.tags"
    /// How many times one file's tags are read and applied again when another program keeps
    /// changing them between our read and our write.
    package static let maximumAttempts = 8

    /// One file and its tags.
    package struct File: Sendable, Equatable {
        /// The path it was given by, as bytes.
        package var filePath: FilePath
        /// The path for people and for the places of changes (``FilePath/description``).
        package var path: String { filePath.description }
        package var identity: FileIdentity
        package var tags: [String]
        /// The colours Finder's attribute gives its tags (none when it has no such attribute);
        /// the collection's colours come first where it has one (``TagColors/color(of:finder:)``).
        package var finderColors = TagColors()
        /// Why its tags cannot be changed (permissions, an immutable file, a read-only file
        /// system), or `nil`. Found when it is opened or read again, or when a write is refused.
        package var readOnlyReason: String?
        /// Why its tags cannot be read any more (removed, its tags no longer UTF-8), or `nil`.
        /// Such a file counts for nothing until it can be read again.
        package var unreadableReason: String?

        package var isReadable: Bool { unreadableReason == nil }
        /// "is read-only (why)" or "cannot be read now (why)"; empty for a writable file.
        package var whyNotWritable: String {
            if let unreadableReason { return tr("cannot be read now (\(unreadableReason))") }
            return readOnlyReason.map { tr("is read-only (\($0))") } ?? ""
        }
        package var isWritable: Bool { readOnlyReason == nil && unreadableReason == nil }
    }

    /// The files that could be read when they were opened, in the order given, each once.
    package internal(set) var files: [File]
    /// Files left out when opening, with the reason (missing, no extended attributes, invalid
    /// UTF-8, the same file as one given before...).
    package private(set) var problems: [(path: String, message: String)]
    let attributes: any ExtendedAttributes
    /// Records what the files carry each time they are read or written, when given.
    package var journal: TagJournal?
    /// How Finder's attribute is read and written (see ``FinderTagsMode``); a change applies
    /// to the next read and write (``reload()`` shows what it reads).
    package var finderMode: FinderTagsMode
    /// The colours of tags (the collection's): a tag added to a file's Finder list gets its colour.
    package var tagColors = TagColors()

    /// Reads the tags of `paths` and finds which files can be written (nothing is written to find
    /// out). A file whose tags cannot be read is left out and reported in ``problems``; it is never
    /// written.
    package init(paths: [String], attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                 finder: FinderTagsMode = .keep, colors: TagColors = TagColors()) {
        self.init(filePaths: paths.map { FilePath($0) }, attributes: attributes, finder: finder, colors: colors)
    }

    /// ``init(paths:attributes:)`` of paths as bytes.
    package init(filePaths: [FilePath], attributes: any ExtendedAttributes = SystemExtendedAttributes(), journal: TagJournal? = nil,
                 finder: FinderTagsMode = .keep, colors: TagColors = TagColors()) {
        self.attributes = attributes
        self.journal = journal
        finderMode = finder
        tagColors = colors
        files = []
        problems = []
        for path in filePaths { read(path) }
        noteInJournal(files.map(\.filePath))
    }

    /// Records in the journal (when there is one) what these files carry now.
    func noteInJournal(_ paths: [FilePath]) {
        guard let journal, !paths.isEmpty else { return }
        try? journal.record(paths.compactMap { TagJournal.Sighting(of: $0, attributes: attributes) })
    }

    /// Adds one file to ``files``, or its problem to ``problems``; the first `openBefore` files
    /// were open before this file was asked for.
    private mutating func read(_ path: FilePath, openBefore: Int = 0) {
        do {
            let identity = try FileIdentity(of: path)
            if let index = files.firstIndex(where: { $0.identity == identity }) {
                let first = files[index].path
                problems.append((path.description, index < openBefore ? tr("\(path) is already open.")
                    : path == files[index].filePath ? tr("\(path) was given twice; it is opened once.")
                    : tr("\(path) is the same file as \(first); it is counted once.")))
                return
            }
            let state = try FileTagState.read(path, attributes, finder: finderMode)
            files.append(File(filePath: path, identity: identity, tags: state.tags, finderColors: state.finder.colors,
                              readOnlyReason: FileSystem.writeProblem(path)?.shortReason))
        } catch {
            problems.append((path.description, tr("\(error.description) It is left out.")))
        }
    }

    /// The tags in a file's attribute, as ``FileTagsAttribute/tags`` reads them.
    static func readTags(_ path: FilePath, _ attributes: any ExtendedAttributes) throws(FileError) -> [String] {
        try readAttribute(path, attributes).tags
    }

    /// A file's attribute as written (no attribute: no parts).
    static func readAttribute(_ path: FilePath, _ attributes: any ExtendedAttributes) throws(FileError) -> FileTagsAttribute {
        guard let bytes = try attributes.value(of: attribute, at: path) else { return FileTagsAttribute(parts: []) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path, operation: "read the tags of", code: EILSEQ)
        }
        return FileTagsAttribute(text: text)
    }

    /// Every tag of the readable files, one entry a tag whatever its spellings ("beach" on one
    /// file, "Beach" on another: one tag, as ``TagRules/key(_:)`` says), in first-seen order:
    /// its count is the files that carry any spelling of it (the files a removal or a rename
    /// changes), its name the spelling most of them use (of equally common ones the first in
    /// code-point order, as `filetags list` and the folder view choose), and ``TagEntry/addable``
    /// the writable files that carry none (the files an add changes, leaving the others' own
    /// spellings as they are).
    ///
    /// - Complexity: O(*t*) dictionary updates for *t* tags of all files.
    package var entries: [TagEntry] {
        let readable = files.filter(\.isReadable)
        var order: [String] = []
        var counts: [String: Int] = [:], writableCounts: [String: Int] = [:]
        var spellings: [String: [String: Int]] = [:]
        for file in readable {
            // A file's tags are each key once (FileTagsAttribute.tags).
            for tag in file.tags {
                let key = TagRules.key(tag)
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
                spellings[key, default: [:]][tag, default: 0] += 1
                if file.isWritable { writableCounts[key, default: 0] += 1 }
            }
        }
        let writable = readable.count { $0.isWritable }
        return order.map { key in
            let name = spellings[key]!.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
            return TagEntry(name: name, count: counts[key]!, total: readable.count, addable: writable - writableCounts[key, default: 0])
        }
    }

    // MARK: Changing

    /// Applies `change` to every writable file. All or nothing among them: if one write fails, the
    /// files already changed get the change taken back (as a change: what others wrote to them
    /// meanwhile stays) and the error is thrown. A file whose write is refused as read-only
    /// (`EACCES`, `EPERM`, `EROFS`) is marked so and skipped, and the report says so. The report's
    /// ``ChangeReport/undo`` holds, for each file written, the change that takes it back there.
    ///
    /// - Complexity: O(*f*) file reads and writes for *f* open files.
    /// - Throws: ``UnchangeableFilesError`` when no file could take the change (none writable, or
    ///   every one refused it as read-only), or the error of the write that failed;
    ///   ``UnorderedTagsError`` for a move (nothing is read or written).
    package mutating func apply(_ change: TagChange) throws -> ChangeReport {
        if change.movesATag { throw UnorderedTagsError() }
        return try apply(named: change.name) { _ in change }
    }

    /// Applies each change to its own file only (how an undo takes back what one change did to
    /// each file, and nothing on the others), with the same all-or-nothing rule as
    /// ``apply(_:)``. A file no longer open, or not writable now, is skipped and reported.
    ///
    /// - Complexity: O(*f* + *c*) file reads and writes for *f* open files and *c* changes.
    package mutating func apply(_ changes: [PlacedChange]) throws -> ChangeReport {
        if changes.contains(where: \.change.movesATag) { throw UnorderedTagsError() }
        let byPath = Dictionary(changes.map { ($0.place, $0.change) }, uniquingKeysWith: { first, _ in first })
        var report = try apply(named: changes.first?.change.name ?? "") { byPath[$0.path] }
        let open = Set(files.map(\.path))
        for change in changes where !open.contains(change.place) {
            report.skipped.append((change.place, tr("is no longer open")))
        }
        return report
    }

    /// The shared path of both: `changeFor` says what to do to each file (`nil`: leave it).
    private mutating func apply(named name: String, _ changeFor: (File) -> TagChange?) throws -> ChangeReport {
        if let reason = whyNotEditable { throw UnchangeableFilesError(description: reason) }
        var report = ChangeReport(name: name)
        var written: [(index: Int, undo: TagChange)] = []
        for index in files.indices {
            guard let change = changeFor(files[index]) else { continue }
            guard files[index].isWritable else {
                // Named only when the change was about it: a removal does not name files that
                // never had the tag.
                let file = files[index]
                if change.applied(to: TagNames(file.tags)).changedSomething { report.skipped.append((file.path, file.whyNotWritable)) }
                continue
            }
            do {
                let applied = try applyToFile(change, seen: files[index].tags, at: files[index].filePath)
                files[index].tags = applied.tags.array
                if let undo = applied.undo { written.append((index, undo)) }
                if let conflict = applied.conflict {
                    report.conflict = conflict
                    report.conflicts.append(files[index].path)
                }
            } catch let error as FileError where error.meansReadOnly {
                files[index].readOnlyReason = error.shortReason
                report.skipped.append((files[index].path, files[index].whyNotWritable))
            } catch {
                throw rollBack(written, after: error)
            }
        }
        report.changedFiles = written.count
        report.undo = written.map { PlacedChange(place: files[$0.index].path, change: $0.undo) }
        noteInJournal(written.map { files[$0.index].filePath })
        // Writable ones were there (or the check above would have thrown): each refused it.
        if !files.contains(where: \.isWritable) {
            throw UnchangeableFilesError(description: tr("No file was changed: \(Self.list(report.skipped))."))
        }
        return report
    }

    /// What ``apply(_:)`` (or an undo's placed changes, by `changeFor`) would do to the tags shown,
    /// worked out from them alone, without reading or writing a file: the tags the editor shows
    /// while the write is under way on its own thread (``FileTagsWriter``). The report's undo is
    /// the change's own on the tags shown; the write's report has the exact one (every spelling
    /// and space the files held).
    ///
    /// - Complexity: O(*t*) comparisons for *t* tags of the open files.
    /// - Throws: ``UnchangeableFilesError`` and ``UnorderedTagsError`` as ``apply(_:)`` does.
    package mutating func predict(named name: String, _ changeFor: (File) -> TagChange?) throws -> ChangeReport {
        if let reason = whyNotEditable { throw UnchangeableFilesError(description: reason) }
        var report = ChangeReport(name: name)
        for index in files.indices {
            guard let change = changeFor(files[index]) else { continue }
            if change.movesATag { throw UnorderedTagsError() }
            let file = files[index], current = TagNames(file.tags)
            let applied = change.applied(to: current, seen: current)
            guard file.isWritable else {
                if applied.changedSomething { report.skipped.append((file.path, file.whyNotWritable)) }
                continue
            }
            files[index].tags = applied.tags.array
            if let undo = applied.undo { report.undo.append(PlacedChange(place: file.path, change: undo)) }
            if let conflict = applied.conflict {
                report.conflict = conflict
                report.conflicts.append(file.path)
            }
        }
        report.changedFiles = report.undo.count
        return report
    }

    /// Why no change can be made to these files now (none open, none readable or none writable),
    /// or `nil`.
    package var whyNotEditable: String? {
        if files.isEmpty {
            return problems.isEmpty ? tr("No file is open.")
                : tr("No file could be read: \(problems.map(\.message).joined(separator: " "))")
        }
        guard files.allSatisfy({ !$0.isWritable }) else { return nil }
        return tr("No open file can be changed: \(Self.list(files.map { ($0.path, $0.whyNotWritable) })).")
    }

    /// "a.txt is read-only (why); b.txt cannot be read now (why)", for messages.
    static func list(_ files: [(path: String, reason: String)]) -> String {
        files.map { "\($0.path) \($0.reason)" }.joined(separator: "; ")
    }

    /// One file: under its lock, read, apply, read again, write; again from the start when the
    /// second read differs from the first.
    private func applyToFile(_ change: TagChange, seen: [String], at path: FilePath) throws -> TagChange.Applied {
        try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            for _ in 0..<Self.maximumAttempts {
                let state = try FileTagState.read(path, attributes, finder: finderMode)
                let colors = tagColors
                let (changed, applied) = FileTagState.applying(change, to: state, seen: seen, mode: finderMode) { colors[$0] }
                guard applied.changedSomething else { return applied }
                guard try FileTagState.read(path, attributes, finder: finderMode) == state else { continue }
                try changed.write(over: state, to: path, attributes)
                return applied
            }
            throw FileError(path: path, operation: "change the tags of", code: EAGAIN)
        }
    }

    /// `change` applied to a file's attribute: only the parts of the tags changed are written
    /// anew, the rest stay as they were; the undo keeps every spelling a removal or a rename took,
    /// so that taking it back gives the text back as it was. Several changes are applied one
    /// after another to the same attribute.
    static func applying(_ change: TagChange, to attribute: FileTagsAttribute,
                         seen: [String]) -> (attribute: FileTagsAttribute, applied: TagChange.Applied) {
        if case .all(let changes) = change {
            let (changed, applied) = TagChange.inTurn(changes, from: attribute, tags: { TagNames($0.tags) }) { change, attribute in
                applying(change, to: attribute, seen: seen)
            }
            return (changed, applied)
        }
        let current = attribute.tags
        var applied = change.applied(to: TagNames(current), seen: TagNames(seen))
        let tags = applied.tags.array
        guard tags != current else { return (attribute, applied) }
        var changed = attribute.changed(to: tags)
        switch (change, applied.undo) {
        case (.add(_, _, let parts), _) where !parts.isEmpty:
            // An undone removal: every spelling back as it was written, where it was.
            changed = attribute.restoring(parts)
        case (.rename(let renamed, to: _, let parts), _) where !parts.isEmpty:
            // An undone rename: the name it got goes, the old spellings come back where they were.
            changed = attribute.without(renamed).restoring(parts)
        case (.remove(let name), .add(let removed, let index, _)?),
             (.rename(let name, to: _, _), .add(let removed, let index, _)?):
            // A removal, or a rename onto a name already there: every spelling of the old name.
            applied.undo = .add(removed, at: index, parts: attribute.parts(of: name))
        case (.rename(let old, to: _, _), .rename(let new, to: let back, _)?):
            applied.undo = .rename(new, to: back, parts: attribute.parts(of: old))
        default:
            break
        }
        return (changed, applied)
    }

    /// Takes back the changes already written, newest first, and returns the error to throw.
    private mutating func rollBack(_ written: [(index: Int, undo: TagChange)], after error: any Error) -> any Error {
        var notPutBack: [String] = []
        for (index, undo) in written.reversed() {
            do {
                files[index].tags = try applyToFile(undo, seen: files[index].tags, at: files[index].filePath).tags.array
            } catch {
                notPutBack.append(files[index].path)
            }
        }
        return notPutBack.isEmpty ? error : PartialChangeError(cause: error, notPutBack: notPutBack)
    }

    // MARK: Reading again, leaving files out

    /// Reads every file's tags and writability again (another program may have changed them).
    /// A file that can no longer be read stays in ``files`` with its ``File/unreadableReason``.
    ///
    /// - Returns: whether anything changed.
    package mutating func reload() -> Bool {
        defer { noteInJournal(files.filter(\.isReadable).map(\.filePath)) }
        var changed = false
        for index in files.indices {
            var file = files[index]
            do {
                file.identity = try FileIdentity(of: file.filePath)
                let state = try FileTagState.read(file.filePath, attributes, finder: finderMode)
                file.tags = state.tags
                file.finderColors = state.finder.colors
                file.unreadableReason = nil
                file.readOnlyReason = FileSystem.writeProblem(file.filePath)?.shortReason
            } catch {
                file.unreadableReason = error.description
            }
            if file != files[index] {
                files[index] = file
                changed = true
            }
        }
        return changed
    }

    /// Adds files to the set (a file chooser, files dropped on the window), read as ``init(paths:attributes:)``
    /// reads them; a file already open, or one that cannot be read, is left out.
    ///
    /// - Returns: what was left out and why, one message a file.
    @discardableResult
    package mutating func open(_ paths: [String]) -> [String] {
        open(filePaths: paths.map { FilePath($0) })
    }

    /// ``open(_:)`` of paths as bytes.
    @discardableResult
    package mutating func open(filePaths paths: [FilePath]) -> [String] {
        let known = problems.count, open = files.count
        for path in paths { read(path, openBefore: open) }
        return problems[known...].map(\.message)
    }

    /// Leaves a file out of the set: it is no longer shown, counted or written.
    package mutating func close(_ path: String) {
        files.removeAll { $0.path == path }
    }
}

/// What a change did to a set of files (or to one collection).
package struct ChangeReport: Sendable {
    /// The tag the change was about, as stored.
    package var name: String
    /// How many files were written.
    package var changedFiles = 0
    /// Files that were not changed, with why (``FileTags/File/whyNotWritable``).
    package var skipped: [(path: String, reason: String)] = []
    /// Why the change could not be made in some places (a rename whose tag another program
    /// removed meanwhile), and the files (or the collection) where that happened.
    package var conflict: String?
    package var conflicts: [String] = []
    /// What takes this change back: for each place written, the change that undoes it there
    /// (empty when nothing changed). Applying it is a change too, so an undo keeps what other
    /// programs wrote meanwhile.
    package var undo: [PlacedChange] = []
    /// The number of the write that makes the change on a thread of its own, when it was not
    /// made yet (``FileTagsDocument/saveInBackground(whenSaved:)``): ``undo`` is then the
    /// change's own on the tags shown, and the write's report (``FileTagsDocument/takeSaved()``)
    /// has the exact one.
    package var pendingWrite: Int?

    package init(name: String) {
        self.name = name
    }
}

/// No open file could take a change.
package struct UnchangeableFilesError: Error, CustomStringConvertible {
    package var description: String
}

/// A change failed on one file, and some of the files changed before it could not be put back.
package struct PartialChangeError: Error, CustomStringConvertible {
    package var cause: any Error
    package var notPutBack: [String]

    package var description: String {
        trn("\(cause.message) The change could not be taken back from \(notPutBack.joined(separator: ", ")), which keeps it.",
            "\(cause.message) The change could not be taken back from \(notPutBack.joined(separator: ", ")), which keep it.",
            notPutBack.count)
    }
}

extension Error {
    /// The message to show for any error of the tag data layer.
    var message: String { String(describing: self) }
}
