// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Glibc
import Testing

/// `filetags list` and `find` over generated trees, against the test's own reading of every
/// file's attribute.
@Suite struct ListAndFindTests {
    /// What the test expects of one tag, from its own reading.
    struct Expected {
        var own = 0
        var total = 0
        var spellings: [String: Int] = [:]
        var parentSpellings: [String: Int] = [:]
    }

    static func expectedCounts(_ reading: [(path: String, bytes: [UInt8]?)]) -> [String: Expected] {
        var counts: [String: Expected] = [:]
        for file in reading {
            var counted = Set<String>()
            for tag in tags(of: file.bytes) {
                let key = tag.lowercased()
                counts[key, default: Expected()].own += 1
                counts[key]!.spellings[tag, default: 0] += 1
                if counted.insert(key).inserted { counts[key]!.total += 1 }
                var index = tag.startIndex
                while let slash = tag[index...].firstIndex(of: "/") {
                    let parent = String(tag[..<slash])
                    counts[parent.lowercased(), default: Expected()].parentSpellings[parent, default: 0] += 1
                    if counted.insert(parent.lowercased()).inserted { counts[parent.lowercased()]!.total += 1 }
                    index = tag.index(after: slash)
                }
            }
        }
        return counts
    }

    /// Checks `list --json` output against the reading: every tag by key, its counts, its
    /// spelling one of the most common.
    static func check(_ json: [String: Any], against reading: [(path: String, bytes: [UInt8]?)]) throws {
        let expected = expectedCounts(reading)
        #expect(json["files"] as? Int == reading.count)
        let listed = try #require(json["tags"] as? [[String: Any]])
        var seen = Set<String>()
        for tag in listed {
            let name = try #require(tag["name"] as? String)
            let key = name.lowercased()
            #expect(seen.insert(key).inserted, "\(name) listed twice")
            let want = try #require(expected[key], "\(name) is on no file")
            #expect(tag["files"] as? Int == want.total, "files of \(name)")
            #expect(tag["own"] as? Int == want.own, "own files of \(name)")
            let spellings = want.spellings.isEmpty ? want.parentSpellings : want.spellings
            #expect(spellings[name] == spellings.values.max(), "\(name) is not a most common spelling of \(spellings)")
        }
        #expect(seen == Set(expected.keys))
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func listCountsEveryTagAsTheTestReadsIt(seed: UInt64) throws {
        let tree = try TreeDirectory()
        try tree.generate(seed: seed)
        let reading = tree.ownReading()
        let run = try Filetags.run(["list", "--json", tree.path])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try run.json()
        try Self.check(json, against: reading)
        #expect((json["skipped"] as? [Any])?.isEmpty == true)
        #expect(!run.output.contains("outside-the-tree"))

        // The text form says the same, one "FILES<TAB>TAG" a line, and one thread reads the same.
        let text = try Filetags.run(["list", tree.path])
        let tagsByName = Dictionary(uniqueKeysWithValues: (json["tags"] as! [[String: Any]]).map { ($0["name"] as! String, $0["files"] as! Int) })
        let lines = text.lines.map { $0.split(separator: "\t", maxSplits: 1) }
        #expect(lines.count == tagsByName.count)
        for line in lines { #expect(tagsByName[String(line[1])] == Int(line[0])) }
        let single = try Filetags.run(["--threads", "1", "list", tree.path])
        #expect(single.output == text.output)
    }

    @Test func aFileGivenTwiceOrThroughAHardLinkCountsOnce() throws {
        let tree = try TreeDirectory()
        let file = try tree.file("a", tags: "one")
        link(file, tree.path + "/b")
        let run = try Filetags.run(["list", "--json", tree.path, tree.path, file])
        let json = try run.json()
        #expect(json["files"] as? Int == 2)   // the folder and the file
        #expect((json["tags"] as? [[String: Any]])?.first?["files"] as? Int == 1)
    }

    static let queries: [(query: String, matches: @Sendable (Set<String>) -> Bool)] = [
        ("music", { $0.contains("music") }),
        ("MUSIC and not draft", { $0.contains("music") && !$0.contains("draft") }),
        ("'tax 2025' or (travel and CAFE\u{301})", { $0.contains("tax 2025") || ($0.contains("travel") && $0.contains("café")) }),
        ("not music", { !$0.contains("music") }),
        ("\"travel/2025\"", { $0.contains("travel/2025") }),
        ("not (photo or work) and (invoice or music/rock)", { !($0.contains("photo") || $0.contains("work")) && ($0.contains("invoice") || $0.contains("music/rock")) }),
    ]

    @Test(arguments: 0..<6)
    func findPrintsExactlyTheMatchingFiles(index: Int) throws {
        let (query, matches) = Self.queries[index]
        let tree = try TreeDirectory()
        try tree.generate(seed: 7)
        let expected = Set(tree.ownReading().filter { matches(Set(tags(of: $0.bytes).flatMap(keysWithParents))) }.map { identity($0.path) })
        let run = try Filetags.run(["find", tree.path, query])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Set(run.lines.map(identity)) == expected, "\(query)")
        #expect(run.lines.count == expected.count)
        #expect(run.lines == run.lines.sorted())
        let nul = try Filetags.run(["find", "-0", tree.path, query])
        #expect(nul.output.split(separator: "\0").map(String.init) == run.lines)
    }

    @Test func anUnreadableFolderIsNamedAndTheWalkGoesOn() throws {
        // Root reads every folder whatever its mode: the walk runs as the user nobody.
        let tree = try TreeDirectory()
        try tree.generate(seed: 11)
        let secret = try tree.folder("d0/secret")
        try tree.file("d0/secret/hidden", tags: "music,hidden")
        chmod(secret, 0o700)
        let reading = tree.ownReading(skipping: [secret])
        let run = try Filetags.run(["list", "--json", tree.path], asNobody: true)
        #expect(run.status == 1)
        let json = try run.json()
        try Self.check(json, against: reading)
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["path"] as? String == secret)
        #expect((skipped.first?["reason"] as? String)?.contains("Permission denied") == true)

        let find = try Filetags.run(["find", tree.path, "hidden or music"], asNobody: true)
        #expect(find.status == 1)
        #expect(find.stderr.contains(secret))
        #expect(!find.output.contains("hidden"))
        #expect(!find.lines.isEmpty)
    }

