// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Testing

extension EndToEnd {
    /// The journal of tags last seen, in the app (issue 40): a file saved by rename without its
    /// tags (`sed -i`) gets them back while the folder view or the editor has it open, with Undo;
    /// a folder view killed half-way through a rename offers at its next start to finish it or
    /// take it back; the editor's file mode writes the journal. Every file checked on disk, byte
    /// for byte, with the test's own `getxattr`.
    @Suite struct TagsJournal {
        /// A file's `user.xdg.tags` as bytes, or `nil` when it has none.
        static func attribute(of path: String) -> [UInt8]? {
            while true {
                let size = getxattr(path, OnDisk.attribute, nil, 0)
                guard size >= 0 else { return nil }
                var buffer = [UInt8](repeating: 0, count: size)
                let read = buffer.withUnsafeMutableBytes { getxattr(path, OnDisk.attribute, $0.baseAddress, size) }
                if read >= 0 { return Array(buffer[0..<read]) }
                if errno != ERANGE { return nil }
            }
        }

        static func inode(of path: String) -> UInt64? {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
        }

        static func journalPath(dataHome: String) -> String { dataHome + "/wraphstack-tag-editor/journal.sqlite3" }

        /// The report's `journal` object.
        static func journal(_ state: EditorState) -> [String: Any] { state.values["journal"] as? [String: Any] ?? [:] }

        static func point(_ values: [String: Any]?) -> (x: Double, y: Double)? {
            guard let x = values?["x"] as? Double, let y = values?["y"] as? Double else { return nil }
            return (x, y)
        }

        // MARK: Restored by themselves

        @Test func aFileSavedByRenameWithoutItsTagsGetsThemBackInTheFolderViewAndUndoLeavesItAsFound() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tree = scratch.path + "/tree"
            try FileManager.default.createDirectory(atPath: tree + "/sub", withIntermediateDirectories: true)
            let notes = tree + "/sub/notes.txt"
            FileManager.default.createFile(atPath: notes, contents: Data("one line\n".utf8))
            // Spellings and spaces a re-encoding would change: the restore must give these bytes.
            let tags = Array(" Travel,draft ,  photo/2024,Été".utf8)
            #expect(tags.withUnsafeBytes { setxattr(notes, OnDisk.attribute, $0.baseAddress, $0.count, 0) } == 0)
            let other = scratch.file("tree/other.txt", tags: "keep")
            let editor = try EditorProcess(["--folder", tree], on: display, dataHome: scratch.path, position: (0, 0))
            try editor.state("the folder read, the journal open") {
                $0.folderSettled && $0.taggedFiles == 2 && Self.journal($0)["open"] as? Bool == true
            }
            #expect(FileManager.default.fileExists(atPath: Self.journalPath(dataHome: scratch.path)))

            // sed -i writes a new file and renames it over the old one: a new inode, no attribute.
            let inodeBefore = Self.inode(of: notes)
            let started = Date()
            let sed = try Command.run("sed", ["-i", "s/one/two/", notes])
            #expect(sed.status == 0, "\(sed.stderr)")
            #expect(Self.inode(of: notes) != inodeBefore)
            let back = try waitUntil("the tags back on disk") { Self.attribute(of: notes) }
            let seconds = Date().timeIntervalSince(started)
            #expect(back == tags, "\(String(decoding: back, as: UTF8.self))")
            let said = try editor.state("the restore said, with Undo") {
                Self.journal($0)["messageAction"] as? String == "Undo" && Self.point(Self.journal($0)["messageActionButton"] as? [String: Any]) != nil
                    && (Self.journal($0)["restored"] as? [String])?.contains(notes) == true
            }
            #expect(said.message?.contains("notes.txt") == true, "\(said.message ?? "no message")")
            #expect(said.messageIsError == false)
            let content = try String(contentsOfFile: notes, encoding: .utf8)
            #expect(content == "two line\n")
            print("sed -i to tags back on disk: \(String(format: "%.3f", seconds)) s")
            // The view counts the file's tags again (the restore reached it through its watch).
            try editor.state("the restored tags counted") { $0.folderChip("travel")?.files == 1 && $0.taggedFiles == 2 }

