// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// ``TagChange/move(_:after:)``: a tag to a new place in the collection's order, anchored by names.
@Suite struct MoveChangeTests {
    @Test func movesAfterTheAnchorOrToTheFront() {
        let tags: TagNames = ["a", "b", "c", "d"]
        let after = TagChange.move("a", after: "c").applied(to: tags, seen: tags)
        #expect(after.tags == ["b", "c", "a", "d"])
        #expect(after.undo == .move("a", after: nil))
        let front = TagChange.move("d", after: nil).applied(to: tags, seen: tags)
        #expect(front.tags == ["d", "a", "b", "c"])
        #expect(front.undo == .move("d", after: "c"))
        let back = TagChange.move("b", after: "d").applied(to: tags, seen: tags)
        #expect(back.tags == ["a", "c", "d", "b"])
        #expect(back.undo == .move("b", after: "a"))
    }

    @Test func theUndoPutsItBack() {
        let tags: TagNames = ["a", "b", "c", "d"]
        for (name, anchor) in [("a", "c"), ("d", nil), ("b", "d"), ("c", "a")] as [(String, String?)] {
            let moved = TagChange.move(name, after: anchor).applied(to: tags, seen: tags)
            let undone = moved.undo!.applied(to: moved.tags, seen: moved.tags)
            #expect(undone.tags == tags, "\(name) after \(anchor ?? "nil")")
            #expect(undone.undo == .move(name, after: anchor))
        }
    }

    @Test func namesAreComparedAsTagsAre() {
        let moved = TagChange.move("PHOTO", after: "Work").applied(to: ["photo", "work", "x"])
        #expect(moved.tags == ["work", "photo", "x"])
        #expect(moved.undo == .move("photo", after: nil))
    }

    @Test func alreadyThereOrGoneChangesNothing() {
        let tags: TagNames = ["a", "b", "c"]
        #expect(TagChange.move("b", after: "a").applied(to: tags) == TagChange.Applied(tags: tags))
        #expect(TagChange.move("a", after: nil).applied(to: tags) == TagChange.Applied(tags: tags))
        #expect(TagChange.move("a", after: "a").applied(to: tags, seen: tags) == TagChange.Applied(tags: tags))
        // The tag was removed meanwhile by another program.
        #expect(TagChange.move("z", after: "a").applied(to: tags, seen: tags + ["z"]) == TagChange.Applied(tags: tags))
    }

    @Test func reordersWhatAnotherProgramLeft() {
        // The user saw a b c d and moved a after c; meanwhile another program added x after b
        // and removed d: a goes after c in what is there, x and the rest stay.
        let seen: TagNames = ["a", "b", "c", "d"]
        let current: TagNames = ["a", "b", "x", "c"]
        #expect(TagChange.move("a", after: "c").applied(to: current, seen: seen).tags == ["b", "x", "c", "a"])
    }

    @Test func anAnchorGoneFallsBackToTheNearestEarlierTagStillThere() {
        let seen: TagNames = ["a", "b", "c", "d", "e"]
        // c (the anchor) was removed meanwhile: e goes after b, the nearest tag before c still there.
        #expect(TagChange.move("e", after: "c").applied(to: ["a", "b", "d", "e"], seen: seen).tags == ["a", "b", "e", "d"])
        // b and c removed: after a.
        #expect(TagChange.move("e", after: "c").applied(to: ["a", "d", "e"], seen: seen).tags == ["a", "e", "d"])
        // Nothing before the anchor is left: to the front.
        #expect(TagChange.move("e", after: "b").applied(to: ["c", "d", "e"], seen: seen).tags == ["e", "c", "d"])
        // The tag moved is not its own anchor's fallback.
        #expect(TagChange.move("a", after: "c").applied(to: ["b", "a", "d"], seen: ["b", "a", "c", "d"]).tags
                == ["b", "a", "d"])
        // Without knowing what the user saw, or an anchor never seen: left where it is.
        #expect(TagChange.move("e", after: "c").applied(to: ["a", "e"], seen: nil).tags == ["a", "e"])
        #expect(TagChange.move("e", after: "zz").applied(to: ["a", "e"], seen: ["a", "e"]).tags == ["a", "e"])
    }

    @Test func severalMovesInOneChange() {
        let tags: TagNames = ["a", "b", "c", "d"]
        let applied = TagChange.all([.move("d", after: nil), .move("c", after: "d")]).applied(to: tags, seen: tags)
        #expect(applied.tags == ["d", "c", "a", "b"])
        #expect(applied.undo!.applied(to: applied.tags, seen: applied.tags).tags == tags)
    }

    @Test func throughTheCollectionOnDiskAfterAnotherProgramChangedIt() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["a", "b", "c", "d"])
        let document = try CollectionDocument(file: file, sample: [])
        _ = try file.apply(.add("x", at: 1), seen: ["a", "b", "c", "d"])
        let report = try document.apply(.move("d", after: "a"))
        #expect(try file.load(sample: []).tags == ["a", "d", "x", "b", "c"])
        #expect(document.names == ["a", "d", "x", "b", "c"])
        #expect(report.undo == [PlacedChange(place: path, change: .move("d", after: "c"))])
        _ = try document.apply(report.undo)
        #expect(try file.load(sample: []).tags == ["a", "x", "b", "c", "d"])
    }

    @Test func throughTheCollectionSavedInTheBackground() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["a", "b", "c"])
        let document = try CollectionDocument(file: file, sample: [])
        document.saveInBackground {}
        let report = try document.apply(.move("c", after: nil))
        #expect(document.names == ["c", "a", "b"])
        document.finishSaving()
        #expect(try file.load(sample: []).tags == ["c", "a", "b"])
        _ = try document.apply(report.undo)
        document.finishSaving()
        #expect(try file.load(sample: []).tags == ["a", "b", "c"])
    }

    @Test func throughAListFileInMemory() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("list.txt", contents: "a\nb\nc\n")
        let document = try ListFileDocument(path: path)
        let report = try document.apply(.move("a", after: "c"))
        #expect(document.names == ["b", "c", "a"])
        _ = try document.apply(report.undo)
        #expect(document.names == ["a", "b", "c"])
        #expect(contents(path) == "a\nb\nc\n")
    }

    @Test func refusedForFilesTags() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a.txt"), b = dir.file("b.txt")
        setXattr(a, Array("one,two".utf8))
        setXattr(b, Array("two".utf8))
        let document = FileTagsDocument(paths: [a, b])
        #expect(throws: UnorderedTagsError.self) { try document.apply(.move("two", after: nil)) }
        #expect(throws: UnorderedTagsError.self) { try document.apply(.all([.add("three"), .move("two", after: nil)])) }
        #expect(throws: UnorderedTagsError.self) {
            try document.apply([PlacedChange(place: a, change: .move("two", after: nil))])
        }
        #expect(xattr(a) == "one,two")
        #expect(xattr(b) == "two")
        #expect(UnorderedTagsError().description.contains("no order"))
    }
}
