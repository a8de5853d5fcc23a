// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The tags the user added or renamed to lately, newest first, offered among the suggestions.
/// Kept in `$XDG_DATA_HOME/wraphstack-tag-editor/recent-tags.txt`, one per line. It is a
/// convenience: a missing or unreadable file is an empty list, and a failed save loses only it.
package struct RecentTags: Sendable, Equatable {
    /// How many are kept.
    package static let limit = 50
    package private(set) var tags: [String]

    package init(_ tags: [String] = []) {
        self.tags = Array(tags.prefix(Self.limit))
    }

    /// Puts `tag` first (a name with the same ``TagRules/key(_:)`` moves rather than repeats).
    ///
    /// - Complexity: O(``limit``).
    package mutating func use(_ tag: String) {
        let key = TagRules.key(tag)
        tags.removeAll { TagRules.key($0) == key }
        tags.insert(tag, at: 0)
        if tags.count > Self.limit { tags.removeLast(tags.count - Self.limit) }
    }

    /// Beside the collection: `$XDG_DATA_HOME/wraphstack-tag-editor/recent-tags.txt`.
    package static func defaultPath(environment: [String: String]) -> String {
        let collection = CollectionFile.defaultPath(environment: environment)
        return String(collection.dropLast("tags.json".count)) + "recent-tags.txt"
    }

    /// The list kept at `path`, or an empty one when it cannot be read.
    package static func read(_ path: String) -> RecentTags {
        RecentTags((try? TagListFile.read(path))?.array ?? [])
    }

    /// Saves the list at `path` (atomically, creating its directory).
    package func write(to path: String) throws(FileError) {
        try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
        // Not synced: the editor writes this on the main thread after each add, where a sync waited
        // behind the collection's own (15 MB at a million tags); a crash may lose the last use.
        try FileSystem.writeAtomically(Array(tags.map { $0 + "\n" }.joined().utf8), to: path, synced: false)
    }
}

extension CollectionFile {
    /// The collection's tags as the file holds them now, for suggestions: empty when it is
    /// missing or cannot be read (it is only looked at, never written or moved).
    package func tagsIfReadable() -> TagNames {
        if case .text(let snapshot)? = try? read() { return snapshot.tags }
        return []
    }
}