    @Test func anotherFileSystemIsEnteredOnlyWhenAsked() throws {
        let tree = try TreeDirectory()
        try tree.file("here", tags: "local")
        let mount = try tree.folder("mnt")
        let mounted = try Filetags.spawn(["/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount])
        try #require(mounted.status == 0, "mount: \(mounted.stderr)")
        defer { _ = try? Filetags.spawn(["/bin/umount", mount]) }
        try tree.file("mnt/there", tags: "remote")

        let stays = try Filetags.run(["list", "--json", tree.path])
        #expect(stays.status == 1)
        let json = try stays.json()
        #expect((json["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["local"])
        let skipped = try #require(json["skipped"] as? [[String: Any]])
        #expect(skipped.first?["path"] as? String == mount)
        #expect((skipped.first?["reason"] as? String)?.contains("another file system") == true)

        let crosses = try Filetags.run(["list", "--json", "--cross-devices", tree.path])
        #expect(crosses.status == 0, "\(crosses.stderr)")
        #expect(try (crosses.json()["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["local", "remote"])
    }

    @Test func tagsThatAreNotUTF8AreNamedNotGuessed() throws {
        let tree = try TreeDirectory()
        let bad = try tree.file("bad", tags: nil)
        let bytes: [UInt8] = [0x66, 0xFF, 0x2C, 0x67]
        _ = bytes.withUnsafeBytes { lsetxattr(bad, tagsAttribute, $0.baseAddress, $0.count, 0) }
        try tree.file("good", tags: "fine")
        let run = try Filetags.run(["list", "--json", tree.path])
        #expect(run.status == 1)
        let json = try run.json()
        #expect((json["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["fine"])
        #expect((json["skipped"] as? [[String: Any]])?.first?["path"] as? String == bad)
    }
}

/// Malformed queries: status 2, and a message that points at the place.
@Suite struct QueryErrorTests {
    static let cases: [(query: String, column: Int, says: String)] = [
        ("music and", 10, "ends where a tag was expected"),
        ("(music or draft", 1, "never closed"),
        ("music )", 7, "closes no"),
        ("music draft", 7, "expected “and” or “or”"),
        ("'tax 2025 or music", 1, "quote is never closed"),
        ("", 1, "empty"),
        ("and music", 1, "expected a tag"),
        ("music or or draft", 10, "expected a tag"),
        ("(music) (draft)", 9, "expected “and” or “or”"),
        ("music and ''", 11, "cannot be empty"),
    ]

    @Test(arguments: 0..<10)
    func aMalformedQueryPointsAtThePlace(index: Int) throws {
        let (query, column, says) = Self.cases[index]
        let tree = try TreeDirectory()
        try tree.file("a", tags: "music")
        let run = try Filetags.run(["find", tree.path, query])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("column \(column):"), "\(run.stderr)")
        #expect(run.stderr.contains(says), "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        // The query, then a caret under the column (both indented by two).
        let caret = try #require(lines.firstIndex { $0.hasSuffix("^") })
        #expect(lines[caret] == "  " + String(repeating: " ", count: column - 1) + "^")
        #expect(lines[caret - 1] == "  " + query)
    }

    @Test func wrongUsageIsStatusTwo() throws {
        for arguments in [[], ["frobnicate"], ["list"], ["find", "/tmp"], ["list", "-0", "/tmp"], ["--threads", "0", "list", "/tmp"]] {
            let run = try Filetags.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.hasPrefix("filetags: "), "\(arguments)")
        }
        let help = try Filetags.run(["--help"])
        #expect(help.status == 0)
        for command in ["list", "find", "rename", "merge", "delete", "show", "add", "remove", "--cross-devices", "--dry-run", "-0"] {
            #expect(help.output.contains(command))
        }
    }
}
