// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import tag_editor

/// The selection of several chips and the shortening rule, without GTK.
@Suite struct ChipSelectionAndShorteningTests {
    @Test func ctrlShiftAndSelectAll() {
        let shown = ["a", "b", "c", "d", "e"]
        var selection = ChipSelection()
        selection.toggle("b")
        selection.extend(to: "d", in: shown)
        #expect(selection.ordered(in: shown) == ["b", "c", "d"])
        selection.toggle("c")
        #expect(selection.ordered(in: shown) == ["b", "d"] && selection.anchor == "c")
        selection.extend(to: "a", in: shown)
        #expect(selection.ordered(in: shown) == ["a", "b", "c"], "the run from the anchor c back to a")
        selection.keep(["a", "c"])
        #expect(selection.ordered(in: shown) == ["a", "c"] && selection.anchor == "c")
        selection.selectAll(shown)
        #expect(selection.ordered(in: shown) == shown)
        selection.clear(anchor: "e")
        #expect(selection.isEmpty && selection.anchor == "e")
    }

    @Test func namesOfOneLengthAreShortenedAlike() {
        // Up to 40 characters: whole, whatever the letters.
        for name in [String(repeating: "W", count: 40), String(repeating: "i", count: 40)] {
            #expect(Chip.shownName(name) == name)
        }
        // Past that, cut at words: the start ends before a separator, the end starts after one.
        let name = "family-beta-2394-with-several-rather-long-words-here"
        #expect(Chip.shownName(name) == "family-beta-2394…long-words-here")
        // With no separator near, the cut is at the rule's lengths, the same for every name.
        let solid = String(repeating: "x", count: 60)
        #expect(Chip.shownName(solid) == String(repeating: "x", count: 16) + "…" + String(repeating: "x", count: 15))
        #expect(Chip.shownName(String(repeating: "y", count: 60)).count == Chip.shownName(solid).count)
    }
}
