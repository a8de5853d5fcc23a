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
    /// The keys of the tags shown: made for every key typed, they cost seconds per key with a
    /// million tags, and made again after every edit, a visible stall on the first key after it.
    /// They now follow the names shown (``shownNames``) by what changed between them.
    private var shownKeys = Set<String>()
    /// The names ``shownKeys`` were made from; `nil` before the first query.
    private var shownNames: TagNames?
    /// The document's names at each change since ``shownKeys`` followed them (versions the
    /// document already holds, not copies): each step is one edit, whose changed names lie
    /// between the ends two steps share, where the first and the last list alone can differ at
    /// both ends (a tag added at the end, then the first removed).
    private var namesSince: [TagNames] = []

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

    /// The document's tags changed (the editor shows them again): the shown keys follow them
    /// when next needed.
    func shownChanged() {
        guard shownNames != nil, let document else { return }
        // A few steps are kept; beyond them, the keys are made again (a burst of edits between
        // two keys typed).
        if namesSince.count == Self.stepsKept { namesSince.removeAll(); shownNames = nil; return }
        namesSince.append(document.names)
    }

    static let stepsKept = 8

    /// The keys of the tags shown now. After edits, only the names between the ends two
    /// consecutive lists share are taken out and put in: comparing the ends passes over the chunks
    /// two versions share (``TagNames/commonEnds(with:)``), where making a million keys hashes and
    /// normalizes every name.
    private func currentShownKeys(of document: any TagDocument) -> Set<String> {
        guard var old = shownNames else {
            let names = document.names
            shownKeys = Set(names.map(TagRules.key))
            shownNames = names
            namesSince = []
            return shownKeys
        }
        // The names now last: the document may hold the same names in another array.
        for names in namesSince + [document.names] {
            defer { old = names }
            if old.isSameStorage(as: names) { continue }
            let (prefix, suffix) = old.commonEnds(with: names)
            let removed = old[prefix..<(old.count - suffix)], added = names[prefix..<(names.count - suffix)]
            if removed.count + added.count > names.count / 2 + 16 {
                shownKeys = Set(names.map(TagRules.key))
                continue
            }
            // Removed first: a name renamed in case only has the same key before and after.
            for name in removed { shownKeys.remove(TagRules.key(name)) }
            for name in added { shownKeys.insert(TagRules.key(name)) }
        }
        shownNames = old
        namesSince = []
        return shownKeys
    }

    /// The known tags matching `query`, prefix matches first, leaving out those already shown.
    func suggestions(for query: String, limit: Int = 8) -> [String] {
        // Nothing matches an empty query: the shown keys (a million at a million tags) wait.
        guard let document, !query.allSatisfy(\.isWhitespace) else { return [] }
        let shown = currentShownKeys(of: document)
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
