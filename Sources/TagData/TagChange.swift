// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// One edit of a tag list, kept as what the user did rather than as the list it produced, so that
/// it can be applied to whatever is on disk at the moment of writing. A tag another program or a
/// second editor added, removed or renamed since this editor read the list is kept as they left it.
///
/// Names are compared by ``TagRules/key(_:)`` (case-insensitively, after NFC normalization).
/// When the list on disk no longer matches what the user saw, the rules are:
///
/// - **Adding a tag already there** (someone else added it meanwhile) changes nothing.
/// - **Removing a tag already gone** changes nothing.
/// - **Renaming a tag someone else renamed**: when the place the tag had in the list the user saw
///   now holds one new name and nothing else changed around it, that new name is renamed: the
///   later rename wins. (Removing the tag and adding another in its place looks the same on disk,
///   and is treated the same way.)
/// - **Renaming a tag someone else removed** (or whose place cannot be told apart from other
///   changes) changes nothing; ``Applied/conflict`` says so.
/// - **Renaming onto a name someone else added meanwhile** merges the two: one tag remains.
///
/// None of these is an error, and none loses anything but the one tag the change is about.
package enum TagChange: Sendable, Hashable {
    /// Adds a tag at the end, or at `at` (how an undo puts a removed tag back where it was). In
    /// a file's attribute, `parts` (when an undo has them) go back as they were written, each at
    /// its place: every spelling of the tag that the removal took.
    case add(String, at: Int? = nil, parts: [Part] = [])
    case remove(String)
    /// Renames a tag. In a file's attribute, `parts` (when an undo has them) are what the old name
    /// was written as: every spelling goes back in place of the new name, byte for byte.
    case rename(String, to: String, parts: [Part] = [])
    /// Moves a tag to just after `after` in the collection's order (`nil`: to the front). Anchored
    /// by a name, not a position, so that applied to a list another program changed meanwhile it
    /// reorders what is there; when the anchor is gone, see ``move(_:after:in:seen:)``. Its undo
    /// moves the tag back after the tag that preceded it. Files' tags have no order: refused there.
    case move(String, after: String?)
    /// Several changes made as one (a pasted list, the chips selected): applied in order to the
    /// same list and written once, so they happen together or not at all.
    case all([TagChange])

    /// One part of a file's `user.xdg.tags`, as written, and its place among the parts; or,
    /// with ``finder``, one entry of Finder's list of tags in that attribute ("Name\nN") and its
    /// place in the list.
    package struct Part: Sendable, Hashable {
        package var text: String
        package var index: Int
        /// The Finder attribute the entry is in; `nil` for a part of `user.xdg.tags`.
        package var finder: FinderAttribute?

        package init(text: String, index: Int, finder: FinderAttribute? = nil) {
            self.text = text
            self.index = index
            self.finder = finder
        }
    }

    /// What applying a change did.
    package struct Applied: Sendable, Equatable {
        /// The list after the change.
        package var tags: TagNames
        /// The change that takes this one back on a later value of the list, or `nil` when this
        /// one changed nothing. It is a change too, so undoing never reverts anyone else's edit.
        package var undo: TagChange?
        /// Why the change was not made, when it could not be (the tag to rename was removed).
        package var conflict: String?

        package var changedSomething: Bool { undo != nil }
    }

    /// The tag the change is about, as the user named it.
    package var name: String {
        switch self {
        case .add(let name, _, _), .remove(let name), .rename(_, to: let name, _), .move(let name, _): return name
        case .all(let changes): return changes.first?.name ?? ""
        }
    }

    /// Applies the change to `current`, the list as it is now.
    ///
    /// - Parameter seen: the list as the user saw it when making the change; it tells a rename
    ///   whether the tag was renamed meanwhile (see the rules above). `nil`: no such knowledge.
    /// - Complexity: O(*n*) comparisons for a list of *n* tags (O(*c·n*) for ``all(_:)`` of *c*
    ///   changes), none allocating for ASCII names.
    package func applied(to current: TagNames, seen: TagNames? = nil) -> Applied {
        switch self {
        case .add(let name, let position, _):
            let same = TagRules.SameTag(as: name)
            if current.firstIndexCounted(where: same.matches) != nil {
                return Applied(tags: current)
            }
            var tags = current
            tags.insert(name, at: min(position ?? tags.count, tags.count))
            return Applied(tags: tags, undo: .remove(name))

        case .remove(let name):
            guard let index = current.firstIndexCounted(where: TagRules.SameTag(as: name).matches) else {
                return Applied(tags: current)
            }
            var tags = current
            let removed = tags.remove(at: index)
            return Applied(tags: tags, undo: .add(removed, at: index))

        case .move(let name, after: let anchor):
            return Self.move(name, after: anchor, in: current, seen: seen)

        case .all(let changes):
            return Self.inTurn(changes, from: current, tags: { $0 }) { change, tags in
                let applied = change.applied(to: tags, seen: seen)
                return (applied.tags, applied)
            }.applied

        case .rename(let old, to: let new, _):
            let same = TagRules.SameTag(as: old)
            if let index = current.firstIndexCounted(where: same.matches) {
                return Self.rename(at: index, in: current, to: new)
            }
            if let seen, let successor = Self.successor(of: old, seen: seen, current: current),
               let index = current.firstIndex(of: successor) {
                return Self.rename(at: index, in: current, to: new)
            }
            return Applied(tags: current, conflict: seen?.contains(where: same.matches) == true
                ? tr("“\(old)” was removed or renamed meanwhile by another program, so it was not renamed.")
                : nil)
        }
    }

    /// ``all(_:)``'s changes applied one after another to `value` (a list, or a file's attribute)
    /// by `step`: the undo takes them back newest first, and the first conflict is said.
    static func inTurn<Value>(_ changes: [TagChange], from value: Value, tags: (Value) -> TagNames,
                              _ step: (TagChange, Value) -> (Value, Applied)) -> (value: Value, applied: Applied) {
        var value = value
        var undo: [TagChange] = []
        var conflict: String?
        for change in changes {
            let (next, applied) = step(change, value)
            value = next
            if let taken = applied.undo { undo.append(taken) }
            conflict = conflict ?? applied.conflict
        }
        return (value, Applied(tags: tags(value), undo: undo.isEmpty ? nil : .all(undo.reversed()), conflict: conflict))
    }

    private static func rename(at index: Int, in current: TagNames, to new: String) -> Applied {
        var tags = current
        let old = tags[index]
        if old == new { return Applied(tags: current) }
        let same = TagRules.SameTag(as: new)
        ScanCount.add(tags.count)
        if tags.enumerated().contains(where: { $0.offset != index && same.matches($0.element) }) {
            // Someone added the new name meanwhile: the two become one tag, where the new name is.
            tags.remove(at: index)
            return Applied(tags: tags, undo: .add(old, at: index))
        }
        tags[index] = new
        return Applied(tags: tags, undo: .rename(new, to: old))
    }

    /// The name that took `old`'s place: `old` was in `seen` and is not in `current`, and between
    /// the nearest tags around it that both lists still share, `seen` had only `old` and `current`
    /// has exactly one name that `seen` did not have.
    static func successor(of old: String, seen: TagNames, current: TagNames) -> String? {
        ScanCount.add(seen.count + current.count)
        let seenKeys = seen.map(TagRules.key), currentKeys = current.map(TagRules.key)
        guard let position = seenKeys.firstIndex(of: TagRules.key(old)) else { return nil }
        let shared = Set(seenKeys).intersection(currentKeys)
        let before = seenKeys[..<position].lastIndex(where: shared.contains)
        let after = seenKeys[(position + 1)...].firstIndex(where: shared.contains)
        // In what the user saw, only `old` lay between those two neighbours.
        guard (before.map { $0 + 1 } ?? 0) == position, (after ?? seenKeys.count) == position + 1 else { return nil }
        let start = before.map { currentKeys.firstIndex(of: seenKeys[$0])! + 1 } ?? 0
        let end = after.map { currentKeys.firstIndex(of: seenKeys[$0])! } ?? currentKeys.count
        guard end - start == 1, !seenKeys.contains(currentKeys[start]) else { return nil }
        return current[start]
    }
}
