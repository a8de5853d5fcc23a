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
