// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GObjectSupport
import TagData

/// The tags the entry suggests from: the recently used ones (kept between runs in interactive
/// mode, ``RecentTags``) and, in file mode, the user's collection (read when first needed, and
/// again whenever the file changed).
/// The tags of the open files, and in collection mode the collection's, are all shown as chips
/// already, and a shown tag is never suggested (adding it would be refused as a duplicate).
@MainActor
final class KnownTags {
    private weak var document: (any TagDocument)?
    /// Where the recent tags are kept; `nil` outside the interactive editor (nothing is written).
    private let recentPath: String?
    private(set) var recent: RecentTags
    /// Recent tags changed and not yet written (``used(_:by:)``).
    private var recentWritePending = false
    private var collection: TagSuggestions?
    /// The collection file as it was when read (`stat`'s inode, size and change time): read again
    /// when it changes, so a tag added in the collection's window, or by another program, or a
    /// collection made after this window opened, is suggested.
    private var collectionStamp: [Int]?
    /// The recent tags' suggestions, made again when they change.
    private var current: (source: [String], suggestions: TagSuggestions)?

    init(document: any TagDocument, interactive: Bool) {
        self.document = document
        let environment = ProcessInfo.processInfo.environment
        recentPath = interactive ? RecentTags.defaultPath(environment: environment) : nil
        recent = recentPath.map(RecentTags.read) ?? RecentTags()
    }

    /// A change of `names` went through (`kind` as in the editor's `perform`): adding and
    /// renaming make tags recently used, the last of them first; the list is saved once, when
    /// the main loop is next idle (after the frame that shows the change: writing a file took a
    /// few milliseconds of the key's frame), one write for a burst of changes.
    func used(_ names: [String], by kind: String) {
        guard kind != "remove", !names.isEmpty else { return }
        for name in names { recent.use(name) }
        guard recentPath != nil, !recentWritePending else { return }
        recentWritePending = true
        runWhenIdle { [weak self] in self?.saveRecent() }
    }

    /// Writes the recent tags now, if a change is waiting to be saved (also as the window closes).
    func saveRecent() {
        guard recentWritePending, let recentPath else { return }
        recentWritePending = false
        try? recent.write(to: recentPath)
    }

    /// The known tags matching `query`, prefix matches first, leaving out those already shown:
    /// each match is looked up in the document's own keys (``TagDocument/hasTag(sameAs:)``), not
    /// in a set of every shown tag's key, which at a million tags was a second million keys, made
    /// again after edits (a stall on the first key typed after one).
    func suggestions(for query: String, limit: Int = 8) -> [String] {
        // Nothing matches an empty query.
        guard let document, !query.allSatisfy(\.isWhitespace) else { return [] }
        let shown = { (name: String) in document.hasTag(sameAs: name) }
        let source = recent.tags
        if current?.source != source { current = (source, TagSuggestions(known: source)) }
        var lists = [current!.suggestions.matches(for: query, excludingWhere: shown, limit: limit)]
        if document is FileTagsDocument {
            lists.append(collectionSuggestions().matches(for: query, excludingWhere: shown, limit: limit))
        }
        return TagSuggestions.merged(lists, limit: limit)
    }

    /// The collection's suggestions, read again when the file changed (one `stat` a keystroke).
    private func collectionSuggestions() -> TagSuggestions {
        let path = CollectionFile.defaultPath(environment: ProcessInfo.processInfo.environment)
        var info = stat()
        let stamp = stat(path, &info) == 0
            ? [Int(info.st_ino), Int(info.st_size), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)] : []
        if let collection, collectionStamp == stamp { return collection }
        let fresh = TagSuggestions(known: CollectionFile(path: path).tagsIfReadable())
        collection = fresh
        collectionStamp = stamp
        return fresh
    }
}
