// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// Several changes made as one (``TagChange/all(_:)``: a pasted list) are written once to each
/// place, so a kill between two of them cannot leave half of the list; and the undo of a rename
/// gives back every spelling and every byte the rename took.
@Suite struct OneChangeTests {
    @Test func aPastedListIsOneWritePerFileAndItsUndoOneToo() throws {
        let dir = TemporaryDirectory()
        let store = InterferingAttributes()
        let paths = ["a", "b", "c"].map { dir.file($0) }
        for path in paths { store.set("photo, Two", at: path) }
        var files = FileTags(paths: paths, attributes: store)
        let names = (0..<150).map { "m\($0)" }
        let report = try files.apply(.all(names.map { .add($0) }))
        #expect(report.changedFiles == 3)
        for path in paths {
            #expect(store.writes[path] == 1)
            #expect(store.text(at: path) == "photo, Two," + names.joined(separator: ","))
        }
        // The undo: one change per file, written once, back to the bytes that were there.
        #expect(report.undo.count == 3)
        let undone = try files.apply(report.undo)
        for path in paths {
            #expect(store.writes[path] == 2)
            #expect(store.text(at: path) == "photo, Two")
        }
        // And the redo puts the whole list back, again once per file.
        _ = try files.apply(undone.undo)
        for path in paths {
            #expect(store.writes[path] == 3)
            #expect(store.text(at: path)?.hasSuffix(",m149") == true)
        }
    }

    @Test func aFailedWriteOfAListLeavesEveryFileAsItWas() throws {
        let dir = TemporaryDirectory()
        let store = InterferingAttributes()
        let paths = ["a", "b", "c"].map { dir.file($0) }
        for path in paths { store.set("photo", at: path) }
        var files = FileTags(paths: paths, attributes: store)
        store.failingWrites[paths[2]] = ENOSPC
        #expect(throws: (any Error).self) { try files.apply(.all([.add("x1"), .add("x2")])) }
        for path in paths { #expect(store.text(at: path) == "photo") }
    }

    @Test func theCollectionTakesAListInOneSave() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["one", "two"])
        let document = try CollectionDocument(file: file, sample: [])
        func stored() throws -> [String] {
            try CollectionFile.decode([UInt8](FileManager.default.contents(atPath: path) ?? Data())).get().array
        }
        let (report, outcome) = try document.add(all: ["three", "One", "four", "three", "a,b", " "])
        #expect(outcome.added == ["three", "four", "a,b"])
        #expect(outcome.alreadyThere == ["One", "three"])
        #expect(outcome.refused.map(\.name) == [" "])
        #expect(document.names == ["one", "two", "three", "four", "a,b"])
        #expect(try stored() == ["one", "two", "three", "four", "a,b"])
        // One undo: one placed change, every name gone in one save.
        #expect(report?.undo.count == 1)
        _ = try document.apply(report!.undo)
        #expect(try stored() == ["one", "two"])
    }

    @Test func undoingARenameGivesBackEverySpellingAndItsSpacing() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("one.jpg")
        setXattr(a, Array("beach, Two, two,holiday".utf8))
        let document = FileTagsDocument(paths: [a])
        let rename = try document.rename("Two", to: "Pair")
        // The renamed part keeps its white space (issue 39): every separator stays.
        #expect(xattr(a) == "beach, Pair,holiday")
        let undone = try document.apply(rename.undo)
        #expect(xattr(a) == "beach, Two, two,holiday")
        #expect(document.entries.map(\.name) == ["beach", "Two", "holiday"])
        // Redo and undo again: the same bytes each time.
        let redone = try document.apply(undone.undo)
        #expect(xattr(a) == "beach, Pair,holiday")
        _ = try document.apply(redone.undo)
        #expect(xattr(a) == "beach, Two, two,holiday")
    }

    @Test func aRenameOntoATagAlreadyThereIsTakenBackWithEverySpelling() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("one.jpg")
        setXattr(a, Array("beach, Two, two,Pair".utf8))
        // The editor asks first (a merge); the change itself is what another editor's rename does.
        var files = FileTags(paths: [a])
        let rename = try files.apply(.rename("Two", to: "pair"))
        #expect(xattr(a) == "beach,Pair")
        _ = try files.apply(rename.undo)
        #expect(xattr(a) == "beach, Two, two,Pair")
    }

    @Test func aListAppliedToAPlainListKeepsItsOrderAndUndoesNewestFirst() {
        let change = TagChange.all([.add("x"), .remove("a"), .rename("b", to: "c")])
        let applied = change.applied(to: ["a", "b"])
        #expect(applied.tags == ["c", "x"])
        #expect(applied.undo == .all([.rename("c", to: "b"), .add("a", at: 0), .remove("x")]))
        #expect(applied.undo.map { $0.applied(to: applied.tags).tags } == ["a", "b"])
        #expect(TagChange.all([.add("a")]).applied(to: ["a"]).undo == nil)
    }
}
