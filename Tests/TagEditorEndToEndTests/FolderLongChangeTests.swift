// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.FolderView {
    /// Issue 39, item 10: a rename over 3,000 files, held by another program's lock on the
    /// 2,001st. While it waits there, the confirmation is gone from the screen and the progress
    /// says the 2,000 files done, as the disk has them; Escape cancels it; the files changed are
    /// one undo step, said in the message, and Ctrl+Z gives every file its bytes back.
    @Test func escapeCancelsALongRenameAndWhatWasDoneIsUndoable() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let root = scratch.path + "/tree"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let paths = (0..<3000).map { index in
            let path = root + "/t\(String(format: "%05d", index)).jpg"
            FileManager.default.createFile(atPath: path, contents: nil)
            OnDisk.setTags(index % 2 == 0 ? "trip, sea" : "trip", of: path)
            return path
        }
        let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)!) })
        let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
        try editor.state("read") { $0.folderSettled && $0.folderChip("trip")?.files == 3000 }
        let locks = try OnDisk.Locks([paths[2000]])
        _ = try EndToEnd.FolderView.rename("trip", to: "voyage", in: editor)
        let asked = try editor.questionWindow()
        try editor.clickInQuestion("confirm")
        let waiting = try editor.state("the rename waiting at the locked file", timeout: 60) {
            $0.folderJob?.kind == "rename" && $0.folderJob?.done == 2000
        }
        #expect(waiting.folderJob?.total == 3000)
        let renamed = paths.filter { OnDisk.rawTags(of: $0)?.hasPrefix("voyage") == true }.count
        #expect(renamed == 2000, "on disk \(renamed), shown \(waiting.folderJob?.done ?? -1)")
        let visible = try Command.run("xdotool", ["search", "--onlyvisible", "--name", ".*"], environment: display.environment)
        #expect(!visible.stdout.split(separator: "\n").contains { $0 == Substring(asked) }, "the confirmation is still shown")
        editor.display.focusedWindow = nil
        try editor.key("Escape")
        try editor.state("the cancel asked") { $0.folderJob?.cancelRequested == true }
        locks.release()
        let cancelled = try editor.state("the rename cancelled") { $0.folderJob == nil && $0.lastOperation?.cancelled == true }
        let changed = paths.filter { OnDisk.rawTags(of: $0) != original[$0]! }.count
        #expect(cancelled.lastOperation?.changed == changed && changed >= 2000 && changed < 3000)
        #expect(cancelled.undoSteps == 1)
        #expect((cancelled.values["message"] as? String)?.hasPrefix("Cancelled: renamed") == true, "\(cancelled.values["message"] ?? "none")")
        try editor.key("ctrl+z")
        try editor.state("undone", timeout: 60) { $0.folderJob == nil && $0.lastOperation?.kind == "undo" }
        for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "\(path)") }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Ctrl+Z while a name is being typed in the action bar takes back the typing, not the
    /// change across files made before (it took back the rename on every file and closed the
    /// bar); with the bar closed, Ctrl+Z takes the rename back as one step.
    @Test func ctrlZWhileTypingANameUndoesTheTypingNotTheLastChange() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let paths = try Self.plainTree(scratch, count: 30)
        let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)!) })
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        _ = try EndToEnd.FolderView.rename("work", to: "job", in: editor)
        try editor.clickInQuestion("confirm")
        try editor.state("renamed") { $0.folderJob == nil && $0.lastOperation?.kind == "rename" && $0.folderChip("job") != nil }
        let renamed = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)!) })
        let chip = try editor.state("home's chip") { $0.folderSettled && $0.folderChip("home")?.actions != nil }.folderChip("home")!
        try editor.click(x: chip.actions!.x, y: chip.actions!.y)
        let rename = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("rename") != nil }.barWidget("rename")!
        try editor.click(x: rename.x, y: rename.y)
        try editor.state("the new name asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
        try editor.type("house")
        try editor.state("the name typed") { ($0.values["bar"] as? [String: Any])?["entry"] as? String == "house" }
        try editor.key("ctrl+z")
        let typing = try editor.state("the typing undone") {
            $0.barMode == "naming" && ($0.values["bar"] as? [String: Any])?["entry"] as? String != "house"
        }
        #expect(typing.undoSteps == 1 && typing.lastOperation?.kind == "rename")
        for path in paths { #expect(OnDisk.rawTags(of: path) == renamed[path]!, "\(path)") }
        let cancel = try #require(typing.barWidget("cancel"))
        try editor.click(x: cancel.x, y: cancel.y)
        try editor.state("the bar closed") { $0.barMode == "hidden" }
        try editor.key("ctrl+z")
        let undone = try editor.state("undone") { $0.folderJob == nil && $0.lastOperation?.kind == "undo" && $0.folderChip("work") != nil }
        #expect(undone.undoSteps == 0 && undone.values["redoSteps"] as? Int == 1)
        for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!, "\(path)") }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 11: Ctrl+Shift+Z after an undo makes the change again (it undid it).
    @Test func ctrlShiftZRedoesTheChangeUndoTookBack() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let paths = try Self.plainTree(scratch, count: 30)
        let original = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)!) })
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        _ = try EndToEnd.FolderView.rename("work", to: "job", in: editor)
        try editor.clickInQuestion("confirm")
        try editor.state("renamed") { $0.folderJob == nil && $0.lastOperation?.kind == "rename" && $0.folderChip("job") != nil }
        let renamed = Dictionary(uniqueKeysWithValues: paths.map { ($0, OnDisk.rawTags(of: $0)!) })
        #expect(renamed.values.filter { $0.contains("job") }.count == 20)
        editor.display.focusedWindow = nil
        try editor.key("ctrl+z")
        let undone = try editor.state("undone") { $0.folderJob == nil && $0.lastOperation?.kind == "undo" && $0.folderChip("work") != nil }
        #expect(undone.values["redoSteps"] as? Int == 1)
        for path in paths { #expect(OnDisk.rawTags(of: path) == original[path]!) }
        try editor.key("ctrl+shift+z")
        let redone = try editor.state("redone") {
            $0.folderJob == nil && $0.lastOperation?.kind == "rename" && $0.folderChip("job")?.files == 20 && $0.folderChip("work") == nil
        }
        for path in paths { #expect(OnDisk.rawTags(of: path) == renamed[path]!, "\(path)") }
        #expect(redone.undoSteps == 1 && redone.values["redoSteps"] as? Int == 0)
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}
