// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The eight ways the editor lost or hid data (issue 13), each through the path a user takes.
    /// Every one of these failed on the code before the fix (docs/reliability.md, section 7).
    @Suite struct IssueFailures {
        /// 1. Another program changes a file's tags; the editor's next edit keeps that change, and
        /// the window shows it without a restart.
        @Test func anOutsideChangeIsKeptAndShown() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "shared"), b = scratch.file("b.txt", tags: "shared")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.state("the files' tag") { $0.names == ["shared"] }

            // setfattr, as a file manager would: on a.txt, "shared" removed and "outside" added.
            try Command.run("setfattr", ["-n", "user.xdg.tags", "-v", "outside", a])
            try editor.addTag("mine")
            try waitUntil("“mine” on both files") {
                OnDisk.tags(of: a).contains("mine") && OnDisk.tags(of: b).contains("mine") ? true : nil
            }
            #expect(OnDisk.tags(of: a) == ["outside", "mine"])
            #expect(OnDisk.tags(of: b) == ["shared", "mine"])

            // The window shows the files as they are, and keeps what is being typed.
            try editor.clickEntry()
            try editor.type("half-typed")
            try Command.run("setfattr", ["-n", "user.xdg.tags", "-v", "outside,mine,later", a])
            let shown = try editor.state("the second outside change") { $0.chip("later") != nil }
            #expect(shown.names == ["outside", "mine", "later", "shared"])
            #expect(shown.chip("shared")?.count == 1 && shown.chip("later")?.total == 2)
            #expect(shown.entry == "half-typed")
            #expect(shown.focus == "entry")
        }

        /// 2. Two editors on one collection, each adding a tag: both tags are kept, and each
        /// window shows the other's.
        @Test func twoEditorsOnOneCollectionLoseNothing() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["start"], at: collection)
            let first = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let second = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path,
                                           position: (0, 600))
            try first.addTag("from-first")
            try waitUntil("the first editor's tag on disk") {
                OnDisk.collection(at: collection)?.contains("from-first") == true ? true : nil
            }
            try second.addTag("from-second")
            try waitUntil("the second editor's tag on disk") {
                OnDisk.collection(at: collection)?.contains("from-second") == true ? true : nil
            }
            #expect(OnDisk.collection(at: collection) == ["start", "from-first", "from-second"])
            try first.state("the second editor's tag") { $0.names == ["start", "from-first", "from-second"] }
            try second.state("the first editor's tag") { $0.names == ["start", "from-first", "from-second"] }
        }

        /// 3. Rename a tag (double-click, type, Enter), then press Enter again, as a double press
        /// does: every other tag stays, and the focus is on the renamed chip, not on a remove
        /// button.
        @Test func enterTwiceAfterARenameRemovesNothing() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one", "two", "three", "four"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let chip = try editor.state("the chips placed") { $0.chip("three")?.centre != nil }.chip("three")!
            try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
            try editor.state("the rename popover") { $0.renaming == "three" }
            try editor.key("ctrl+a")
            try editor.type("3")
            try editor.key("Return")
            try waitUntil("the rename on disk") { OnDisk.collection(at: collection)?.contains("3") == true ? true : nil }
            let focus = (try? editor.state("the focus on the renamed chip", timeout: 5) { $0.focus == "chip:3" })?.focus
                ?? editor.currentState?.focus
            try editor.key("Return")
            // Keys are handled in order: once a tag typed after the second Enter is saved, that
            // Enter has been handled too.
            try editor.addTag("done")
            try waitUntil("the marker tag on disk") {
                OnDisk.collection(at: collection)?.contains("done") == true ? true : nil
            }
            #expect(OnDisk.collection(at: collection) == ["one", "two", "3", "four", "done"])
            #expect(focus == "chip:3")
        }

        /// 4. The checking modes only look: a corrupt collection is reported, not moved, and the
        /// mode still works; a missing one is not created.
        @Test func checkingModesWriteNothing() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/data/tags.json"
            try FileManager.default.createDirectory(atPath: scratch.path + "/data", withIntermediateDirectories: true)
            let corrupt = Data("{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\"a\", ".utf8)
            FileManager.default.createFile(atPath: collection, contents: corrupt)
            let environment = display.environment.merging(["XDG_DATA_HOME": scratch.path, "G_DEBUG": "fatal-criticals",
                                                           "NO_AT_BRIDGE": "1"]) { $1 }
            let png = scratch.path + "/shot.png"
            let shot = try Command.run(EditorProcess.binary, ["--screenshot", png, "--width", "480", "--collection", collection],
                                       environment: environment)
            #expect(shot.status == 0, "\(shot.stderr)")
            #expect(shot.stderr.contains("could not be read"), "\(shot.stderr)")
            #expect(FileManager.default.contents(atPath: png).map { $0.count > 1000 } == true)
            let dump = try Command.run(EditorProcess.binary, ["--dump-layout", "--widths", "300,600", "--collection", collection],
                                       environment: environment)
            #expect(dump.status == 0, "\(dump.stderr)")
            #expect(dump.stdout.split(separator: "\n").count == 2)
            #expect(FileManager.default.contents(atPath: collection) == corrupt)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/data")) == ["tags.json"])

            let missing = scratch.path + "/none/tags.json"
            let fresh = try Command.run(EditorProcess.binary, ["--dump-layout", "--widths", "400", "--collection", missing],
                                        environment: environment)
            #expect(fresh.status == 0, "\(fresh.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path + "/none"))
        }

        /// 5. One file given three ways (a name, `./name`, a symbolic link) counts once, under the
        /// name given first.
        @Test func aFileGivenTwiceCountsOnce() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            _ = scratch.file("a.txt", tags: "only-a")
            _ = scratch.file("b.txt")
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: "a.txt")
            let editor = try EditorProcess(["a.txt", "./a.txt", "link", "b.txt"], on: display, dataHome: scratch.path,
                                           directory: scratch.path)
            let shown = try editor.state("the tags") { $0.chip("only-a") != nil }
            #expect(try editor.windowTitle() == "Tags — 2 files")
            #expect(shown.chip("only-a")?.count == 1 && shown.chip("only-a")?.total == 2)
            #expect(shown.files.map(\.path) == ["a.txt", "b.txt"])
            #expect(shown.message?.contains("same file") == true, "\(shown.message ?? "no message")")
        }

        /// 6. Files that cannot be written (immutable, mode 0444) are known at once, shown as
        /// read-only, and skipped: the others are changed, the message names each skipped file,
        /// and one can be left out from the list of open files.
        @Test func readOnlyFilesAreSkippedAndListed() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "old"), b = scratch.file("b.txt", tags: "old")
            let c = scratch.file("c.txt", tags: "old")
            let immutable = try Command.run("chattr", ["+i", b]).status == 0
            defer { _ = try? Command.run("chattr", ["-i", b]) }
            if !immutable { chmod(b, 0o444) }
            chmod(c, 0o444)
            let editor = try EditorProcess([a, b, c], on: display, dataHome: scratch.path)
            let opened = try editor.state("the open files") { $0.files.count == 3 }
            #expect(opened.files.map { $0.readOnly != nil } == [false, true, true])

            try editor.addTag("new")
            try waitUntil("the tag on a.txt") { OnDisk.tags(of: a).contains("new") ? true : nil }
            let shown = try editor.state("the result") { $0.actions == 1 && $0.names.contains("new") }
            #expect(OnDisk.tags(of: b) == ["old"] && OnDisk.tags(of: c) == ["old"])
            let message = shown.message ?? ""
            #expect(message.contains(b) && message.contains(c) && message.contains("read-only"), "\(message)")
            // Where it was done is said too, so the message does not read as a refusal.
            #expect(message.hasPrefix("Done on \(a)."), "\(message)")
            // "new" is on a.txt only, and the files without it are read-only: its add-to-all
            // button is off (it used to offer "Add to all 3 files" and then refuse).
            let chips = shown.values["chips"] as? [[String: Any]] ?? []
            let newChip = try #require(chips.first { $0["name"] as? String == "new" })
            #expect(newChip["addAllSensitive"] as? Bool == false, "\(newChip)")

            // Leave b.txt out, from the list of open files.
            let button = try #require(shown.filesButton)
            try editor.click(x: button.x, y: button.y)
            let listed = try editor.state("the list of open files") { $0.files.allSatisfy { $0.leaveOut != nil } }
            let leaveOut = try #require(listed.files.first { $0.path == b }?.leaveOut)
            try editor.click(x: leaveOut.x, y: leaveOut.y)
            let after = try editor.state("b.txt left out") { $0.files.count == 2 }
            #expect(after.files.map(\.path) == [a, c])
            #expect(after.title == "Tags — 2 files")
        }

        /// 7. No readable file: the window says so, and the entry cannot be used (its tooltip
        /// says why) instead of ignoring what is typed.
        @Test func noReadableFileIsSaidAndTheEntryIsOff() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let editor = try EditorProcess(["/nonexistent/file.txt"], on: display, dataHome: scratch.path)
            let shown = try editor.state("the window") { $0.seq > 0 }
            #expect(!shown.entryEditable)
            #expect(shown.entryTooltip?.contains("/nonexistent/file.txt") == true, "\(shown.entryTooltip ?? "no tooltip")")
            #expect(shown.message?.contains("No file could be read") == true, "\(shown.message ?? "no message")")
            #expect(shown.message?.contains("does not exist") == true)
        }

        /// 8. A tag of only invisible characters (pasted, as they usually come) is refused with a
        /// message; "café" with a combining accent is the same tag as "café" with one character.
        @Test func invisibleTagsAreRefusedAndNamesAreNormalized() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            for (attempt, invisible) in ["\u{200B}", "\u{2060}\u{FEFF}"].enumerated() {
                let before = attempt
                try editor.paste(invisible)
                try editor.key("Return")
                let refused = try editor.state("the refusal") { $0.actions > before }
                #expect(refused.message?.contains("invisible") == true, "\(refused.message ?? "no message")")
                #expect(refused.names == ["a"])
            }
            #expect(OnDisk.collection(at: collection) == ["a"])

            try editor.paste("café")
            try editor.key("Return")
            try waitUntil("café on disk") { OnDisk.collection(at: collection)?.count == 2 ? true : nil }
            let before = try editor.state("café shown") { $0.names.count == 2 }.actions
            try editor.paste("cafe\u{301}")
            try editor.key("Return")
            let refused = try editor.state("the duplicate refused") { $0.actions > before }
            #expect(refused.message?.contains("already there") == true, "\(refused.message ?? "no message")")
            let stored = try #require(OnDisk.collection(at: collection))
            #expect(stored.map { Array($0.unicodeScalars) } == [["a"], ["c", "a", "f", "\u{E9}"]])
        }
    }
}
