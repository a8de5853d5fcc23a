// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Glibc
import Testing

/// Finder's tags beside `user.xdg.tags` (issue 41): the held fixtures plistlib wrote
/// (Fixtures/make-finder-tags.py) in both Linux forms, read by `show`, `list` and `find` with
/// their colours; every change keeping both attributes in step, read back by plistlib; a
/// malformed plist named and left byte for byte; the collection's colours.
@Suite struct FinderTagsTests {
    static let rsync = "user.com.apple.metadata:_kMDItemUserTags"
    static let samba = "user.DosStream.com.apple.metadata:_kMDItemUserTags:$DATA"
    /// The fixtures' entries, as make-finder-tags.py wrote them.
    static let fixtureEntries = ["travel\n6", "Work\n4", "plain\n0", "Café\n2", "archive\n7"]

    static func fixture(_ form: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent("finder-tags.\(form).bplist")))
    }

    static func value(_ path: String, _ name: String) -> [UInt8]? {
        let size = lgetxattr(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { lgetxattr(path, name, $0.baseAddress, size) }
        return read >= 0 ? Array(bytes[..<read]) : nil
    }

    /// Sets an attribute with setfattr (a program of its own, as another tool would).
    static func setValue(_ path: String, _ name: String, _ bytes: [UInt8]) throws {
        let hex = "0x" + bytes.map { String(format: "%02x", $0) }.joined()
        let run = try Filetags.spawn(["/usr/bin/setfattr", "-n", name, "-v", hex, path])
        guard run.status == 0 else { throw Failure("setfattr: \(run.stderr)") }
    }

    /// The entries of a file's Finder attribute as Python's plistlib reads them (a trailing NUL
    /// taken off for Samba's form first); `nil` when the file has no such attribute.
    static func plistlibEntries(_ path: String, _ name: String) throws -> [String]? {
        let script = """
            import json, os, plistlib, sys
            try:
                value = os.getxattr(sys.argv[1], sys.argv[2])
            except OSError:
                print("null"); sys.exit(0)
            if sys.argv[2].startswith("user.DosStream."):
                assert value.endswith(b"\\0"), "no trailing NUL"
                value = value[:-1]
            print(json.dumps(plistlib.loads(value, fmt=plistlib.FMT_BINARY)))
            """
        let run = try Filetags.spawn(["/usr/bin/python3", "-c", script, path, name])
        guard run.status == 0 else { throw Failure("plistlib: \(run.stderr)") }
        return try JSONSerialization.jsonObject(with: Data(run.stdout), options: .fragmentsAllowed) as? [String]
    }

    /// A tree with the fixtures: `both` carries user.xdg.tags and rsync's form, `samba` only
    /// Samba's form.
    static func tree() throws -> (tree: TreeDirectory, both: String, samba: String, env: [String: String]) {
        let tree = try TreeDirectory()
        let both = try tree.file("both.jpg", tags: "beach, work")
        try setValue(both, rsync, try fixture("rsync"))
        let samba = try tree.file("share.pdf", tags: nil)
        try setValue(samba, Self.samba, try fixture("samba"))
        return (tree, both, samba, ["XDG_DATA_HOME": try tree.folder(".data")])
    }

    @Test func showAndListReadBothFormsWithTheirColours() throws {
        let (tree, both, samba, env) = try Self.tree()
        let show = try Filetags.run(["show", "--json", both, samba], environment: env)
        #expect(show.status == 0, "\(show.stderr)")
        let files = try #require(try show.json()["files"] as? [[String: Any]])
        // One tag whichever attribute carries it: "work" and Finder's "Work" are one.
        #expect(files[0]["tags"] as? [String] == ["beach", "work", "travel", "plain", "Café", "archive"])
        #expect(files[0]["colors"] as? [String: String] == ["work": "blue", "travel": "red", "Café": "green", "archive": "orange"])
        #expect(files[1]["tags"] as? [String] == ["travel", "Work", "plain", "Café", "archive"])
        #expect(files[1]["colors"] as? [String: String] == ["Work": "blue", "travel": "red", "Café": "green", "archive": "orange"])

        let list = try Filetags.run(["list", "--json", tree.path], environment: env)
        #expect(list.status == 0, "\(list.stderr)")
        let tags = try #require(try list.json()["tags"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: tags.map { ($0["name"] as! String, $0) })
        #expect(byName["travel"]?["files"] as? Int == 2)
        #expect(byName["travel"]?["color"] as? String == "red")
        #expect(byName["beach"]?["files"] as? Int == 1)
        #expect(byName["beach"]?["color"] == nil)
        #expect(byName["plain"]?["color"] == nil)
        #expect(tags.count { ($0["name"] as! String).lowercased() == "work" } == 1)

        // --macos=off: only the freedesktop attribute.
        let off = try Filetags.run(["show", "--json", "--macos=off", both, samba], environment: env)
        let offFiles = try #require(try off.json()["files"] as? [[String: Any]])
        #expect(offFiles[0]["tags"] as? [String] == ["beach", "work"])
        #expect(offFiles[1]["tags"] as? [String] == [])
    }

    @Test func colourOnlyOnATerminalOrWhenAskedFor() throws {
        let (tree, both, _, env) = try Self.tree()
        _ = tree
        let red = "\u{1B}[31mtravel\u{1B}[0m"
        let always = try Filetags.run(["show", "--color=always", both], environment: env)
        #expect(always.output.contains(red))
        #expect(always.output.contains("beach,"), "an uncoloured tag is written plain")
        // Standard output is a pipe here: auto, the default, writes no escape.
        for arguments in [["show", both], ["show", "--color=auto", both], ["show", "--color=never", both]] {
            let run = try Filetags.run(arguments, environment: env)
            #expect(run.status == 0)
            #expect(!run.output.contains("\u{1B}"), "\(arguments)")
            #expect(run.output.contains("travel"))
        }
        let list = try Filetags.run(["list", "--color=always", both], environment: env)
        #expect(list.output.contains("\t" + red))
        #expect(try Filetags.run(["list", "--color=sometimes", both], environment: env).status == 2)
    }

    @Test func findSelectsByColourAndTag() throws {
        let (tree, both, samba, env) = try Self.tree()
        let plain = try tree.file("plain.txt", tags: "travel")
        let red = try Filetags.run(["find", tree.path, "color:red and travel"], environment: env)
        #expect(red.status == 0, "\(red.stderr)")
        #expect(red.lines == [both, samba].sorted())
        // The collection's colour counts where no plist gives one: "plain.txt" is red then too.
        #expect(try Filetags.run(["color", "travel", "red"], environment: env).status == 0)
        #expect(try Filetags.run(["find", tree.path, "color:red"], environment: env).lines == [both, plain, samba].sorted())
        #expect(try Filetags.run(["find", tree.path, "color:purple or beach"], environment: env).lines == [both])
        let bad = try Filetags.run(["find", tree.path, "color:pink"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("names no colour"))
    }

    @Test func changesKeepBothAttributesInStep() throws {
        let (tree, both, samba, env) = try Self.tree()
        let add = try Filetags.run(["add", "new", both, samba], environment: env)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try Self.plistlibEntries(both, Self.rsync) == Self.fixtureEntries + ["new\n0"])
        #expect(try Self.plistlibEntries(samba, Self.samba) == Self.fixtureEntries + ["new\n0"])
        #expect(attribute(both) == Array("beach, work,new".utf8))

        let remove = try Filetags.run(["remove", "plain", both], environment: env)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(try Self.plistlibEntries(both, Self.rsync) == ["travel\n6", "Work\n4", "Café\n2", "archive\n7", "new\n0"])

        // A rename keeps the entry's place and colour number, in both attributes.
        let rename = try Filetags.run(["rename", "work", "job", tree.path], environment: env)
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(attribute(both) == Array("beach, job,new".utf8))
        #expect(try Self.plistlibEntries(both, Self.rsync) == ["travel\n6", "job\n4", "Café\n2", "archive\n7", "new\n0"])
        #expect(try Self.plistlibEntries(samba, Self.samba) == ["travel\n6", "job\n4", "plain\n0", "Café\n2", "archive\n7", "new\n0"])

        // A colour change: the collection, and Finder's number on every file that carries the tag.
        let color = try Filetags.run(["color", "Travel", "purple", tree.path], environment: env)
        #expect(color.status == 0, "\(color.stderr)")
        #expect(color.stderr.contains("on 2 files"))
        #expect(try Self.plistlibEntries(both, Self.rsync)?.first == "travel\n3")
        #expect(try Self.plistlibEntries(samba, Self.samba)?.first == "travel\n3")
        #expect(attribute(both) == Array("beach, job,new".utf8))

        // A delete takes the tag out of both.
        #expect(try Filetags.run(["delete", "travel", tree.path], environment: env).status == 0)
        #expect(try Self.plistlibEntries(both, Self.rsync) == ["job\n4", "Café\n2", "archive\n7", "new\n0"])
    }

    /// A merge onto a tag the file has in the other attribute: one tag, in both attributes.
    @Test func aMergeAcrossTheAttributesLeavesOneTagInBoth() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let file = try tree.file("photo.jpg", tags: "beach,trip")
        try Self.setValue(file, Self.rsync, try Self.fixture("rsync"))
        let merge = try Filetags.run(["merge", "travel", "trip", tree.path], environment: env)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(attribute(file) == Array("beach,trip".utf8))
        #expect(try Self.plistlibEntries(file, Self.rsync) == ["trip\n6", "Work\n4", "plain\n0", "Café\n2", "archive\n7"])
        let show = try Filetags.run(["show", "--json", file], environment: env)
        let files = try #require(try show.json()["files"] as? [[String: Any]])
        #expect(files[0]["tags"] as? [String] == ["beach", "trip", "Work", "plain", "Café", "archive"])
    }

    @Test func writeModeGivesFinderTheTagsOfAFileWithoutThem() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let file = try tree.file("doc.odt", tags: "beach,travel")
        #expect(try Filetags.run(["color", "travel", "red"], environment: env).status == 0)
        #expect(try Filetags.run(["add", "new", file], environment: env).status == 0)
        #expect(Self.value(file, Self.samba) == nil, "keep writes Finder's attribute only where it is")
        #expect(try Filetags.run(["add", "--macos=write", "more", file], environment: env).status == 0)
        #expect(try Self.plistlibEntries(file, Self.samba) == ["beach\n0", "travel\n6", "new\n0", "more\n0"])
        #expect(Self.value(file, Self.rsync) == nil)
    }

    @Test func aMalformedPlistIsNamedAndLeftByteForByte() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let file = try tree.file("bad.jpg", tags: "beach")
        let samba = try tree.file("bad-share.jpg", tags: "beach")
        let broken = Array(try Self.fixture("rsync").dropLast(3))
        try Self.setValue(file, Self.rsync, broken)
        // Samba's form without its NUL.
        try Self.setValue(samba, Self.samba, try Self.fixture("rsync"))
        for path in [file, samba] {
            let show = try Filetags.run(["show", path], environment: env)
            #expect(show.status == 1)
            #expect(show.stderr.contains(path == file ? Self.rsync : Self.samba), "\(show.stderr)")
            #expect(show.stderr.contains(path == file ? "trailer" : "NUL"), "\(show.stderr)")
            for change in [["add", "new", path], ["remove", "beach", path], ["rename", "beach", "sea", tree.path]] {
                let run = try Filetags.run(change, environment: env)
                #expect(run.status == 1, "\(change)")
                #expect(run.stderr.contains("cannot be read"), "\(run.stderr)")
            }
        }
        #expect(Self.value(file, Self.rsync) == broken)
        #expect(Self.value(samba, Self.samba) == (try Self.fixture("rsync")))
        #expect(attribute(file) == Array("beach".utf8))
        #expect(attribute(samba) == Array("beach".utf8))
        let list = try Filetags.run(["list", tree.path], environment: env)
        #expect(list.status == 1)
        #expect(list.lines == ["2\tbeach"], "the freedesktop tags still count")
    }

    @Test func theCollectionKeepsColoursBesideEverythingElse() throws {
        let tree = try TreeDirectory()
        let data = try tree.folder(".data")
        let env = ["XDG_DATA_HOME": data]
        try FileManager.default.createDirectory(atPath: data + "/wraphstack-tag-editor", withIntermediateDirectories: true)
        let path = data + "/wraphstack-tag-editor/tags.json"
        let before = #"{"format": "wraphstack-tags", "version": 1, "tags": ["Travel", "work"], "note": {"é": [1, 2.50]}}"#
        try Data(before.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Filetags.run(["color", "travel", "red"], environment: env).status == 0)
        #expect(try Filetags.run(["color", "work", "4"], environment: env).status == 0)
        var text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""note":{"é": [1, 2.50]}"#), "\(text)")
        #expect(text.contains(#""colors":{"travel":"red","work":"blue"}"#), "\(text)")
        // One tag, one colour: another spelling replaces the entry in its place.
        #expect(try Filetags.run(["color", "TRAVEL", "green"], environment: env).status == 0)
        text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""colors":{"TRAVEL":"green","work":"blue"}"#), "\(text)")
        #expect(try Filetags.run(["color", "travel", "none"], environment: env).status == 0)
        text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""colors":{"work":"blue"}"#), "\(text)")
        #expect(text.contains(#""tags":["Travel","work"]"#))
        let bad = try Filetags.run(["color", "travel", "pink"], environment: env)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("grey, green, purple, blue, yellow, red, orange"))
    }
}
