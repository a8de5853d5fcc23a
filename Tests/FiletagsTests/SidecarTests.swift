// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// Where attributes cannot go, tags go in TagSpaces' sidecar (`.ts/NAME.json`). ramfs refuses
/// user extended attributes as vfat does (there is no vfat here); mounting it needs root, so the
/// tests that mount are skipped elsewhere, saying why.
@Suite(.serialized) struct SidecarTests {
    static let canMount = getuid() == 0

    /// A ramfs mount for one test.
    final class RamFS {
        let path: String
        init() throws {
            path = "/tmp/filetags-ramfs-\(UUID().uuidString)"
            mkdir(path, 0o755)
            let run = try Filetags.spawn(["/bin/mount", "-t", "ramfs", "ramfs", path])
            guard run.status == 0 else { throw Failure("mount ramfs: \(run.stderr)") }
        }
        deinit {
            _ = try? Filetags.spawn(["/bin/umount", path])
            rmdir(path)
        }
    }

    static var fixture: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tagspaces-sidecar.json").path
    }

    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(.enabled(if: canMount, "mounting ramfs needs root"))
    func aSidecarInTagSpacesOwnFormatIsReadAndWrittenKeepingWhatElseItHolds() throws {
        let ramfs = try RamFS()
        let photo = ramfs.path + "/photo.jpg"
        FileManager.default.createFile(atPath: photo, contents: Data("jpeg".utf8))
        mkdir(ramfs.path + "/.ts", 0o755)
        let sidecar = ramfs.path + "/.ts/photo.jpg.json"
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: sidecar)
        let env = ["XDG_DATA_HOME": ramfs.path + "/.data"]

        let list = try Filetags.run(["list", ramfs.path], environment: env)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines == ["1\tBeach", "1\tholiday"], "\(list.output)")
        #expect(try Filetags.run(["show", photo], environment: env).output == "\(photo): holiday, Beach\n")

        let add = try Filetags.run(["add", "sunset", photo], environment: env)
        #expect(add.status == 0, "\(add.stderr)")
        let written = try #require(Self.contents(sidecar))
        // What TagSpaces wrote stays as it wrote it: the description, its id, each tag's object.
        #expect(written.contains("\"description\":\"# Holiday\\n\\nThe *beach* at dawn.\""))
        #expect(written.contains("\"id\":\"f2b0e3f2a1d14c5e9b6f0c7d8e9a1b2c\""))
        #expect(written.contains("""
            {
                  "title": "holiday",
                  "type": "sidecar",
                  "style": "color: #ffffff !important; background-color: #FFCC24 !important;"
                }
            """))
        #expect(written.contains("{\"title\":\"sunset\",\"type\":\"sidecar\"}"))
        #expect(try Filetags.run(["show", photo], environment: env).output == "\(photo): holiday, Beach, sunset\n")

        // Removing every tag empties TagSpaces' list and keeps its file.
        for tag in ["holiday", "beach", "sunset"] { #expect(try Filetags.run(["remove", tag, photo], environment: env).status == 0) }
        let emptied = try #require(Self.contents(sidecar))
        #expect(emptied.contains("\"tags\":[]") && emptied.contains("\"description\""))
        #expect(try Filetags.run(["show", photo], environment: env).output == "\(photo): \n")
    }

    @Test(.enabled(if: canMount, "mounting ramfs needs root"))
    func aFileMovedToAFileSystemWithoutAttributesAndBackKeepsItsTagsByteForByte() throws {
        let ramfs = try RamFS()
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let original = try tree.file("a.txt", tags: "x, y,,X")
        try "some text".write(toFile: original, atomically: false, encoding: .utf8)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)

        // mv to the drive: the attribute stays behind, silently.
        #expect(try Filetags.spawn(["/bin/mv", original, ramfs.path + "/a.txt"]).status == 0)
        let check = try Filetags.run(["check", ramfs.path], environment: env)
        #expect(check.output.contains("\(ramfs.path)/a.txt: no tags, and the name, size and modification time of \(original)"),
                "\(check.output) \(check.stderr)")
        #expect(try Filetags.run(["restore", ramfs.path], environment: env).status == 0)
        let sidecar = ramfs.path + "/.ts/a.txt.json"
        #expect(Self.contents(sidecar)?.contains("\"wraphstackAttribute\":\"x, y,,X\"") == true)
        #expect(try Filetags.run(["list", ramfs.path], environment: env).lines == ["1\tx", "1\ty"])

        // And back: the attribute again, byte for byte; the sidecar left on the drive goes.
        #expect(try Filetags.spawn(["/bin/mv", ramfs.path + "/a.txt", original]).status == 0)
        #expect(attribute(original) == nil)
        #expect(try Filetags.run(["restore", tree.path], environment: env).status == 0)
        #expect(attribute(original) == Array("x, y,,X".utf8))
        #expect(!FileManager.default.fileExists(atPath: sidecar))
    }

    @Test(.enabled(if: canMount, "mounting ramfs needs root"))
    func aFolderMovedThereAndBackFoldsItsSidecarsIntoTheAttributes() throws {
        let ramfs = try RamFS()
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        _ = try tree.folder("album")
        let a = try tree.file("album/a.jpg", tags: "sea, sun")
        let b = try tree.file("album/b.jpg", tags: "rock")
        try "aaa".write(toFile: a, atomically: false, encoding: .utf8)
        try "bbbb".write(toFile: b, atomically: false, encoding: .utf8)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        #expect(try Filetags.spawn(["/bin/mv", tree.path + "/album", ramfs.path + "/album"]).status == 0)
        #expect(try Filetags.run(["restore", ramfs.path], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: ramfs.path + "/album/.ts/a.jpg.json"))
        // Tagged on the drive: a sidecar of ours.
        #expect(try Filetags.run(["add", "drive", ramfs.path + "/album/b.jpg"], environment: env).status == 0)

        #expect(try Filetags.spawn(["/bin/mv", ramfs.path + "/album", tree.path + "/album"]).status == 0)
        // Read from the sidecars until they are folded.
        #expect(try Filetags.run(["list", tree.path + "/album"], environment: env).lines == ["1\tdrive", "1\trock", "1\tsea", "1\tsun"])
        let check = try Filetags.run(["check", tree.path], environment: env)
        #expect(check.lines.count == 2 && check.lines.allSatisfy { $0.contains("are in a sidecar") }, "\(check.output)")
        #expect(try Filetags.run(["restore", tree.path], environment: env).status == 0)
        #expect(attribute(a) == Array("sea, sun".utf8))
        #expect(attribute(b) == Array("rock,drive".utf8))
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/album/.ts/a.jpg.json"))
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/album/.ts/b.jpg.json"))
    }
}
