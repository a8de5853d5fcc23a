// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The keys of issue 14, pressed as a user presses them (xdotool), checked on disk, in what the
    /// window shows and, for copies, on the clipboard as another program reads it (xclip).
    @Suite struct Keyboard {
        /// Backspace in the empty entry selects the last tag and a second Backspace removes it;
        /// with text, it deletes a character. (GtkEntry's inner GtkText used to take the key
        /// before the entry's controller saw it.)
        @Test func backspaceInTheEmptyEntryRemovesTheLastTag() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.clickEntry()
            try editor.key("BackSpace")
            try editor.state("c selected") { $0.isSelected("c") }
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c"])
            try editor.key("BackSpace")
            try waitUntil("c removed on disk") { OnDisk.collection(at: collection) == ["a", "b"] ? true : nil }
            let shown = try editor.state("c gone") { $0.names == ["a", "b"] }
            #expect(shown.focus == "entry")
            try editor.type("x")
            try editor.key("BackSpace")
            try editor.state("the typed x deleted") { $0.entry.isEmpty }
            try editor.key("BackSpace", "BackSpace")
            try waitUntil("b removed on disk") { OnDisk.collection(at: collection) == ["a"] ? true : nil }
            // The x's Backspace removed no tag: one key, one effect.
            #expect(try editor.state("b gone") { $0.names == ["a"] }.actions == 2)
        }

        /// On a focused chip: Delete removes it (focus to the next), Backspace removes it (focus to
        /// the previous), F2 renames it, Escape cancels the rename, Ctrl+C copies it; Ctrl+C in the
        /// empty entry copies every tag.
        @Test func keysOnAFocusedChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c", "d", "e"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let b = try editor.state("the chips placed") { $0.settled && $0.chip("b")?.centre != nil }.chip("b")!
            try editor.click(x: b.centre!.x, y: b.centre!.y)
            try editor.state("b focused") { $0.focus == "chip:b" }
            try editor.key("Delete")
            try waitUntil("b removed") { OnDisk.collection(at: collection) == ["a", "c", "d", "e"] ? true : nil }
            #expect(try editor.state("b gone") { !$0.names.contains("b") }.focus == "chip:c")
            try editor.key("BackSpace")
            try waitUntil("c removed") { OnDisk.collection(at: collection) == ["a", "d", "e"] ? true : nil }
            #expect(try editor.state("c gone") { !$0.names.contains("c") }.focus == "chip:a")

            try editor.key("F2")
            try editor.state("the rename popover") { $0.renaming == "a" && $0.focus == "rename:a" }
            try editor.key("ctrl+a")
            try editor.type("zzz")
            try editor.key("Escape")
            let cancelled = try editor.state("the rename cancelled") { $0.renaming == nil }
            #expect(cancelled.focus == "chip:a")
            #expect(OnDisk.collection(at: collection) == ["a", "d", "e"])

            try editor.key("F2")
            try editor.state("the rename popover again") { $0.focus == "rename:a" }
            try editor.key("ctrl+a")
            try editor.type("y")
            try editor.key("Return")
            try waitUntil("the rename on disk") { OnDisk.collection(at: collection) == ["y", "d", "e"] ? true : nil }
            try editor.state("the focus on the renamed chip") { $0.focus == "chip:y" }

            try editor.key("ctrl+c")
            try editor.state("the copy") { $0.copied == "y" }
            #expect(try editor.clipboard() == "y")
            try editor.clickEntry()
            try editor.key("ctrl+c")
            try editor.state("every tag copied") { $0.copied == "y\nd\ne" }
            #expect(try editor.clipboard() == "y\nd\ne")
            #expect(OnDisk.collection(at: collection) == ["y", "d", "e"])
        }

        /// Renaming in fresh editors, as the first thing each does: no GTK critical (the editor runs
        /// with criticals fatal, and its stderr must not name one). Before the data-safety fix the
        /// rename popover was unparented after its chip was freed in most fresh runs
        /// (docs/reliability.md: 40 runs of the fixed build, 12 of the old one).
        @Test func aFirstRenameInFreshEditorsLogsNoCritical() throws {
            let display = try VirtualDisplay()
            for run in 0..<3 {
                let scratch = try Scratch()
                let collection = scratch.path + "/tags.json"
                try OnDisk.writeCollection(["one", "two", "three"], at: collection)
                let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
                let two = try editor.state("the chips placed") { $0.settled && $0.chip("two")?.centre != nil }.chip("two")!
                try editor.click(x: two.centre!.x, y: two.centre!.y, count: 2)
                try editor.state("the rename popover") { $0.renaming == "two" }
                try editor.key("ctrl+a")
                try editor.type("2")
                try editor.key("Return")
                try waitUntil("run \(run)'s rename on disk") {
                    OnDisk.collection(at: collection) == ["one", "2", "three"] ? true : nil
                }
                // An idle callback after the rename would have unparented the freed popover: once
                // a later edit is shown, it has run.
                try editor.state("the focus on the renamed chip") { $0.focus == "chip:2" && $0.renaming == nil }
                try editor.addTag("after")
                try editor.state("the later edit") { $0.names.contains("after") && $0.renaming == nil }
                #expect(editor.process.isRunning)
                #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
            }
        }

        /// Ctrl+V of a list, then Enter: every tag is added (file mode: commas and line breaks
        /// separate), a repeated one and a refused one are said, and the refused one stays in the
        /// entry to be fixed. A tag only some files have is not "already there": typed or pasted,
        /// it goes on the rest, under the name they use.
        @Test func aPastedListAddsEveryTag() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "old,half,part"), b = scratch.file("b.txt", tags: "old")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.state("the files' tags") { $0.names == ["old", "half", "part"] }
            try editor.addTag("Half")
            try waitUntil("the typed partial tag on both files") { OnDisk.tags(of: b) == ["old", "half"] ? true : nil }
            try editor.paste("red, green\nblue\nold\npart\nred\n\u{200B}")
            try editor.key("Return")
            try waitUntil("the pasted tags on both files") {
                OnDisk.tags(of: b) == ["old", "half", "red", "green", "blue", "part"] ? true : nil
            }
            #expect(OnDisk.tags(of: a) == ["old", "half", "part", "red", "green", "blue"])
            let shown = try editor.state("the paste's message") { $0.message != nil && $0.names.count == 6 }
            let message = shown.message ?? ""
            #expect(message.contains("Added 4 tags"), "\(message)")
            #expect(message.contains("Already there: “old”, “red”"), "\(message)")
            #expect(message.contains("invisible"), "\(message)")
            // The refused invisible line is not left in the entry, where it would look empty.
            #expect(shown.entry.isEmpty, "\(Array(shown.entry.unicodeScalars))")
            #expect(shown.chips.allSatisfy { $0.count == 2 }, "\(shown.chips.map { "\($0.name) \($0.count)" })")
        }

        /// In the collection (whose tags may contain commas) a pasted line is split at commas, and
        /// pasted lines at line breaks only.
        @Test func aPastedListInTheCollection() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["start"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.paste("one, two")
            try editor.key("Return")
            try waitUntil("two tags from one line") {
                OnDisk.collection(at: collection) == ["start", "one", "two"] ? true : nil
            }
            try editor.paste("Smith, John\nDoe, Jane")
            try editor.key("Return")
            try waitUntil("one tag a line") {
                OnDisk.collection(at: collection) == ["start", "one", "two", "Smith, John", "Doe, Jane"] ? true : nil
            }
            #expect(try editor.state("the entry cleared") { $0.names.count == 5 }.entry.isEmpty)
        }
    }
}
