// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// `filetags rename`, `merge`, `delete`, `add`, `remove`, `show`: what changes on disk, and
/// every other part of each attribute kept byte for byte.
@Suite struct ChangeTests {
    /// The parts of an attribute (split at commas, as written) whose tag is not `root` or under it.
    static func otherParts(_ bytes: [UInt8]?, _ roots: [String]) -> [String] {
        guard let bytes else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(String.init).filter { part in
            let key = part.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
            return !roots.contains { key == $0 || key.hasPrefix($0 + "/") }
        }
    }

    static func within(_ tag: String, _ root: String) -> Bool {
        let key = tag.lowercased()
        return key == root || key.hasPrefix(root + "/")
    }

    @Test func renameChangesOnlyTheTagAndItsSubTags() throws {
        let tree = try TreeDirectory()
        let mixed = try tree.file("mixed", tags: "Travel/2024, draft,,travel,TRAVEL")
        let other = try tree.file("other", tags: "music, draft,,")
        let none = try tree.file("none", tags: nil)
        let run = try Filetags.run(["rename", "travel", "trips", tree.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The sub-tag renamed in its place, every spelling of the tag one part with the new
        // name, " draft" and the empty part as they were.
        #expect(attribute(mixed) == Array("trips/2024, draft,,trips".utf8))
        #expect(attribute(other) == Array("music, draft,,".utf8))
        #expect(attribute(none) == nil)
        #expect(run.stderr.contains("on 1 file"))
    }

    @Test(arguments: [21, 22] as [UInt64])
    func renameOverATreeKeepsEverythingElse(seed: UInt64) throws {
        let tree = try TreeDirectory()
        try tree.generate(seed: seed)
        let before = tree.ownReading()
        let affected = before.filter { tags(of: $0.bytes).contains { Self.within($0, "travel") } }

        let dry = try Filetags.run(["rename", "--dry-run", "travel", "trips", tree.path])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.lines.count == affected.count)
        #expect(tree.ownReading().map(\.bytes) == before.map(\.bytes), "a dry run wrote")

        let run = try Filetags.run(["rename", "travel", "trips", tree.path])
        #expect(run.status == 0, "\(run.stderr)")
        let after = Dictionary(uniqueKeysWithValues: tree.ownReading().map { ($0.path, $0.bytes) })
        for file in before {
            let now = after[file.path] ?? nil
            #expect(Self.otherParts(file.bytes, ["travel"]) == Self.otherParts(now, ["trips"]), "\(file.path)")
            let renamed = Set(tags(of: file.bytes).filter { Self.within($0, "travel") }.map { "trips" + $0.lowercased().dropFirst(6) })
            #expect(Set(tags(of: now).filter { Self.within($0, "trips") }.map { $0.lowercased() }) == renamed, "\(file.path)")
            #expect(!tags(of: now).contains { Self.within($0, "travel") })
        }
        // Once more: nothing left to rename, and NEW now taken.
        let again = try Filetags.run(["rename", "travel", "trips", tree.path])
        #expect(again.stderr.contains("on 0 files"))
        let taken = try Filetags.run(["rename", "music", "trips", tree.path])
        #expect(taken.status == 2)
        #expect(taken.stderr.contains("merge"))
    }

    @Test func mergeAndDeleteTakeSubTagsWithThem() throws {
        let tree = try TreeDirectory()
        try tree.generate(seed: 31)
        let before = tree.ownReading()
        let merge = try Filetags.run(["merge", "Music", "work", tree.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        var after = Dictionary(uniqueKeysWithValues: tree.ownReading().map { ($0.path, $0.bytes) })
        for file in before {
            let now = after[file.path] ?? nil
            #expect(Self.otherParts(file.bytes, ["music", "work"]) == Self.otherParts(now, ["work"]), "\(file.path)")
            let old = tags(of: file.bytes)
            let expected = Set(old.filter { Self.within($0, "music") || Self.within($0, "work") }
                .map { Self.within($0, "music") ? "work" + $0.lowercased().dropFirst(5) : $0.lowercased() })
            #expect(Set(tags(of: now).filter { Self.within($0, "work") }.map { $0.lowercased() }) == expected, "\(file.path)")
        }

        let middle = tree.ownReading()
        let delete = try Filetags.run(["delete", "TRAVEL", tree.path])
        #expect(delete.status == 0, "\(delete.stderr)")
        after = Dictionary(uniqueKeysWithValues: tree.ownReading().map { ($0.path, $0.bytes) })
        for file in middle {
            let now = after[file.path] ?? nil
            #expect(!tags(of: now).contains { Self.within($0, "travel") })
            if now == nil {
                // No tag left: the attribute goes (as in the editor), empty parts with it.
                #expect(tags(of: file.bytes).allSatisfy { Self.within($0, "travel") }, "\(file.path)")
            } else {
                #expect(Self.otherParts(file.bytes, ["travel"]) == Self.otherParts(now, ["travel"]), "\(file.path)")
            }
        }
        let refused = try Filetags.run(["merge", "a", "a/b", tree.path])
        #expect(refused.status == 2)
    }

    @Test func aFileThatCannotBeWrittenIsNamedAndTheOthersChange() throws {
        let tree = try TreeDirectory()
        let immutable = try tree.file("immutable", tags: "travel,one")
        let readOnly = try tree.file("read-only", tags: "two, travel/x")
        let writable = try tree.file("writable", tags: "travel")
        try tree.makeImmutable(immutable)
        chmod(readOnly, 0o444)
        let run = try Filetags.run(["rename", "travel", "trips", tree.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains(immutable))
        #expect(run.stderr.contains(readOnly))
        #expect(attribute(immutable) == Array("travel,one".utf8))
        #expect(attribute(readOnly) == Array("two, travel/x".utf8))
        #expect(attribute(writable) == Array("trips".utf8))
        #expect(run.stderr.contains("on 1 file; 2 could not be changed"))
    }

    @Test func showAddAndRemoveWorkOnFiles() throws {
        let tree = try TreeDirectory()
        let a = try tree.file("a", tags: "Music, draft,,music")
        let b = try tree.file("b", tags: nil)
        let add = try Filetags.run(["add", "tax 2025", a, b])
        #expect(add.status == 0, "\(add.stderr)")
        // As the editor adds one at the end: after every part (not between two spellings).
        #expect(attribute(a) == Array("Music, draft,,music,tax 2025".utf8))
        #expect(attribute(b) == Array("tax 2025".utf8))
        let again = try Filetags.run(["add", "TAX 2025", a])
        #expect(again.stderr.contains("on 0 files"))

        let remove = try Filetags.run(["remove", "MUSIC", a, b])
        #expect(remove.status == 0)
        #expect(attribute(a) == Array(" draft,,tax 2025".utf8))
        #expect(attribute(b) == Array("tax 2025".utf8))

        let show = try Filetags.run(["show", "--json", a, b, tree.path + "/missing"])
        #expect(show.status == 1)
        let files = try #require(show.json()["files"] as? [[String: Any]])
        #expect(files.map { $0["tags"] as? [String] ?? [] } == [["draft", "tax 2025"], ["tax 2025"]])
        let text = try Filetags.run(["show", a])
        #expect(text.output == "\(a): draft, tax 2025\n")

        let comma = try Filetags.run(["add", "a,b", a])
        #expect(comma.status == 2)
        #expect(comma.stderr.contains("comma"))
    }
}
