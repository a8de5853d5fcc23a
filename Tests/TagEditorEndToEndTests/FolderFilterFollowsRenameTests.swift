// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.FolderView {
    /// Issue 39, item 3: the folder view filtered by “Beach” and not “red” and “trip”; Beach
    /// renamed to seaside on every file. The filter becomes “seaside” and not “red” and “trip”
    /// and shows the same files (it dropped the renamed tag and showed ten times as many); Undo
    /// brings “Beach” back into it.
    @Test func renamingTheTagTheViewIsFilteredByUpdatesTheFilter() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let root = scratch.path + "/tree"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<40 {
            let path = root + "/p\(String(format: "%02d", index)).jpg"
            FileManager.default.createFile(atPath: path, contents: Data("photo \(index)\n".utf8))
            var tags: [String] = []
            if index % 2 == 0 { tags.append("Beach") }
            if index % 3 == 0 { tags.append("red") }
            if index % 5 != 4 { tags.append("trip") }
            OnDisk.setTags(tags.joined(separator: ","), of: path)
            paths.append(path)
        }
        func matching(_ beach: String) -> Int {
            paths.filter { path in
                let tags = OnDisk.tags(of: path)
                return tags.contains(beach) && !tags.contains("red") && tags.contains("trip")
            }.count
        }
        let expected = matching("Beach")
        let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
        for (key, part) in [("beach", "choose"), ("red", "not"), ("trip", "choose")] {
            let chip = try editor.state("\(key) placed") { $0.folderSettled && $0.folderChip(key)?.choose != nil }.folderChip(key)!
            let point = part == "choose" ? chip.choose! : chip.exclude!
            try editor.click(x: point.x, y: point.y)
            try editor.state("\(key) chosen") { $0.folderChip(key)?.choice == (part == "choose" ? "required" : "excluded") }
        }
        let filtered = try editor.state("the files of the filter") { $0.folderSettled && $0.shownFiles == expected }
        #expect(filtered.values["filter"] as? String == "Files with “Beach” and not “red” and “trip”")
        _ = try EndToEnd.FolderView.rename("beach", to: "seaside", in: editor)
        try editor.clickInQuestion("confirm")
        let renamed = try editor.state("the rename finished") { $0.folderJob == nil && $0.lastOperation?.kind == "rename" }
        #expect(matching("seaside") == expected)
        #expect(renamed.folderChip("seaside")?.choice == "required", "\(renamed.folderChips.map { ($0.key, $0.choice) })")
        #expect(renamed.folderChip("red")?.choice == "excluded" && renamed.folderChip("trip")?.choice == "required")
        #expect(renamed.shownFiles == expected, "shown \(renamed.shownFiles), expected \(expected)")
        let words = renamed.values["filter"] as? String ?? ""
        #expect(words.contains("“seaside”") && words.contains("not “red”") && words.contains("“trip”")
                && !words.contains("Beach"), "\(words)")
        try editor.key("ctrl+z")
        let undone = try editor.state("the rename undone") { $0.folderJob == nil && $0.lastOperation?.kind == "undo" }
        #expect(undone.folderChip("beach")?.choice == "required", "\(undone.folderChips.map { ($0.key, $0.choice) })")
        #expect(undone.shownFiles == expected)
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}
