// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// ``TagChange/applied(toDistinct:keys:at:)`` gives what ``TagChange/applied(to:seen:)`` gives
/// on the same list, and its keys stay the list's.
@Suite struct TagChangeKeysTests {
    static let pool = ["a", "B", "c", "Ça", "ça2", "d-1", "E", "f", "g", "ß", "x", "Y"]

    @Test func theKeysGiveThePlainResult() throws {
        var random = Random(state: 25)
        var tags: TagNames = ["a", "c", "E"]
        var keys = try #require(TagKeys(tags))
        for _ in 0..<3_000 {
            let name = Self.pool[Int(random.next() % UInt64(Self.pool.count))]
            let other = Self.pool[Int(random.next() % UInt64(Self.pool.count))]
            let index = tags.isEmpty ? nil : Int(random.next() % UInt64(tags.count + 1))
            let change: TagChange = switch random.next() % 6 {
            case 0: .add(name)
            case 1: .add(name, at: index)
            case 2: .remove(index.flatMap { tags.indices.contains($0) ? tags[$0] : nil } ?? name)
            case 3: .rename(index.flatMap { tags.indices.contains($0) ? tags[$0] : nil } ?? name, to: other)
            case 4: .all([.add(name), .remove(other)])
            default: .all([.rename(name, to: other), .add(other)])
            }
            let hint = random.next() % 2 == 0 ? index : nil
            let plain = change.applied(to: tags, seen: tags)
            let fast = change.applied(toDistinct: tags, keys: &keys, at: hint)
            #expect(fast == plain, "\(change) at \(String(describing: hint)) on \(tags)")
            tags = plain.tags
            #expect(keys.are(of: fast.tags))
            #expect(Set(tags.map(TagRules.key)) == Set(keys.names.map(TagRules.key)) && keys.names == tags)
            #expect(keys.keys == Set(tags.map(TagRules.key)), "\(change): keys \(keys.keys.sorted()) of \(tags)")
            if keys.names != tags || !keys.are(of: tags) { keys = try #require(TagKeys(tags)) }
        }
    }

    /// Several moves as one change (a selection dragged), given the places of their tags and
    /// anchors as the list was before them: the same list and undo as the plain way, each name
    /// checked once (ScanCount: no scan), and wrong places fall back to the plain way.
    @Test func movesAtTheirPlacesGiveThePlainResult() throws {
        var random = Random(state: 39)
        let tags = TagNames((0..<40).map { "tag\($0)" })
        for round in 0..<400 {
            // 1 to 5 distinct tags moved after an anchor outside them (or to the front), in turn.
            let count = Int(random.next() % 5) + 1
            var chosen: [Int] = []
            while chosen.count < count {
                let index = Int(random.next() % 40)
                if !chosen.contains(index) { chosen.append(index) }
            }
            let anchorIndex = random.next() % 4 == 0 ? nil
                : (0..<40).filter { !chosen.contains($0) }[Int(random.next() % UInt64(40 - count))]
            var previous = anchorIndex.map { tags[$0] }
            var changes: [TagChange] = []
            for index in chosen {
                changes.append(.move(tags[index], after: previous))
                previous = tags[index]
            }
            var places = Dictionary(uniqueKeysWithValues: chosen.map { (tags[$0], $0) })
            if let anchorIndex { places[tags[anchorIndex]] = anchorIndex }
            let wrong = round % 10 == 9
            if wrong, let first = chosen.first { places[tags[first]] = (first + 1) % 40 }
            let change = TagChange.all(changes)
            let plain = change.applied(to: tags, seen: tags)
            var keys = try #require(TagKeys(tags))
            let scans = ScanCount.onThisThread
            let fast = change.applied(toDistinct: tags, keys: &keys, at: nil, places: places)
            #expect(fast == plain, "\(change) at \(places)")
            #expect(keys.are(of: fast.tags))
            if !wrong { #expect(ScanCount.onThisThread - scans <= 2 * count, "\(change): \(ScanCount.onThisThread - scans) compared") }
            // The undo gives the list back.
            if let undo = fast.undo { #expect(undo.applied(to: fast.tags, seen: fast.tags).tags == tags) }
        }
    }

    /// SplitMix64, replaying the same edits each run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func aListWithTheSameTagTwiceHasNoKeys() {
        #expect(TagKeys(["a", "A"]) == nil)
    }
}
