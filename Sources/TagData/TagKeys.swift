// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The keys (``TagRules/key(_:)``) of a list of tags no two of which are the same tag, kept
/// beside the list and changed with each edit, so that an add or a rename at a million tags
/// knows whether the name is there without comparing it with every name.
struct TagKeys {
    private(set) var keys: Set<String>
    /// The list the keys are of: this version itself (kept, so its storage cannot be another's),
    /// not a copy. Keys are made again for any other version.
    private(set) var names: TagNames

    /// The keys of `names`; `nil` when two of them are the same tag (a list the keys cannot stand for).
    ///
    /// - Complexity: O(*n*), or O(1) given `keys`, the keys a reader made of the same names.
    init?(_ names: TagNames, keys: Set<String>? = nil) {
        if keys == nil { ScanCount.add(names.count) }
        let keys = keys ?? Set(names.map(TagRules.key))
        guard keys.count == names.count else { return nil }
        self.keys = keys
        self.names = names
    }

    /// Whether these are the keys of `tags`, the same version.
    func are(of tags: TagNames) -> Bool { tags.isSameStorage(as: names) }

    func contains(_ name: String) -> Bool { keys.contains(TagRules.key(name)) }

    /// The tag of `names` that is the same tag as `name`, unless it is `renaming`'s.
    ///
    /// - Complexity: O(1) when there is none; O(*n*) to name the one there is (a refusal).
    func existing(sameAs name: String, renaming: String? = nil) -> String? {
        let key = TagRules.key(name)
        guard keys.contains(key), key != renaming.map(TagRules.key) else { return nil }
        return names.firstIndexCounted(where: TagRules.SameTag(as: name).matches).map { names[$0] }
    }

    /// The keys after an edit, whose result is `tags`.
    mutating func follow(_ tags: TagNames, removing removed: String?, adding added: String?) {
        if let removed { keys.remove(TagRules.key(removed)) }
        if let added { keys.insert(TagRules.key(added)) }
        names = tags
    }
}
