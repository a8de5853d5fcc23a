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
                                   attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                                   isCancelled: () -> Bool = { false },
                                   done: (Int, Outcome) -> Void = { _, _ in },
                                   _ changes: ([String]) -> [TagChange]) -> [(path: String, outcome: Outcome)] {
        var walkedByPath: [FilePath: FileIdentity] = [:]
        for (path, identity) in walked { walkedByPath[FilePath(path)] = identity }
        return updateEach(paths.map { FilePath($0) }, walked: walkedByPath, dryRun: dryRun, attributes: attributes,
                          isCancelled: isCancelled, done: done, changes).map { ($0.path.description, $0.outcome) }
    }

    /// ``updateEach(_:walked:dryRun:attributes:isCancelled:done:_:)`` of paths as bytes.
    package static func updateEach(_ paths: [FilePath], walked: [FilePath: FileIdentity] = [:], dryRun: Bool = false,
                                   attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                                   isCancelled: () -> Bool = { false },
                                   done: (Int, Outcome) -> Void = { _, _ in },
                                   _ changes: ([String]) -> [TagChange]) -> [(path: FilePath, outcome: Outcome)] {
        var outcomes: [(path: FilePath, outcome: Outcome)] = []
        outcomes.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            if isCancelled() { break }
            let outcome: Outcome
            if let identity = walked[path], (try? FileIdentity(of: path)) != identity {
                outcome = .failed("\(path) was replaced since it was read (by a link or another file)")
            } else {
                do {
                    outcome = try update(fileAt: path, dryRun: dryRun, attributes: attributes, changes).map { .changed($0) } ?? .unchanged
                } catch {
                    outcome = .failed(String(describing: error))
                }
            }
            outcomes.append((path, outcome))
            done(index, outcome)
        }
        return outcomes
    }

    /// Takes back an ``Update``: under the file's lock, when its attribute is still byte for byte
    /// what the update wrote, the attribute it had before is written back, byte for byte. When
    /// another program changed it since, `otherwise` gives the changes that take back only this
    /// update's part (applied as any change is), so the other program's edit stays.
    ///
    /// - Returns: whether the file changed.
    package static func revert(_ done: Update, fileAt path: String,
                               attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                               otherwise: ([String]) -> [TagChange]) throws -> Bool {
        try revert(done, fileAt: FilePath(path), attributes: attributes, otherwise: otherwise)
    }

    /// ``revert(_:fileAt:attributes:otherwise:)`` of a path as bytes.
    package static func revert(_ done: Update, fileAt path: FilePath,
                               attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                               otherwise: ([String]) -> [TagChange]) throws -> Bool {
        let exact: Bool = try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            let current = try attributes.value(of: Self.attribute, at: path)
            guard current == done.afterValue else { return false }
            if let problem = FileSystem.writeProblem(path) { throw problem }
            if let before = done.beforeValue {
                try attributes.setValue(before, of: Self.attribute, at: path)
            } else {
                try attributes.removeValue(of: Self.attribute, at: path)
            }
            return true
        }
        if exact { return true }
        return try update(fileAt: path, attributes: attributes, otherwise) != nil
    }
}
