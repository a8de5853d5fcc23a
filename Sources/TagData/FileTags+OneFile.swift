// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Changing one file's tags by itself, for tools that go through many files one at a time (a
/// whole folder tree) rather than holding a set of them open.
extension FileTags {
    /// What ``update(fileAt:dryRun:attributes:_:)`` did to a file.
    package struct Update: Sendable, Equatable {
        /// The tags before and after.
        package var before: [String]
        package var after: [String]
        /// The attribute's bytes before and after (`nil`: none), for an undo that puts back
        /// exactly what was there.
        package var beforeValue: [UInt8]?
        package var afterValue: [UInt8]?
        /// Finder's attribute in each form the file carried before and after, byte for byte.
        package var finderBefore: [FinderAttribute: [UInt8]] = [:]
        package var finderAfter: [FinderAttribute: [UInt8]] = [:]

        package init(before: [String], after: [String], beforeValue: [UInt8]?, afterValue: [UInt8]?) {
            self.before = before
            self.after = after
            self.beforeValue = beforeValue
            self.afterValue = afterValue
        }
    }

    /// Changes one file's tags the way the editor changes each of its files: under the file's
    /// lock, read; work out the changes from the tags as they are now; read again and start over
    /// if they changed meanwhile; write once. Each change is applied as the editor applies one, so
    /// every other part of the attribute stays byte for byte (other spellings, ", " spacing,
    /// empty parts); several changes (a tag and its sub-tags) are one write, never half made.
    ///
    /// A file whose permission bits allow nobody to write it is not written, even by root (as in
    /// the editor): ``FileError`` `EACCES`; a dry run throws what the write would meet.
    ///
    /// - Parameters:
    ///   - dryRun: work out the change without writing it.
    ///   - changes: the changes to make, given the tags as they are under the lock.
    /// - Returns: the tags before and after, or `nil` when nothing changed.
    /// - Throws: ``FileError`` when the tags cannot be read or written, or keep changing.
    package static func update(fileAt path: String, dryRun: Bool = false,
                              attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                              _ changes: ([String]) -> [TagChange]) throws -> Update? {
        try update(fileAt: FilePath(path), dryRun: dryRun, attributes: attributes, changes)
    }

    /// ``update(fileAt:dryRun:attributes:_:)`` of a path as bytes.
    ///
    /// Finder's attribute (``FinderTagsMode``) is changed with the freedesktop one, the file's
    /// tags being both's: see ``FileTagState``.
    ///
    /// - Parameter colors: the colours of tags added to Finder's list (the collection's).
    package static func update(fileAt path: FilePath, dryRun: Bool = false,
                              attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                              finder mode: FinderTagsMode = .keep, colors: TagColors = TagColors(),
                              _ changes: ([String]) -> [TagChange]) throws -> Update? {
        try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            for _ in 0..<maximumAttempts {
                let state = try FileTagState.read(path, attributes, finder: mode)
                let current = state.tags
                let result = changed(state, by: changes(current), mode: mode, colors: colors)
                guard result != state else { return nil }
                // The attribute's text is its parts joined again: the bytes read, exactly.
                var update = Update(before: current, after: result.tags, beforeValue: state.freedesktop.value,
                                    afterValue: result.freedesktop.text.map { Array($0.utf8) })
                update.finderBefore = state.finderValues
                update.finderAfter = result.finderValues
                if let problem = FileSystem.writeProblem(path) { throw problem }
                if dryRun { return update }
                guard try FileTagState.read(path, attributes, finder: mode) == state else { continue }
                try result.write(over: state, to: path, attributes)
                return update
            }
            throw FileError(path: path, operation: "change the tags of", code: EAGAIN)
        }
    }

    /// `changes` applied in turn to both attributes: the freedesktop one in one pass when it can
    /// be (``FileTagsAttribute/changedInTurn(by:)``), Finder's entry by entry.
    static func changed(_ state: FileTagState, by changes: [TagChange], mode: FinderTagsMode, colors: TagColors) -> FileTagState {
        if state.finder.isEmpty && mode != .write {
            return FileTagState(freedesktop: state.freedesktop.changedInTurn(by: changes), finder: state.finder)
        }
        var result = state
        for change in changes {
            result = FileTagState.applying(change, to: result, seen: result.tags, mode: mode) { colors[$0] }.state
        }
        return result
    }
}
