// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.FolderView {
    /// A folder of files named f0, f1, f10, f2, f100 (written in that order), each tagged with a
    /// tag of its own number and `shared`, and a sub-folder with one file.
    static func numberedTree(_ scratch: Scratch) throws -> [String: String] {
        let root = scratch.path + "/tree"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        var paths: [String: String] = [:]
        for (name, tags) in [("f0", "z0,shared"), ("f1", "b1,shared"), ("f10", "a10,shared"), ("f2", "a2,shared"), ("f100", "c100,shared"),
                             ("sub/g", "a/b10,a/b9,a/B1")] {
            let path = root + "/\(name).txt"
            FileManager.default.createFile(atPath: path, contents: Data("\(name)\n".utf8))
            OnDisk.setTags(tags, of: path)
            paths[name] = path
        }
        return paths
    }

    static func header(_ state: EditorState, _ column: String) -> (x: Double, y: Double, indicator: String)? {
        guard let header = (state.values["headers"] as? [String: Any])?[column] as? [String: Any],
              let x = header["x"] as? Double, let y = header["y"] as? Double else { return nil }
        return (x, y, header["indicator"] as? String ?? "")
    }

    /// Two clicks on a header less than GTK's double-click time apart are one double-click, which
    /// the header does not take as a second click: a user reversing waits longer.
    static func pastDoubleClick() { usleep(600_000) }

    static func sorting(_ state: EditorState) -> String {
        "\(state.values["sortColumn"] as? String ?? "?")\(state.values["sortDescending"] as? Bool == true ? " descending" : "")"
    }

    /// Issue 39, item 12: the rows start in natural order by path (f2 before f10, the sub-folder's
    /// file last, not in walk or byte order), no header showing an arrow; a click on the
    /// Name header sorts by name, a second reverses, and the Tags header sorts by the tags' text.
    @Test func rowsInNaturalOrderAndHeadersSortAndReverse() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let p = try Self.numberedTree(scratch)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && $0.shownFiles == 6 && Self.header($0, "name") != nil }
        #expect(shown.shownPaths == [p["f0"]!, p["f1"]!, p["f2"]!, p["f10"]!, p["f100"]!, p["sub/g"]!])
        #expect(Self.sorting(shown) == "path")
        #expect(["name", "folder", "tags"].map { Self.header(shown, $0)?.indicator } == ["none", "none", "none"])
        // The chips in natural order too: a10 after a2, b1 after a's.
        #expect(shown.folderChips.map(\.key).filter { ["a2", "a10", "b1", "c100"].contains($0) } == ["a2", "a10", "b1", "c100"])

        // The sub-tags under their parent, in natural order, case aside: B1, b9, b10.
        let parent = try #require((shown.values["chips"] as? [[String: Any]])?.first { $0["key"] as? String == "a" })
        try editor.click(x: try #require(parent["expandX"] as? Double), y: try #require(parent["expandY"] as? Double))
        let expanded = try editor.state("a's sub-tags shown") { $0.folderSettled && $0.folderChip("a/b10") != nil }
        #expect(expanded.folderChips.map(\.key).prefix(4) == ["a", "a/b1", "a/b9", "a/b10"])
        #expect(expanded.folderChip("a/b1")?.name == "a/B1")

        let name = Self.header(expanded, "name")!
        try editor.click(x: name.x, y: name.y)
        let byName = try editor.state("sorted by name") { Self.sorting($0) == "name" && Self.header($0, "name")?.indicator == "ascending" }
        #expect(byName.shownPaths == [p["f0"]!, p["f1"]!, p["f2"]!, p["f10"]!, p["f100"]!, p["sub/g"]!])
        #expect(Self.header(byName, "folder")?.indicator == "none")
        Self.pastDoubleClick()
        try editor.click(x: name.x, y: name.y)
        let reversed = try editor.state("by name, reversed") { Self.sorting($0) == "name descending" }
        #expect(reversed.shownPaths == [p["sub/g"]!, p["f100"]!, p["f10"]!, p["f2"]!, p["f1"]!, p["f0"]!])
        #expect(Self.header(reversed, "name")?.indicator == "descending")

        let tags = Self.header(reversed, "tags")!
        try editor.click(x: tags.x, y: tags.y)
        let byTags = try editor.state("sorted by tags") { Self.sorting($0) == "tags" }
        // GLib's filename keys put a number before other characters: "a2, …" < "a10, …" <
        // "a/b10, a/b9, a/B1" < "b1, …" < "c100, …" < "z0, …".
        #expect(byTags.shownPaths == [p["f2"]!, p["f10"]!, p["sub/g"]!, p["f1"]!, p["f100"]!, p["f0"]!])
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 12: the keyboard sorts too: the rows' menu (Shift+F10) has Sort by Path,
    /// Name, Folder, Tags and Reverse Order; the header shows what they chose.
    @Test func theKeyboardSortsFromTheRowsMenu() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let p = try Self.numberedTree(scratch)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count == 6 }
        let first = Self.rows(shown)[0]
        try editor.click(x: first.x, y: first.y)
        try editor.state("the list focused") { $0.focus == "files" }
        // Open, Show in Folder, Edit Tags…, then Sort by Path, Name, Folder, Tags, Reverse Order.
        try editor.key("shift+F10")
        try editor.state("the menu shown") { $0.values["fileMenuShown"] as? Bool == true }
        try editor.key("Down", "Down", "Down", "Down", "Down", "Down", "Return")
        let byTags = try editor.state("sorted by tags") { Self.sorting($0) == "tags" && Self.header($0, "tags")?.indicator == "ascending" }
        #expect(byTags.shownPaths == [p["f2"]!, p["f10"]!, p["sub/g"]!, p["f1"]!, p["f100"]!, p["f0"]!])
        try editor.state("the list focused again") { $0.focus == "files" && $0.values["fileMenuShown"] as? Bool == false }
        try editor.key("shift+F10")
        try editor.state("the menu shown again") { $0.values["fileMenuShown"] as? Bool == true }
        try editor.key("Down", "Down", "Down", "Down", "Down", "Down", "Down", "Return")
        let reversed = try editor.state("reversed") { Self.sorting($0) == "tags descending" && Self.header($0, "tags")?.indicator == "descending" }
        #expect(reversed.shownPaths == [p["f0"]!, p["f100"]!, p["f1"]!, p["sub/g"]!, p["f10"]!, p["f2"]!])
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, items 11 and 12: Redo is greyed until a change is undone; its click renames again
    /// on disk, and greys it again. The selected rows stay selected through the rename, its undo,
    /// its redo and a sort.
    @Test func redoButtonRedoesARenameAndTheSelectionStays() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let p = try Self.numberedTree(scratch)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count == 6 && $0.folderChip("shared")?.actions != nil }
        #expect(shown.values["redoEnabled"] as? Bool == false)
        let rows = Self.rows(shown)
        try editor.click(x: rows[2].x, y: rows[2].y)
        try editor.click(x: rows[3].x, y: rows[3].y, holding: "ctrl")
        let chosen = [rows[2].path, rows[3].path]
        try editor.state("two rows selected") { Set($0.values["selectedFiles"] as? [String] ?? []) == Set(chosen) }

        let chip = shown.folderChip("shared")!
        try editor.click(x: chip.actions!.x, y: chip.actions!.y)
        let rename = try editor.state("the tag's actions") { $0.barMode == "actions" && $0.barWidget("rename") != nil }.barWidget("rename")!
        try editor.click(x: rename.x, y: rename.y)
        try editor.state("the name asked") { $0.barMode == "naming" && $0.focus == "barEntry" }
        try editor.type("common")
        try editor.key("Return")
        try editor.state("the confirmation") { $0.barMode == "confirming" }
        try editor.clickInQuestion("confirm")
        let renamed = try editor.state("renamed") { $0.folderJob == nil && $0.lastOperation?.kind == "rename" && $0.folderChip("common") != nil }
        #expect(OnDisk.tags(of: p["f2"]!) == ["a2", "common"])
        #expect(Set(renamed.values["selectedFiles"] as? [String] ?? []) == Set(chosen), "the selection kept through the rename")
        #expect(renamed.values["redoEnabled"] as? Bool == false)

        let undo = renamed.folderWidget("undo")!
        try editor.click(x: undo.x, y: undo.y)
        let undone = try editor.state("undone, Redo enabled") {
            $0.folderJob == nil && $0.folderChip("shared") != nil && $0.values["redoEnabled"] as? Bool == true
        }
        #expect(OnDisk.tags(of: p["f2"]!) == ["a2", "shared"])
        let redo = undone.folderWidget("redo")!
        try editor.click(x: redo.x, y: redo.y)
        let redone = try editor.state("redone, Redo greyed") {
            $0.folderJob == nil && $0.folderChip("common") != nil && $0.values["redoEnabled"] as? Bool == false
        }
        #expect(OnDisk.tags(of: p["f2"]!) == ["a2", "common"])
        #expect(OnDisk.tags(of: p["f100"]!) == ["c100", "common"])
        #expect(Set(redone.values["selectedFiles"] as? [String] ?? []) == Set(chosen), "the selection kept through undo and redo")

        // A click on a greyed Redo does nothing.
        try editor.click(x: redo.x, y: redo.y)
        let name = Self.header(redone, "name")!
        try editor.click(x: name.x, y: name.y)
        try editor.state("sorted by name") { Self.sorting($0) == "name" }
        Self.pastDoubleClick()
        try editor.click(x: name.x, y: name.y)
        let sorted = try editor.state("sorted by name, reversed") { Self.sorting($0) == "name descending" }
        #expect(Set(sorted.values["selectedFiles"] as? [String] ?? []) == Set(chosen), "the selection kept through the sort")
        #expect(OnDisk.tags(of: p["f2"]!) == ["a2", "common"])
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// Issue 39, item 12: a sort while a rename runs (held by another program's locks on some
    /// files) reorders the rows and keeps the selection, which the rename's end keeps too.
    @Test func aSortWhileARenameRunsKeepsTheSelection() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let paths = try Self.plainTree(scratch, count: 30)
        let editor = try EditorProcess(["--folder", scratch.path + "/tree"], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the rows") { $0.folderSettled && Self.rows($0).count > 6 && Self.header($0, "name") != nil }
        #expect(shown.shownPaths == paths.filter { !OnDisk.tags(of: $0).isEmpty })
        let rows = Self.rows(shown)
        try editor.click(x: rows[1].x, y: rows[1].y)
        try editor.click(x: rows[4].x, y: rows[4].y, holding: "ctrl")
        let chosen = Set([rows[1].path, rows[4].path])
        try editor.state("two rows selected") { Set($0.values["selectedFiles"] as? [String] ?? []) == chosen }
        // Several files locked, each held up to the 5 s a change waits for a lock: the rename
        // still runs when the sort comes, on a busy machine too.
        let locks = try OnDisk.Locks([9, 11, 12, 14, 15, 17].map { paths[$0] })
        _ = try EndToEnd.FolderView.rename("work", to: "job", in: editor)
        try editor.clickInQuestion("confirm")
        let running = try editor.state("the rename waiting at the locked file", timeout: 60) {
            $0.folderJob?.kind == "rename" && ($0.folderJob?.done ?? 0) > 0
        }
        let name = Self.header(running, "name")!
        try editor.click(x: name.x, y: name.y)
        try editor.state("sorted by name") { Self.sorting($0) == "name" }
        Self.pastDoubleClick()
        try editor.click(x: name.x, y: name.y)
        let sorted = try editor.state("by name, reversed, the rename still running") {
            Self.sorting($0) == "name descending" && $0.folderJob?.kind == "rename"
        }
        #expect(sorted.shownPaths == shown.shownPaths.reversed())
        #expect(Set(sorted.values["selectedFiles"] as? [String] ?? []) == chosen, "the selection kept through the sort")
        locks.release()
        let done = try editor.state("renamed") { $0.folderJob == nil && $0.lastOperation?.kind == "rename" && $0.folderChip("job") != nil }
        #expect(Self.sorting(done) == "name descending" && done.shownPaths == shown.shownPaths.reversed())
        #expect(Set(done.values["selectedFiles"] as? [String] ?? []) == chosen, "the selection kept through the rename's end")
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}

