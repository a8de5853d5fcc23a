// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Moving a tag to a new place in the collection's order.

extension TagChange {
    /// Whether the change (or one of ``all(_:)``'s) moves a tag: a store without an order refuses it.
    package var movesATag: Bool {
        switch self {
        case .move: true
        case .all(let changes): changes.contains { $0.movesATag }
        default: false
        }
    }

    /// `name` moved to just after `anchor` (`nil`: to the front) in `current`.
    ///
    /// - A tag not in `current` (removed meanwhile) is not moved: nothing changes.
    /// - An anchor not in `current` (removed or renamed meanwhile): the tag goes after the nearest
    ///   tag that preceded the anchor in `seen` and is still there, or to the front when none is;
    ///   the user meant "about here", and that is the nearest place that still exists. Without
    ///   `seen`, or when `seen` did not have the anchor either, nothing changes.
    /// - The undo moves the tag back after the tag that preceded it (to the front if none did).
    ///
    /// - Complexity: O(*n*) comparisons (one set of keys of the list when the anchor is gone).
    static func move(_ name: String, after anchor: String?, in current: TagNames, seen: TagNames?) -> Applied {
        ScanCount.add(current.count)
        guard let from = current.firstIndex(where: TagRules.SameTag(as: name).matches) else { return Applied(tags: current) }
        var tags = current
        let moved = tags.remove(at: from)
        let target: Int? = if let anchor { Self.place(after: anchor, in: tags, seen: seen, moving: moved) } else { 0 }
        guard let target, target != from else { return Applied(tags: current) }
        tags.insert(moved, at: target)
        return Applied(tags: tags, undo: .move(moved, after: from == 0 ? nil : current[from - 1]))
    }

    /// Where a tag goes in `rest` (the list without it) to come after `anchor`, by the rules of
    /// ``move(_:after:in:seen:)``; `nil` to leave it where it is.
    private static func place(after anchor: String, in rest: TagNames, seen: TagNames?, moving moved: String) -> Int? {
        if let index = rest.firstIndex(where: TagRules.SameTag(as: anchor).matches) { return index + 1 }
        guard let seen, let anchorIndex = seen.firstIndex(where: TagRules.SameTag(as: anchor).matches) else { return nil }
        let movedKey = TagRules.key(moved)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(rest.count)
        for (index, tag) in rest.enumerated() { positions[TagRules.key(tag)] = index }
        for earlier in seen.array[..<anchorIndex].reversed() {
            let key = TagRules.key(earlier)
            if key != movedKey, let index = positions[key] { return index + 1 }
        }
        return 0
    }
}

/// A move asked of files' tags: an extended attribute keeps no order that the editor shows.
package struct UnorderedTagsError: Error, CustomStringConvertible {
    package init() {}

    package var description: String {
        tr("Files' tags have no order (the extended attribute keeps none that is shown), so a tag cannot be moved there; nothing was changed.")
    }
}
