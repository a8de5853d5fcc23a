// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later

extension FileTagsAttribute {
    /// `changes` applied one after another, as ``changed(to:)`` applies each one's result to the
    /// attribute, in one pass: each part's key is made once and each change costs a few
    /// dictionary look-ups, so a tree change of many sub-tags on a file of thousands of tags stays
    /// linear in the file's parts (one pass a change made it quadratic).
    ///
    /// Takes adds at the end, removals and renames (what a tree change, `filetags add` and
    /// `remove`, and an undo of them make); `nil` for anything else (a positioned add, a move,
    /// an undo's parts), which ``TagChange/applied(to:seen:)`` then applies one by one.
    ///
    /// - Complexity: O(*p* + *c*) key computations and dictionary look-ups for *p* parts and
    ///   *c* changes.
    func applying(_ changes: [TagChange]) -> FileTagsAttribute? {
        var state = PartsByKey(parts)
        for change in changes {
            switch change {
            case .add(let name, nil, let parts) where parts.isEmpty: state.add(name)
            case .remove(let name): state.remove(TagRules.key(name))
            case .rename(let old, to: let new, let parts) where parts.isEmpty: state.rename(TagRules.key(old), to: new)
            default: return nil
            }
        }
        return FileTagsAttribute(parts: state.result)
    }
}

extension FileTagsAttribute {
    /// `changes` applied one after another: in one pass (``applying(_:)``) when they are of the
    /// kinds it takes, else each through ``TagChange/applied(to:seen:)`` and ``changed(to:)``.
    func changedInTurn(by changes: [TagChange]) -> FileTagsAttribute {
        if let result = applying(changes) { return result }
        var result = self
        for change in changes {
            let applied = change.applied(to: TagNames(result.tags))
            if applied.changedSomething { result = result.changed(to: applied.tags.array) }
        }
        return result
    }
}

/// The parts of an attribute indexed by the key of their tag, for ``FileTagsAttribute/applying(_:)``.
private struct PartsByKey {
    /// A tag there: its spelling as shown (its first part's, trimmed and NFC), its first part
    /// (-1: a new tag put before every part), and the parts of its other spellings.
    struct Tag {
        var shown: String
        var first: Int
        var others: [Int] = []
    }

    var parts: [String]
    var dropped: [Bool]
    /// By key: one look-up a part (a file of thousands of tags made a dictionary of arrays
    /// and one of spellings allocate and hash twice a part).
    var tags: [String: Tag] = [:]
    /// A new tag goes at the front only when there is no tag at all (``FileTagsAttribute/changed(to:)``).
    var frontInsertions: [String] = []

    init(_ parts: [String]) {
        self.parts = parts
        dropped = [Bool](repeating: false, count: parts.count)
        tags.reserveCapacity(parts.count)
        for (index, part) in parts.enumerated() {
            let tag = FileTagsAttribute.tag(part)
            guard !tag.isEmpty else { continue }
            let key = TagRules.key(tag)
            if tags[key] == nil {
                tags[key] = Tag(shown: tag, first: index)
            } else {
                tags[key]!.others.append(index)
            }
        }
    }

    mutating func add(_ name: String) {
        let key = TagRules.key(name)
        guard tags[key] == nil else { return }
        if tags.isEmpty {
            // The only tag: before every (empty) part, as changed(to:) puts a first tag.
            frontInsertions.append(name)
            tags[key] = Tag(shown: name, first: -1)
        } else {
            tags[key] = Tag(shown: name, first: parts.count)
            parts.append(name)
            dropped.append(false)
        }
    }

    mutating func remove(_ key: String) {
        guard let tag = tags.removeValue(forKey: key) else { return }
        if tag.first >= 0 { dropped[tag.first] = true } else { frontInsertions.removeAll { TagRules.key($0) == key } }
        for index in tag.others { dropped[index] = true }
    }

    mutating func rename(_ oldKey: String, to new: String) {
        guard let tag = tags[oldKey], tag.shown != new else { return }
        let newKey = TagRules.key(new)
        if newKey != oldKey && tags[newKey] != nil {
            // The new name is there already: the two become one tag, the old one's parts go.
            remove(oldKey)
            return
        }
        tags.removeValue(forKey: oldKey)
        guard tag.first >= 0 else {
            if let front = frontInsertions.firstIndex(where: { TagRules.key($0) == oldKey }) { frontInsertions[front] = new }
            tags[newKey] = Tag(shown: new, first: -1)
            return
        }
        parts[tag.first] = FileTagsAttribute.respelled(parts[tag.first], as: new)
        // Another spelling of itself keeps the other parts; a new name takes the place of all.
        if newKey == oldKey {
            tags[newKey] = Tag(shown: new, first: tag.first, others: tag.others)
        } else {
            for index in tag.others { dropped[index] = true }
            tags[newKey] = Tag(shown: new, first: tag.first)
        }
    }

    var result: [String] {
        frontInsertions + parts.indices.compactMap { dropped[$0] ? nil : parts[$0] }
    }
}
