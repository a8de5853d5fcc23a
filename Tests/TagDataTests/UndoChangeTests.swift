// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// What a change's report gives back to take it back: per place, only where it wrote; applied
/// later, it keeps what others changed meanwhile.
@Suite struct UndoChangeTests {
    @Test func undoingAnAddOnSomeFilesLeavesTheFileThatHadItAlready() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(a, Array("x".utf8))
        setXattr(b, Array("x,new".utf8))
        let document = FileTagsDocument(paths: [a, b])
        // "Add to all files" on the partial chip: the change goes to every file, and changes a only.
        let report = try document.apply(.add("new"))
        #expect(report.undo == [PlacedChange(place: a, change: .remove("new"))])
        let undone = try document.apply(report.undo)
        #expect(xattr(a) == "x")
        #expect(xattr(b) == "x,new")
        let redone = try document.apply(undone.undo)
        #expect(xattr(a) == "x,new")
        #expect(redone.undo == report.undo)
    }

    @Test func anUndoKeepsWhatAnotherProgramWroteMeanwhile() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a")
        setXattr(a, Array("one,two".utf8))
        let document = FileTagsDocument(paths: [a])
        let report = try document.remove("one")
        setXattr(a, Array("two,other".utf8))   // another program, after the editor's write
        _ = try document.apply(report.undo)
        #expect(xattr(a) == "one,two,other")
    }

    @Test func anUndoOfAFileNoLongerOpenSaysSo() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        let document = FileTagsDocument(paths: [a, b])
        let report = try document.add("x")
        document.close(b)
        let undone = try document.apply(report.undo)
        #expect(xattr(a) == nil)
        #expect(xattr(b) == "x")
        #expect(undone.skipped.map(\.path) == [b])
    }

    @Test func aCollectionsUndoIsForItsFile() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        let document = try CollectionDocument(file: file, sample: ["a", "b"])
        let report = try document.rename("a", to: "c")
        #expect(report.undo == [PlacedChange(place: file.path, change: .rename("c", to: "a"))])
        _ = try document.apply(report.undo)
        #expect(document.tags == ["a", "b"])
    }

    @Test func openingMoreFilesAddsThemOnceAndSaysWhatWasLeftOut() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(b, Array("y".utf8))
        let document = FileTagsDocument(paths: [a])
        let left = document.open([b, a, dir.path + "/missing"])
        #expect(document.fileTags.files.map(\.path) == [a, b])
        #expect(left.count == 2)
        #expect(left[0] == "\(a) is already open.")
        #expect(document.entries.map(\.name) == ["y"])
    }
}
