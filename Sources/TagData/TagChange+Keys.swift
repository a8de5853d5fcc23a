// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A change applied to the list the user sees, with the list's keys (TagKeys) instead of scans.

extension TagChange {
    /// ``applied(to:seen:)`` with `current` as both the list and what the user saw, no two of its
    /// names the same tag, and `keys` its keys (changed to the result's): the same result, but
    /// an add, an add back at a place (an undo), and a remove or rename of the tag at `index` (the
    /// chip's place, checked) or at the end (an undone add) compare a few names, not every one.
    ///
    /// - Complexity: O(1) comparisons for those (plus the array's copy and move of its
    ///   elements); O(*n*) for a remove or rename of a tag elsewhere, and for a move.
    ///
    /// - Parameter places: for several removes made as one (``all(_:)``), where the caller saw
    ///   each tag (hints, checked): they are then removed from the last place to the first, each
    ///   at its place, O(1) comparisons each instead of a scan.
    func applied(toDistinct current: TagNames, keys: inout TagKeys, at index: Int? = nil,
                 places: [String: Int] = [:]) -> Applied {
        let applied: Applied
        var removed: String?, added: String?
        switch self {
        case .add(let name, let position, _):
            if keys.contains(name) { return Applied(tags: current) }
            var tags = current
            tags.insert(name, at: min(position ?? tags.count, tags.count))
            applied = Applied(tags: tags, undo: .remove(name))
            added = name

        case .remove(let name):
            guard let found = Self.place(of: name, in: current, keys: keys, hint: index) else { return Applied(tags: current) }
            var tags = current
            let taken = tags.remove(at: found)
            applied = Applied(tags: tags, undo: .add(taken, at: found))
            removed = taken

        case .rename(let old, to: let new, _):
            // Not there: with `seen` the list itself, no other tag took its place.
            guard let found = Self.place(of: old, in: current, keys: keys, hint: index) else { return Applied(tags: current) }
            let name = current[found]
            if name == new { return Applied(tags: current) }
            var tags = current
            if TagRules.key(new) != TagRules.key(name), keys.contains(new) {
                // Another tag has the new name: the two become one, where that one is.
                tags.remove(at: found)
                applied = Applied(tags: tags, undo: .add(name, at: found))
            } else {
                tags[found] = new
                applied = Applied(tags: tags, undo: .rename(new, to: name))
                added = new
            }
            removed = name

        case .move(let name, after: let anchor):
            // The same names in another order: the keys stay. At the places seen (an undo's),
            // a few comparisons; else the plain way.
            applied = Self.moveAtPlaces(name, after: anchor, in: current, places: places)
                ?? self.applied(to: current, seen: current)

        case .all(let changes) where !changes.allSatisfy(\.addsOrRemoves):
            // Moves only (a selection dragged), each tag and its anchor at a place seen: moved in
            // turn at places that follow each move, a few comparisons each.
            if let moved = Self.movesAtPlaces(changes, in: current, places: places) {
                keys.follow(moved.tags, removing: nil, adding: nil)
                return moved
            }
            // A rename or a move among them: the plain way, and the keys made again.
            let applied = self.applied(to: current, seen: current)
            if let fresh = TagKeys(applied.tags) { keys = fresh }
            return applied

        case .all(let changes):
            // Removes at known places, last first: the places before each stay where they were.
            let hinted = places.isEmpty ? nil : Self.byPlaceDescending(changes, places)
            return Self.inTurn(hinted?.map(\.change) ?? changes, from: current, tags: { $0 }) { change, tags in
                let applied = change.applied(toDistinct: tags, keys: &keys, at: places[change.name])
                return (applied.tags, applied)
            }.applied
        }
        keys.follow(applied.tags, removing: removed, adding: added)
        return applied
    }

    /// `name` moved after `anchor` (`nil`: to the front) as ``move(_:after:in:seen:)`` moves it,
    /// both found at the places given (checked); `nil` when one is not there.
    ///
    /// - Complexity: O(1) comparisons, and the list's move of its elements.
    private static func moveAtPlaces(_ name: String, after anchor: String?, in current: TagNames,
                                     places: [String: Int]) -> Applied? {
        func checked(_ tag: String) -> Int? {
            guard let place = places[tag], current.indices.contains(place) else { return nil }
            ScanCount.add(1)
            return TagRules.SameTag(as: tag).matches(current[place]) ? place : nil
        }
        guard let from = checked(name) else { return nil }
        var target = 0
        if let anchor {
            guard let place = checked(anchor), place != from else { return nil }
            target = place < from ? place + 1 : place
        }
        guard target != from else { return Applied(tags: current) }
        var tags = current
        let moved = tags.remove(at: from)
        tags.insert(moved, at: target)
        return Applied(tags: tags, undo: .move(moved, after: from == 0 ? nil : current[from - 1]))
    }

    /// Several moves applied in turn, as ``all(_:)`` applies them, each at the places of its tag
    /// and its anchor: the places given (where the caller saw each, before the first move),
    /// shifted as each move shifts the tags between its two places, and checked. `nil` when one
    /// is not a move or a place is missing or wrong (the plain way then).
    ///
    /// - Complexity: O(*k*²) for *k* moves (at most 64: more are the plain way), O(*k*)
    ///   comparisons of names, and the list's move of its elements.
    private static func movesAtPlaces(_ changes: [TagChange], in current: TagNames, places: [String: Int]) -> Applied? {
        guard !places.isEmpty, changes.count <= 64 else { return nil }
        var places = places, tags = current
        var undo: [TagChange] = []
        for change in changes {
            guard case .move(let name, after: let anchor) = change, let from = places[name],
                  let applied = Self.moveAtPlaces(name, after: anchor, in: tags, places: places) else { return nil }
            let to = anchor.flatMap { places[$0] }.map { $0 < from ? $0 + 1 : $0 } ?? 0
            if to != from {
                // The tags between its two places moved by one, towards its old place.
                for (tag, place) in places where tag != name {
                    if from < to, place > from, place <= to { places[tag] = place - 1 }
                    if to < from, place >= to, place < from { places[tag] = place + 1 }
                }
                places[name] = to
            }
            tags = applied.tags
            if let taken = applied.undo { undo.append(taken) }
        }
        return Applied(tags: tags, undo: undo.isEmpty ? nil : .all(undo.reversed()))
    }

    /// `changes` (removes only) ordered by the place each tag was seen at, last first; `nil` when
    /// one is not a remove or has no place.
    private static func byPlaceDescending(_ changes: [TagChange], _ places: [String: Int]) -> [(change: TagChange, place: Int)]? {
        var placed: [(change: TagChange, place: Int)] = []
        for change in changes {
            guard case .remove(let name) = change, let place = places[name] else { return nil }
            placed.append((change, place))
        }
        return placed.sorted { $0.place > $1.place }
    }

    /// An add or a remove, the changes whose result in a list of several does not depend on
    /// what the user saw.
    var addsOrRemoves: Bool {
        switch self {
        case .add, .remove: true
        default: false
        }
    }

    /// Where the tag `name` is in `current`: at `hint` when it is there, else found from the end
    /// (where an add puts a tag, so that undoing it is found at once); `nil` when the keys say
    /// it is not there.
    private static func place(of name: String, in current: TagNames, keys: TagKeys, hint: Int?) -> Int? {
        let same = TagRules.SameTag(as: name)
        if let hint, current.indices.contains(hint) {
            ScanCount.add(1)
            if same.matches(current[hint]) { return hint }
        }
        guard keys.contains(name) else { return nil }
        // No two tags are the same: the last match is the only one.
        return current.lastIndexCounted(where: same.matches)
    }
}
