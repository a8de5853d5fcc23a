// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// Issue 41: `filetags export` keeps Finder's attribute (either Linux form, the plistlib
/// fixtures) byte for byte beside `user.xdg.tags`, and `import` puts it back, by path and by
/// content, on a copy that kept no attribute; a file with only Finder's tags travels too.
@Suite struct FinderExportTests {
    @Test func exportAndImportCarryFindersAttributeByteForByte() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let source = try tree.folder("source")
        let both = try tree.file("source/both.jpg", tags: "beach, work")
        let share = try tree.file("source/share.pdf", tags: nil)
        try "both".write(toFile: both, atomically: false, encoding: .utf8)
        try "share".write(toFile: share, atomically: false, encoding: .utf8)
        let rsync = try FinderTagsTests.fixture("rsync"), samba = try FinderTagsTests.fixture("samba")
        try FinderTagsTests.setValue(both, FinderTagsTests.rsync, rsync)
        try FinderTagsTests.setValue(share, FinderTagsTests.samba, samba)

        let export = try Filetags.run(["export", source], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        let files = try #require(try export.json()["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["both.jpg", "share.pdf"])
        #expect(files[0]["attribute"] as? String == "beach, work")
        #expect(files[0]["finder"] as? [String: String] == [FinderTagsTests.rsync: Data(rsync).base64EncodedString()])
        #expect(files[1]["attribute"] as? String == "")
        #expect(files[1]["finder"] as? [String: String] == [FinderTagsTests.samba: Data(samba).base64EncodedString()])
        let exported = tree.path + "/tags.json"
        FileManager.default.createFile(atPath: exported, contents: Data(export.stdout))

        // A copy that kept no attribute, one file renamed (found by content).
        #expect(try Filetags.spawn(["/bin/cp", "-r", source, tree.path + "/copy"]).status == 0)
        let copy = tree.path + "/copy"
        #expect(rename(copy + "/share.pdf", copy + "/renamed.pdf") == 0)
        let run = try Filetags.run(["import", exported, copy], environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains("tagged \(copy)/both.jpg: “beach, work” and Finder's attribute (by path)"), "\(run.output)")
        #expect(attribute(copy + "/both.jpg") == Array("beach, work".utf8))
        #expect(FinderTagsTests.value(copy + "/both.jpg", FinderTagsTests.rsync) == rsync)
        #expect(FinderTagsTests.value(copy + "/renamed.pdf", FinderTagsTests.samba) == samba)
        #expect(attribute(copy + "/renamed.pdf") == nil)
        #expect(try FinderTagsTests.plistlibEntries(copy + "/renamed.pdf", FinderTagsTests.samba) == FinderTagsTests.fixtureEntries)
        // Imported again: nothing to do.
        #expect(try Filetags.run(["import", exported, copy], environment: env).lines.isEmpty)

        // With --macos=off only user.xdg.tags go back; a file with only Finder's tags is named.
        #expect(try Filetags.spawn(["/bin/cp", "-r", source, tree.path + "/plain"]).status == 0)
        let plain = tree.path + "/plain"
        let off = try Filetags.run(["--macos=off", "import", exported, plain], environment: env)
        #expect(off.status == 1 && off.stderr.contains("left alone: \(plain)/share.pdf has only Finder's tags"), "\(off.stderr)")
        #expect(attribute(plain + "/both.jpg") == Array("beach, work".utf8))
        #expect(FinderTagsTests.value(plain + "/both.jpg", FinderTagsTests.rsync) == nil)
        #expect(FinderTagsTests.value(plain + "/share.pdf", FinderTagsTests.samba) == nil)

        // An export whose Finder attribute has a name of no known form is refused, saying which.
        let bad = tree.path + "/bad.json"
        try #"{"format":"wraphstack-filetags-export","version":1,"files":[{"path":"x","size":1,"attribute":"a","finder":{"user.other":"AA=="}}]}"#
            .write(toFile: bad, atomically: false, encoding: .utf8)
        let refused = try Filetags.run(["import", bad, copy], environment: env)
        #expect(refused.status == 2 && refused.stderr.contains("unknown name: user.other"), "\(refused.stderr)")
    }
}