            // Undo: the file as sed left it, without tags, its content untouched.
            let undo = Self.point(Self.journal(said)["messageActionButton"] as? [String: Any])!
            try editor.click(x: undo.x, y: undo.y)
            let undone = try editor.state("the restore undone") { $0.message?.contains("as it was found") == true }
            #expect(undone.messageIsError == false, "\(undone.message ?? "")")
            #expect(Self.attribute(of: notes) == nil)
            #expect(getxattr(notes, OnDisk.attribute, nil, 0) < 0 && errno == ENODATA)
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "two line\n")
            try editor.state("the file no longer counted") { $0.taggedFiles == 1 && $0.folderChip("travel") == nil }
            #expect(OnDisk.rawTags(of: other) == "keep")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        @Test func aFileSavedByRenameWithoutItsTagsGetsThemBackInTheEditor() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("letter.txt", tags: "to-do,Work , later")
            let tags = Self.attribute(of: file)!
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path, position: (0, 0))
            try editor.state("the file's tags") { $0.chips.count == 3 }
            #expect(FileManager.default.fileExists(atPath: Self.journalPath(dataHome: scratch.path)))
            let sed = try Command.run("sed", ["-i", "s/content/contents/", file])
            #expect(sed.status == 0, "\(sed.stderr)")
            #expect(try waitUntil("the tags back on disk") { Self.attribute(of: file) } == tags)
            let said = try editor.state("the restore said, with Undo") {
                $0.values["messageAction"] as? String == "Undo" && $0.widget("toastAction") != nil && $0.chips.count == 3
            }
            #expect(said.message?.contains("letter.txt") == true, "\(said.message ?? "")")
            try editor.click(widget: "toastAction")
            try editor.state("the restore undone") { $0.message?.contains("as it was found") == true && $0.chips.isEmpty }
            #expect(Self.attribute(of: file) == nil)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "contents of letter.txt\n")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        // MARK: The journal written, or said missing

        @Test func anEditInTheEditorsFileModeWritesTheJournal() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let dataHome = scratch.path + "/fresh-data"
            try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
            let file = scratch.file("a.txt")
            #expect(!FileManager.default.fileExists(atPath: Self.journalPath(dataHome: dataHome)))
            let editor = try EditorProcess([file], on: display, dataHome: dataHome, position: (0, 0))
            try editor.addTag("journaled")
            try editor.state("the tag added") { $0.chips.map(\.name) == ["journaled"] }
            #expect(OnDisk.rawTags(of: file) == "journaled")
            let journal = Self.journalPath(dataHome: dataHome)
            #expect(FileManager.default.fileExists(atPath: journal))
            // The file's row holds its attribute's bytes (SQLite keeps a short blob as it is).
            let bytes = FileManager.default.contents(atPath: journal) ?? Data()
            let wal = FileManager.default.contents(atPath: journal + "-wal") ?? Data()
            #expect((bytes + wal).range(of: Data("journaled".utf8)) != nil)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        @Test func aJournalThatCannotBeOpenedIsSaidOnceAndTheEditorWorksWithoutIt() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            // Its folder is a file: the journal cannot be made.
            FileManager.default.createFile(atPath: scratch.path + "/wraphstack-tag-editor", contents: Data())
            let file = scratch.file("a.txt", tags: "old")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path, position: (0, 0))
            let said = try editor.state("the journal's problem said") { $0.message?.contains("journal") == true }
            #expect(said.messageIsError)
            try editor.addTag("new")
            try editor.state("the tag added") { Set($0.chips.map(\.name)) == ["old", "new"] }
            #expect(OnDisk.rawTags(of: file) == "old,new")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        // MARK: A file of 8,000 tags

        /// A rename on a file of 8,000 tags (issue 40: 31.5 s to disk before, the window drawing
        /// nothing meanwhile), with the journal on: exactly that part changes, byte for byte. The
        /// edit runs on the main thread; the times printed (Enter to disk, Enter to the frame
        /// that shows it) bound how long the window draws nothing.
        @Test func aRenameOnAFileOfEightThousandTagsChangesThatPartOnly() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            // 64 KB of tags: more than ext4 keeps beside a file (without ea_inode); tmpfs takes them.
            let folder = try #require(EndToEnd.FolderView.memoryFolder(), "/dev/shm takes no user xattrs here")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let parts = (0..<8000).map { "tag\(String(format: "%04d", $0))" }
            let file = folder + "/big.txt"
            FileManager.default.createFile(atPath: file, contents: Data("big\n".utf8))
            OnDisk.setTags(parts.joined(separator: ","), of: file)
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips placed", timeout: 60) { $0.settled && $0.chip("tag0000")?.centre != nil }
            let chip = shown.chip("tag0000")!
            try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
            try editor.state("the rename popover") { $0.renaming == "tag0000" && $0.focus == "rename:tag0000" }
            try editor.key("ctrl+a")
            try editor.type("renamed")
            let pressed = Date()
            try editor.key("Return")
            let expected = Array((["renamed"] + parts.dropFirst()).joined(separator: ",").utf8)
            try waitUntil("the rename on disk", timeout: 60) { Self.attribute(of: file) == expected ? true : nil }
            let toDisk = Date().timeIntervalSince(pressed)
            try editor.state("the rename shown", timeout: 60) { $0.renaming == nil && $0.chip("renamed") != nil }
            let toScreen = Date().timeIntervalSince(pressed)
            print("rename on a file of 8,000 tags: Enter to disk \(String(format: "%.3f", toDisk)) s, to the frame showing it \(String(format: "%.3f", toScreen)) s")
            #expect(Self.attribute(of: file) == expected)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// The same rename while another program holds the file's lock (a long write): the
        /// window shows the rename at once, and takes keys and draws them, while the file is
        /// still as it was (the edit waits on the writer's thread, not the main one); once the
        /// lock is let go the file holds exactly that part changed, and Ctrl+Z gives back every
        /// byte (" tag0000" with its space), then Ctrl+Shift+Z the rename again.
        @Test func theWindowKeepsDrawingWhileARenameOnAFileOfEightThousandTagsWaitsToBeWritten() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let folder = try #require(EndToEnd.FolderView.memoryFolder(), "/dev/shm takes no user xattrs here")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let parts = [" tag0000"] + (1..<8000).map { "tag\(String(format: "%04d", $0))" }
            let file = folder + "/big.txt"
            FileManager.default.createFile(atPath: file, contents: Data("big\n".utf8))
            OnDisk.setTags(parts.joined(separator: ","), of: file)
            let original = Self.attribute(of: file)
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips placed", timeout: 60) { $0.settled && $0.chip("tag0000")?.centre != nil }
            let chip = shown.chip("tag0000")!
            try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
            try editor.state("the rename popover") { $0.renaming == "tag0000" && $0.focus == "rename:tag0000" }
            try editor.key("ctrl+a")
            try editor.type("renamed")
            let locks = try OnDisk.Locks([file])
            defer { locks.release() }
            let pressed = Date()
            try editor.key("Return")
            // Frames drawn while the write waits at the lock (for 5 s at most, when it gives up):
            // the rename shown, then a key taken.
            let during = try editor.state("the rename shown while it is written", timeout: 60, whileSaving: true) {
                $0.renaming == nil && $0.chip("renamed") != nil
            }
            print("rename shown after \(String(format: "%.3f", Date().timeIntervalSince(pressed))) s: saving \(during.saving), focus \(during.focus)")
            #expect(during.saving && during.focus == "chip:renamed")
            #expect(Self.attribute(of: file) == original, "the file changed with its lock held")
            try editor.key("Right")
            let moved = try editor.state("a key taken while it is written", whileSaving: true) { $0.focus == "chip:tag0001" }
            print("key taken after \(String(format: "%.3f", Date().timeIntervalSince(pressed))) s: saving \(moved.saving)")
            #expect(moved.saving)
            #expect(Self.attribute(of: file) == original, "the file changed with its lock held")
            locks.release()
            // The space before the part stays (a rename changes the tag, not its separators).
            let expected = Array(([" renamed"] + parts.dropFirst()).joined(separator: ",").utf8)
            try waitUntil("the rename on disk", timeout: 60) { Self.attribute(of: file) == expected ? true : nil }
            try editor.state("the write taken", timeout: 60) { !$0.saving && $0.undoSteps == 1 }
            try editor.key("ctrl+z")
            try waitUntil("the rename undone on disk", timeout: 60) { Self.attribute(of: file) == original ? true : nil }
            try editor.state("the undo shown", timeout: 60) { !$0.saving && $0.chip("tag0000") != nil && $0.redoSteps == 1 }
            try editor.key("ctrl+shift+z")
            try waitUntil("the rename redone on disk", timeout: 60) { Self.attribute(of: file) == expected ? true : nil }
            try editor.state("the redo shown", timeout: 60) { !$0.saving && $0.chip("renamed") != nil && $0.undoSteps == 1 }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        // MARK: An interrupted rename, offered back

        /// A tree of 2,000 files in 20 folders, three in four tagged with a spelling of “travel”
        /// among other tags, written with odd spaces.
        static func makeTree(at root: String) throws -> [String] {
            var paths: [String] = []
            let travel = ["travel", "Travel", " travel", "travel/2024", "TRAVEL "]
            for folder in 0..<20 {
                let directory = root + "/d" + String(format: "%02d", folder)
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for number in 0..<100 {
                    let index = folder * 100 + number
                    let path = directory + "/f" + String(format: "%04d", index)
                    FileManager.default.createFile(atPath: path, contents: Data("file \(index)\n".utf8))
                    if index % 4 != 3 {
                        let parts = index % 2 == 0 ? ["keep\(index % 7)", travel[index % travel.count]]
                                                   : [travel[index % travel.count], " draft", "x\(index)"]
                        OnDisk.setTags(parts.joined(separator: ","), of: path)
                    }
                    paths.append(path)
                }
            }
            return paths
        }

        /// A rename of “travel” to “trips” in the folder view, killed (kill -9) while it waits at
        /// the lock another program holds on the 700th file: the tree as it was before, the
        /// files it is about, and what each carries after the kill.
        static func interruptedRename(scratch: Scratch, display: VirtualDisplay)
            throws -> (root: String, paths: [String], original: [String: [UInt8]?], afterKill: [String: [UInt8]?]) {
            let root = scratch.path + "/tree"
            let paths = try makeTree(at: root)
            let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, Self.attribute(of: $0)) })
            let touched = paths.filter { EndToEnd.FolderView.carries(EndToEnd.FolderView.keys(of: $0), "travel") }.sorted()
            let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
            try editor.state("the tree read") { $0.folderSettled && $0.taggedFiles == original.values.count { $0 != nil } }
            let locks = try OnDisk.Locks([touched[700]])
            defer { locks.release() }
            _ = try EndToEnd.FolderView.rename("travel", to: "trips", in: editor)
            try editor.clickInQuestion("confirm")
            try editor.state("the rename at the locked file", timeout: 60) { $0.folderJob?.kind == "rename" && $0.folderJob?.done == 700 }
            editor.killHard()
            locks.release()
            let afterKill = Dictionary(uniqueKeysWithValues: paths.map { ($0, Self.attribute(of: $0)) })
            let changed = paths.filter { afterKill[$0]! != original[$0]! }
            #expect(changed.count == 700, "\(changed.count) files changed before the kill")
            return (root, paths, original, afterKill)
        }

        /// The question about the interrupted change, drawn (its responses placed), and its window.
        static func interruptedQuestion(_ editor: EditorProcess) throws -> (state: EditorState, window: String) {
            let asked = try editor.state("the interrupted change offered", timeout: 60) { state in
                let responses = (Self.journal(state)["question"] as? [String: Any])?["responses"] as? [[String: Any]] ?? []
                // Laid out: three buttons side by side (before its first layout each is at 5, 5).
                let points = responses.compactMap { Self.point($0) }
                return points.count == 3 && Set(points.map(\.x)).count == 3
            }
            let title = (Self.journal(asked)["question"] as! [String: Any])["title"] as! String
            return (asked, try editor.display.waitForWindow(named: title.replacingOccurrences(of: "?", with: ".")))
        }

        static func response(_ id: String, in state: EditorState) -> [String: Any]? {
            let responses = (Self.journal(state)["question"] as? [String: Any])?["responses"] as? [[String: Any]] ?? []
            return responses.first { $0["id"] as? String == id }
        }

        static func answer(_ id: String, _ editor: EditorProcess) throws {
            let (asked, window) = try interruptedQuestion(editor)
            let point = Self.point(Self.response(id, in: asked))!
            try editor.display.xdotool(["windowfocus", "--sync", window])
            editor.display.focusedWindow = window
            try editor.display.xdotool(["mousemove", "--window", window, "\(Int(point.x.rounded()))", "\(Int(point.y.rounded()))",
                                        "click", "1"])
        }

        @Test func aRenameKilledHalfWayIsOfferedAtTheNextStartAndFinishedByteForByte() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let run = try Self.interruptedRename(scratch: scratch, display: display)
            // What a whole rename makes of each file: filetags' rename on a copy of the tree as
            // it was (the same generator), without a journal.
            let reference = scratch.path + "/reference"
            let referencePaths = try Self.makeTree(at: reference)
            let filetags = URL(fileURLWithPath: EditorProcess.binary).deletingLastPathComponent().appendingPathComponent("filetags").path
            let renamed = try Command.run(filetags, ["rename", "travel", "trips", reference], environment: ["FILETAGS_JOURNAL": "off"])
            #expect(renamed.status == 0, "\(renamed.stderr)")

            let editor = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            let (asked, window) = try Self.interruptedQuestion(editor)
            let question = Self.journal(asked)["question"] as! [String: Any]
            #expect((question["title"] as? String) == "Finish the Interrupted Rename?")
            #expect((question["body"] as? String)?.contains("renamed “travel” to “trips”") == true, "\(question["body"] ?? "")")
            // Neither change is the default, nor styled destructive: Enter and Escape leave it.
            #expect(Self.response("later", in: asked)?["default"] as? Bool == true)
            for id in ["finish", "take-back"] {
                #expect(Self.response(id, in: asked)?["default"] as? Bool == false, "\(id)")
                #expect(Self.response(id, in: asked)?["destructive"] as? Bool == false, "\(id)")
            }

            // Escape leaves it for later: nothing written; the next start asks again.
            try display.xdotool(["windowfocus", "--sync", window])
            display.focusedWindow = window
            try display.xdotool(["key", "Escape"])
            try editor.state("the question gone") { Self.journal($0)["question"] is NSNull && $0.folderJob == nil }
            for path in run.paths { #expect(Self.attribute(of: path) == run.afterKill[path]!, "\(path)") }
            editor.process.stop()

            let again = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            try Self.answer("finish", again)
            let finished = try again.state("the change finished", timeout: 60) { $0.folderJob == nil && $0.lastOperation?.kind == "finish" }
            #expect(finished.lastOperation?.changed == run.paths.count { run.afterKill[$0]! == run.original[$0]! && Self.attribute(of: $0) != run.original[$0]! })
            #expect(finished.lastOperation?.failed == 0)
            for (path, expected) in zip(run.paths, referencePaths) {
                #expect(Self.attribute(of: path) == Self.attribute(of: expected), "\(path)")
            }
            try again.state("the view shows the change made") { $0.folderChip("travel") == nil && $0.folderChip("trips") != nil }
            again.process.stop()
            // Finished is forgotten: a start after it asks nothing.
            let third = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try third.state("the tree read") { $0.folderSettled }
            #expect(Self.journal(shown)["question"] is NSNull)
            #expect(!again.errors.contains("CRITICAL") && !editor.errors.contains("CRITICAL"), "\(again.errors)")
        }

        /// Finish (and Take Back) of an interrupted change show their progress as a change does
        /// ("Finishing: renamed “travel” to “trips”… N of M files", the bar at N/M, as on
        /// disk), while another program's lock holds it at a file; Escape stops it there: the
        /// files after it keep what the kill left, and the change is offered at the next start,
        /// where Take Back gives every file its bytes before.
        @Test func finishingAnInterruptedRenameShowsItsProgressAndEscapeStopsIt() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let run = try Self.interruptedRename(scratch: scratch, display: display)
            // The change's files, in the order Finish takes them (the journal's, by path).
            let files = run.paths.filter { EndToEnd.FolderView.carries(EndToEnd.FolderView.keys(of: $0), "travel")
                || run.afterKill[$0]! != run.original[$0]! }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let held = files[1200]
            let locks = try OnDisk.Locks([held])
            defer { locks.release() }
            let editor = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            try Self.answer("finish", editor)
            // The progress row follows the work every 50 ms: a report may come between.
            let waiting = try editor.state("the finish waiting at the locked file", timeout: 60) {
                $0.folderJob?.kind == "finish" && $0.folderJob?.done == 1200
                    && (($0.values["progress"] as? [String: Any])?["text"] as? String)?.contains("1200 of") == true
            }
            let progress = try #require(waiting.values["progress"] as? [String: Any])
            #expect(progress["text"] as? String == "Finishing: renamed “travel” to “trips”… 1200 of \(files.count) files", "\(progress)")
            #expect(abs((progress["fraction"] as? Double ?? 0) - 1200 / Double(files.count)) < 0.001)
            editor.display.focusedWindow = nil
            try editor.key("Escape")
            try editor.state("the cancel asked") { $0.folderJob?.cancelRequested == true }
            locks.release()
            let stopped = try editor.state("the finish stopped", timeout: 60) { $0.folderJob == nil && $0.lastOperation?.kind == "finish" }
            #expect(stopped.lastOperation?.cancelled == true)
            #expect((stopped.values["message"] as? String)?.hasPrefix("Cancelled: finishing renamed “travel” to “trips” stopped after") == true,
                    "\(stopped.values["message"] ?? "none")")
            #expect(stopped.values["progress"] is NSNull)
            // The locked file was written (its turn had come) or not: every file after it is as the kill left it.
            for path in files[1201...] { #expect(Self.attribute(of: path) == run.afterKill[path]!, "\(path)") }
            editor.process.stop()
            let again = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            try Self.answer("take-back", again)
            let taken = try again.state("the change taken back", timeout: 60) { $0.folderJob == nil && $0.lastOperation?.kind == "take back" }
            #expect(taken.lastOperation?.failed == 0)
            for path in run.paths { #expect(Self.attribute(of: path) == run.original[path]!, "\(path)") }
            #expect(!again.errors.contains("CRITICAL") && !editor.errors.contains("CRITICAL"), "\(again.errors)")
        }

        @Test func aRenameKilledHalfWayIsTakenBackByteForByteAtTheNextStart() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let run = try Self.interruptedRename(scratch: scratch, display: display)
            let editor = try EditorProcess(["--folder", run.root], on: display, dataHome: scratch.path, position: (0, 0))
            try Self.answer("take-back", editor)
            let taken = try editor.state("the change taken back", timeout: 60) { $0.folderJob == nil && $0.lastOperation?.kind == "take back" }
            #expect(taken.lastOperation?.changed == 700)
            #expect(taken.lastOperation?.failed == 0)
            for path in run.paths { #expect(Self.attribute(of: path) == run.original[path]!, "\(path)") }
            try editor.state("the view shows every file as it was") { $0.folderChip("trips") == nil && $0.folderChip("travel") != nil }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
