// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// The name in the open rename popover's field.
    var renameText: String? { values["renameText"] as? String }
    var mergeQuestion: String? { values["mergeQuestion"] as? String }
}

extension EndToEnd {
    /// Issue 26, items 9, 11 and 12: a rename that cannot be applied keeps what was typed and says
    /// why; messages name only what they are about; long names are shortened by one rule. Real
    /// clicks and keys (xdotool), other programs writing meanwhile, checked on disk and in the
    /// state report.
    @Suite struct KeptRenameAndMessages {
        /// Opens the rename popover of `name` with a double-click and types `text` over the name.
        private static func typeRename(_ editor: EditorProcess, _ name: String, _ text: String) throws {
            let chip = try editor.state("\(name) placed") { $0.settled && $0.chip(name)?.centre != nil }.chip(name)!
            try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
            try editor.state("the rename popover of \(name)") { $0.renaming == name && $0.focus == "rename:\(name)" }
            try editor.key("ctrl+a")
            try editor.type(text)
            try editor.state("\(text) typed") { $0.renameText == text }
        }

        /// 9. Another program removes the tag while it is being renamed: nothing is renamed, the
        /// message says why, and the name typed is in the entry, where Enter adds it.
        @Test func aRenameOfATagRemovedMeanwhileKeepsWhatWasTyped() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try Self.typeRename(editor, "b", "bee")
            try OnDisk.writeCollection(["a", "c"], at: collection)   // another program, meanwhile
            let shown = try editor.state("the rename given up, saying why") { $0.renaming == nil && $0.message != nil }
            #expect(shown.entry == "bee", "the entry holds “\(shown.entry)”")
            let message = shown.message ?? ""
            #expect(message.contains("“b” was removed by another program") && message.contains("“bee”"), "\(message)")
            #expect(OnDisk.collection(at: collection) == ["a", "c"])
            try editor.clickEntry()
            try editor.key("End", "Return")
            try waitUntil("bee added from the entry") { OnDisk.collection(at: collection) == ["a", "c", "bee"] ? true : nil }
        }

        /// 9. The window loses the focus while a new name is typed (a click on another window,
        /// which openbox then activates): the popover closes, the message says the rename is not applied and
        /// that the name is kept, and the next rename of the tag starts from it. Escape drops it.
        @Test func aRenameClosedByLeavingTheWindowIsKept() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            try editor.activate()
            try Self.typeRename(editor, "b", "bee")
            let other = try FileDragSource(files: [scratch.file("other.txt")], on: display)
            // A click on the other window, as a user goes to it: the popover closes and the
            // other window takes the focus.
            let place = try display.origin(of: other.window)
            try display.xdotool(["mousemove", "\(place.x + 100)", "\(place.y + 60)", "click", "1"])
            try display.xdotool(["windowactivate", "--sync", other.window])
            display.focusedWindow = other.window
            let left = try editor.state("the popover closed by the focus leaving") { !$0.active && $0.renaming == nil }
            let message = left.message ?? ""
            #expect(message.contains("not renamed yet") && message.contains("“bee” is kept"), "\(message)")
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c"])

