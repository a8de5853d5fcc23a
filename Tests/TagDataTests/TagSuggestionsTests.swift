// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

@Suite struct TagSuggestionsTests {
    let known = TagSuggestions(known: ["decaf", "Café au lait", "photo", "cafeteria", "Kaffee", "CAFÉ au lait", "été"])

    @Test func prefixMatchesComeFirstThenTheRestInTheGivenOrder() {
        #expect(known.suggestions(for: "caf") == ["Café au lait", "cafeteria", "decaf"])
        #expect(known.matches(for: "caf").map(\.isPrefix) == [true, true, false])
        #expect(known.suggestions(for: "lait") == ["Café au lait"])
    }

    @Test func caseAndAccentsAreIgnoredOnBothSides() {
        #expect(known.suggestions(for: "CAFÉ") == ["Café au lait", "cafeteria"])   // "decaf" has no "cafe"
        #expect(known.suggestions(for: "ete") == ["été", "cafeteria"])
        // "e" plus a combining acute accent is folded the same way.
        #expect(known.suggestions(for: "e\u{301}te\u{301}") == ["été", "cafeteria"])
        #expect(TagSuggestions.folded("Ça Été") == "ca ete")
    }

    @Test func repeatsShownTagsEmptyQueriesAndTheLimit() {
        // "CAFÉ au lait" is "Café au lait" again (same key): kept once, as given first.
        #expect(known.tags.count == 6)
        #expect(known.suggestions(for: "caf", excluding: [TagRules.key("Café au lait")]) == ["cafeteria", "decaf"])
        #expect(known.suggestions(for: "") == [] && known.suggestions(for: "   ") == [])
        #expect(known.suggestions(for: "a", limit: 2) == ["decaf", "Café au lait"])   // none starts with "a"
        #expect(known.suggestions(for: "xyz") == [])
        #expect(known.suggestions(for: "caf", limit: 0) == [])
    }

    @Test func aLimitOfPrefixMatchesStopsTheSearchButKeepsAllPrefixesFirst() {
        let many = TagSuggestions(known: (0..<100).map { "x-tag-\($0)" } + (0..<20).map { "tag-\($0)" })
        // Twenty prefix matches come after a hundred substring matches in the list.
        let found = many.suggestions(for: "tag", limit: 8)
        #expect(found == (0..<8).map { "tag-\($0)" })
    }

    @Test func severalSetsMergePrefixesFirstWithoutRepeats() {
        let recent = TagSuggestions(known: ["decaf", "photo"])
        let lists = [recent.matches(for: "caf"), known.matches(for: "caf")]
        #expect(TagSuggestions.merged(lists) == ["Café au lait", "cafeteria", "decaf"])
        #expect(TagSuggestions.merged(lists, limit: 1) == ["Café au lait"])
    }
}

@Suite struct PastedTagsTests {
    @Test func linesSplitAndInFileTagsCommasToo() {
        #expect(PastedTags.split("red, green\nblue\n\n  \r\nold ", tagsMayContainCommas: false) == ["red", "green", "blue", "old"])
        #expect(PastedTags.split("Smith, John\nDoe, Jane", tagsMayContainCommas: true) == ["Smith, John", "Doe, Jane"])
        #expect(PastedTags.split("one, two,,three", tagsMayContainCommas: true) == ["one", "two", "three"])
        #expect(PastedTags.split(" \n , ", tagsMayContainCommas: false) == [])
        // Refused names are kept, to be reported.
        #expect(PastedTags.split("a\n\u{200B}", tagsMayContainCommas: true) == ["a", "\u{200B}"])
    }

    @Test func theOutcomeSaysWhatWasNotAdded() {
        var outcome = PastedTags.Outcome()
        outcome.added = ["a", "b"]
        #expect(outcome.message == nil)
        outcome.alreadyThere = ["c"]
        outcome.refused = [("x,y", "File tags cannot contain a comma.")]
        #expect(outcome.message == "Added 2 tags. Already there: “c”. Not added: “x,y”: File tags cannot contain a comma.")
    }
}

@Suite struct RecentTagsTests {
    @Test func newestFirstWithoutRepeatsUpToTheLimit() {
        var recent = RecentTags()
        for tag in ["a", "b", "A", "c"] { recent.use(tag) }
        #expect(recent.tags == ["c", "A", "b"])
        for i in 0..<(RecentTags.limit + 5) { recent.use("t\(i)") }
        #expect(recent.tags.count == RecentTags.limit)
        #expect(recent.tags.first == "t\(RecentTags.limit + 4)")
    }

    @Test func keptBesideTheCollectionAndReadBack() throws {
        let dir = TemporaryDirectory()
        let path = RecentTags.defaultPath(environment: ["XDG_DATA_HOME": dir.path])
        #expect(path == dir.path + "/wraphstack-tag-editor/recent-tags.txt")
        #expect(RecentTags.read(path).tags == [])   // missing: empty
        var recent = RecentTags()
        recent.use("one")
        recent.use("two")
        try recent.write(to: path)
        #expect(RecentTags.read(path) == recent)
        // A file that is not text is an empty list, not an error.
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: path))
        #expect(RecentTags.read(path).tags == [])
    }
}

@Suite struct MergingTests {
    @Test func mergeAndAddToAllInTheCollection() throws {
        let dir = TemporaryDirectory()
        let document = try CollectionDocument(file: CollectionFile(path: dir.path + "/tags.json"), sample: ["a", "b", "c"])
        try document.merge("b", into: "a")
        #expect(document.tags == ["a", "c"])
        #expect(throws: TagError.notFound("b")) { try document.merge("b", into: "c") }
        #expect(throws: TagError.notFound("zz")) { try document.addToAll("zz") }
        #expect(try CollectionFile(path: dir.path + "/tags.json").load(sample: []).tags == ["a", "c"])
    }

    @Test func mergeAndAddToAllOnFiles() throws {
        let dir = TemporaryDirectory()
        let a = dir.path + "/a", b = dir.path + "/b"
        FileManager.default.createFile(atPath: a, contents: Data())
        FileManager.default.createFile(atPath: b, contents: Data())
        let attributes = SystemExtendedAttributes()
        try attributes.setValue(Array("pics,photo".utf8), of: FileTags.attribute, at: a)
        try attributes.setValue(Array("pics".utf8), of: FileTags.attribute, at: b)
        let document = FileTagsDocument(paths: [a, b])
        #expect(document.entries.map(\.count) == [2, 1])
        try document.addToAll("photo")
        #expect(document.entries.map(\.count) == [2, 2])
        try document.merge("pics", into: "photo")
        #expect(document.entries == [TagEntry(name: "photo", count: 2, total: 2)])
        #expect(try attributes.value(of: FileTags.attribute, at: b).map { String(decoding: $0, as: UTF8.self) } == "photo")
    }
}
