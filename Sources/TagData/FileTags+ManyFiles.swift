// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Changing the tags of many files one at a time (a whole tree): each file fully changed or left
/// as it was, under its own lock, with a way to stop between two files.
extension FileTags {
    /// What became of one file.
    package enum Outcome: Sendable, Equatable {
        case changed(Update)
        /// Its tags did not need the change (another program made it first).
        case unchanged
        /// It could not be changed, and why.
        case failed(String)
    }

    /// Applies `changes` to each of `paths` in order with ``update(fileAt:dryRun:attributes:_:)``.
    ///
    /// - Parameters:
    ///   - walked: the identity each file had when it was read: a path that names something else
    ///     now (a link put in its place, which could lead out of the tree) is not changed.
    ///   - isCancelled: asked before each file; once it says yes, no further file is started
    ///     (the one being written is finished: a file is never half changed).
    ///   - done: called after each file with its index and outcome (progress, on the caller's thread).
    /// - Returns: the outcome of each file started, in order (fewer than `paths` when cancelled).
    package static func updateEach(_ paths: [String], walked: [String: FileIdentity] = [:], dryRun: Bool = false,
                                   journal: TagJournal? = nil,
                                   attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                                   finder: FinderTagsMode = .keep, colors: TagColors = TagColors(),
                                   isCancelled: () -> Bool = { false },
                                   done: (Int, Outcome) -> Void = { _, _ in },
                                   _ changes: ([String]) -> [TagChange]) -> [(path: String, outcome: Outcome)] {
        var walkedByPath: [FilePath: FileIdentity] = [:]
        for (path, identity) in walked { walkedByPath[FilePath(path)] = identity }
        return updateEach(paths.map { FilePath($0) }, walked: walkedByPath, dryRun: dryRun, journal: journal, attributes: attributes,
                          finder: finder, colors: colors, isCancelled: isCancelled, done: done, changes).map { ($0.path.description, $0.outcome) }
    }

    /// ``updateEach(_:walked:dryRun:attributes:isCancelled:done:_:)`` of paths as bytes.
    ///
    /// A file that is no longer what the walk read gets its own reason: deleted, replaced by a
    /// link, replaced by another file (an editor's save, a copy over it), or, when `roots` are
    /// given, moved (its identity found under them again, with its new path).
    ///
    /// - Parameters:
    ///   - roots: the folders the paths were found in, searched for the files that are gone from
    ///     their place (only when some are).
    ///   - walkedAt: when the walk that read `walked` started (``FileSystem/now()``; default: now): a
    ///     file born since that has the identity of a file gone is a new file that took its inode,
    ///     not the file moved.
    ///   - journal: records each file written (and its sightings) when given.
    package static func updateEach(_ paths: [FilePath], walked: [FilePath: FileIdentity] = [:], roots: [FilePath] = [],
                                   walkedAt: Double? = nil, dryRun: Bool = false, journal: TagJournal? = nil,
                                   attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                                   finder: FinderTagsMode = .keep, colors: TagColors = TagColors(),
                                   isCancelled: () -> Bool = { false },
                                   done: (Int, Outcome) -> Void = { _, _ in },
                                   _ changes: ([String]) -> [TagChange]) -> [(path: FilePath, outcome: Outcome)] {
        let walkedAt = walkedAt ?? FileSystem.now()
        var outcomes: [(path: FilePath, outcome: Outcome)] = []
        outcomes.reserveCapacity(paths.count)
        // The files gone from their place, by identity: found again (moved) or not (deleted).
        var gone: [FileIdentity: Int] = [:]
        for (index, path) in paths.enumerated() {
            if isCancelled() { break }
            var outcome: Outcome
            if let identity = walked[path], let reason = whyNotTheSame(path, as: identity) {
                outcome = .failed(reason)
                if reason == Self.deletedReason(path) { gone[identity] = index }
            } else {
                do {
                    outcome = try update(fileAt: path, dryRun: dryRun, attributes: attributes, finder: finder, colors: colors,
                                         changes).map { .changed($0) } ?? .unchanged
                } catch {
                    outcome = .failed(String(describing: error))
                }
            }
            outcomes.append((path, outcome))
            done(index, outcome)
        }
        if let journal, !dryRun {
            let written = outcomes.compactMap { outcome -> TagJournal.Sighting? in
                guard case .changed = outcome.outcome else { return nil }
                return TagJournal.Sighting(of: outcome.path, attributes: attributes)
            }
            try? journal.record(written)
        }
        if !gone.isEmpty && !roots.isEmpty {
            let found = whereNow(Set(gone.keys), under: roots, bornBefore: walkedAt)
            for (identity, index) in gone {
                let path = outcomes[index].path
                outcomes[index].outcome = .failed(found[identity].map { tr("\(path) was moved to \($0) since it was read; it was not changed there") }
                    ?? tr("\(path) was deleted since it was read (it is nowhere under the folders)"))
            }
        }
        return outcomes
    }

    /// Why a file the walk read is not there any more (compared, so worded in one place).
    private static func deletedReason(_ path: FilePath) -> String { tr("\(path) was deleted or moved away since it was read") }

