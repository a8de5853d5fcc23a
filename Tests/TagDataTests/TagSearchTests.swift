// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// The search's matching (substring or word starts, case and accents folded) and its index's
/// edits and narrowing, without a window.
@Suite struct TagSearchTests {
    static func found(_ names: [String], _ text: String) -> [String] {
        var index = TagSearchIndex(names)
        return index.matches(TagSearchQuery(text)).map { names[$0] }
    }

    @Test func substringsAndWordStarts() {
        let names = ["beach 5", "beach 51", "5 beach", "my beach 5", "beach trip", "beaches", "peach 5"]
        #expect(Self.found(names, "beach 5") == ["beach 5", "beach 51", "5 beach", "my beach 5"])
        #expect(Self.found(names, "tr be") == ["beach trip"])
        #expect(Self.found(names, "each") == ["beach 5", "beach 51", "5 beach", "my beach 5", "beach trip", "beaches", "peach 5"])
        #expect(Self.found(names, "  beaches ") == ["beaches"])
        // Word starts: "ach" starts no word (it is inside one), and a query word must start one.
        #expect(Self.found(names, "ach 5x") == [])
    }

    @Test func caseAndAccentsDoNotCount() {
        let names = ["café", "Cafe", "CAFÉ noir", "cafetière", "caf", "Ærø", "naïve", "e\u{301}te\u{301}"]
        #expect(Self.found(names, "CAFE") == ["café", "Cafe", "CAFÉ noir", "cafetière"])
        #expect(Self.found(names, "café") == ["café", "Cafe", "CAFÉ noir", "cafetière"])
        #expect(Self.found(names, "NAIVE") == ["naïve"])
        // Decomposed and composed spellings are one.
        #expect(Self.found(names, "été") == ["e\u{301}te\u{301}"])
        #expect(Self.found(names, "ærø") == ["Ærø"])
    }

    @Test func emptyTextFindsEveryName() {
        #expect(TagSearchQuery("   ").isEmpty)
        #expect(!TagSearchQuery(" a ").isEmpty)
    }

    /// A key that adds to the text looks only at what the key before found; one that takes away
    /// looks at every name again. Counted, not timed.
    @Test func narrowingLooksOnlyAtThePreviousMatches() {
        let names = (0..<10_000).map { "\(["beach", "photo", "work"][$0 % 3]) \($0)" }
        var index = TagSearchIndex(names)
        var previous = TagSearchQuery("")
        var found: [Int] = []
        for text in ["b", "be", "bea", "beach", "beach ", "beach 5"] {
            let query = TagSearchQuery(text)
            let narrowing = query.narrows(previous)
            let candidates = narrowing ? found : nil
            found = index.matches(query, among: candidates)
            #expect(index.examined == (candidates?.count ?? names.count), "\(text)")
            #expect(found == index.matches(query), "narrowed or not, the same names for \(text)")
            previous = query
        }
        #expect(found.count == names.indices.filter { names[$0].hasPrefix("beach 5") }.count)
        #expect(!TagSearchQuery("beach").narrows(TagSearchQuery("beach 5")), "Backspace widens")
    }

    /// Edits replace their run of folded names only; the index then answers as one made anew.
    @Test func editsFollowTheList() {
        var names = ["alpha", "Béta", "gamma", "delta"]
        var index = TagSearchIndex(names)
        names.replaceSubrange(1..<2, with: ["beta two", "BETA three"])
        index.replace(1..<2, with: ["beta two", "BETA three"])
        names.insert("zeta", at: 0)
        index.replace(0..<0, with: ["zeta"])
        names.removeLast()
        index.replace(5..<6, with: [String]())
        #expect(index.count == names.count)
        var fresh = TagSearchIndex(names)
        for text in ["beta", "a", "ZETA", "gam", "delta", "t"] {
            #expect(index.matches(TagSearchQuery(text)) == fresh.matches(TagSearchQuery(text)), "\(text)")
        }
        #expect(Self.found(names, "beta") == ["beta two", "BETA three"])
    }

    /// A name moved (a tag the user moved) moves its folded bytes: after any moves, every name is
    /// found where the list has it, as in an index made afresh.
    @Test func aMovedNameIsFoundAtItsNewPlace() {
        var names = (0..<30).map { "Tag-\($0) été" + String(repeating: "x", count: $0 % 4) }
        var index = TagSearchIndex(names)
        var state: UInt64 = 7
        for _ in 0..<300 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let from = Int((state >> 33) % 30), to = Int((state >> 17) % 30)
            names.insert(names.remove(at: from), at: to)
            index.move(from: from, to: to)
            for (place, name) in names.enumerated() {
                #expect(index.matches(TagSearchQuery(name), at: place), "\(name) at \(place) after \(from) → \(to)")
            }
        }
        var fresh = TagSearchIndex(names)
        for text in ["tag-1", "ete x", "xx", "TAG-2", "9"] {
            #expect(index.matches(TagSearchQuery(text)) == fresh.matches(TagSearchQuery(text)), "\(text)")
        }
    }
}

