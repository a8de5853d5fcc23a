// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.FolderView {
    /// A folder of `count` files tagged from a few tags, for the list's keyboard and pointer.
    static func plainTree(_ scratch: Scratch, count: Int) throws -> [String] {
        let root = scratch.path + "/tree"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return (0..<count).map { index in
            let path = root + "/n\(String(format: "%03d", index)).txt"
            FileManager.default.createFile(atPath: path, contents: Data("note \(index)\n".utf8))
            OnDisk.setTags(["work", "home", "work,urgent"][index % 3], of: path)
            return path
        }
    }

    static func rows(_ state: EditorState) -> [(path: String, x: Double, y: Double)] {
        (state.values["rows"] as? [[String: Any]] ?? []).compactMap { row in
            guard let path = row["path"] as? String, let x = row["x"] as? Double, let y = row["y"] as? Double else { return nil }
            return (path, x, y)
        }.sorted { $0.y < $1.y }
    }

    /// Issue 39, item 9: in a list of 200 files, Tab leaves the list at once (it went one row
    /// down each time) and, going on, reaches the header's controls, the chips and the list
    /// again; Shift+Tab from the list goes to the chips.
    @Test func tabLeavesTheFileListAndReachesEveryPart() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        _ = try Self.plainTree(scratch, count: 200)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count > 3 }
        let first = Self.rows(shown)[1]
        try editor.click(x: first.x, y: first.y)
        try editor.state("the list focused") { $0.focus == "files" }
        try editor.key("Tab")
        let left = try editor.state("the focus out of the list") { $0.focus != "files" }
        #expect(!left.focus.hasPrefix("chip:"), "forward from the list, the last part, wraps to the top: \(left.focus)")
        var seen: [String] = [left.focus]
        for _ in 0..<40 {
            // A chip's buttons are stops of one chip: the focus's name may stay the same.
            let before = seen.last!
            try editor.key("Tab")
            let now = (try? editor.state("the next focus", timeout: 1) { $0.focus != before })?.focus ?? before
            seen.append(now)
            if now == "files" { break }
        }
        #expect(seen.contains { $0.hasPrefix("chip:") }, "\(seen)")
        #expect(seen.last == "files", "Tab came back to the list: \(seen)")
        try editor.key("shift+Tab")
        try editor.state("Shift+Tab from the list to the chips") { $0.focus.hasPrefix("chip:") }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 8: Ctrl+click adds a row to the selection, Shift+click a run; “Edit Tags…”
    /// opens every selected file in one editor window.
    @Test func ctrlClickAddsRowsAndEditOpensThemAll() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        _ = try Self.plainTree(scratch, count: 30)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count > 6 }
        let rows = Self.rows(shown)
        try editor.click(x: rows[0].x, y: rows[0].y)
        try editor.state("one row selected") { $0.values["selectedFiles"] as? [String] == [rows[0].path] }
        try editor.click(x: rows[2].x, y: rows[2].y, holding: "ctrl")
        try editor.state("two rows selected") { Set($0.values["selectedFiles"] as? [String] ?? []) == [rows[0].path, rows[2].path] }
        try editor.click(x: rows[4].x, y: rows[4].y, holding: "ctrl")
        let three = try editor.state("three rows selected") {
            Set($0.values["selectedFiles"] as? [String] ?? []) == [rows[0].path, rows[2].path, rows[4].path] && $0.folderWidget("edit") != nil
        }
        try editor.click(x: three.folderWidget("edit")!.x, y: three.folderWidget("edit")!.y)
        let opened = try waitUntil("the editor's window on the three files") {
            editor.state(ofWindow: 2).flatMap { Set($0.files.map(\.path)) == [rows[0].path, rows[2].path, rows[4].path] ? $0 : nil }
        }
        #expect(opened.files.count == 3)
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 12 (in part): Rename… starts from the tag's name, selected: typing
    /// replaces it (it started empty).
    @Test func renameStartsFromTheTagsNameSelected() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        _ = try Self.plainTree(scratch, count: 12)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let chip = try editor.state("work's chip") { $0.folderSettled && $0.folderChip("work")?.actions != nil }.folderChip("work")!
        try editor.click(x: chip.actions!.x, y: chip.actions!.y)
        let rename = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("rename") != nil }.barWidget("rename")!
        try editor.click(x: rename.x, y: rename.y)
        try editor.state("the name in the entry") {
            $0.barMode == "naming" && $0.focus == "barEntry" && ($0.values["bar"] as? [String: Any])?["entry"] as? String == "work"
        }
        try editor.type("job")
        try editor.state("replaced by what was typed") { ($0.values["bar"] as? [String: Any])?["entry"] as? String == "job" }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 12 (in part): “Merge into” completes the folder's tag names: “wo” typed
    /// lists “work” under the entry, Down and Enter take it, Enter again asks, and the merge puts
    /// the files of “urgent” under “work”.
    @Test func mergeIntoCompletesTheFoldersTags() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let paths = try Self.plainTree(scratch, count: 12)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let chip = try editor.state("urgent's chip") { $0.folderSettled && $0.folderChip("urgent")?.actions != nil }.folderChip("urgent")!
        try editor.click(x: chip.actions!.x, y: chip.actions!.y)
        let merge = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("merge") != nil }.barWidget("merge")!
        try editor.click(x: merge.x, y: merge.y)
        try editor.state("the name asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
        try editor.type("wo")
        try editor.state("wo typed") { ($0.values["bar"] as? [String: Any])?["entry"] as? String == "wo" }
        try waitUntil("the completion's list shown") { try display.mappedPopups().isEmpty ? nil : true }
        try editor.key("Down", "Return")
        try editor.state("completed") { ($0.values["bar"] as? [String: Any])?["entry"] as? String == "work" }
        try editor.key("Return")
        try editor.state("the confirmation") { $0.barMode == "confirming" }
        try editor.clickInQuestion("confirm")
        try editor.state("merged") { $0.folderJob == nil && $0.lastOperation?.kind == "merge" && $0.folderChip("urgent") == nil }
        for path in paths { #expect(!OnDisk.tags(of: path).contains("urgent")) }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Escape closes the action bar, as its Cancel does, and the focus goes back to the chip it
    /// was opened from: from the tag's actions, from the name being typed (the merge name's
    /// completion list closes first, the bar on the next Escape), and by Cancel; nothing is
    /// written on the way.
    @Test func escapeClosesTheActionBarBackToItsChip() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let paths = try Self.plainTree(scratch, count: 12)
        let before = paths.map { OnDisk.tags(of: $0) }
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        func openActions() throws {
            let chip = try editor.state("urgent's chip") { $0.folderSettled && $0.folderChip("urgent")?.actions != nil }.folderChip("urgent")!
            try editor.click(x: chip.actions!.x, y: chip.actions!.y)
            try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("merge") != nil }
        }
        // From the actions: the focus is on the chip's “…”, which does not take Escape.
        try openActions()
        try editor.key("Escape")
        try editor.state("the bar closed, the focus on the chip") { $0.barMode == "hidden" && $0.focus == "chip:urgent" }
        // From the name: the completion list first, then the bar.
        try openActions()
        let merge = try editor.state("merge shown") { $0.barWidget("merge") != nil }.barWidget("merge")!
        try editor.click(x: merge.x, y: merge.y)
        try editor.state("the name asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
        try editor.type("wo")
        try waitUntil("the completion's list shown") { try display.mappedPopups().isEmpty ? nil : true }
        try editor.key("Escape")
        try waitUntil("the completion's list closed") { try display.mappedPopups().isEmpty ? true : nil }
        try editor.state("the bar still asks") { $0.barMode == "naming" && $0.focus == "barEntry" }
        try editor.key("Escape")
        try editor.state("the bar closed from the entry") { $0.barMode == "hidden" && $0.focus == "chip:urgent" }
        // Cancel by the pointer: the same.
        try openActions()
        let cancel = try editor.state("cancel shown") { $0.barWidget("cancel") != nil }.barWidget("cancel")!
        try editor.click(x: cancel.x, y: cancel.y)
        try editor.state("the bar closed by Cancel") { $0.barMode == "hidden" && $0.focus == "chip:urgent" }
        #expect(paths.map { OnDisk.tags(of: $0) } == before)
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 12 (in part): a double-click on a row, or Enter, opens the file with the
    /// default application for its type, as a file manager does (it opened the tag editor;
    /// Edit Tags… does that). The default application is the test's own, through the
    /// freedesktop `mimeapps.list` GIO reads.
    @Test func aDoubleClickOpensTheFileWithItsDefaultApplication() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        _ = try Self.plainTree(scratch, count: 8)
        let log = try Self.installOpener(in: scratch)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count > 3 }
        let row = Self.rows(shown)[2]
        try editor.click(x: row.x, y: row.y, count: 2)
        try waitUntil("the default application given the file") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == row.path + "\n" ? true : nil
        }
        try editor.key("Down", "Return")
        let next = Self.rows(shown)[3].path
        try waitUntil("Enter opens the next row's file") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == row.path + "\n" + next + "\n" ? true : nil
        }
        #expect(editor.state(ofWindow: 2) == nil, "no tag editor window opened")
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// A default application of the test's own for text files and folders (through the
    /// `mimeapps.list` GIO reads from the editor's XDG_CONFIG_HOME): it writes what it is given,
    /// one a line, to the returned log.
    static func installOpener(in scratch: Scratch) throws -> String {
        let log = scratch.path + "/opened.log", opener = scratch.path + "/opener.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(log)\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        try FileManager.default.createDirectory(atPath: scratch.path + "/applications", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/config", withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Test Opener\nExec=\(opener) %f\nMimeType=text/plain;inode/directory;\n"
            .write(toFile: scratch.path + "/applications/test-opener.desktop", atomically: true, encoding: .utf8)
        try "[Default Applications]\ntext/plain=test-opener.desktop\ninode/directory=test-opener.desktop\n"
            .write(toFile: scratch.path + "/config/mimeapps.list", atomically: true, encoding: .utf8)
        return log
    }

    /// Issue 39, item 12 (in part): a right-click on a row not selected selects it and opens the
    /// rows' menu; Open gives the file to its default application, Show in Folder (no file
    /// manager on a session bus here) opens its folder, Edit Tags… opens the tag editor.
    @Test func theRowsContextMenuOpensShowsAndEdits() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        _ = try Self.plainTree(scratch, count: 8)
        let log = try Self.installOpener(in: scratch)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0),
                                       environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count > 3 }
        let rows = Self.rows(shown)
        // A click just after a menu closed can go to the closing menu's grab: as a user would,
        // click again when no menu opened.
        func menu(on row: (path: String, x: Double, y: Double)) throws {
            for attempt in 1...3 {
                try editor.focus()
                try display.xdotool(["mousemove", "--window", editor.window, "\(Int(row.x))", "\(Int(row.y))", "click", "3"])
                let shown = try? editor.state("\(row.path) selected, the menu shown", timeout: attempt < 3 ? 4 : 15) {
                    $0.values["selectedFiles"] as? [String] == [row.path] && $0.values["fileMenuShown"] as? Bool == true
                }
                if shown != nil { return }
            }
            throw EndToEndError(description: "no menu on \(row.path) after three right-clicks")
        }
        // The menu opens with its first item, Open, focused.
        try menu(on: rows[1])
        try editor.key("Return")
        try waitUntil("Open gave the file to its application (log: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "none"))") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == rows[1].path + "\n" ? true : nil
        }
        try menu(on: rows[2])
        try editor.key("Down", "Return")
        try waitUntil("Show in Folder opened its folder") {
            (try? String(contentsOfFile: log, encoding: .utf8)) == rows[1].path + "\n" + scratch.path + "/tree\n" ? true : nil
        }
        try menu(on: rows[3])
        try editor.key("Down", "Down", "Return")
        try waitUntil("the editor's window on the file") {
            editor.state(ofWindow: 2).flatMap { $0.files.map(\.path) == [rows[3].path] ? $0 : nil }
        }
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}
