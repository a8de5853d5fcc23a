// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The collection's order is the user's (issue 28, item 3): chips dragged with the real pointer
    /// or moved with Alt+Shift and a key are saved in their new order, one undo step each, applied
    /// to what is on disk; files' tags keep no order, so there nothing moves.
    @Suite(.serialized) struct CollectionReorder {
        /// `order` with `name` taken out and put before `before` (`nil`: at the end).
        static func moving(_ name: String, before: String?, in order: [String]) -> [String] {
            var result = order.filter { $0 != name }
            result.insert(name, at: before.flatMap { result.firstIndex(of: $0) } ?? result.count)
            return result
        }

        /// The chips' names line by line (a line: the chips whose frames share a top).
        static func lines(of shown: EditorState) -> [[String]] {
            let tops = Set(shown.names.compactMap { shown.frame($0)?.y }).sorted()
            return tops.map { top in shown.names.filter { shown.frame($0)?.y == top } }
        }

        static func reorderable(_ shown: EditorState) -> Bool? { shown.values["reorderable"] as? Bool }

        /// Presses on `name`'s centre, moves the pointer in twelve steps to (`x`, `y`) of the
        /// window, as a hand does, and releases.
        static func drag(_ editor: EditorProcess, _ name: String, toX x: Double, y: Double) throws {
            let shown = try editor.state("\(name), settled") { $0.settled && $0.frame(name) != nil }
            let frame = try #require(shown.frame(name))
            let start = (x: Int(frame.x + frame.width / 3), y: Int(frame.y + frame.height / 2))
            // A pause first: a press within the double-click time of the last click would rename.
            try editor.display.xdotool(["sleep", "0.6", "mousemove", "--window", editor.window, "\(start.x)", "\(start.y)",
                                        "mousedown", "1"])
            let steps = 12
            for step in 1...steps {
                let px = start.x + (Int(x) - start.x) * step / steps, py = start.y + (Int(y) - start.y) * step / steps
                try editor.display.xdotool(["mousemove", "--window", editor.window, "\(px)", "\(py)", "sleep", "0.04"])
            }
            try editor.display.xdotool(["sleep", "0.2", "mouseup", "1"])
        }

        static func onDisk(_ collection: String, _ expected: [String], _ what: String) throws {
            try waitUntil("\(what) on disk (it has \(OnDisk.collection(at: collection) ?? []))") {
                OnDisk.collection(at: collection) == expected ? true : nil
            }
        }

        /// Twelve tags on three lines or more (openbox sizes the window): a chip of line 1 dropped
        /// at the start of line 3, one at the end of line 2, then one after the last chip. Each time the collection on disk
        /// and the chips have the new order; Ctrl+Z puts the last one back.
        @Test func aChipDraggedWithThePointerIsSavedInItsNewPlace() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            let tags = (1...12).map { "reordered-tag-\($0 < 10 ? "0" : "")\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.resize(width: 560, height: 500)
            var shown = try editor.state("the tags on three lines or more, at the new width") {
                $0.names == tags && $0.settled && Self.lines(of: $0).count >= 3 && abs($0.windowWidth - 560) < 60
            }
            #expect(Self.reorderable(shown) == true)

            // From line 1 to the start of line 3: just before its first chip.
            var lines = Self.lines(of: shown)
            let third = try #require(shown.frame(lines[2][0]))
            var expected = Self.moving(lines[0][0], before: lines[2][0], in: shown.names)
            try Self.drag(editor, lines[0][0], toX: third.x + 3, y: third.y + third.height / 2)
            try Self.onDisk(collection, expected, "line 1's first chip before line 3's first (lines \(lines), "
                           + "\(lines.flatMap { $0 }.map { "\($0) \(shown.frame($0)!)" }))")
            shown = try editor.state("the chips in the new order") { $0.names == expected && $0.settled }
            #expect(shown.undoSteps == 1)

            // From line 1 to the end of line 2: just after its last chip. In an order that is
            // the place before line 3's first chip; the layout decides its line (docs/library.md, "Reordering by the user").
            lines = Self.lines(of: shown)
            let endOfSecond = try #require(shown.frame(lines[1].last!))
            expected = Self.moving(lines[0][0], before: lines[2][0], in: shown.names)
            try Self.drag(editor, lines[0][0], toX: endOfSecond.x + endOfSecond.width + 2,
                          y: endOfSecond.y + endOfSecond.height / 2)
            try Self.onDisk(collection, expected, "line 1's first chip after line 2's last (lines \(lines))")
            shown = try editor.state("the chip at the end of line 2") { $0.names == expected && $0.settled }
            #expect(shown.undoSteps == 2)

            // From line 1 to after the last chip.
            lines = Self.lines(of: shown)
            let last = try #require(shown.frame(shown.names.last!))
            let before = expected
            expected = Self.moving(lines[0][0], before: nil, in: shown.names)
            try Self.drag(editor, lines[0][0], toX: last.x + last.width + 3, y: last.y + last.height / 2)
            try Self.onDisk(collection, expected, "line 1's first chip after the last")
            shown = try editor.state("the chip last") { $0.names == expected && $0.settled }
            #expect(shown.undoSteps == 3)

            try editor.key("ctrl+z")
            try Self.onDisk(collection, before, "the order before the last drag")
            try editor.state("the chips back in that order") { $0.names == before }
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// Alt+Shift+Right and Home on a focused chip: the order on disk, the focus kept on the
        /// chip; Ctrl+Z gives the old order back. Without a window manager: openbox binds
        /// Alt+Shift and the arrows to moving windows between desktops.
        @Test func theKeysMoveTheFocusedChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c", "d"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let shown = try editor.state("the collection") { $0.names == ["a", "b", "c", "d"] && $0.settled }
            #expect(Self.reorderable(shown) == true)
            let b = try #require(shown.chip("b")?.centre)
            try editor.click(x: b.x, y: b.y)
            try editor.state("b focused") { $0.focus == "chip:b" }
            try editor.key("alt+shift+Right")
            try Self.onDisk(collection, ["a", "c", "b", "d"], "b after c")
            try editor.state("b after c, still focused") { $0.names == ["a", "c", "b", "d"] && $0.focus == "chip:b" }
            try editor.key("alt+shift+Home")
            try Self.onDisk(collection, ["b", "a", "c", "d"], "b first")
            try editor.state("b first, still focused") { $0.names == ["b", "a", "c", "d"] && $0.focus == "chip:b" }
            try editor.key("alt+shift+End")
            try Self.onDisk(collection, ["a", "c", "d", "b"], "b last")
            try editor.key("ctrl+z")
            try Self.onDisk(collection, ["b", "a", "c", "d"], "b first again after Ctrl+Z")
            try editor.state("the chips after the undo") { $0.names == ["b", "a", "c", "d"] }
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// A screen reader (AT-SPI) reads how a collection's chip can be moved (the chips' own
        /// updates keep what the box said), and after a move where it went.
        @Test func aScreenReaderReadsTheMoveKeysAndTheNewPlace() throws {
            let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           environment: bus.editorEnvironment)
            let shown = try editor.state("the collection") { $0.names == ["alpha", "beta", "gamma"] && $0.settled }
            let before = try AccessibleTree(of: editor, over: bus)
            #expect(before.chip("Tag beta")?.description.contains("Ctrl+Shift+arrow keys") == true,
                    "\(before.chips.map { ($0.name, $0.description) })")
            let beta = try #require(shown.frame("beta"))
            try editor.click(x: beta.x + 12, y: beta.y + beta.height / 2)
            try editor.state("beta focused") { $0.focus == "chip:beta" }
            let clicked = try AccessibleTree(of: editor, over: bus)
            #expect(clicked.chip("Tag beta")?.description.contains("Ctrl+Shift+arrow keys") == true,
                    "\(clicked.chips.map { ($0.name, $0.description) })")
            try editor.key("alt+shift+End")
            try Self.onDisk(collection, ["alpha", "gamma", "beta"], "beta last")
            let moved = try editor.state("beta last") { $0.names == ["alpha", "gamma", "beta"] }
            #expect(Self.reorderable(moved) == true)
            let after = try AccessibleTree(of: editor, over: bus)
            // The chips are shown again after the move; a chip's tooltip, which GTK makes its
            // description, is set only when it changes, so what the box said stays.
            #expect(after.chip("Tag beta")?.description.hasPrefix("Moved to position 3 of 3.") == true,
                    "\(after.chips.map { ($0.name, $0.description) })")
            #expect(after.chip("Tag alpha")?.description.contains("Ctrl+Shift+arrow keys") == true,
                    "\(after.chips.map { ($0.name, $0.description) })")
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// Right to left: Alt+Shift+Right moves the chip to the right on screen, which is towards
        /// the start of the order.
        @Test func rightToLeftMovesInTheVisualDirection() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["alpha", "beta", "gamma", "delta"], at: collection)
            let editor = try EditorProcess(["--collection", collection, "--direction", "rtl"], on: display,
                                           dataHome: scratch.path)
            let shown = try editor.state("the collection, right to left") {
                $0.names == ["alpha", "beta", "gamma", "delta"] && $0.settled && $0.direction == "rtl"
            }
            // Right to left, alpha is rightmost.
            #expect((shown.frame("alpha")?.x ?? 0) > (shown.frame("beta")?.x ?? 0))
            // On its name, which is on the right in right to left (the remove button on the left).
            let gamma = try #require(shown.frame("gamma"))
            try editor.click(x: gamma.x + gamma.width - 10, y: gamma.y + gamma.height / 2)
            try editor.state("gamma focused") { $0.focus == "chip:gamma" }
            try editor.key("alt+shift+Right")
            try Self.onDisk(collection, ["alpha", "gamma", "beta", "delta"], "gamma moved right, before beta")
            let moved = try editor.state("gamma right of beta") { $0.names == ["alpha", "gamma", "beta", "delta"] && $0.settled }
            #expect((moved.frame("gamma")?.x ?? 0) > (moved.frame("beta")?.x ?? 0))
            try editor.key("alt+shift+Left")
            try Self.onDisk(collection, ["alpha", "beta", "gamma", "delta"], "gamma moved left, after beta")
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// Another program rewrites tags.json between two moves (it adds a tag): its tag and both
        /// moves are there after the second.
        @Test func anotherProgramsTagAndTheMoveBothSurvive() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c", "d"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let shown = try editor.state("the collection") { $0.names == ["a", "b", "c", "d"] && $0.settled }
            let a = try #require(shown.chip("a")?.centre)
            try editor.click(x: a.x, y: a.y)
            try editor.state("a focused") { $0.focus == "chip:a" }
            try editor.key("alt+shift+Right")
            try Self.onDisk(collection, ["b", "a", "c", "d"], "a after b")
            try editor.state("a after b") { $0.names == ["b", "a", "c", "d"] }
            try OnDisk.writeCollection(["other", "b", "a", "c", "d"], at: collection)
            try editor.state("the other program's tag") { $0.names == ["other", "b", "a", "c", "d"] }
            if try editor.state("the focus", { _ in true }).focus != "chip:a" {
                let again = try #require(try editor.state("a", { $0.settled }).chip("a")?.centre)
                try editor.click(x: again.x, y: again.y)
                try editor.state("a focused") { $0.focus == "chip:a" }
            }
            try editor.key("alt+shift+End")
            try Self.onDisk(collection, ["other", "b", "c", "d", "a"], "a last, the other tag kept")
            try editor.state("a last") { $0.names == ["other", "b", "c", "d", "a"] }
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// Files' tags keep no order: the chips cannot be reordered, Alt+Shift+Right changes nothing.
        @Test func fileModeHasNoReordering() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("a.txt", tags: "x,y,z")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            let shown = try editor.state("the file's tags") { $0.names == ["x", "y", "z"] && $0.settled }
            #expect(Self.reorderable(shown) == false)
            let x = try #require(shown.chip("x")?.centre)
            try editor.click(x: x.x, y: x.y)
            try editor.state("x focused") { $0.focus == "chip:x" }
            try editor.key("alt+shift+Right")
            // Right after it moves the focus on: the keys are taken in order, so once y has the
            // focus the move key was taken too.
            try editor.key("Right")
            let after = try editor.state("y focused") { $0.focus == "chip:y" }
            #expect(after.names == ["x", "y", "z"])
            #expect(after.undoSteps == 0)
            #expect(OnDisk.tags(of: file) == ["x", "y", "z"])
            #expect(!editor.errors.contains("CRITICAL"))
        }

        /// A chip of the virtual list (2,000 tags, reordering on) dragged with the real pointer
        /// onto another editor's entry gives it the chip's tag, as a chip of the box does; the
        /// collection keeps its order.
        @Test func aVirtualChipDraggedOntoAnotherEditorGivesItsTag() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (0..<2_000).map { "tag\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let file = scratch.file("b.txt", tags: "w")
            let source = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path, position: (0, 0))
            let target = try EditorProcess([file], on: display, dataHome: scratch.path, position: (0, 620))
            let shown = try source.state("the virtual list") { $0.isVirtual && $0.settled && $0.chip("tag1")?.centre != nil }
            #expect(Self.reorderable(shown) == true)
            let from = try #require(shown.chip("tag1")?.centre)
            let entry = try #require(try target.state("the target's entry") { $0.entryCentre != nil }.entryCentre)
            let start = try display.origin(of: source.window), end = try display.origin(of: target.window)
            try display.dragPointer(from: (start.x + Int(from.x), start.y + Int(from.y)),
                                    to: (end.x + Int(entry.x), end.y + Int(entry.y)), pause: 0.2)
            try target.state("tag1 dropped in the entry") { $0.entry == "tag1" }
            try source.state("the drag over") { $0.settled }
            #expect(OnDisk.collection(at: collection) == tags, "a drop on another window moves nothing here")
            #expect(!source.errors.contains("CRITICAL") && !target.errors.contains("CRITICAL"))
        }

        /// 2,000 tags are in the virtual list: a key move there reaches the disk too, and the
        /// focus stays on the moved chip.
        @Test func aKeyMoveInTheVirtualListIsSaved() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (0..<2_000).map { "tag\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let shown = try editor.state("the virtual list") { $0.isVirtual && $0.settled && $0.chip("tag1")?.centre != nil }
            #expect(Self.reorderable(shown) == true)
            let chip = try #require(shown.chip("tag1")?.centre)
            try editor.click(x: chip.x, y: chip.y)
            try editor.state("tag1 focused") { $0.focus == "chip:tag1" }
            try editor.key("alt+shift+Right")
            var expected = tags
            expected.swapAt(1, 2)
            try Self.onDisk(collection, expected, "tag1 after tag2")
            try editor.state("tag1 after tag2, focused") { $0.focus == "chip:tag1" && Array($0.names.prefix(3)) == ["tag0", "tag2", "tag1"] }
            try editor.key("alt+shift+Home")
            expected = ["tag1"] + tags.filter { $0 != "tag1" }
            try Self.onDisk(collection, expected, "tag1 first")
            try editor.key("ctrl+z")
            expected = tags
            expected.swapAt(1, 2)
            try Self.onDisk(collection, expected, "tag1 after tag2 again after Ctrl+Z")
            #expect(!editor.errors.contains("CRITICAL"))
        }
    }
}
