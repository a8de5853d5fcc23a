// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// A chip that stands for several spellings another program wrote ("Two" and "two", shown as
/// one tag): removing it takes every spelling, and its undo gives each back, byte for byte, in
/// its place; a tag added at the end goes after every part, not between two spellings.
@Suite struct SpellingUndoTests {
    @Test func undoingARemovalGivesBackEverySpellingInItsPlace() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a.jpg"), b = dir.file("b.jpg")
        setXattr(a, Array("photo,travel,Two,trip,two".utf8))
        setXattr(b, Array("Two, x".utf8))
        let document = FileTagsDocument(paths: [a, b])
        let removal = try document.remove("Two")
        #expect(xattr(a) == "photo,travel,trip")
        #expect(xattr(b) == " x")
        for undo in removal.undo {
            _ = try document.applyToFiles([undo])
        }
        #expect(xattr(a) == "photo,travel,Two,trip,two")
        #expect(xattr(b) == "Two, x")
        #expect(document.entries.map(\.name) == ["photo", "travel", "Two", "trip", "x"])
    }

    @Test func aTagAddedAtTheEndGoesAfterEverySpelling() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a.jpg")
        setXattr(a, Array("photo,travel,Two,trip,two".utf8))
        let document = FileTagsDocument(paths: [a])
        try document.add("new")
        #expect(xattr(a) == "photo,travel,Two,trip,two,new")
    }
}
