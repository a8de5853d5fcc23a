// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// Whether Backspace in the empty entry selected the tag's chip.
    func isSelected(_ name: String) -> Bool { chipFields(name)?["selected"] as? Bool ?? false }
    /// The tags whose chips are shown as selected.
    var selectedNames: [String] { names.filter(isSelected) }
}

extension EndToEnd {
    /// Issue 26's editing defects, as a new user met them: real keys (xdotool) and pastes (xclip)
    /// to the real binary, checked on disk and in the state report.
    @Suite struct EntryAndChipKeys {
        /// 3. A pasted list and Enter is one action: one undo step takes every tag of it back,
        /// one redo makes them again, and the messages say so.
        @Test func aPastedListIsOneUndoStep() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["start"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.paste("x1\nx2\nx3")
            try editor.key("Return")
            try waitUntil("the list on disk") { OnDisk.collection(at: collection) == ["start", "x1", "x2", "x3"] ? true : nil }
            #expect(try editor.state("the list shown") { $0.names.count == 4 }.undoSteps == 1)
            try editor.key("ctrl+z")
            try waitUntil("the whole list undone") { OnDisk.collection(at: collection) == ["start"] ? true : nil }
            let undone = try editor.state("the undo said") { $0.lastActionKind == "undo" && $0.names == ["start"] }
            #expect(undone.message?.contains("Undone: add 3 tags") == true, "\(undone.message ?? "no message")")
            #expect(undone.undoSteps == 0 && undone.redoSteps == 1)
            try editor.key("ctrl+shift+z")
            try waitUntil("the whole list again") { OnDisk.collection(at: collection) == ["start", "x1", "x2", "x3"] ? true : nil }
            let redone = try editor.state("the redo said") { $0.lastActionKind == "redo" && $0.names.count == 4 }
            #expect(redone.message?.contains("Redone: add 3 tags") == true, "\(redone.message ?? "no message")")
        }

