// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// What another program wrote stays as it wrote it: an edit changes only the parts of the tags it
/// is about (a second spelling of a tag, older KDE's ", ", an empty part are kept byte for byte),
/// and removing or renaming a tag changes every spelling of it.
@Suite struct FileTagsAttributeTests {
    @Test func addingKeepsEveryOtherPartAsWritten() {
        let attribute = FileTagsAttribute(text: "one, two,,three, ,Two")
        #expect(attribute.tags == ["one", "two", "three"])
        #expect(attribute.changed(to: ["one", "two", "three", "four"]).text == "one, two,,three, ,Two,four")
        #expect(attribute.changed(to: ["zero", "one", "two", "three"]).text == "zero,one, two,,three, ,Two")
        #expect(attribute.changed(to: ["one", "mid", "two", "three"]).text == "one,mid, two,,three, ,Two")
    }

    @Test func removingTakesEverySpelling() {
        let attribute = FileTagsAttribute(text: "one,Two,two, TWO,three")
        #expect(attribute.tags == ["one", "Two", "three"])
        #expect(attribute.changed(to: ["one", "three"]).text == "one,three")
        #expect(attribute.changed(to: []).text == nil)
    }

    @Test func renamingReplacesEverySpellingInThePlaceOfTheFirst() {
        let attribute = FileTagsAttribute(text: "one,Two,x,two")
        #expect(attribute.changed(to: ["one", "deux", "x"]).text == "one,deux,x")
        // Another spelling of itself: the first part takes it, the rest stay.
        #expect(attribute.changed(to: ["one", "TWO", "x"]).text == "one,TWO,x,two")
    }

    @Test func decomposedAccentsStayDecomposed() {
        let decomposed = "cafe\u{301}"
        let attribute = FileTagsAttribute(text: "\(decomposed),tea")
        #expect(attribute.tags == ["café", "tea"])
        #expect(attribute.changed(to: ["café", "tea", "milk"]).text == "\(decomposed),tea,milk")
    }

    /// Through the files: another program's second spelling survives the editor's next edit.
    @Test func anotherProgramsSecondSpellingSurvivesAnEdit() throws {
        let dir = TemporaryDirectory()
        let b = dir.file("b")
        setXattr(b, Array("one, two,,three, ,Two".utf8))
        let document = FileTagsDocument(paths: [b])
        #expect(document.entries.map(\.name) == ["one", "two", "three"])
        try document.add("four")
        #expect(xattr(b) == "one, two,,three, ,Two,four")
        try document.remove("two")
        #expect(xattr(b) == "one,,three, ,four")
        try document.rename("three", to: "drei")
        #expect(xattr(b) == "one,,drei, ,four")
        #expect(document.entries.map(\.name) == ["one", "drei", "four"])
    }
}
