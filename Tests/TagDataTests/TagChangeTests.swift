// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import TagData

/// Applying one change to a list that others changed since the user saw it.
@Suite struct TagChangeTests {
    @Test func addingATagAlreadyThereChangesNothing() {
        let applied = TagChange.add("Photo").applied(to: ["a", "photo"])
        #expect(applied.tags == ["a", "photo"])
        #expect(applied.undo == nil)
    }

    @Test func removingATagAlreadyGoneChangesNothing() {
        let applied = TagChange.remove("x").applied(to: ["a", "b"], seen: ["a", "x", "b"])
        #expect(applied.tags == ["a", "b"])
        #expect(!applied.changedSomething && applied.conflict == nil)
    }

    @Test func changesKeepWhatOthersAddedAndRemoved() {
        // The user saw [a, b, c]; meanwhile another program removed b and added d.
        let current: TagNames = ["a", "c", "d"]
        #expect(TagChange.add("e").applied(to: current, seen: ["a", "b", "c"]).tags == ["a", "c", "d", "e"])
        #expect(TagChange.remove("a").applied(to: current, seen: ["a", "b", "c"]).tags == ["c", "d"])
        #expect(TagChange.rename("c", to: "C2").applied(to: current, seen: ["a", "b", "c"]).tags == ["a", "C2", "d"])
    }

    @Test func namesCompareCaseInsensitivelyAfterNormalization() {
        #expect(TagChange.remove("CAFE\u{301}").applied(to: ["café", "x"]).tags == ["x"])
        #expect(TagChange.add("Cafe\u{301}").applied(to: ["café"]).undo == nil)
    }

    @Test func undoTakesBackOnlyThisChangeOnALaterList() throws {
        let added = TagChange.add("mine").applied(to: ["a"])
        // Someone added "theirs" after us: undoing our add leaves theirs.
        let undone = try #require(added.undo).applied(to: added.tags + ["theirs"])
        #expect(undone.tags == ["a", "theirs"])

        let removed = TagChange.remove("b").applied(to: ["a", "b", "c"])
        #expect(try #require(removed.undo).applied(to: removed.tags).tags == ["a", "b", "c"])

        let renamed = TagChange.rename("b", to: "beta").applied(to: ["a", "b"])
        #expect(try #require(renamed.undo).applied(to: renamed.tags + ["z"]).tags == ["a", "b", "z"])
    }

    @Test func renamingOntoANameSomeoneAddedMergesThem() throws {
        // The user renames x to y; meanwhile y was added by someone else.
        let applied = TagChange.rename("x", to: "y").applied(to: ["x", "a", "y"], seen: ["x", "a"])
        #expect(applied.tags == ["a", "y"])
        // Its undo brings x back where it was, and keeps y (someone else's).
        #expect(try #require(applied.undo).applied(to: applied.tags).tags == ["x", "a", "y"])
    }

    /// Both renamed the same tag: the later rename wins, nothing else is lost.
    @Test func theLaterOfTwoRenamesWins() {
        // Someone renamed "x" to "first" (in its place); this user, who still saw "x", renames it
        // to "second".
        let applied = TagChange.rename("x", to: "second").applied(to: ["a", "first", "b", "new"],
                                                                    seen: ["a", "x", "b"])
        #expect(applied.tags == ["a", "second", "b", "new"])
        #expect(applied.conflict == nil)
        // At the end of the list too.
        #expect(TagChange.rename("x", to: "second").applied(to: ["a", "first"], seen: ["a", "x"]).tags
                == ["a", "second"])
    }

    @Test func renamingATagSomeoneRemovedChangesNothingAndSaysSo() {
        let applied = TagChange.rename("x", to: "y").applied(to: ["a", "b"], seen: ["a", "x", "b"])
        #expect(applied.tags == ["a", "b"])
        #expect(applied.undo == nil)
        #expect(applied.conflict?.contains("“x”") == true)
    }

    /// When the tag's place cannot be told apart from other changes, nothing is guessed.
    @Test func anAmbiguousPlaceIsNotTakenForARename() {
        // x's place now holds two new names.
        #expect(TagChange.rename("x", to: "y").applied(to: ["a", "p", "q", "b"], seen: ["a", "x", "b"]).tags
                == ["a", "p", "q", "b"])
        // x and its neighbour are both gone.
        #expect(TagChange.rename("x", to: "y").applied(to: ["p", "b"], seen: ["a", "x", "b"]).tags == ["p", "b"])
        // Nothing new where x was.
        #expect(TagChange.successor(of: "x", seen: ["a", "x", "b"], current: ["a", "b", "new"]) == nil)
    }
}
