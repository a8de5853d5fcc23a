// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 39, item 4: a plain click selects a chip (as in a file manager), Ctrl+click adds
    /// one, Delete removes both; a drag of one of several selected chips moves all of them
    /// together in the collection, one undo step, and only the chips selected are drawn selected.
    @Suite(.serialized) struct SelectionThatCarries {
        @Test func aPlainClickSelectsAndDeleteRemovesTheSelection() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma", "delta"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.focus(chip: "alpha")
            try editor.state("alpha selected by the click") { $0.selectedNames == ["alpha"] }
            try editor.click(chip: "beta", holding: "ctrl")
            try editor.state("alpha and beta selected") { $0.selectedNames == ["alpha", "beta"] && $0.focus == "chip:beta" }
            try editor.key("Delete")
            try waitUntil("alpha and beta removed") { OnDisk.collection(at: collection) == ["gamma", "delta"] ? true : nil }
            let after = try editor.state("both gone, one step") { $0.names == ["gamma", "delta"] }
            #expect(after.undoSteps == 1 && after.selectedNames.isEmpty)

            // The keyboard leaving the selection ends it: Delete then takes the focused chip.
            try editor.focus(chip: "gamma")
            try editor.state("gamma selected") { $0.selectedNames == ["gamma"] }
            try editor.key("Right")
            try editor.state("delta focused, nothing selected") { $0.focus == "chip:delta" && $0.selectedNames.isEmpty }
            try editor.key("Delete")
            try waitUntil("delta removed, gamma kept") { OnDisk.collection(at: collection) == ["gamma"] ? true : nil }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        @Test func aDragOfASelectedChipMovesTheSelectionTogether() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            let tags = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.focus(chip: "beta")
            try editor.click(chip: "delta", holding: "ctrl")
            let picked = try editor.state("beta and delta selected") { $0.selectedNames == ["beta", "delta"] && $0.settled }
            // delta dropped just after zeta, the last chip.
            let last = try #require(picked.frame("zeta"))
            try EndToEnd.CollectionReorder.drag(editor, "delta", toX: last.x + last.width - 3, y: last.y + last.height / 2)
            let expected = ["alpha", "gamma", "epsilon", "zeta", "beta", "delta"]
            try EndToEnd.CollectionReorder.onDisk(collection, expected, "beta and delta moved together to the end")
            let moved = try editor.state("the chips in the new order") { $0.names == expected && $0.settled }
            #expect(moved.undoSteps == 1, "one undo step, not \(moved.undoSteps)")
            #expect(moved.selectedNames == ["beta", "delta"], "drawn selected: \(moved.selectedNames)")
            try editor.key("ctrl+z")
            try EndToEnd.CollectionReorder.onDisk(collection, tags, "one Ctrl+Z puts both back")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
