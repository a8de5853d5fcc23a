// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CSystemCalls
import Glibc
import Testing

/// Paths are bytes on Linux: a name that is not UTF-8 (Latin-1 "café", a line break) is listed,
/// found (with -0 as bytes xargs -0 takes; on lines escaped as `ls` escapes it), shown, tagged and
/// renamed; a path longer than PATH_MAX is read and changed through its folder's descriptor.
@Suite struct NamesAsBytesTests {
    /// `dir/name` as bytes.
    static func path(_ dir: String, _ name: [UInt8]) -> [UInt8] { Array(dir.utf8) + [UInt8(ascii: "/")] + name }

    static func create(_ path: [UInt8], tags: String?) throws {
        let fd = path.withUnsafeBufferPointer { buffer -> Int32 in
            let c = buffer.map { CChar(bitPattern: $0) } + [0]
            return open(c, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw Failure("create: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        if let tags {
            let value = Array(tags.utf8)
            guard value.withUnsafeBytes({ fsetxattr(fd, tagsAttribute, $0.baseAddress, $0.count, 0) }) == 0 else {
                throw Failure("fsetxattr: \(String(cString: strerror(errno)))")
            }
        }
    }

    static func attributeOf(_ path: [UInt8]) -> String? {
        let c = path.map { CChar(bitPattern: $0) } + [0]
        var buffer = [UInt8](repeating: 0, count: 65536)
        let size = lgetxattr(c, tagsAttribute, &buffer, buffer.count)
        return size >= 0 ? String(decoding: buffer[..<size], as: UTF8.self) : nil
    }

    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)   // café in Latin-1
    static let lineBreak: [UInt8] = Array("two\nlines".utf8)

    @Test func aNameThatIsNotUTF8IsListedFoundShownTaggedAndRenamed() throws {
        let tree = try TreeDirectory()
        let latin1 = Self.path(tree.path, Self.latin1), broken = Self.path(tree.path, Self.lineBreak)
        try Self.create(latin1, tags: "old, trip")
        try Self.create(broken, tags: "old")

        // list counts both.
        let list = try Filetags.run(["list", tree.path])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.lines.contains("2\told") && list.lines.contains("1\ttrip"), "\(list.output)")

        // find -0: the bytes themselves, which xargs -0 ls accepts.
        let found = try Filetags.run(["find", "-0", tree.path, "old"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(Set(found.stdout.split(separator: 0).map(Array.init)) == [latin1, broken])
        let ls = try Filetags.spawn([Array("/usr/bin/xargs".utf8), Array("-0".utf8), Array("/bin/ls".utf8), Array("-d".utf8)],
                                    input: found.stdout)
        #expect(ls.status == 0, "xargs -0 ls: \(ls.stderr)")
        // On lines: escaped as ls --quoting-style=shell-escape escapes them.
        let lines = try Filetags.run(["find", tree.path, "old"])
        #expect(lines.lines.contains("'\(tree.path)/caf'$'\\351''.txt'"), "\(lines.output)")
        #expect(lines.lines.contains("'\(tree.path)/two'$'\\n''lines'"), "\(lines.output)")
        // A shell reads each line back as the bytes.
        for line in lines.lines {
            let shell = try Filetags.spawn(["/bin/bash", "-c", "/bin/ls -d -- \(line)"])
            #expect(shell.status == 0, "\(line): \(shell.stderr)")
        }

        // show and add take the bytes as given.
        let shown = try Filetags.run(bytes: [Array("show".utf8), latin1])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.output == "'\(tree.path)/caf'$'\\351''.txt': old, trip\n")
        let added = try Filetags.run(bytes: [Array("add".utf8), Array("new".utf8), latin1])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(Self.attributeOf(latin1) == "old, trip,new")

        // rename over the tree changes both, each separator kept.
        let renamed = try Filetags.run(["rename", "old", "older", tree.path])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(Self.attributeOf(latin1) == "older, trip,new")
        #expect(Self.attributeOf(broken) == "older")

        // --json: the escaped form, and the bytes in base64.
        let json = try Filetags.run(bytes: [Array("show".utf8), Array("--json".utf8), latin1])
        let files = try #require(try json.json()["files"] as? [[String: Any]])
        #expect(files.first?["pathBytes"] as? String == Data(latin1).base64EncodedString())
    }

    /// A folder chain deeper than PATH_MAX (4,096 bytes): made with mkdirat/openat from each
    /// folder's descriptor, as no path reaches it.
    @Test func aPathLongerThanPathMaxIsReadAndChanged() throws {
        let tree = try TreeDirectory()
        var fd = open(tree.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let component = String(repeating: "d", count: 200)
        var relative = ""
        for _ in 0..<25 {
            guard mkdirat(fd, component, 0o755) == 0 else { throw Failure("mkdirat: \(String(cString: strerror(errno)))") }
            let next = openat(fd, component, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(fd)
            fd = next
            relative += "/" + component
        }
        let file = openat(fd, "deep.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        close(fd)
        let value = Array("deep,old".utf8)
        #expect(value.withUnsafeBytes { fsetxattr(file, tagsAttribute, $0.baseAddress, $0.count, 0) } == 0)
        close(file)
        let long = tree.path + relative + "/deep.txt"
        #expect(long.utf8.count > 4096)

        let list = try Filetags.run(["list", tree.path])
        #expect(list.status == 0, "skipped: \(list.stderr)")
        #expect(list.lines.contains("1\tdeep"))
        let found = try Filetags.run(["find", tree.path, "deep"])
        #expect(found.lines == [long])
        let shown = try Filetags.run(["show", long])
        #expect(shown.status == 0 && shown.output == "\(long): deep, old\n", "\(shown.stderr)")
        let renamed = try Filetags.run(["rename", "old", "new", tree.path])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try Filetags.run(["show", long]).output == "\(long): deep, new\n")
    }
}
