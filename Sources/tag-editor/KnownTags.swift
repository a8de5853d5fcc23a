import Foundation
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
    private var collection: TagSuggestions?
    /// The collection file as it was when read (`stat`'s inode, size and change time): read again
    /// when it changes, so a tag added in the collection's window, or by another program, or a
    /// collection made after this window opened, is suggested.
    private var collectionStamp: [Int]?
    /// The recent tags' suggestions, made again when they change.
    private var current: (source: [String], suggestions: TagSuggestions)?
    /// The keys of the tags shown, kept until they change (``shownChanged()``): made for every
    /// key typed, they took seconds per key with a million tags.
    private var shownKeys: Set<String>?

    init(document: any TagDocument, interactive: Bool) {
        self.document = document
        let environment = ProcessInfo.processInfo.environment
        recentPath = interactive ? RecentTags.defaultPath(environment: environment) : nil
        recent = recentPath.map(RecentTags.read) ?? RecentTags()
    }

    /// A change of `names` went through (`kind` as in the editor's `perform`): adding and
    /// renaming make tags recently used, the last of them first; the list is saved once.
    func used(_ names: [String], by kind: String) {
        guard kind != "remove", !names.isEmpty else { return }
        for name in names { recent.use(name) }
        if let recentPath { try? recent.write(to: recentPath) }
    }

    /// The document's tags changed (the editor shows them again): the shown keys are made anew
    /// when next needed.
    func shownChanged() { shownKeys = nil }

    /// The known tags matching `query`, prefix matches first, leaving out those already shown.
    func suggestions(for query: String, limit: Int = 8) -> [String] {
        // Nothing matches an empty query: the shown keys (a million at a million tags) wait.
        guard let document, !query.allSatisfy(\.isWhitespace) else { return [] }
        let shown = shownKeys ?? Set(document.entries.map { TagRules.key($0.name) })
        shownKeys = shown
        let source = recent.tags
        if current?.source != source { current = (source, TagSuggestions(known: source)) }
        var lists = [current!.suggestions.matches(for: query, excluding: shown, limit: limit)]
        if document is FileTagsDocument {
            lists.append(collectionSuggestions().matches(for: query, excluding: shown, limit: limit))
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
