// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// How the window treats Finder's tags (`keep`, `write`, `off`).
    var macosTags: String? { values["macosTags"] as? String }
}

extension EndToEnd.TagColours {
    /// Issue 41: the `macos-tags` setting, changed with `gsettings` while the editor is open on two
    /// files that carry only `user.xdg.tags`: with `keep` an added tag writes no Finder attribute;
    /// with `write` the next one gives both files Samba's form (plistlib reads every tag); with
    /// `off` an edit leaves Finder's attribute as it is.
    @Test func theMacosTagsSettingReachesTheOpenWindow() throws {
        let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
        let a = scratch.file("a.txt", tags: "one"), b = scratch.file("b.txt", tags: "one")
        let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path, environment: schema.environment(dataHome: scratch.path))
        try editor.state("the chips") { $0.settled && $0.names == ["one"] && $0.macosTags == "keep" }
        try editor.addTag("two")
        try waitUntil("two on both files") { OnDisk.tags(of: a) == ["one", "two"] && OnDisk.tags(of: b) == ["one", "two"] ? true : nil }
        #expect(try FinderAttribute.samba.entries(of: a) == nil && FinderAttribute.rsync.entries(of: a) == nil)

        try schema.gsettings(["set", CompiledSchema.id, "macos-tags", "write"], dataHome: scratch.path)
        try editor.state("the window writing Finder's tags") { $0.macosTags == "write" }
        try editor.addTag("three")
        try waitUntil("three on both files") { OnDisk.tags(of: b) == ["one", "two", "three"] ? true : nil }
        #expect(try FinderAttribute.samba.entries(of: a) == ["one\n0", "two\n0", "three\n0"])
        #expect(try FinderAttribute.samba.entries(of: b) == ["one\n0", "two\n0", "three\n0"])
        #expect(try FinderAttribute.rsync.entries(of: a) == nil)