    /// Why `path` is not the file the walk read as `identity` (not following a link at it), or
    /// `nil` when it is.
    static func whyNotTheSame(_ path: FilePath, as identity: FileIdentity) -> String? {
        var info = stat()
        guard path.withKernelPath({ $0.map { lstat($0, &info) } ?? -1 }) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return deletedReason(path) }
            return FileError(path: path, operation: "read", code: code).description
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            return tr("\(path) was replaced by a symbolic link since it was read; links are not followed")
        }
        if FileIdentity(info) != identity {
            return tr("\(path) was replaced by another file since it was read (saved anew, or copied over); it was not changed")
        }
        return nil
    }

    /// Where the files of these identities are now under `roots` (those found), leaving out
    /// files born at `bornBefore` or later (a new file that took a deleted one's inode).
    ///
    /// - Complexity: a walk of the roots.
    package static func whereNow(_ identities: Set<FileIdentity>, under roots: [FilePath],
                                 bornBefore: Double = .infinity) -> [FileIdentity: FilePath] {
        let walk = FolderWalk.walk(roots) { IdentityFinder(identities, bornBefore: bornBefore) }
        return walk.visitors.reduce(into: [:]) { $0.merge($1.found) { first, _ in first } }
    }

    /// Takes back an ``Update``: under the file's lock, when its attribute is still byte for byte
    /// what the update wrote, the attribute it had before is written back, byte for byte. When
    /// another program changed it since, `otherwise` gives the changes that take back only this
    /// update's part (applied as any change is), so the other program's edit stays.
    ///
    /// - Returns: whether the file changed.
    package static func revert(_ done: Update, fileAt path: String,
                               attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                               finder: FinderTagsMode = .keep,
                               otherwise: ([String]) -> [TagChange]) throws -> Bool {
        try revert(done, fileAt: FilePath(path), attributes: attributes, finder: finder, otherwise: otherwise)
    }

    /// ``revert(_:fileAt:attributes:otherwise:)`` of a path as bytes.
    package static func revert(_ done: Update, fileAt path: FilePath,
                               attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                               finder: FinderTagsMode = .keep,
                               otherwise: ([String]) -> [TagChange]) throws -> Bool {
        let exact: Bool = try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            let current = try attributes.value(of: Self.attribute, at: path)
            guard current == done.afterValue else { return false }
            var finderNow: [FinderAttribute: [UInt8]] = [:]
            if finder != .off && attributes.holdsFinderTags {
                for form in FinderAttribute.allCases { finderNow[form] = try attributes.value(of: form.name, at: path) }
                guard finderNow == done.finderAfter else { return false }
            }
            if let problem = FileSystem.writeProblem(path) { throw problem }
            // Put back byte for byte: each value as it was, through the same all-or-nothing writer.
            try Self.putBack(done.beforeValue, over: done.afterValue, finder: finder == .off || !attributes.holdsFinderTags ? [:] : done.finderBefore,
                             over: finderNow, at: path, attributes)
            return true
        }
        if exact { return true }
        return try update(fileAt: path, attributes: attributes, finder: finder, otherwise) != nil
    }

    /// Writes exact values back: the freedesktop attribute, then each Finder form; a failure
    /// puts back what was already written.
    private static func putBack(_ value: [UInt8]?, over current: [UInt8]?, finder: [FinderAttribute: [UInt8]],
                                over finderNow: [FinderAttribute: [UInt8]], at path: FilePath,
                                _ attributes: any ExtendedAttributes) throws(FileError) {
        var writes: [(name: String, value: [UInt8]?, old: [UInt8]?)] = []
        if value != current { writes.append((Self.attribute, value, current)) }
        for form in FinderAttribute.allCases where finder[form] != finderNow[form] {
            writes.append((form.name, finder[form], finderNow[form]))
        }
        for (index, write) in writes.enumerated() {
            do {
                if let value = write.value { try attributes.setValue(value, of: write.name, at: path) }
                else { try attributes.removeValue(of: write.name, at: path) }
            } catch {
                for done in writes[..<index].reversed() {
                    if let old = done.old { try? attributes.setValue(old, of: done.name, at: path) }
                    else { try? attributes.removeValue(of: done.name, at: path) }
                }
                throw error
            }
        }
    }
}

/// The walk's visitor that notes where files of some identities are.
final class IdentityFinder: FolderVisitor {
    let wanted: Set<FileIdentity>
    /// A file found has its birth time read from its descriptor.
    var needsDescriptor: Bool { true }
    let bornBefore: Double
    var found: [FileIdentity: FilePath] = [:]

    init(_ wanted: Set<FileIdentity>, bornBefore: Double) {
        self.wanted = wanted
        self.bornBefore = bornBefore
    }

    func visit(_ file: WalkedFile) {
        guard wanted.contains(file.identity) else { return }
        if let born = FileSystem.birthTime(descriptor: file.descriptor), born >= bornBefore { return }
        found[file.identity] = file.path
    }
}
