// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 39, items 5 and 6: keys that reach the app on every common desktop, and a rename
    /// field that opens with its text selected.
    @Suite(.serialized) struct MoveKeysAndRenameField {
        /// Under openbox, whose default configuration sends the window to another desktop on
        /// Alt+Shift+arrows: Ctrl+Shift with the arrows, Home and End moves the focused chip, saved
        /// on disk, the focus kept; the chip's accessible description names those keys.
        @Test func ctrlShiftArrowsMoveTheChipUnderAWindowManager() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c", "d"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.focus(chip: "b")
            try editor.key("ctrl+shift+Right")
            try EndToEnd.CollectionReorder.onDisk(collection, ["a", "c", "b", "d"], "b after c")
            try editor.state("b after c, focused") { $0.names == ["a", "c", "b", "d"] && $0.focus == "chip:b" }
            try editor.key("ctrl+shift+Home")
            try EndToEnd.CollectionReorder.onDisk(collection, ["b", "a", "c", "d"], "b first")
            try editor.key("ctrl+shift+End")
            try EndToEnd.CollectionReorder.onDisk(collection, ["a", "c", "d", "b"], "b last")
            try editor.key("ctrl+shift+Left")
            try EndToEnd.CollectionReorder.onDisk(collection, ["a", "c", "b", "d"], "b one back")
            let shown = try editor.state("b focused still") { $0.names == ["a", "c", "b", "d"] && $0.focus == "chip:b" }
            #expect(shown.undoSteps == 4)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Double-click "linux", type "x", Enter: the tag is "x" (it was "xlinux": the caret at
        /// the start, nothing selected, under openbox as a new user found it). F2 likewise.
        @Test func theRenameFieldOpensWithItsTextSelected() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["gnome", "linux", "kde"], at: collection)
            // As a user starts it: the app's own placement of the chips.
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path, placement: nil)
            let linux = try editor.placedCentre(of: "linux")
            // Typed at once, as a user does once the field shows.
            try editor.click(x: linux.x, y: linux.y, count: 2)
            try editor.type("x")
            try editor.state("x typed over the name") { $0.values["renameText"] as? String == "x" }
            try editor.key("Return")
            try waitUntil("linux renamed x") { OnDisk.collection(at: collection) == ["gnome", "x", "kde"] ? true : nil }
            try editor.focus(chip: "kde")
            try editor.key("F2")
            try editor.state("the rename of kde open") { $0.renaming == "kde" }
            try editor.type("plasma")
            try editor.state("plasma typed over the name") { $0.values["renameText"] as? String == "plasma" }
            try editor.key("Return")
            try waitUntil("kde renamed plasma") { OnDisk.collection(at: collection) == ["gnome", "x", "plasma"] ? true : nil }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// The same in the virtual list (a collection past its threshold, as the new user's was).
        @Test func theRenameFieldOpensSelectedInTheVirtualList() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["gnome", "linux", "kde"], at: collection)
            let editor = try EditorProcess(["--virtual", "--collection", collection], on: display, dataHome: scratch.path, placement: nil)
            let linux = try editor.placedCentre(of: "linux")
            try editor.click(x: linux.x, y: linux.y, count: 2)
            try editor.type("x")
            try editor.state("x typed over the name") { $0.values["renameText"] as? String == "x" }
            try editor.key("Return")
            try waitUntil("linux renamed x") { OnDisk.collection(at: collection) == ["gnome", "x", "kde"] ? true : nil }
        }

        /// The same in file mode, with two files open and the rename reached by a double-click.
        @Test func theRenameFieldOpensSelectedInFileMode() throws {
            let display = try VirtualDisplay()
            try display.startWindowManager()
            let scratch = try Scratch()
            let files = [scratch.file("a.txt", tags: "gnome,linux"), scratch.file("b.txt", tags: "linux")]
            let editor = try EditorProcess(files, on: display, dataHome: scratch.path, placement: nil)
            let linux = try editor.placedCentre(of: "linux")
            try editor.click(x: linux.x, y: linux.y, count: 2)
            try editor.type("x")
            try editor.state("x typed over the name") { $0.values["renameText"] as? String == "x" }
            try editor.key("Return")
            try waitUntil("linux renamed x on both") {
                OnDisk.rawTags(of: files[0]) == "gnome,x" && OnDisk.rawTags(of: files[1]) == "x" ? true : nil
            }
        }
    }
}
