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
    package static func update(fileAt path: FilePath, dryRun: Bool = false,
                              attributes: any ExtendedAttributes = SystemExtendedAttributes(),
                              _ changes: ([String]) -> [TagChange]) throws -> Update? {
        try FileSystem.withExclusiveLockIfPossible(onFile: path) { _ in
            for _ in 0..<maximumAttempts {
                let attribute = try readAttribute(path, attributes)
                let current = attribute.tags
                let result = attribute.changedInTurn(by: changes(current))
                guard result != attribute else { return nil }
                // The attribute's text is its parts joined again: the bytes read, exactly.
                let beforeValue = attribute.parts.isEmpty ? nil : Array(attribute.parts.joined(separator: ",").utf8)
                let update = Update(before: current, after: result.tags, beforeValue: beforeValue,
                                    afterValue: result.text.map { Array($0.utf8) })
                if let problem = FileSystem.writeProblem(path) { throw problem }
                if dryRun { return update }
                guard try readAttribute(path, attributes) == attribute else { continue }
                if let text = result.text {
                    try attributes.setValue(Array(text.utf8), of: Self.attribute, at: path)
                } else {
                    try attributes.removeValue(of: Self.attribute, at: path)
                }
                return update
            }
            throw FileError(path: path, operation: "change the tags of", code: EAGAIN)
        }
    }
}
