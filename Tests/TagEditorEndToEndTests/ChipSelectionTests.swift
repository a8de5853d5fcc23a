// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorProcess {
    /// Clicks a point of its window with `modifier` ("ctrl", "shift") held, as a user does.
    func click(x: Double, y: Double, holding modifier: String) throws {
        try focus()
        try display.xdotool(["mousemove", "--window", window, "\(Int(x.rounded()))", "\(Int(y.rounded()))",
                             "keydown", modifier, "click", "1", "keyup", modifier])
    }

    /// Where chip `name`'s centre is, once the chips are placed.
    func placedCentre(of name: String) throws -> (x: Double, y: Double) {
        try state("\(name) placed") { $0.settled && $0.chip(name)?.centre != nil }.chip(name)!.centre!
    }

    /// Clicks a chip with `modifier` held once the chips are placed.
    func click(chip name: String, holding modifier: String) throws {
        let centre = try placedCentre(of: name)
        try click(x: centre.x, y: centre.y, holding: modifier)
    }

    /// Clicks a chip once the chips are placed, and waits until it has the focus.
    func focus(chip name: String) throws {
        let centre = try placedCentre(of: name)
        try click(x: centre.x, y: centre.y)
        try state("\(name) focused") { $0.focus == "chip:" + name }
    }
}

extension EndToEnd {
    /// Issue 26: several chips at once. Ctrl+click, Shift+click and Ctrl+A select; Delete
    /// removes every selected tag as one undo step, Ctrl+C copies them (read back with xclip),
    /// a drag carries them to another window. Checked on disk and in the state report.
    @Suite struct ChipSelection {
        @Test func selectSeveralThenCopyDeleteAndUndoInOneStep() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = ["a", "b", "c", "d", "e"]
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.click(chip: "b", holding: "ctrl")
            try editor.state("b selected") { $0.selectedNames == ["b"] }
            try editor.click(chip: "d", holding: "shift")
            try editor.state("b to d selected") { $0.selectedNames == ["b", "c", "d"] }
            try editor.click(chip: "c", holding: "ctrl")
            let picked = try editor.state("c taken out") { $0.selectedNames == ["b", "d"] }
            #expect(picked.focus == "chip:c")
            try editor.key("ctrl+c")
            try editor.state("copied") { $0.copied == "b, d" }
            #expect(try waitUntil("the clipboard") { try editor.clipboard() == "b, d" ? true : nil })
            try editor.key("Delete")
            try waitUntil("b and d removed") { OnDisk.collection(at: collection) == ["a", "c", "e"] ? true : nil }
            let removed = try editor.state("b and d gone") { $0.names == ["a", "c", "e"] }
            #expect(removed.undoSteps == 1 && removed.selectedNames.isEmpty)
            try editor.key("ctrl+z")
            try waitUntil("both back in one undo") { OnDisk.collection(at: collection) == tags ? true : nil }
            #expect(try editor.state("all five shown") { $0.names == tags }.undoSteps == 0)

            try editor.focus(chip: "a")
            try editor.key("ctrl+a")
            try editor.state("all selected") { $0.selectedNames == tags }
            try editor.key("Escape")
            try editor.state("none selected") { $0.selectedNames.isEmpty }
            #expect(OnDisk.collection(at: collection) == tags)
        }

        /// Ctrl+A on a chip then Backspace empties the collection (as a new user did, meaning to
        /// clear the entry): the message says so and offers Undo, and the real pointer's click on
        /// it puts every tag back on disk, in order. A second Ctrl+Z in the entry afterwards
        /// brings back no typed text: the entry's own undo does not reach text that became tags.
        @Test func removingEveryTagSaysSoAndOffersUndo() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (1...20).map { "tag-\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.focus(chip: "tag-3")
            try editor.key("ctrl+a")
            try editor.state("all selected") { $0.selectedNames == tags }
            try editor.key("BackSpace")
            try waitUntil("every tag removed") { OnDisk.collection(at: collection) == [] ? true : nil }
            let emptied = try editor.state("the message with Undo") {
                $0.names.isEmpty && $0.message == "Removed 20 tags." && $0.values["messageAction"] as? String == "Undo"
                    && $0.values["messageRevealed"] as? Bool == true && $0.widget("toastAction") != nil
            }
            #expect(emptied.undoSteps == 1)
            try editor.click(widget: "toastAction")
            try waitUntil("every tag back") { OnDisk.collection(at: collection) == tags ? true : nil }
            let back = try editor.state("all twenty shown") { $0.names == tags }
            #expect(back.values["messageAction"] as? String != "Undo" && back.undoSteps == 0)

            // A tag typed and added, its add undone; Ctrl+Z again finds no editor step, and the
            // entry keeps empty (it brought back "typed-one" before).
            try editor.addTag("typed-one")
            try waitUntil("typed-one saved") { OnDisk.collection(at: collection)?.last == "typed-one" ? true : nil }
            try editor.state("the entry emptied, focused") { $0.entry.isEmpty && $0.focus == "entry" }
            try editor.key("ctrl+z")
            try waitUntil("typed-one undone") { OnDisk.collection(at: collection) == tags ? true : nil }
            try editor.key("ctrl+z")
            try display.xdotool(["sleep", "0.5"])
            let after = try editor.state("after the second Ctrl+Z") { $0.names == tags }
            #expect(after.entry.isEmpty, "the entry holds \(after.entry)")
            #expect(OnDisk.collection(at: collection) == tags)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Two selected chips dragged from one window onto another editor's entry: the entry
        /// gets both tags, and Enter there puts them on that window's file.
        @Test func aDragCarriesTheSelectedTags() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x,y,z"), b = scratch.file("b.txt", tags: "w")
            let source = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
            let target = try EditorProcess([b], on: display, dataHome: scratch.path, position: (0, 620))
            try source.click(chip: "x", holding: "ctrl")
            try source.click(chip: "z", holding: "ctrl")
            let picked = try source.state("x and z selected") { $0.selectedNames == ["x", "z"] }
            let from = picked.chip("z")!.centre!
            let entry = try target.state("the target's entry") { $0.entryCentre != nil }.entryCentre!
            let start = try display.origin(of: source.window), end = try display.origin(of: target.window)
            // A pause first, as a hand makes: a press within the double-click time of the last
            // click on z would be a double-click, which renames.
            try display.dragPointer(from: (start.x + Int(from.x), start.y + Int(from.y)),
                                    to: (end.x + Int(entry.x), end.y + Int(entry.y)), pause: 0.6)
            try target.state("both tags dropped in the entry") { $0.entry == "x, z" }
            display.focusedWindow = nil
            try target.key("Return")
            try waitUntil("x and z on b.txt") { OnDisk.tags(of: b) == ["w", "x", "z"] ? true : nil }
            #expect(OnDisk.tags(of: a) == ["x", "y", "z"], "a drag copies; the source keeps its tags")
            #expect(!source.errors.contains("CRITICAL") && !target.errors.contains("CRITICAL"))
        }
    }
}
