// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Sub-tags: `travel/2024` is a sub-tag of `travel`, and `a/b/c` of both `a/b` and `a`.
package enum TagTree {
    /// The keys of a file's tags with every parent of each.
    package static func keysWithParents(_ tags: [String]) -> Set<String> {
        var keys = Set<String>()
        for tag in tags {
            keys.insert(TagRules.key(tag))
            for parent in parents(of: tag) { keys.insert(TagRules.key(parent)) }
        }
        return keys
    }

    /// Every parent of a tag (its text before each `/`, when not empty), nearest last.
    package static func parents(of name: String) -> [String] {
        var parents: [String] = []
        var index = name.startIndex
        while let slash = name[index...].firstIndex(of: "/") {
            if slash > name.startIndex { parents.append(String(name[..<slash])) }
            index = name.index(after: slash)
        }
        return parents
    }

    /// Whether `key` is `root`'s key or one of its sub-tags'.
    package static func isWithin(_ key: String, _ root: String) -> Bool {
        key == root || (key.hasPrefix(root) && key.dropFirst(root.count).first == "/")
    }

    /// `tag` with its part that names `old` (itself, or its parent when `tag` is a sub-tag of
    /// `old`) replaced by `new`: `Travel/2024` renamed from `travel` to `trips` is `trips/2024`.
    /// `nil` when `tag` is not `old` or under it.
    package static func renamed(_ tag: String, from oldKey: String, to new: String) -> String? {
        if TagRules.key(tag) == oldKey { return new }
        var index = tag.startIndex
        while let slash = tag[index...].firstIndex(of: "/") {
            if TagRules.key(String(tag[..<slash])) == oldKey { return new + tag[slash...] }
            index = tag.index(after: slash)
        }
        return nil
    }
}
