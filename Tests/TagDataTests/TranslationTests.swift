// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import TagData
import Testing

/// The message ids and their values (Translation.swift), which the editor, filetags and TagData
/// share: what `i18n.py` extracts must be the id the program looks up, and a translation may put
/// the values in another order. This process binds no catalogue, so every message reads as its
/// English id.
@Suite struct TranslationTests {
    @Test func anInterpolatedMessageIsItsLiteralWithNumberedPlaceholders() {
        let name = "holiday 2024", count = 3
        let message: Translatable = "“\(name)” is on \(count) of \(count + 1) files"
        #expect(message.messageID == "“{0}” is on {1} of {2} files")
        #expect(message.arguments == ["holiday 2024", "3", "4"])
        let plain: Translatable = "Show every tag"
        #expect(plain.messageID == "Show every tag" && plain.arguments.isEmpty)
    }

    @Test func fillingPutsEachValueWhereTheTranslationWantsIt() {
        #expect(Translation.fill("{1} avant {0}", ["a", "b"]) == "b avant a")
        #expect(Translation.fill("« {0} » : {0}", ["x"]) == "« x » : x")
        // Braces that are not a placeholder of a value given stay as they are.
        #expect(Translation.fill("{x} {0} {7} {", ["a"]) == "{x} a {7} {")
    }

    @Test func withoutACatalogueTheEnglishFormsAreShown() {
        let name = "x"
        #expect(tr("Remove tag “\(name)”") == "Remove tag “x”")
        for (count, expected) in [(0, "0 folders watched"), (1, "1 folder watched"), (2, "2 folders watched")] {
            #expect(trn("\(count) folder watched", "\(count) folders watched", count) == expected)
        }
        #expect(trn("Add to the other file", "Add to the other \(5) files", 5) == "Add to the other 5 files")
        #expect(trn("Add to the other file", "Add to the other \(1) files", 1) == "Add to the other file")
        // A message with a context (pgettext) reads as itself too, the context left out.
        #expect(trc("Could not … PATH", "read \(name)") == "read x")
    }
}
