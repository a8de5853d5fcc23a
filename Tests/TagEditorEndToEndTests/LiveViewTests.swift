// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The window follows what other programs do to the data it shows, without a restart,
    /// keeping the focus and what is being typed; and the focus never lands on a remove button
    /// the user did not go to.
    @Suite struct LiveView {
        @Test func aCollectionReplacedByAnotherProgramIsShownWhileTyping() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one", "two"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.type("typing")
            try OnDisk.writeCollection(["two", "three"], at: collection)
            let shown = try editor.state("the new collection") { $0.names == ["two", "three"] }
            #expect(shown.entry == "typing")
            #expect(shown.focus == "entry")
        }

        /// A collection that another program leaves unreadable (half-written JSON) is left as it
        /// is; the entry is off and says why until the file is a collection again.
        @Test func aCollectionThatTurnsCorruptStopsEditsUntilFixed() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try Data("{\"format\": \"wraphstack-tags\", \"tags\": [".utf8).write(to: URL(fileURLWithPath: collection))
            let blocked = try editor.state("the entry off") { !$0.entryEditable }
            #expect(blocked.entryTooltip?.contains("can no longer be read") == true, "\(blocked.entryTooltip ?? "")")
            // No change of the user's was refused: the message does not say one was.
            #expect(blocked.entryTooltip?.contains("your change") == false, "\(blocked.entryTooltip ?? "")")
            #expect(blocked.message?.contains("your change") != true, "\(blocked.message ?? "")")
            #expect(blocked.names == ["one"])
            #expect(!FileManager.default.fileExists(atPath: collection + ".corrupt"))
            try OnDisk.writeCollection(["one", "fixed"], at: collection)
            try editor.state("the fixed collection, editable") { $0.entryEditable && $0.names == ["one", "fixed"] }
            try editor.addTag("after")
            try waitUntil("the new tag on disk") {
                OnDisk.collection(at: collection) == ["one", "fixed", "after"] ? true : nil
            }
        }

        /// Clicking a chip's remove button: the focus goes to the chip that took its place, then,
        /// when the last one goes, to the entry; never to a remove button.
        @Test func afterARemovalTheFocusIsOnTheNextChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            for (removed, next) in [("b", "chip:c"), ("c", "entry"), ("a", "entry")] {
                let chip = try editor.state("“\(removed)” placed") { $0.settled && $0.chip(removed)?.remove != nil }
                    .chip(removed)!
                try editor.click(x: chip.remove!.x, y: chip.remove!.y)
                let after = try editor.state("“\(removed)” removed") { !$0.names.contains(removed) }
                #expect(after.focus == next)
            }
            try waitUntil("the collection empty") { OnDisk.collection(at: collection) == [] ? true : nil }
            // Enter now does nothing harmful (it would have removed a tag through a focused button).
            try editor.key("Return")
        }

        /// Another program removes the tag whose chip has the focus, or whose rename popover is
        /// open: the focus goes to the chip that took its place, the popover closes, and nothing
        /// breaks (the editor runs with GTK criticals fatal).
        @Test func aFocusedOrBeingRenamedTagRemovedByAnotherProgram() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("photo.jpg", tags: "a,b,c,d")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            let b = try editor.state("the chips placed") { $0.settled && $0.chip("b")?.centre != nil }.chip("b")!
            try editor.click(x: b.centre!.x, y: b.centre!.y, count: 2)
            try editor.state("the rename popover") { $0.renaming == "b" }
            try Command.run("setfattr", ["-n", "user.xdg.tags", "-v", "a,c,d", file])
            let closed = try editor.state("the popover closed") { $0.renaming == nil && $0.names == ["a", "c", "d"] }
            #expect(closed.focus == "chip:c")
            // With the focus on chip c, another program removes c.
            try Command.run("setfattr", ["-n", "user.xdg.tags", "-v", "a,d", file])
            let moved = try editor.state("c gone") { $0.names == ["a", "d"] }
            #expect(moved.focus == "chip:d")
            // Keys still work (no popover left holding them): a tag typed now is saved.
            try editor.addTag("e")
            try waitUntil("e on the file") { OnDisk.tags(of: file) == ["a", "d", "e"] ? true : nil }
        }

        /// A file removed while open is shown as unreadable in the list of open files, and the
        /// others are still edited.
        @Test func aFileRemovedWhileOpenIsShownAsSuch() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), b = scratch.file("b.txt", tags: "x")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try FileManager.default.removeItem(atPath: b)
            let shown = try editor.state("b.txt unreadable") { $0.files.last?.unreadable != nil }
            #expect(shown.files.last?.unreadable?.contains("does not exist") == true)
            #expect(shown.chip("x")?.total == 1)
            try editor.addTag("y")
            try waitUntil("y on a.txt") { OnDisk.tags(of: a) == ["x", "y"] ? true : nil }
            let after = try editor.state("the result") { $0.actions == 1 && $0.names.contains("y") }
            #expect(after.message?.contains(b) == true, "\(after.message ?? "no message")")
        }
    }
}
