// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// The partial tag's file list while it is open: its tag, the files with and without it.
    var fileList: (tag: String, have: [String], lack: [String], add: (x: Double, y: Double)?)? {
        guard let list = values["fileList"] as? [String: Any], let tag = list["tag"] as? String else { return nil }
        var add: (x: Double, y: Double)?
        if let x = list["addX"] as? Double, let y = list["addY"] as? Double { add = (x, y) }
        return (tag, list["have"] as? [String] ?? [], list["lack"] as? [String] ?? [], add)
    }

    /// A partial chip's count button ("2/7").
    func countButton(_ name: String) -> (x: Double, y: Double)? {
        guard let chip = chipFields(name), let x = chip["countX"] as? Double, let y = chip["countY"] as? Double else { return nil }
        return (x, y)
    }
}

extension EndToEnd {
    /// Issue 26: a click on a partial chip's count lists which files have the tag and which
    /// lack it, and adds it to the rest as one undo step. Real clicks, checked on disk.
    @Suite struct PartialTagFiles {
        @Test func theCountListsTheFilesAndAddsTheTagToTheRest() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), b = scratch.file("b.txt", tags: "x,y")
            let c = scratch.file("c.txt", tags: "y"), ro = scratch.file("ro.txt", tags: "y")
            chmod(ro, 0o444)
            let editor = try EditorProcess([a, b, c, ro], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("x's count") { $0.settled && $0.countButton("x") != nil }
            #expect(shown.chip("x")?.count == 2 && shown.chip("x")?.total == 4)
            let count = shown.countButton("x")!
            try editor.click(x: count.x, y: count.y)
            let listed = try editor.state("the file list of x") { $0.fileList?.tag == "x" && $0.fileList?.add != nil }
            #expect(listed.fileList?.have == [a, b])
            #expect(listed.fileList?.lack == [c, ro])
            #expect(OnDisk.tags(of: c) == ["y"], "opening the list changes nothing")
            let add = listed.fileList!.add!
            try editor.click(x: add.x, y: add.y)
            try waitUntil("x added to c.txt") { OnDisk.tags(of: c) == ["y", "x"] ? true : nil }
            let added = try editor.state("x on 3 of 4") { $0.chip("x")?.count == 3 && $0.fileList == nil }
            #expect(added.undoSteps == 1)
            #expect(OnDisk.tags(of: ro) == ["y"] && OnDisk.tags(of: a) == ["x"] && OnDisk.tags(of: b) == ["x", "y"])
            try editor.key("ctrl+z")
            try waitUntil("the add undone in one step") { OnDisk.tags(of: c) == ["y"] ? true : nil }
            #expect(OnDisk.tags(of: a) == ["x"] && OnDisk.tags(of: b) == ["x", "y"])
            #expect(try editor.state("x on 2 of 4 again") { $0.chip("x")?.count == 2 }.undoSteps == 0)
        }

        /// The same by keyboard: Tab to the partial chip, the Menu key opens its menu, whose
        /// first item (Return) opens its file list with the add button focused, Enter adds the
        /// tag to the rest; Escape closes the list.
        @Test func theMenuKeyListsTheFilesOfAFocusedPartialChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), b = scratch.file("b.txt", tags: "y")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            try editor.state("the chips placed") { $0.settled && $0.countButton("x") != nil }
            try editor.clickEntry()
            try editor.key("Tab")
            try editor.state("x focused") { $0.focus == "chip:x" }
            try editor.key("Menu")
            try editor.state("x's menu") { ($0.values["chipMenu"] as? [String: Any])?["tag"] as? String == "x" }
            try editor.key("Return")
            let listed = try editor.state("x's file list") { $0.fileList?.tag == "x" }
            #expect(listed.fileList?.have == [a] && listed.fileList?.lack == [b])
            try editor.key("Escape")
            try editor.state("the list closed") { $0.fileList == nil }
            #expect(OnDisk.tags(of: b) == ["y"])
            try editor.state("x focused again") { $0.focus == "chip:x" }
            try editor.key("shift+F10")
            try editor.state("x's menu again") { ($0.values["chipMenu"] as? [String: Any])?["tag"] as? String == "x" }
            try editor.key("Return")
            try editor.state("x's file list again") { $0.fileList?.tag == "x" }
            try editor.key("Return")
            try waitUntil("x added to b.txt") { OnDisk.tags(of: b) == ["y", "x"] ? true : nil }
        }
    }
}
