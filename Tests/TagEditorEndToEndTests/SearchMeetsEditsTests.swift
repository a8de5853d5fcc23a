// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 39's follow-ups where the search meets the edits: a found chip moved (Ctrl+Shift and
    /// a key, or dragged with the pointer) lands next to the found chip it was moved by among all
    /// the tags; a selection made before a search keeps only the chips the search shows, Ctrl+A
    /// selects what is found and Delete removes just those; a rename while searching. Real keys
    /// and pointer (xdotool) to the real binary; the collection on disk checked after each step,
    /// and Ctrl+Z putting it back exactly.
    @Suite(.serialized) struct SearchMeetsEdits {
        /// `order` with `name` taken out and put just before `before` (`nil`: at the end).
        static func moving(_ name: String, before: String?, in order: [String]) -> [String] {
            CollectionReorder.moving(name, before: before, in: order)
        }

        /// `order` with `name` taken out and put just after `after`.
        static func moving(_ name: String, after: String, in order: [String]) -> [String] {
            var result = order.filter { $0 != name }
            result.insert(name, at: result.firstIndex(of: after)! + 1)
            return result
        }

        static func start(_ tags: [String], _ arguments: [String], _ scratch: Scratch,
                          _ display: VirtualDisplay) throws -> (EditorProcess, String) {
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection] + arguments, on: display, dataHome: scratch.path,
                                           position: (0, 0))
            try editor.state("the collection shown", timeout: 90) { $0.settled && $0.search.total == tags.count }
            return (editor, collection)
        }

        /// Opens the search with Ctrl+F and types `text`; returns what it must find, in order.
        static func search(_ editor: EditorProcess, _ text: String, in tags: [String]) throws -> [String] {
            try editor.key("ctrl+f")
            try editor.state("the search open") { $0.search.open && $0.focus == "search" }
            try editor.type(text)
            let found = ChipSearch.expected(tags, text)
            try editor.state("“\(text)” found", timeout: 30) { $0.search.text == text && $0.search.found == found.count && $0.settled }
            return found
        }

        /// Ctrl+Shift with Right, End and Home on the first chip found, in the box (300 tags) and
        /// in the virtual list (3,000): each move is saved among all the tags next to the found
        /// chip it passed, the hidden tags between keeping their order; the chips found show the
        /// new order with the focus kept; three Ctrl+Z give back the file as it was.
        @Test(arguments: [300, 3_000])
        func aFoundChipMovedByTheKeysLandsNextToTheFoundChipItPassed(count: Int) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<count).map(ChipSearch.tag)
            let (editor, collection) = try Self.start(tags, [], scratch, display)
            let found = try Self.search(editor, "beach 1", in: tags)
            try #require(found.count > 4)
            let first = found[0]
            try editor.key("Return")
            let focused = try editor.state("the first found focused") { $0.focus == "chip:" + first }
            #expect(focused.isVirtual == (count > 1_000))
            #expect(CollectionReorder.reorderable(focused) == true, "reorderable while searching")

            try editor.key("ctrl+shift+Right")
            var expected = Self.moving(first, after: found[1], in: tags)
            try CollectionReorder.onDisk(collection, expected, "\(first) just after \(found[1])")
            var shownFound = Self.moving(first, after: found[1], in: found)
            try editor.state("the found chips in their new order, the focus kept") {
                $0.focus == "chip:" + first && Array($0.names.prefix(3)) == Array(shownFound.prefix(3)) && $0.settled
            }

            try editor.key("ctrl+shift+End")
            expected = Self.moving(first, after: found.last!, in: tags)
            try CollectionReorder.onDisk(collection, expected, "\(first) just after the last found, \(found.last!)")
            shownFound = Self.moving(first, after: found.last!, in: found)

            try editor.key("ctrl+shift+Home")
            // Before the first chip shown, now found[1]: the tags hidden before it stay before it.
            expected = Self.moving(first, before: found[1], in: tags)
            try CollectionReorder.onDisk(collection, expected, "\(first) just before \(found[1])")
            let home = try editor.state("the moved chip first among the found") {
                $0.focus == "chip:" + first && $0.names.first == first && $0.settled
            }
            #expect(home.search.found == found.count && home.search.text == "beach 1", "\(home.search)")

            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, Self.moving(first, after: found.last!, in: tags), "the Home move undone")
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, Self.moving(first, after: found[1], in: tags), "the End move undone")
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, tags, "every move undone")
            try editor.state("the moved chip still focused, first again") {
                $0.focus == "chip:" + first && $0.names.first == first && $0.settled
            }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// With the pointer, under openbox, in the virtual list: the fourth chip found dropped at
        /// the start of the first lands just before it among all the tags; Ctrl+Z puts it back.
        @Test func aFoundChipDraggedLandsJustBeforeTheChipItWasDroppedOn() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let tags = (0..<3_000).map(ChipSearch.tag)
            let (editor, collection) = try Self.start(tags, ["--virtual"], scratch, display)
            try editor.resize(width: 700, height: 600)
            let found = try Self.search(editor, "beach 1", in: tags)
            let shown = try editor.state("the found chips placed") { $0.settled && $0.frame(found[3]) != nil && $0.frame(found[0]) != nil }
            let target = try #require(shown.frame(found[0]))
            try CollectionReorder.drag(editor, found[3], toX: target.x + 2, y: target.y + target.height / 2)
            try CollectionReorder.onDisk(collection, Self.moving(found[3], before: found[0], in: tags),
                                         "\(found[3]) just before \(found[0])")
            let moved = try editor.state("the found chips in the new order") { $0.names.first == found[3] && $0.settled }
            #expect(moved.search.found == found.count)
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, tags, "the drop undone")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// alpha, beta and alpine selected (a click, two Ctrl+clicks), then a search for "al":
        /// beta, hidden, leaves the selection; Enter and Delete remove alpha and alpine only.
        /// Then Ctrl+A on a found chip selects the found chips, not every tag, and Delete removes
        /// just those; narrowing the search keeps the selected chips it still shows. Ctrl+Z twice
        /// gives back the file.
        @Test func aSelectionThenASearchActsOnTheChipsShown() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = ["alpha", "beta", "gamma", "alpine", "delta", "alsace", "also", "halo", "omega"]
            let (editor, collection) = try Self.start(tags, [], scratch, display)
            try editor.focus(chip: "alpha")
            try editor.click(chip: "beta", holding: "ctrl")
            try editor.click(chip: "alpine", holding: "ctrl")
            try editor.state("three selected") { $0.selectedNames == ["alpha", "beta", "alpine"] }
            _ = try Self.search(editor, "al", in: tags)
            let searched = try editor.state("beta hidden and unselected") {
                $0.names == ["alpha", "alpine", "alsace", "also", "halo"] && $0.settled
            }
            #expect(searched.selectedNames == ["alpha", "alpine"], "\(searched.selectedNames)")
            try editor.key("Return")
            try editor.state("alpha focused, still selected") { $0.focus == "chip:alpha" && $0.selectedNames == ["alpha", "alpine"] }
            try editor.key("Delete")
            var expected = ["beta", "gamma", "delta", "alsace", "also", "halo", "omega"]
            try CollectionReorder.onDisk(collection, expected, "alpha and alpine removed, beta kept")
            let removed = try editor.state("the two gone from the found") { $0.names == ["alsace", "also", "halo"] && $0.settled }
            #expect(removed.search.text == "al" && removed.selectedNames.isEmpty)

            // Ctrl+A on a found chip: the found, not the nine.
            try editor.focus(chip: "also")
            try editor.key("ctrl+a")
            try editor.state("the found selected") { $0.selectedNames == ["alsace", "also", "halo"] }
            // Narrowing keeps the selected chips still shown.
            try editor.key("ctrl+f")
            try editor.state("back in the search") { $0.focus == "search" }
            try editor.key("End")
            try editor.type("s")
            let narrowed = try editor.state("als found") { $0.search.text == "als" && $0.names == ["alsace", "also"] && $0.settled }
            #expect(narrowed.selectedNames == ["alsace", "also"], "\(narrowed.selectedNames)")
            try editor.key("Return")
            try editor.state("alsace focused") { $0.focus == "chip:alsace" }
            try editor.key("Delete")
            expected = ["beta", "gamma", "delta", "halo", "omega"]
            try CollectionReorder.onDisk(collection, expected, "alsace and also removed, halo (selected, then hidden by “als”) kept")
            try editor.key("ctrl+z")
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, tags, "both removals undone")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// A selection, a search and a drag together, under openbox: alpine and also selected
        /// among the tags "al" finds, also dragged onto the start of alpha (the first found): both
        /// go to the front of the collection in the order shown, one step; Ctrl+Z puts them back.
        @Test func aSelectionOfFoundChipsDraggedTogether() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let tags = ["alpha", "beta", "alpine", "gamma", "alps", "delta", "also"]
            let (editor, collection) = try Self.start(tags, [], scratch, display)
            try editor.resize(width: 560, height: 500)
            _ = try Self.search(editor, "al", in: tags)
            try editor.focus(chip: "alpine")
            try editor.click(chip: "also", holding: "ctrl")
            let picked = try editor.state("alpine and also selected") {
                $0.selectedNames == ["alpine", "also"] && $0.names == ["alpha", "alpine", "alps", "also"] && $0.settled
            }
            let first = try #require(picked.frame("alpha"))
            try CollectionReorder.drag(editor, "also", toX: first.x + 2, y: first.y + first.height / 2)
            let expected = ["alpine", "also", "alpha", "beta", "gamma", "alps", "delta"]
            try CollectionReorder.onDisk(collection, expected, "alpine and also first, together")
            let moved = try editor.state("the found chips in the new order") {
                $0.names == ["alpine", "also", "alpha", "alps"] && $0.settled
            }
            #expect(moved.undoSteps == 1 && moved.selectedNames == ["alpine", "also"], "\(moved.undoSteps) steps, \(moved.selectedNames)")
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, tags, "one Ctrl+Z puts both back")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// F2 on a found chip in the virtual list: the rename is saved in its place among all the
        /// tags; the new name, which the search does not find, leaves the chips found and the
        /// count follows; Ctrl+Z brings it back among them.
        @Test func aRenameWhileSearching() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<3_000).map(ChipSearch.tag)
            let (editor, collection) = try Self.start(tags, [], scratch, display)
            let found = try Self.search(editor, "beach 1", in: tags)
            try editor.key("Return")
            try editor.state("the first found focused") { $0.focus == "chip:" + found[0] }
            try editor.key("F2")
            try editor.state("the rename field") { $0.renaming == found[0] }
            try editor.key("ctrl+a")
            try editor.type("seaside")
            try editor.key("Return")
            var expected = tags
            expected[tags.firstIndex(of: found[0])!] = "seaside"
            try CollectionReorder.onDisk(collection, expected, "\(found[0]) renamed seaside in its place")
            let renamed = try editor.state("the count follows") { $0.search.found == found.count - 1 && $0.settled }
            #expect(!renamed.names.contains("seaside") && renamed.search.text == "beach 1", "\(renamed.search)")
            try editor.key("ctrl+z")
            try CollectionReorder.onDisk(collection, tags, "the rename undone")
            try editor.state("back among the found") { $0.search.found == found.count && $0.names.first == found[0] }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }

    /// The keyboard paths of the above under Wayland (headless sway, keys from wtype), in the
    /// virtual list: Ctrl+Shift+End on the first chip found saves it just after the last found;
    /// Ctrl+Z puts it back; Ctrl+A on a found chip and Delete remove the found tags only.
    @Suite(.enabled(if: WaylandSession.isAvailable, "needs root, sway, wtype and grim")) struct SearchMeetsEditsOnWayland {
        @Test func aFoundChipMovedAndTheFoundRemovedByKeysUnderWayland() throws {
            let (scratch, tags, session, editor) = try ChipSearch.searchOpenUnderWayland(width: 500)
            let collection = scratch.path + "/tags.json"
            func shown(_ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
                try ChipSearch.shown(editor, what, condition)
            }
            try session.keys("beach 1")
            let found = ChipSearch.expected(tags, "beach 1")
            try shown("beach 1 found") { $0.search.text == "beach 1" && $0.search.found == found.count && $0.settled }
            try session.keys("-k", "Return")
            try shown("the first found focused") { $0.focus == "chip:" + found[0] }
            try session.keys("-M", "ctrl", "-M", "shift", "-k", "End", "-m", "shift", "-m", "ctrl")
            try shown("the move shown") { $0.names.last == found[0] && $0.settled }
            try CollectionReorder.onDisk(collection, SearchMeetsEdits.moving(found[0], after: found.last!, in: tags),
                                         "\(found[0]) just after the last found")
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try CollectionReorder.onDisk(collection, tags, "the move undone")
            try shown("the first found focused again") { $0.focus == "chip:" + found[0] && $0.names.first == found[0] && $0.settled }
            try session.keys("-M", "ctrl", "-k", "a", "-m", "ctrl")
            let all = try shown("the found selected") { !$0.selectedNames.isEmpty && $0.selectedNames == $0.names }
            #expect(all.names.allSatisfy(found.contains), "\(all.names)")
            try session.keys("-k", "Delete")
            try CollectionReorder.onDisk(collection, tags.filter { !found.contains($0) }, "the found removed, no other tag")
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try CollectionReorder.onDisk(collection, tags, "the removal undone")
        }
    }
}

