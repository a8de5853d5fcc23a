// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The folder view (`tag-editor --folder DIR`): chips with the counts of a generated tree,
    /// chosen with real clicks; a tag renamed on every file from its chip, cancelled half-way,
    /// finished, undone. Every result is checked on disk with the test's own `getxattr`.
    @Suite struct FolderView {
        /// A file's tags as the test reads them: the parts of its attribute, trimmed, by key
        /// (lowercase), each once.
        static func keys(of path: String) -> Set<String> {
            Set((OnDisk.rawTags(of: path) ?? "").split(separator: ",", omittingEmptySubsequences: true)
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
        }

        /// Whether a file's keys hold `key` or a sub-tag of it.
        static func carries(_ keys: Set<String>, _ key: String) -> Bool {
            keys.contains { $0 == key || $0.hasPrefix(key + "/") }
        }

        /// A tree of 36 files in nested folders: “travel” spelled three ways and as a parent of
        /// “travel/2024”, with “photo”, “draft” and “music”, some written with ", ".
        static func makeTree(in scratch: Scratch) throws -> [String] {
            let root = scratch.path + "/tree"
            var paths: [String] = []
            for folder in ["a", "a/deep", "b"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            let travel = ["travel", "Travel", " travel", "travel/2024"]
            for index in 0..<36 {
                let folder = ["a", "a/deep", "b"][index % 3]
                let path = "\(root)/\(folder)/f\(String(format: "%02d", index))"
                FileManager.default.createFile(atPath: path, contents: Data("file \(index)\n".utf8))
                var parts: [String] = []
                if index % 4 != 3 { parts.append(travel[(index / 4) % travel.count]) }
                if index % 2 == 0 { parts.append(index % 6 == 0 ? " photo" : "photo") }
                if index % 5 == 0 { parts.append("draft") }
                if index % 7 == 0 { parts.append("music") }
                if !parts.isEmpty { OnDisk.setTags(parts.joined(separator: ","), of: path) }
                paths.append(path)
            }
            return paths
        }

        @Test func twoChosenChipsShowExactlyTheFilesWithBoth() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            let shown = try editor.state("the folder's chips") {
                $0.folderSettled && $0.folderChip("travel")?.choose != nil && $0.folderChip("photo")?.choose != nil
            }
            let tagged = paths.filter { !Self.keys(of: $0).isEmpty }
            #expect(shown.taggedFiles == tagged.count)
            #expect(shown.folderChip("travel")?.files == paths.filter { Self.carries(Self.keys(of: $0), "travel") }.count)
            #expect(shown.folderChip("photo")?.files == paths.filter { Self.keys(of: $0).contains("photo") }.count)

            // The parent's arrow shows its sub-tag right after it.
            #expect(shown.folderChip("travel/2024") == nil)
            let expand = try #require((shown.values["chips"] as? [[String: Any]])?.first { $0["key"] as? String == "travel" })
            try editor.click(x: try #require(expand["expandX"] as? Double), y: try #require(expand["expandY"] as? Double))
            let expanded = try editor.state("travel's sub-tag shown") { $0.folderSettled && $0.folderChip("travel/2024")?.choose != nil }
            #expect(expanded.folderChips.map(\.key).split(separator: "travel").last?.first == "travel/2024")
            #expect(expanded.folderChip("travel/2024")?.files == paths.filter { Self.keys(of: $0).contains("travel/2024") }.count)

            let travel = expanded.folderChip("travel")!.choose!
            try editor.click(x: travel.x, y: travel.y)
            try editor.state("travel required") { $0.folderChip("travel")?.choice == "required" }
            let photo = try editor.state("photo placed") { $0.folderSettled && $0.folderChip("photo")?.choose != nil }.folderChip("photo")!.choose!
            try editor.click(x: photo.x, y: photo.y)
            let both = paths.filter { Self.carries(Self.keys(of: $0), "travel") && Self.keys(of: $0).contains("photo") }.sorted()
            let filtered = try editor.state("the files with both") {
                $0.folderChip("photo")?.choice == "required" && $0.shownFiles == both.count
            }
            #expect(filtered.shownPaths == both)
            #expect(!both.isEmpty && both.count < tagged.count)

            // “not draft” leaves out the files with draft.
            let draft = try editor.state("draft placed") { $0.folderSettled && $0.folderChip("draft")?.exclude != nil }.folderChip("draft")!.exclude!
            try editor.click(x: draft.x, y: draft.y)
            let withoutDraft = both.filter { !Self.keys(of: $0).contains("draft") }
            let excluded = try editor.state("the files with both, not draft") {
                $0.folderChip("draft")?.choice == "excluded" && $0.shownFiles == withoutDraft.count
            }
            #expect(excluded.shownPaths == withoutDraft)
            #expect(withoutDraft.count < both.count)

            // Another program tags an untagged file: the view reads it again (inotify) and lists it.
            let untagged = try #require(paths.first { Self.keys(of: $0).isEmpty })
            OnDisk.setTags("photo, travel", of: untagged)
            let live = try editor.state("the file tagged elsewhere listed") { $0.shownPaths.contains(untagged) }
            #expect(live.shownPaths == (withoutDraft + [untagged]).sorted())
            #expect(live.reloads > 0)

            // Clear: no chip chosen, every tagged file listed.
            try editor.click(x: live.folderWidget("clear")!.x, y: live.folderWidget("clear")!.y)
            let cleared = try editor.state("the choice cleared") { $0.folderChips.allSatisfy { $0.choice == "none" } }
            #expect(cleared.shownPaths == paths.filter { !Self.keys(of: $0).isEmpty }.sorted())
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// A folder that cannot be read is named, as an error, with Reload.
        @Test func aFolderThatCannotBeReadIsNamed() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let missing = scratch.path + "/no such folder"
            let editor = try EditorProcess(["--folder", missing], on: display, dataHome: scratch.path)
            let shown = try editor.state("the folder named") { $0.isFolderView && !$0.reading && $0.message != nil }
            #expect(shown.message?.contains(missing) == true, "\(shown.message ?? "")")
            #expect(shown.messageIsError)
            #expect(shown.values["offersReload"] as? Bool == true)
            #expect(shown.skippedPaths == [missing])

            let file = scratch.file("a.txt", tags: "x")
            let onAFile = try EditorProcess(["--folder", file], on: display, dataHome: scratch.path)
            let said = try onAFile.state("the file named") { $0.isFolderView && $0.message != nil }
            #expect(said.message?.contains("\(file) is not a folder") == true, "\(said.message ?? "")")
            #expect(said.messageIsError && said.tagCount == 0)
        }

        /// The editor's menu opens a folder: Open Folder…, the chooser, a path typed, and the
        /// folder view in a window of its own.
        @Test func theEditorsMenuOpensAFolderView() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let paths = try Self.makeTree(in: scratch)
            let editor = try EditorProcess([paths[0]], on: display, dataHome: scratch.path)
            try editor.click(widget: "menu")
            // The menu opens on Keyboard Shortcuts (Undo and Redo are off); Open Folder… is after About.
            try display.xdotool(["sleep", "0.3", "key", "--delay", "80", "Down", "Down", "Return"])
            let chooser = try display.waitForWindow(named: "Open Folder")
            try display.xdotool(["windowactivate", "--sync", chooser, "sleep", "0.3", "key", "ctrl+l", "sleep", "0.2",
                                 "type", "--delay", "4", scratch.path + "/tree/"])
            try display.xdotool(["sleep", "0.3", "key", "Return"])
            let folder = try waitUntil("the folder view's report") {
                editor.state(ofWindow: 2).flatMap { $0.isFolderView && !$0.reading && $0.tagCount > 0 ? $0 : nil }
            }
            #expect(folder.values["folder"] as? String == scratch.path + "/tree")
            #expect(folder.taggedFiles == paths.filter { !Self.keys(of: $0).isEmpty }.count)
            #expect(editor.isRunning)
        }

        /// The folder view fits a 360 px window (openbox resizing it): its status line is
        /// shortened instead of holding the window at its whole length (it held it at 463 px).
        @Test func theFolderViewFits360Pixels() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            _ = try Self.makeTree(in: scratch)
            let view = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path)
            try view.state("read") { $0.folderSettled }
            try display.xdotool(["windowsize", view.window, "360", "600"])
            let narrow = try view.state("360 px wide") { $0.folderSettled && $0.windowWidth > 0 && $0.windowWidth <= 360 }
            #expect(narrow.windowWidth >= 340, "\(narrow.windowWidth)")
            // A tag's action bar wraps its buttons instead of widening the window (it grew to
            // 495 px): every button inside the window, in the tag's actions and in its renaming.
            let chip = try #require(narrow.folderChip("travel")?.actions)
            try view.click(x: chip.x, y: chip.y)
            let actions = try view.state("the actions at 360 px") { $0.barMode == "actions" && $0.barWidget("cancel") != nil }
            #expect(actions.windowWidth <= 360, "\(actions.windowWidth)")
            for name in ["rename", "merge", "delete", "cancel"] {
                let button = try #require(actions.barWidget(name), "\(name)")
                #expect(button.x > 0 && button.x < Double(actions.windowWidth), "\(name) at \(button.x)")
            }
            let rename = actions.barWidget("rename")!
            try view.click(x: rename.x, y: rename.y)
            let naming = try view.state("the name at 360 px") { $0.barMode == "naming" && $0.barWidget("confirm") != nil }
            #expect(naming.windowWidth <= 360, "\(naming.windowWidth)")
            #expect(naming.barWidget("confirm")!.x < Double(naming.windowWidth) && naming.barWidget("cancel")!.x < Double(naming.windowWidth))
            try view.key("Escape")
            try view.state("closed, still narrow") { $0.barMode == "hidden" && $0.windowWidth <= 360 }
            #expect(!view.errors.contains("CRITICAL"), "\(view.errors)")
        }

        /// Ctrl+W closes the folder view's window, as it closes an editor's (the application's
        /// accelerator for `win.close`), which ends a program that had only that window.
        @Test func ctrlWClosesTheFolderView() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            _ = try Self.makeTree(in: scratch)
            let view = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path)
            try view.state("read") { $0.folderSettled }
            try view.key("ctrl+w")
            try waitUntil("the folder view to close", timeout: 10) { view.isRunning ? nil : true }
            #expect(!view.isRunning)
        }

        /// A folder dragged from a file manager onto an editor window opens in the folder view;
        /// a file dropped with it joins the editor's files.
        @Test func aFolderDroppedOnTheEditorOpensAFolderView() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let extra = scratch.file("extra.txt", tags: "extra")
            let editor = try EditorProcess([paths[0]], on: display, dataHome: scratch.path, position: (0, 0))
            let source = try FileDragSource(files: [scratch.path + "/tree", extra], on: display)
            try source.drag(to: editor, x: 300, y: 250)
            let folder = try waitUntil("the folder view's report") {
                editor.state(ofWindow: 2).flatMap { $0.isFolderView && !$0.reading && $0.tagCount > 0 ? $0 : nil }
            }
            #expect(folder.values["folder"] as? String == scratch.path + "/tree")
            let files = try editor.state("the file joined") { $0.files.count == 2 }
            #expect(files.files.map(\.path) == [paths[0], extra])
            #expect(editor.isRunning)
        }

        /// A row clicked in the file list, then Edit Tags…: the file opens in the tag editor (a
        /// double-click opens it with its default application: FolderViewKeyboardTests).
        @Test func aFileChosenInTheListOpensInTheEditor() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            let target = try #require(paths.sorted().first { !Self.keys(of: $0).isEmpty })
            let shown = try editor.state("its row") { state in
                state.folderSettled && (state.values["rows"] as? [[String: Any]])?.contains { $0["path"] as? String == target } == true
            }
            let row = try #require((shown.values["rows"] as? [[String: Any]])?.first { $0["path"] as? String == target })
            try editor.click(x: try #require(row["x"] as? Double), y: try #require(row["y"] as? Double))
            let selected = try editor.state("the row selected") { $0.values["selectedFiles"] as? [String] == [target] && $0.folderWidget("edit") != nil }
            try editor.click(x: selected.folderWidget("edit")!.x, y: selected.folderWidget("edit")!.y)
            let opened = try waitUntil("the editor's window on the file") {
                editor.state(ofWindow: 2).flatMap { $0.files.map(\.path) == [target] ? $0 : nil }
            }
            #expect(Set(opened.names.map { $0.lowercased() }) == Self.keys(of: target))
        }

        /// “Merge into…” from a chip: the tag's files carry the other tag instead, once each.
        /// Then the Undo button takes the whole merge back as one step (every file its bytes),
        /// and the Redo button makes it again as one.
        @Test func aMergeFromTheChipPutsTwoTagsTogetherOnDisk() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)) })
            let music = paths.filter { Self.keys(of: $0).contains("music") }
            let photoOrMusic = paths.filter { Self.keys(of: $0).contains("music") || Self.keys(of: $0).contains("photo") }
            let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            let chip = try editor.state("music's chip") { $0.folderSettled && $0.folderChip("music")?.actions != nil }.folderChip("music")!
            try editor.click(x: chip.actions!.x, y: chip.actions!.y)
            let merge = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("merge") != nil }.barWidget("merge")!
            try editor.click(x: merge.x, y: merge.y)
            try editor.state("the tag to merge into asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
            try editor.type("photo")
            try editor.key("Return")
            let asked = try editor.state("the confirmation") { $0.barMode == "confirming" && $0.focus == "confirm" }
            #expect(asked.barText.contains("\(music.count) files"), "\(asked.barText)")
            try editor.keyInQuestion("Return")
            let merged = try editor.state("the merge done") { $0.folderJob == nil && $0.lastOperation?.kind == "merge" }
            #expect(merged.lastOperation?.changed == music.count)
            #expect(merged.folderChip("music") == nil && merged.folderChip("photo")?.files == photoOrMusic.count)
            for path in music {
                let parts = (OnDisk.rawTags(of: path) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                #expect(!parts.contains("music") && parts.filter { $0 == "photo" }.count == 1, "\(path): \(parts)")
            }
            #expect(merged.undoSteps == 1)
            let afterMerge = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)) })
            let undo = try #require(merged.folderWidget("undo"))
            try editor.click(x: undo.x, y: undo.y)
            let undone = try editor.state("the merge undone") {
                $0.folderJob == nil && $0.lastOperation?.kind == "undo" && $0.folderChip("music") != nil
            }
            #expect(undone.undoSteps == 0 && undone.values["redoSteps"] as? Int == 1)
            for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "\(path)") }
            let redo = try #require(undone.folderWidget("redo"))
            try editor.click(x: redo.x, y: redo.y)
            let redone = try editor.state("the merge redone") {
                $0.folderJob == nil && $0.lastOperation?.kind == "merge" && $0.folderChip("music") == nil
            }
            #expect(redone.undoSteps == 1 && redone.values["redoSteps"] as? Int == 0)
            for path in paths { #expect(OnDisk.rawTags(of: path) == afterMerge[path]!, "\(path)") }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// A tag deleted from its chip on every file but a read-only one, which is named and kept;
        /// Undo gives the others back their bytes.
        @Test func aDeleteNamesTheReadOnlyFileItCannotChange() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)) })
            let withDraft = paths.filter { Self.keys(of: $0).contains("draft") }.sorted()
            chmod(withDraft[1], 0o444)
            let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            let chip = try editor.state("draft's chip") { $0.folderSettled && $0.folderChip("draft")?.actions != nil }.folderChip("draft")!
            try editor.click(x: chip.actions!.x, y: chip.actions!.y)
            let delete = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("delete") != nil }.barWidget("delete")!
            try editor.click(x: delete.x, y: delete.y)
            // A delete asks with Cancel focused and the default (Enter must not delete: the HIG).
            let asked = try editor.state("the confirmation") { $0.barMode == "confirming" && $0.focus == "cancel" }
            #expect(asked.barText.contains("\(withDraft.count) files"), "\(asked.barText)")
            try editor.clickInQuestion("confirm")
            let done = try editor.state("the delete done") { $0.folderJob == nil && $0.lastOperation?.kind == "delete" }
            #expect(done.lastOperation?.changed == withDraft.count - 1)
            #expect(done.lastOperation?.failed == 1)
            #expect(done.messageIsError && done.message?.contains(withDraft[1]) == true, "\(done.message ?? "")")
            #expect(OnDisk.rawTags(of: withDraft[1]) == original[withDraft[1]]!)
            for path in withDraft where path != withDraft[1] { #expect(!Self.keys(of: path).contains("draft")) }
            #expect(done.folderChip("draft")?.files == 1)

            try editor.key("ctrl+z")
            try editor.state("the delete undone") { $0.folderJob == nil && $0.undoSteps == 0 && $0.lastOperation?.kind == "undo" }
            for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "\(path)") }
        }

        /// Renames through the chip's bar: actions, Rename…, the new name, Enter, the confirmation.
        static func rename(_ old: String, to new: String, in editor: EditorProcess) throws -> EditorState {
            let chip = try editor.state("\(old)'s chip") { $0.folderSettled && $0.folderChip(old)?.actions != nil }.folderChip(old)!
            try editor.click(x: chip.actions!.x, y: chip.actions!.y)
            let rename = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("rename") != nil }.barWidget("rename")!
            try editor.click(x: rename.x, y: rename.y)
            try editor.state("the new name asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
            try editor.type(new)
            try editor.state("the name typed") { ($0.values["bar"] as? [String: Any])?["entry"] as? String == new }
            try editor.key("Return")
            let confirming = try editor.state("the confirmation") { $0.barMode == "confirming" && $0.focus == "confirm" }
            // A report after the frame that drew it: the confirm button where it is drawn. When no
            // later frame changes anything, no later report comes: the window then stays as that
            // report says.
            if let drawn = try? editor.state("the confirmation drawn", timeout: 4, { $0.seq > confirming.seq && $0.barMode == "confirming" }) {
                return drawn
            }
            return try editor.state("the confirmation still asked") { $0.barMode == "confirming" && $0.focus == "confirm" }
        }

        @Test func aRenameCancelledHalfWayThenFinishedThenUndoneLeavesEveryFileWholeOnDisk() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let paths = try Self.makeTree(in: scratch)
            let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)) })
            let touched = paths.filter { Self.carries(Self.keys(of: $0), "travel") }.sorted()
            let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path,
                                           position: (0, 0))
            /// Renamed whole: no part names travel any more, the trips tags stand in their place
            /// and everything else is as it was.
            func renamedWhole(_ path: String) -> Bool {
                let before = Self.keys(of: path), was = Set((original[path] ?? nil).map { raw in
                    raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                } ?? [])
                let expected = Set(was.map { $0 == "travel" ? "trips" : ($0.hasPrefix("travel/") ? "trips" + $0.dropFirst(6) : $0) })
                return before == expected && !Self.carries(before, "travel")
            }

            // Another program holds the lock of the twelfth file: the rename waits there, and is
            // cancelled while it waits.
            let locks = try OnDisk.Locks([touched[11]])
            let asked = try Self.rename("travel", to: "trips", in: editor)
            #expect(asked.barText.contains("\(touched.count) files"), "\(asked.barText)")
            try editor.clickInQuestion("confirm")
            let waiting = try editor.state("the rename at the locked file") { $0.folderJob?.kind == "rename" && $0.folderJob?.done == 11 }
            #expect(waiting.folderJob?.total == touched.count)
            try editor.click(x: waiting.folderWidget("cancel")!.x, y: waiting.folderWidget("cancel")!.y)
            try editor.state("the cancel asked") { $0.folderJob?.cancelRequested == true }
            locks.release()
            let cancelled = try editor.state("the rename cancelled") { $0.folderJob == nil && $0.lastOperation?.cancelled == true }
            let changedFirst = paths.filter { OnDisk.rawTags(of: $0) != original[$0]! }
            for path in paths {
                #expect(OnDisk.rawTags(of: path) == original[path]! || renamedWhole(path), "\(path): \(OnDisk.rawTags(of: path) ?? "none")")
            }
            #expect(changedFirst.count == cancelled.lastOperation?.changed)
            #expect(changedFirst.count >= 11 && changedFirst.count < touched.count)

            // Again, to the end: the files left are renamed (into “trips”, which some carry now).
            let again = try Self.rename("travel", to: "trips", in: editor)
            #expect(again.barText.contains("\(touched.count - changedFirst.count) files"), "\(again.barText)")
            try editor.keyInQuestion("Return")
            let finished = try editor.state("the rename finished") {
                $0.folderJob == nil && $0.lastOperation?.cancelled == false && $0.undoSteps == 2
            }
            #expect(finished.lastOperation?.changed == touched.count - changedFirst.count)
            #expect(finished.folderChip("travel") == nil)
            #expect(finished.folderChip("trips")?.files == touched.count)
            for path in touched { #expect(renamedWhole(path), "\(path): \(OnDisk.rawTags(of: path) ?? "none")") }
            for path in paths where !touched.contains(path) { #expect(OnDisk.rawTags(of: path) == original[path]!) }

            // Ctrl+Z takes back the second run, then the first: every file byte for byte as it was.
            try editor.key("ctrl+z")
            try editor.state("the second run undone") { $0.folderJob == nil && $0.undoSteps == 1 && $0.lastOperation?.kind == "undo" }
            for path in touched {
                if changedFirst.contains(path) { #expect(renamedWhole(path)) } else { #expect(OnDisk.rawTags(of: path) == original[path]!) }
            }
            try editor.key("ctrl+z")
            let undone = try editor.state("both runs undone") { $0.folderJob == nil && $0.undoSteps == 0 }
            for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "\(path)") }
            #expect(undone.folderChip("travel")?.files == touched.count)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