        try schema.gsettings(["set", CompiledSchema.id, "macos-tags", "off"], dataHome: scratch.path)
        try editor.state("the window leaving Finder's tags alone") { $0.macosTags == "off" && $0.settled }
        try editor.addTag("four")
        try waitUntil("four on both files") { OnDisk.tags(of: b) == ["one", "two", "three", "four"] ? true : nil }
        #expect(try FinderAttribute.samba.entries(of: a) == ["one\n0", "two\n0", "three\n0"])
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }

    /// The main menu's Finder Tags submenu, by keys (the menu button, Down to Finder Tags after
    /// Open Folder…, Return, Down to Write, Return): Write sets the key `gsettings` reads and the window writes Samba's form on the
    /// next edit. Started with `--macos=off`, the command line wins over the key for that run.
    @Test func theMainMenusFinderTagsSubmenuSetsIt() throws {
        let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
        let a = scratch.file("a.txt", tags: "one")
        let editor = try EditorProcess([a], on: display, dataHome: scratch.path, environment: schema.environment(dataHome: scratch.path))
        try editor.state("the chip") { $0.settled && $0.names == ["one"] && $0.macosTags == "keep" }
        try editor.click(widget: "menu")
        // The menu opens on Keyboard Shortcuts (Undo and Redo are off); Finder Tags is after
        // About and Open Folder…; in its submenu Keep comes first, then Write.
        try display.xdotool(["sleep", "0.3", "key", "--delay", "80", "Down", "Down", "Down", "Return", "sleep", "0.3",
                             "key", "--delay", "80", "Down", "Down", "Return"])
        try editor.state("the window writing Finder's tags") { $0.macosTags == "write" }
        #expect(try schema.gsettings(["get", CompiledSchema.id, "macos-tags"], dataHome: scratch.path) == "'write'")
        try editor.clickEntry()
        try editor.addTag("two")
        try waitUntil("two on a.txt") { OnDisk.tags(of: a) == ["one", "two"] ? true : nil }
        #expect(try FinderAttribute.samba.entries(of: a) == ["one\n0", "two\n0"])
        editor.process.stop()

        let b = scratch.file("b.txt", tags: "one")
        let off = try EditorProcess(["--macos=off", b], on: display, dataHome: scratch.path,
                                    environment: schema.environment(dataHome: scratch.path))
        try off.state("the chip, Finder's tags off") { $0.settled && $0.names == ["one"] && $0.macosTags == "off" }
        try off.addTag("two")
        try waitUntil("two on b.txt") { OnDisk.tags(of: b) == ["one", "two"] ? true : nil }
        #expect(try FinderAttribute.samba.entries(of: b) == nil)

        // A value that is not one of the three is refused, naming it and the choices.
        let bad = try Command.run(EditorProcess.binary, ["--macos=sometimes", b])
        #expect(bad.status == 64 && bad.stderr.contains("--macos: \"sometimes\" is not keep, write or off"), "\(bad.stderr)")
    }

    /// The folder view follows the setting too: with `write` set by `gsettings` while it is open,
    /// a rename across files gives the files that had only `user.xdg.tags` Samba's form of
    /// Finder's attribute (plistlib reads the renamed tag), and its undo takes that away again;
    /// with `keep` before, the rename of the other tag gave them none.
    @Test func theFolderViewFollowsTheSetting() throws {
        let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
        let folder = scratch.path + "/notes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (a, b) = (folder + "/a.txt", folder + "/b.txt")
        for path in [a, b] { FileManager.default.createFile(atPath: path, contents: Data(path.utf8)) }
        OnDisk.setTags("draft,work", of: a)
        OnDisk.setTags("work", of: b)
        let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0),
                                     environment: schema.environment(dataHome: scratch.path))
        try view.state("the folder's chips") { $0.folderSettled && $0.folderChip("work")?.actions != nil && $0.macosTags == "keep" }
        _ = try EndToEnd.FolderView.rename("draft", to: "first", in: view)
        try view.clickInQuestion("confirm")
        try view.state("draft renamed") { $0.folderSettled && $0.lastOperation?.kind == "rename" && $0.folderChip("first") != nil }
        #expect(OnDisk.tags(of: a) == ["first", "work"])
        #expect(try FinderAttribute.samba.entries(of: a) == nil)

        try schema.gsettings(["set", CompiledSchema.id, "macos-tags", "write"], dataHome: scratch.path)
        try view.state("the view writing Finder's tags") { $0.macosTags == "write" }
        _ = try EndToEnd.FolderView.rename("work", to: "job", in: view)
        try view.clickInQuestion("confirm")
        try view.state("work renamed") { $0.folderSettled && $0.lastOperation?.kind == "rename" && $0.folderChip("job") != nil }
        #expect(OnDisk.tags(of: a) == ["first", "job"] && OnDisk.tags(of: b) == ["job"])
        #expect(try FinderAttribute.samba.entries(of: a) == ["first\n0", "job\n0"])
        #expect(try FinderAttribute.samba.entries(of: b) == ["job\n0"])

        // Its undo, still under `write`, leaves each file as the rename found it: the Finder
        // attribute the rename gave them goes again.
        try view.key("ctrl+z")
        try view.state("the rename undone") { $0.folderSettled && $0.lastOperation?.kind == "undo" && $0.folderChip("work") != nil }
        #expect(OnDisk.tags(of: a) == ["first", "work"] && OnDisk.tags(of: b) == ["work"])
        #expect(try FinderAttribute.samba.entries(of: a) == nil)
        #expect(try FinderAttribute.samba.entries(of: b) == nil)
    }

    /// The folder view has the same submenu in its own main menu (a view opened alone, with
    /// `--folder`, has no editor's): the menu button, Return on Finder Tags, Down to Write, Return.
    @Test func theFolderViewsMenuHasFinderTags() throws {
        let scratch = try Scratch(), display = try VirtualDisplay(), schema = try CompiledSchema(in: scratch)
        let folder = scratch.path + "/notes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/a.txt", contents: Data("a".utf8))
        OnDisk.setTags("work", of: folder + "/a.txt")
        let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0),
                                     environment: schema.environment(dataHome: scratch.path))
        let shown = try view.state("the menu button") { $0.folderSettled && $0.folderWidget("menu") != nil && $0.macosTags == "keep" }
        let menu = try #require(shown.folderWidget("menu"))
        try view.click(x: menu.x, y: menu.y)
        try display.xdotool(["sleep", "0.3", "key", "--delay", "80", "Return", "sleep", "0.3", "key", "--delay", "80", "Down", "Down", "Return"])
        try view.state("the view writing Finder's tags") { $0.macosTags == "write" }
        #expect(try schema.gsettings(["get", CompiledSchema.id, "macos-tags"], dataHome: scratch.path) == "'write'")
    }
}
