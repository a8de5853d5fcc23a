// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

@Suite struct TagRulesTests {
    @Test func trimsAndAccepts() throws {
        #expect(try TagRules.validated("  swift \n", existing: []) == "swift")
        #expect(try TagRules.validated("été", existing: ["ete"]) == "été")
    }

    @Test func refusesWithAReason() {
        #expect(throws: TagError.empty) { try TagRules.validated("   ", existing: []) }
        #expect(throws: TagError.duplicate("Photo")) { try TagRules.validated("photo", existing: ["Photo"]) }
        #expect(throws: TagError.comma("a,b")) { try TagRules.validated("a,b", existing: [], allowsComma: false) }
        #expect(throws: TagError.controlCharacter) { try TagRules.validated("a\u{7}b", existing: []) }
        #expect(throws: TagError.tooLong(TagRules.maximumLength)) {
            try TagRules.validated(String(repeating: "x", count: 201), existing: [])
        }
        #expect(TagError.duplicate("Photo").description.contains("Photo"))
    }

    @Test func renamingMayKeepItsOwnNameOrChangeItsCase() throws {
        #expect(try TagRules.validated("Photo", existing: ["photo", "art"], renaming: "photo") == "Photo")
        #expect(throws: TagError.duplicate("art")) { try TagRules.validated("ART", existing: ["photo", "art"], renaming: "photo") }
    }
}

@Suite struct InvisibleAndNormalizedTagTests {
    @Test(arguments: ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{FE0F}", "\u{E0100}", "\u{3164}", "\u{00AD}",
                      " \u{200B}\u{200C}\u{200D} ", "\u{2028}\u{2029}", "\u{180E}", "\u{061C}"])
    func aTagOfOnlyInvisibleCharactersIsRefused(input: String) {
        do {
            _ = try TagRules.validated(input, existing: [])
            Issue.record("accepted an invisible tag")
        } catch {
            switch error {
            case .invisible(let list): #expect(list.hasPrefix("U+"), "\(list)")
            case .empty: #expect(input.trimmingWhitespace.isEmpty)
            default: Issue.record("\(error)")
            }
        }
    }

    @Test func theRefusalNamesEachInvisibleCharacterOnce() {
        #expect(throws: TagError.invisible("U+200B ZERO WIDTH SPACE, U+FEFF ZERO WIDTH NO-BREAK SPACE")) {
            try TagRules.validated("\u{200B}\u{200B}\u{FEFF}", existing: [])
        }
    }

    @Test func invisibleCharactersAroundANameAreTrimmedButAVariationSelectorAtTheEndStays() throws {
        #expect(try TagRules.validated("\u{200B}café\u{2060}", existing: []) == "café")
        #expect(throws: TagError.duplicate("café")) { try TagRules.validated("\u{FEFF}CAFÉ", existing: ["café"]) }
        #expect(try TagRules.validated("\u{2764}\u{FE0F}", existing: []).unicodeScalars.last == "\u{FE0F}")
        // Inside a name they are kept (a joiner in an emoji sequence means something).
        #expect(try TagRules.validated("a\u{200D}b", existing: []).unicodeScalars.count == 3)
    }

    @Test func namesAreStoredNFCAndComparedAfterNormalization() throws {
        let stored = try TagRules.validated("cafe\u{301}", existing: [])
        #expect(Array(stored.unicodeScalars) == ["c", "a", "f", "\u{E9}"])
        #expect(throws: TagError.duplicate("café")) { try TagRules.validated("CAFE\u{301}", existing: ["café"]) }
        #expect(TagRules.key("Cafe\u{301}") == TagRules.key("CAFÉ"))
    }

    @Test func storedTagsMayBeInvisibleWhenRead() throws {
        #expect(try TagRules.validated("\u{200B}", existing: [], allowsInvisible: true) == "\u{200B}")
    }
}
