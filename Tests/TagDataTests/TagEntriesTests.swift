// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// `TagEntries.commonEnds(with:)`, which the editor's virtual list uses to find what an edit
/// changed, against the plain element-by-element comparison, for flat lists and for lists of
/// entries (file mode's counts).
struct TagEntriesTests {
    @Test func commonEndsAreThoseOfThePlainComparison() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let names = (0..<Int.random(in: 0...12, using: &generator)).map { _ in ["a", "b", "c"].randomElement()! }
            var changed = names
            switch Int.random(in: 0...2, using: &generator) {
            case 0: changed.insert("d", at: Int.random(in: 0...changed.count, using: &generator))
            case 1 where !changed.isEmpty: changed.remove(at: Int.random(in: 0..<changed.count, using: &generator))
            default: if !changed.isEmpty { changed[Int.random(in: 0..<changed.count, using: &generator)] = "e" }
            }
            let flat = (TagEntries(names: TagNames(names, chunkLength: 2)), TagEntries(names: TagNames(changed, chunkLength: 3)))
            let counted = (TagEntries(names.map { TagEntry(name: $0, count: 1, total: 2) }),
                           TagEntries(changed.map { TagEntry(name: $0, count: 1, total: 2) }))
            let expected = commonEnds(flat.0, flat.1)
            #expect(flat.0.commonEnds(with: flat.1) == expected, "\(names) → \(changed)")
            #expect(counted.0.commonEnds(with: counted.1) == expected, "\(names) → \(changed)")
            #expect(flat.0.commonEnds(with: flat.0) == (names.count, 0))
        }
    }

    @Test func entriesThatDifferOnlyInTheirCountsAreNotCommon() {
        let before = TagEntries([TagEntry(name: "a", count: 1, total: 2), TagEntry(name: "b", count: 2, total: 2)])
        let after = TagEntries([TagEntry(name: "a", count: 2, total: 2), TagEntry(name: "b", count: 2, total: 2)])
        #expect(before.commonEnds(with: after) == (0, 1))
    }
}
