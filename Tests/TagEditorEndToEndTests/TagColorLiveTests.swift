// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.TagColours {
    /// `filetags color` run with the test's data home: another process changing the collection.
    static func filetagsColor(_ tag: String, _ color: String, in scratch: Scratch) throws {
        let filetags = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("filetags").path
        let run = try Command.run(filetags, ["color", tag, color], environment: ["XDG_DATA_HOME": scratch.path])
        guard run.status == 0 else { throw EndToEndError(description: "filetags color: \(run.stderr)") }
    }

    /// Issue 41: colours changed by other programs show in the open windows without anyone
    /// touching them: `filetags color` (the collection's `colors`) reaches an editor in file mode
    /// and a folder view at once, the collection's colour over Finder's; Finder's attribute
    /// rewritten by plistlib gives a tag without a collection colour its new colour in both.
    @Test func coloursChangedByAnotherProgramShowInTheOpenWindows() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let (folder, a, _, c) = try Self.photoFolder(scratch)
        let editor = try EditorProcess([a, c], on: display, dataHome: scratch.path)
        try editor.state("the chips") { $0.settled && $0.chipColor("travel") == "red" && $0.chipColor("beach") == "none" }
        let view = try EditorProcess(["--folder", folder], on: display, dataHome: scratch.path, position: (0, 0))
        try view.state("the folder's chips") { $0.folderSettled && $0.folderChipColor("travel") == "red" }

        try Self.filetagsColor("travel", "green", in: scratch)
        #expect(CollectionOnDisk.colors(in: scratch) == ["travel": "green"])
        try editor.state("travel green in the editor") { $0.chipColor("travel") == "green" }
        try view.state("travel green in the folder view") { $0.folderChipColor("travel") == "green" }
        try Self.filetagsColor("travel", "purple", in: scratch)
        try editor.state("travel purple in the editor") { $0.chipColor("travel") == "purple" }
        try view.state("travel purple in the folder view") { $0.folderChipColor("travel") == "purple" }

        // Finder's attribute rewritten: beach, which the collection gives no colour, is yellow.
        try FinderAttribute.samba.write(["travel\n6", "beach\n5"], to: a)
        try editor.state("beach yellow in the editor") { $0.chipColor("beach") == "yellow" && $0.chipColor("travel") == "purple" }
        try view.state("beach yellow in the folder view") { $0.folderChipColor("beach") == "yellow" }
        #expect(!editor.errors.contains("CRITICAL") && !view.errors.contains("CRITICAL"), "\(editor.errors) \(view.errors)")
    }

    /// In collection mode too: a colour `filetags color` sets shows on the open collection's chip.
    @Test func aColourSetByFiletagsShowsInTheOpenCollection() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        try CollectionOnDisk.write(["alpha", "beta"], colors: [:], in: scratch)
        let editor = try EditorProcess([], on: display, dataHome: scratch.path)
        try editor.state("the collection's chips") { $0.settled && $0.names == ["alpha", "beta"] && $0.chipColor("beta") == "none" }
        try Self.filetagsColor("beta", "orange", in: scratch)
        try editor.state("beta orange") { $0.chipColor("beta") == "orange" && $0.names == ["alpha", "beta"] }
    }
}