            try editor.activate()
            let chip = try editor.state("b placed") { $0.chip("b")?.centre != nil }.chip("b")!
            try editor.click(x: chip.centre!.x, y: chip.centre!.y)
            try editor.state("b focused") { $0.focus == "chip:b" }
            try editor.key("F2")
            #expect(try editor.state("the rename again") { $0.renaming == "b" }.renameText == "bee")
            try editor.key("Escape")
            try editor.state("closed by Escape") { $0.renaming == nil }
            try editor.key("F2")
            #expect(try editor.state("the rename once more") { $0.renaming == "b" }.renameText == "b",
                    "Escape drops what was kept")
            try editor.key("ctrl+a")
            try editor.type("bee")
            try editor.key("Return")
            try waitUntil("b renamed bee") { OnDisk.collection(at: collection) == ["a", "bee", "c"] ? true : nil }
        }

        /// 11. Removing a tag only a writable file had names no read-only file (they never had
        /// it); removing one a read-only file has too names that file.
        @Test func aRemovalNamesOnlyFilesThatHadTheTag() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "only,shared"), ro = scratch.file("ro.txt", tags: "shared")
            chmod(ro, 0o444)
            let editor = try EditorProcess([a, ro], on: display, dataHome: scratch.path)
            let shown = try editor.state("the chips placed") { $0.settled && $0.chip("only")?.remove != nil }
            try editor.click(x: shown.chip("only")!.remove!.x, y: shown.chip("only")!.remove!.y)
            try waitUntil("only removed") { OnDisk.tags(of: a) == ["shared"] ? true : nil }
            let removed = try editor.state("only gone") { $0.names == ["shared"] }
            #expect(!(removed.message ?? "").contains("ro.txt"), "\(removed.message ?? "")")
            let remove = try editor.state("shared placed") { $0.settled && $0.chip("shared")?.remove != nil }.chip("shared")!.remove!
            try editor.click(x: remove.x, y: remove.y)
            try waitUntil("shared removed from a.txt") { OnDisk.tags(of: a).isEmpty ? true : nil }
            let said = try editor.state("the skipped file named") { $0.message?.contains("ro.txt") == true }
            #expect(said.message?.contains("Not changed: \(ro) is read-only") == true, "\(said.message ?? "")")
            #expect(OnDisk.tags(of: ro) == ["shared"])
        }

        /// 11. In the collection, the merge question speaks of the collection, not of files.
        @Test func theCollectionsMergeQuestionSpeaksOfTheCollection() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["pics", "photo"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try Self.typeRename(editor, "pics", "photo")
            try editor.key("Return")
            let asked = try editor.state("the merge question") { $0.mergeInto == "photo" }
            let question = asked.mergeQuestion ?? ""
            #expect(question.hasSuffix("One tag “photo” remains in the collection.") && !question.contains("file"), "\(question)")
            try editor.key("Return")
            try waitUntil("merged") { OnDisk.collection(at: collection) == ["photo"] ? true : nil }
        }

        /// 11. A file dropped that is already open is said to be, not "Opened 0 more files".
        @Test func droppingAnOpenFileSaysItIsAlreadyOpen() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x")
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
            let source = try FileDragSource(files: [a], on: display)
            try source.drag(to: editor, x: 300, y: 250)
            let said = try editor.state("the drop answered") { $0.message != nil }
            let message = said.message ?? ""
            #expect(message.contains("a.txt is already open") && !message.contains("Opened 0"), "\(message)")
            #expect(!said.messageIsError && said.files.count == 1)
        }

        /// 11. An open file another program deletes is no longer counted: the title says one file
        /// fewer, the counts follow, and the message names the file and why.
        @Test func deletingAnOpenFileUpdatesTheTitleAndSaysWhy() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), b = scratch.file("b.txt", tags: "x"), c = scratch.file("c.txt", tags: "x,y")
            let editor = try EditorProcess([a, b, c], on: display, dataHome: scratch.path)
            try editor.state("three files") { $0.title == "Tags — 3 files" && $0.chip("y")?.total == 3 }
            unlink(c)
            let shown = try editor.state("c.txt no longer counted") { $0.title == "Tags — 2 files" && $0.message != nil }
            #expect(try editor.windowTitle() == "Tags — 2 files")
            let message = shown.message ?? ""
            #expect(message.contains("c.txt is no longer counted") && message.contains("does not exist"), "\(message)")
            #expect(shown.chip("x")?.total == 2 && shown.chip("y") == nil, "\(shown.names)")
        }

        /// 12. Names of the same length get the same treatment whatever their letters: two of 38
        /// characters are both whole on a wide window (one of wide letters used to be cut three
        /// letters short, mid-word); a longer one is cut at words, the same way every time; and
        /// `--help` states that rule.
        @Test func longNamesAreShortenedByOneRule() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let narrow = "illicit-little-lilies-fill-tiny-tills1", wide = "WOMBAT-MAMMOTH-WARM-MOW-MEADOW-HUMMMMM"
            let long = "family-beta-2394-with-several-rather-long-words-here"
            #expect(narrow.count == 38 && wide.count == 38)
            try OnDisk.writeCollection([narrow, wide, long], at: collection)
            let editor = try EditorProcess(["--collection", collection, "--no-options"], on: display, dataHome: scratch.path)
            let shown = try editor.state("the chips placed") { $0.settled && $0.chipFields(long)?["shownName"] != nil }
            for name in [narrow, wide] {
                let fields = try #require(shown.chipFields(name))
                #expect(fields["shortened"] as? Bool == false && fields["ellipsized"] as? Bool == false, "\(name): \(fields)")
                #expect(fields["shownName"] as? String == name)
            }
            let fields = try #require(shown.chipFields(long))
            let text = try #require(fields["shownName"] as? String)
            #expect(fields["shortened"] as? Bool == true && fields["ellipsized"] as? Bool == false, "\(fields)")
            #expect(fields["tooltip"] as? String == long)
            let parts = text.components(separatedBy: "…")
            #expect(parts.count == 2 && text.count <= 33 && long.count - text.count >= 8, "“\(text)”")
            if parts.count == 2 {
                // Each part ends (or starts) at a word's end: the name goes on with a separator.
                #expect(long.hasPrefix(parts[0]) && long.dropFirst(parts[0].count).first == "-", "“\(parts[0])”")
                #expect(long.hasSuffix(parts[1]) && long.dropLast(parts[1].count).last == "-", "“\(parts[1])”")
            }
            let help = try Command.run(EditorProcess.binary, ["--help"])
            #expect(help.stdout.contains("up to 40 characters") && !help.stdout.contains("over 32"), "\(help.stdout)")
        }
    }
}