extension EndToEnd.WaylandKeyboard {
    /// Issue 39, item 12, under Wayland: the keyboard path to sorting. Tab to the file list, Home
    /// selects its first row, Shift+F10 opens the rows' menu, Sort by Tags sorts by the tags'
    /// text, and the header shows it.
    @Test func theFileListSortsByKeyboardUnderWayland() throws {
        let scratch = try Scratch()
        let p = try EndToEnd.FolderView.numberedTree(scratch)
        let session = try WaylandSession(in: scratch.path, width: 1000, height: 700)
        let editor = try WaylandEditor(["--folder", scratch.path + "/tree"], in: session, scratch: scratch.path)
        func shown(_ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
            try editor.shown(what, condition)
        }
        let start = try shown("its rows") { $0.folderSettled && $0.shownFiles == 6 }
        #expect(start.shownPaths == [p["f0"]!, p["f1"]!, p["f2"]!, p["f10"]!, p["f100"]!, p["sub/g"]!])
        var focus = start.focus
        for _ in 0..<40 where focus != "files" {
            try session.keys("-k", "Tab")
            usleep(150_000)
            focus = try shown("the focus after Tab") { _ in true }.focus
        }
        #expect(focus == "files")
        // Home again when the first was lost (wtype's keyboard is new each run; under load a key
        // may reach the list before its focus is drawn): the selection is what is checked.
        var selected = false
        for _ in 0..<3 where !selected {
            try session.keys("-k", "Home")
            selected = (try? editor.shown("the first row selected", timeout: 8) {
                !($0.values["selectedFiles"] as? [String] ?? []).isEmpty
            }) != nil
        }
        #expect(selected, "Home selected no row")
        try session.keys("-M", "shift", "-k", "F10", "-m", "shift")
        try shown("the rows' menu") { $0.values["fileMenuShown"] as? Bool == true }
        try session.keys("-k", "Down", "-k", "Down", "-k", "Down", "-k", "Down", "-k", "Down", "-k", "Down", "-k", "Return")
        let byTags = try shown("sorted by tags") {
            EndToEnd.FolderView.sorting($0) == "tags" && EndToEnd.FolderView.header($0, "tags")?.indicator == "ascending"
        }
        #expect(byTags.shownPaths == [p["f2"]!, p["f10"]!, p["sub/g"]!, p["f1"]!, p["f100"]!, p["f0"]!])
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}
