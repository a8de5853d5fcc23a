// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// The folder view's chip menu while it is open: the tag's key and the colour it checks.
    var folderChipMenu: (tag: String, color: String)? {
        guard let menu = values["chipMenu"] as? [String: Any], let tag = menu["tag"] as? String else { return nil }
        return (tag, menu["color"] as? String ?? "")
    }
}

extension EndToEnd.TagColours {
    /// A folder of three photos: two carry Finder's attribute (one in each Linux form) with
    /// travel red, the third only `user.xdg.tags`.
    static func photoFolder(_ scratch: Scratch) throws -> (folder: String, a: String, b: String, c: String) {
        let folder = scratch.path + "/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (a, b, c) = (folder + "/a.jpg", folder + "/b.jpg", folder + "/c.jpg")
        for path in [a, b, c] { FileManager.default.createFile(atPath: path, contents: Data(path.utf8)) }
        OnDisk.setTags("travel,beach", of: a)
        try FinderAttribute.samba.write(["travel\n6", "beach\n0"], to: a)
        try FinderAttribute.rsync.write(["beach\n0", "travel\n6"], to: b)
        OnDisk.setTags("travel", of: c)
        return (folder, a, b, c)
    }

    /// Issue 41, the folder view: a right-click on a chip opens the chip menu, its Colour item
    /// checked on Finder's red; Blue picked with the keys is kept in the collection and written
    /// to the Finder attribute of every file under the folder that has the tag there (plistlib
    /// reads "travel\n4", the other entry and the order kept; the file without Finder's
    /// attribute gets none); the chip and a screen reader say Blue. Ctrl+Z gives back red and
    /// the collection without a colour, Ctrl+Shift+Z blue again; Shift+F10 and the Menu key open
    /// the same menu on the focused chip.
    @Test func theFolderViewsChipMenuSetsATagsColourOnEveryFile() throws {
        let scratch = try Scratch(), display = try VirtualDisplay(), bus = try SessionBus()
        let (folder, a, b, c) = try Self.photoFolder(scratch)
        let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0),
                                     environment: bus.editorEnvironment)
        let shown = try view.state("the folder's chips") {
            $0.folderSettled && $0.folderChip("travel")?.choose != nil && $0.folderChipColor("travel") == "red"
        }
        let travel = try #require(shown.folderChip("travel")?.choose)
        try view.focus()
        try display.xdotool(["mousemove", "--window", view.window, "\(Int(travel.x))", "\(Int(travel.y))", "click", "3"])
        let menu = try view.state("travel's menu") { $0.folderChipMenu != nil }
        #expect(menu.folderChipMenu?.tag == "travel" && menu.folderChipMenu?.color == "red")
        // The Colour submenu (the first item), then None, Grey, Green, Purple, Blue.
        try view.key("Return")
        for _ in 0..<5 { try view.key("Down") }
        try view.key("Return")
        let blue = try view.state("travel blue") {
            $0.folderSettled && $0.lastOperation?.kind == "color" && $0.folderChipColor("travel") == "blue"
        }
        #expect(blue.lastOperation?.changed == 2 && blue.values["undoSteps"] as? Int == 1)
        #expect(CollectionOnDisk.colors(in: scratch) == ["travel": "blue"])
        #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n4", "beach\n0"])
        #expect(try FinderAttribute.rsync.entries(of: b) == ["beach\n0", "travel\n4"])
        #expect(try FinderAttribute.samba.entries(of: c) == nil && FinderAttribute.rsync.entries(of: c) == nil)
        #expect(OnDisk.tags(of: a) == ["travel", "beach"] && OnDisk.tags(of: c) == ["travel"])
        try view.state("the focus back on travel") { $0.focus == "chip:travel" }
        let tree = try AccessibleNodes(of: view, bus: bus, waitingFor: "travel, 3 files, not chosen")
        let chip = tree.nodes.first { $0.name == "travel, 3 files, not chosen" }
        #expect(chip?.description.hasSuffix("Colour: Blue") == true, "\(chip?.description ?? "no chip")")

        try view.key("ctrl+z")
        try view.state("travel red again") { $0.folderSettled && $0.lastOperation?.kind == "undo" && $0.folderChipColor("travel") == "red" }
        #expect(CollectionOnDisk.colors(in: scratch) == [:])
        #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n6", "beach\n0"])
        #expect(try FinderAttribute.rsync.entries(of: b) == ["beach\n0", "travel\n6"])
        try view.key("ctrl+shift+z")
        try view.state("travel blue again") { $0.folderSettled && $0.lastOperation?.kind == "redo" && $0.folderChipColor("travel") == "blue" }
        #expect(CollectionOnDisk.colors(in: scratch) == ["travel": "blue"])
        #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n4", "beach\n0"])

        // The keyboard's ways to the same menu, on the focused chip.
        try view.state("travel focused") { $0.focus == "chip:travel" }
        try view.key("shift+F10")
        try view.state("travel's menu from Shift+F10") { $0.folderChipMenu?.tag == "travel" && $0.folderChipMenu?.color == "blue" }
        try view.key("Escape")
        try view.state("the menu closed, travel focused") { $0.folderChipMenu == nil && $0.focus == "chip:travel" }
        try view.key("Menu")
        try view.state("travel's menu from the Menu key") { $0.folderChipMenu?.tag == "travel" }
        // None, the first colour: the collection and Finder's entries lose the colour.
        try view.key("Return")
        try view.key("Down")
        try view.key("Return")
        try view.state("travel without colour") { $0.folderSettled && $0.folderChipColor("travel") == "none" && $0.folderChipMenu == nil }
        #expect(CollectionOnDisk.colors(in: scratch) == [:])
        #expect(try FinderAttribute.samba.entries(of: a) == ["travel\n0", "beach\n0"])
        #expect(!view.errors.contains("CRITICAL"), "\(view.errors)")
    }

    /// The menu's Rename… in the folder view asks for the new name in the view's bar (the
    /// rename across files), with the focus in its entry, not taken back to the chip.
    @Test func theFolderViewsChipMenuRenamesAcrossFiles() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let (folder, a, _, c) = try Self.photoFolder(scratch)
        let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try view.state("the folder's chips") { $0.folderSettled && $0.folderChip("travel")?.choose != nil }
        let travel = try #require(shown.folderChip("travel")?.choose)
        try view.focus()
        try display.xdotool(["mousemove", "--window", view.window, "\(Int(travel.x))", "\(Int(travel.y))", "click", "3"])
        try view.state("travel's menu") { $0.folderChipMenu?.tag == "travel" }
        // Colour first, then Rename….
        try view.key("Down")
        try view.key("Return")
        try view.state("the new name asked") { $0.barMode == "naming" && $0.focus == "barEntry" && $0.folderChipMenu == nil }
        try view.type("trip")
        try view.key("Return")
        try view.clickInQuestion("confirm")
        try view.state("travel renamed") { $0.folderSettled && $0.lastOperation?.kind == "rename" && $0.folderChip("trip") != nil }
        #expect(OnDisk.tags(of: a) == ["trip", "beach"] && OnDisk.tags(of: c) == ["trip"])
        #expect(try FinderAttribute.samba.entries(of: a) == ["trip\n6", "beach\n0"])
    }
}