        /// 3, in file mode: the tags of one paste, each a change to the same two files, are taken
        /// back together and made again together.
        @Test func aPastedListOnFilesIsOneUndoStep() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "old"), b = scratch.file("b.txt", tags: "old,x2")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.paste("x1, x2, x3")
            try editor.key("Return")
            try waitUntil("the list on both") {
                OnDisk.tags(of: a) == ["old", "x1", "x2", "x3"] && OnDisk.tags(of: b) == ["old", "x2", "x1", "x3"] ? true : nil
            }
            #expect(try editor.state("the list shown") { $0.chip("x3")?.count == 2 }.undoSteps == 1)
            try editor.key("ctrl+z")
            try waitUntil("the paste undone on both") {
                OnDisk.tags(of: a) == ["old"] && OnDisk.tags(of: b) == ["old", "x2"] ? true : nil
            }
            try editor.key("ctrl+shift+z")
            try waitUntil("the paste made again") {
                OnDisk.tags(of: a) == ["old", "x1", "x2", "x3"] && OnDisk.tags(of: b) == ["old", "x2", "x1", "x3"] ? true : nil
            }
            let redone = try editor.state("the redo said") { $0.lastActionKind == "redo" }
            #expect(redone.undoSteps == 1 && redone.redoSteps == 0)
        }

        /// 4. The comma key makes a chip of what was typed before it; typed `beach,sunset,` and
        /// Enter gives the two tags a paste of it gives, with no message.
        @Test func aTypedCommaMakesAChipInTheCollection() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["start"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.type("beach,")
            let chip = try editor.state("the chip the comma made") { $0.names == ["start", "beach"] }
            #expect(chip.entry.isEmpty && chip.focus == "entry")
            #expect(OnDisk.collection(at: collection) == ["start", "beach"])
            try editor.type("sunset,")
            try editor.key("Return")
            try waitUntil("two tags") { OnDisk.collection(at: collection) == ["start", "beach", "sunset"] ? true : nil }
            let shown = try editor.state("two chips") { $0.names == ["start", "beach", "sunset"] }
            #expect(shown.entry.isEmpty)
            #expect(shown.message == nil || !shown.messageIsError, "\(shown.message ?? "")")

            // The same text pasted gives the same.
            try editor.paste("beach,sunset,")
            try editor.key("Return")
            let pasted = try editor.state("the paste taken") { $0.entry.isEmpty && $0.message != nil }
            #expect(pasted.message?.contains("Already there: “beach”, “sunset”") == true, "\(pasted.message ?? "")")
            #expect(pasted.names == ["start", "beach", "sunset"])
            #expect(OnDisk.collection(at: collection) == ["start", "beach", "sunset"])
        }

        /// 4. In file mode, typed `x1,x2` and Enter adds two tags, as pasting it does (it used to
        /// be refused for its comma).
        @Test func typedCommasSeparateFileTags() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("a.txt", tags: "old")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.type("x1,x2")
            try editor.state("x1 made by the comma") { $0.names == ["old", "x1"] && $0.entry == "x2" }
            try editor.key("Return")
            try waitUntil("both on the file") { OnDisk.tags(of: file) == ["old", "x1", "x2"] ? true : nil }
            let shown = try editor.state("both shown") { $0.names == ["old", "x1", "x2"] }
            #expect(shown.entry.isEmpty && shown.lastActionError == nil)
        }

        /// 5. Backspace in the empty entry selects the last chip, the second removes it; Escape
        /// or typing deselects. The focus stays in the entry throughout.
        @Test func backspaceSelectsTheLastChipFirst() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.key("BackSpace")
            let selected = try editor.state("c selected") { $0.isSelected("c") }
            #expect(selected.focus == "entry" && selected.selectedNames == ["c"])
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c"])
            try editor.key("BackSpace")
            try waitUntil("c removed on disk") { OnDisk.collection(at: collection) == ["a", "b"] ? true : nil }
            let removed = try editor.state("c gone") { $0.names == ["a", "b"] }
            #expect(removed.focus == "entry" && removed.selectedNames.isEmpty)

            try editor.key("BackSpace")
            try editor.state("b selected") { $0.isSelected("b") }
            try editor.key("Escape")
            let escaped = try editor.state("b deselected by Escape") { !$0.isSelected("b") }
            #expect(escaped.focus == "entry" && escaped.names == ["a", "b"])
            try editor.key("BackSpace")
            try editor.state("b selected again") { $0.isSelected("b") }
            try editor.type("x")
            let typed = try editor.state("b deselected by typing") { $0.entry == "x" }
            #expect(typed.selectedNames.isEmpty)
            #expect(OnDisk.collection(at: collection) == ["a", "b"])
        }

        /// 5. When another program removes the selected tag, the next Backspace selects the new
        /// last chip (it removes nothing the user did not see selected).
        @Test func aSelectedTagRemovedByAnotherProgram() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.key("BackSpace")
            try editor.state("c selected") { $0.isSelected("c") }
            try OnDisk.writeCollection(["a", "b"], at: collection)   // another program, meanwhile
            try editor.state("c gone") { $0.names == ["a", "b"] }
            try editor.key("BackSpace")
            let shown = try editor.state("b selected") { $0.isSelected("b") }
            #expect(shown.names == ["a", "b"] && shown.focus == "entry")
            #expect(OnDisk.collection(at: collection) == ["a", "b"])
        }

        /// 7. A line of invisible characters only is refused with why, and not left in the entry
        /// looking empty: the empty entry's Backspace then works on the chips.
        @Test func anInvisibleOnlyEntryIsClearedAndSaysWhy() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.paste("\u{200B}")
            try editor.key("Return")
            let refused = try editor.state("the refusal said") { $0.message?.contains("invisible") == true }
            #expect(refused.entry.isEmpty, "the entry holds \(Array(refused.entry.unicodeScalars))")
            #expect(refused.message?.contains("U+200B") == true, "\(refused.message ?? "")")
            try editor.key("BackSpace")
            try editor.state("b selected by the empty entry's Backspace") { $0.isSelected("b") }
            #expect(OnDisk.collection(at: collection) == ["a", "b"])
        }

        /// 8. Tab goes from chip to chip (the remove buttons take no focus), Enter on a chip does
        /// not remove it, Right and Left go to the next and previous chip; the remove button is
        /// still there for the pointer, and Delete for the keyboard.
        @Test func tabAndArrowsMoveChipToChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c", "d"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let placed = try editor.state("the chips placed") { $0.settled && $0.chip("d")?.remove != nil }
            #expect(placed.names.allSatisfy { placed.chipFields($0)?["removeFocusable"] as? Bool == false })
            try editor.clickEntry()
            try editor.key("Tab")
            try editor.state("a focused") { $0.focus == "chip:a" }
            try editor.key("Tab")
            try editor.state("b focused") { $0.focus == "chip:b" }
            try editor.key("Return")
            try editor.key("Right")
            try editor.state("c focused") { $0.focus == "chip:c" }
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c", "d"], "Enter on a chip removed nothing")
            try editor.key("Right")
            try editor.state("d focused") { $0.focus == "chip:d" }
            try editor.key("Left", "Left")
            try editor.state("b focused again") { $0.focus == "chip:b" }
            try editor.key("Delete")
            try waitUntil("b removed by Delete") { OnDisk.collection(at: collection) == ["a", "c", "d"] ? true : nil }
            try editor.state("the focus on c") { $0.focus == "chip:c" }
            let shown = try editor.state("d placed") { $0.settled && $0.names == ["a", "c", "d"] && $0.chip("d")?.remove != nil }
            let remove = shown.chip("d")!.remove!
            try editor.click(x: remove.x, y: remove.y)
            try waitUntil("d removed by its button") { OnDisk.collection(at: collection) == ["a", "c"] ? true : nil }
            #expect(try editor.state("d gone") { $0.names == ["a", "c"] }.focus.hasPrefix("remove:") == false)
        }

        /// 10. When nothing can be changed (the only file is read-only) the remove buttons are
        /// insensitive and their tooltip says why.
        @Test func removeButtonsAreOffWhenNothingCanBeChanged() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("ro.txt", tags: "one,two")
            chmod(file, 0o444)
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            let shown = try editor.state("the chips placed") { $0.settled && $0.names == ["one", "two"] && $0.chip("two")?.remove != nil }
            #expect(!shown.entryEditable)
            for name in shown.names {
                let fields = shown.chipFields(name) ?? [:]
                #expect(fields["removeSensitive"] as? Bool == false, "\(name): \(fields)")
                let tooltip = fields["removeTooltip"] as? String ?? ""
                #expect(tooltip.contains("cannot be removed") && tooltip.contains("ro.txt"), "\(name): \(tooltip)")
            }
            // A click on it does nothing, as it shows.
            let remove = shown.chip("one")!.remove!
            try editor.click(x: remove.x, y: remove.y)
            try editor.state("still both") { $0.names == ["one", "two"] }
            #expect(OnDisk.tags(of: file) == ["one", "two"])
        }

        /// 6. Suggestions offer no name that would be refused here (a remembered tag with a comma,
        /// in file mode).
        @Test func suggestionsOfferNoRefusedName() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try FileManager.default.createDirectory(atPath: scratch.path + "/wraphstack-tag-editor",
                                                    withIntermediateDirectories: true)
            try OnDisk.writeCollection(["beach,sunset,", "beach"], at: scratch.path + "/wraphstack-tag-editor/tags.json")
            let file = scratch.file("a.txt", tags: "old")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.type("bea")
            let offered = try editor.state("the suggestions") { $0.entry == "bea" && !$0.suggestions.isEmpty }
            #expect(offered.suggestions == ["beach"])
            try editor.key("Tab")
            try waitUntil("beach on the file") { OnDisk.tags(of: file) == ["old", "beach"] ? true : nil }
            #expect(try editor.state("the entry cleared") { $0.names.count == 2 }.entry.isEmpty)
        }
    }
}
