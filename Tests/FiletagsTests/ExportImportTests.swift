// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// `filetags export DIR > tags.json` keeps what no attribute survives (a git repository, a cloud
/// folder, a backup); `filetags import tags.json DIR` puts it back, by path, else by content,
/// with a dry run first; files that carry other tags are left alone.
@Suite struct ExportImportTests {
    @Test func anExportComesBackByPathAndByContent() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let source = try tree.folder("source")
        _ = try tree.folder("source/sub")
        let a = try tree.file("source/a.txt", tags: "one, two,,One")
        let b = try tree.file("source/sub/b.txt", tags: "three")
        let c = try tree.file("source/c.txt", tags: "four")
        try "alpha".write(toFile: a, atomically: false, encoding: .utf8)
        try "beta".write(toFile: b, atomically: false, encoding: .utf8)
        try "gamma".write(toFile: c, atomically: false, encoding: .utf8)
        let latin1 = Array(source.utf8) + Array("/caf".utf8) + [0xE9]
        try NamesAsBytesTests.create(latin1, tags: "latin")

        let export = try Filetags.run(["export", source], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        let json = try export.json()
        #expect(json["format"] as? String == "wraphstack-filetags-export")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["a.txt", "c.txt", "'caf'$'\\351'", "sub/b.txt"])
        #expect(files[0]["attribute"] as? String == "one, two,,One")
        #expect(files[0]["size"] as? Int == 5)
        #expect((files[0]["fingerprint"] as? String)?.hasPrefix("xxh3-128:") == true)
        #expect(files[2]["pathBytes"] as? String == Data([0x63, 0x61, 0x66, 0xE9]).base64EncodedString())
        let exported = tree.path + "/tags.json"
        FileManager.default.createFile(atPath: exported, contents: Data(export.stdout))

        // A copy that kept no attribute; one file renamed, one tagged otherwise meanwhile.
        #expect(try Filetags.spawn(["/bin/cp", "-r", source, tree.path + "/copy"]).status == 0)
        let copy = tree.path + "/copy"
        #expect(rename(copy + "/c.txt", copy + "/renamed.txt") == 0)
        try setAttribute(copy + "/sub/b.txt", "mine")

        let dry = try Filetags.run(["import", "-n", exported, copy], environment: env)
        #expect(dry.status == 1)
        #expect(dry.lines.contains("would tag \(copy)/a.txt: “one, two,,One” (by path)"), "\(dry.output)")
        #expect(dry.lines.contains("would tag \(copy)/renamed.txt: “four” (by content: it was c.txt in the export)"), "\(dry.output)")
        #expect(dry.stderr.contains("left alone: \(copy)/sub/b.txt carries other tags"))
        #expect(attribute(copy + "/a.txt") == nil)

        let run = try Filetags.run(["import", exported, copy], environment: env)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(attribute(copy + "/a.txt") == Array("one, two,,One".utf8))
        #expect(attribute(copy + "/renamed.txt") == Array("four".utf8))
        #expect(attribute(copy + "/sub/b.txt") == Array("mine".utf8))
        #expect(NamesAsBytesTests.attributeOf(Array(copy.utf8) + Array("/caf".utf8) + [0xE9]) == "latin")
        // Imported again: nothing to do.
        #expect(try Filetags.run(["import", exported, copy], environment: env).lines.isEmpty)
    }

    @Test func anExportThatIsNotOneIsRefusedWithTheReason() throws {
        let tree = try TreeDirectory()
        let bad = tree.path + "/bad.json"
        FileManager.default.createFile(atPath: bad, contents: Data(#"{"format":"wraphstack-filetags-export","version":1,"files":[{"path":"../x","attribute":"a"}]}"#.utf8))
        let run = try Filetags.run(["import", bad, tree.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("file 1 has a path that leads out of the folder: ../x"), "\(run.stderr)")
        FileManager.default.createFile(atPath: bad, contents: Data("{\"tags\": []}".utf8))
        #expect(try Filetags.run(["import", bad, tree.path]).stderr.contains("it is not an export of filetags"))
    }
}
