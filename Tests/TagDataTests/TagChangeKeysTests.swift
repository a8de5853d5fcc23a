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
