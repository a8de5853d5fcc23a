// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

@Suite struct CollectionFileTests {
    @Test func xdgPath() {
        #expect(CollectionFile.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/wraphstack-tag-editor/tags.json")
        #expect(CollectionFile.defaultPath(environment: ["HOME": "/home/u"])
                == "/home/u/.local/share/wraphstack-tag-editor/tags.json")
        #expect(CollectionFile.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/wraphstack-tag-editor/tags.json")
    }

    @Test func firstStartCreatesTheCollectionFromTheSample() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/deep/er/tags.json")
        let loaded = try file.load(sample: ["a", "b"])
        #expect(loaded.tags == ["a", "b"])
        #expect(loaded.notice?.contains("sample") == true)
        #expect(try file.load(sample: ["ignored"]) == CollectionFile.Loaded(tags: ["a", "b"], notice: nil))
    }

    @Test func savesRoundTripAndReplaceTheFileAtomically() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["one", "two"])
        // A reader that opened the old file keeps reading the whole old file: the new one is a
        // different file renamed over it, never the old one rewritten in place.
        let reader = try #require(FileHandle(forReadingAtPath: path))
        let oldInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        try file.save(["one", "two", "three", "quatre"])
        #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self).contains("\"two\"]"))
        let newInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        #expect(oldInode != newInode)
        #expect(try file.load(sample: []).tags == ["one", "two", "three", "quatre"])
        #expect(dir.entries == ["tags.json"])       // no temporary file left behind
    }

    @Test(arguments: [
        ("", "empty"),
        ("{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\"a\", ", "invalid JSON"),
        ("\u{FF}\u{FE}garbage", "UTF-8"),
        ("{\"format\": \"other\"}", "not a tag collection"),
        ("{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\"a\", \"A\"]}", "already there"),
        ("{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\"a\", 3]}", "not text"),
    ])
    func aCorruptFileIsKeptAsideAndReported(text: String, reason: String) throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let original: Data = text == "\u{FF}\u{FE}garbage" ? Data([0xFF, 0xFE, 0x67]) : Data(text.utf8)
        FileManager.default.createFile(atPath: path, contents: original)
        let loaded = try CollectionFile(path: path).load(sample: ["sample"])
        #expect(loaded.tags == ["sample"])
        let notice = try #require(loaded.notice)
        #expect(notice.contains(reason), "\(notice)")
        #expect(notice.contains("tags.json.corrupt"))
        // The corrupt file is kept, byte for byte.
        #expect(FileManager.default.contents(atPath: path + ".corrupt") == original)
        // A second corrupt file does not overwrite the first one kept aside.
        FileManager.default.createFile(atPath: path, contents: Data("junk".utf8))
        _ = try CollectionFile(path: path).load(sample: ["sample"])
        #expect(FileManager.default.contents(atPath: path + ".corrupt") == original)
        #expect(FileManager.default.contents(atPath: path + ".corrupt-2") == Data("junk".utf8))
    }

    @Test func aReadOnlyFileRefusesChangesAndKeepsItsContent() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["keep"])
        chmod(path, 0o444)
        let before = contents(path)
        let document = try CollectionDocument(file: file, sample: [])
        #expect(throws: FileError.self) { _ = try document.add("new") }
        #expect(document.tags == ["keep"])
        #expect(contents(path) == before)
        do {
            _ = try document.add("new")
        } catch {
            #expect("\(error)".contains("permission denied"))
            #expect("\(error)".contains(path))
        }
    }

    @Test func aFullDiskLeavesTheCollectionAsItWas() throws {
        guard let mount = ScratchMount(sizeKiB: 64) else {
            Issue.record("this test needs root to mount a small tmpfs")
            return
        }
        let path = mount.path + "/tags.json"
        let file = CollectionFile(path: path)
        try file.save(["small"])
        let huge = (0..<20_000).map { "tag number \($0)" }
        #expect(throws: FileError.self) { try file.save(TagNames(huge)) }
        #expect(try file.load(sample: []).tags == ["small"])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: mount.path)) == ["tags.json"])
        do { try file.save(TagNames(huge)) } catch { #expect("\(error)".contains("full")) }
    }

    @Test func aReadOnlyFileSystemIsAClearError() throws {
        guard let mount = ScratchMount(sizeKiB: 64) else {
            Issue.record("this test needs root to mount a small tmpfs")
            return
        }
        let file = CollectionFile(path: mount.path + "/tags.json")
        try file.save(["a"])
        #expect(mount.remountReadOnly())
        do {
            try file.save(["a", "b"])
            Issue.record("saved on a read-only file system")
        } catch {
            #expect(error.description.contains("read-only file system"))
        }
        #expect(try file.load(sample: []).tags == ["a"])
    }

    @Test func documentOperations() throws {
        let dir = TemporaryDirectory()
        let document = try CollectionDocument(file: CollectionFile(path: dir.path + "/tags.json"), sample: ["a", "b"])
        #expect(try document.add("  c ").name == "c")
        #expect(throws: TagError.duplicate("c")) { _ = try document.add("C") }
        #expect(throws: TagError.empty) { _ = try document.add("") }
        #expect(try document.rename("a", to: "alpha").name == "alpha")
        try document.remove("b")
        #expect(throws: TagError.notFound("zzz")) { try document.remove("zzz") }
        #expect(document.tags == ["alpha", "c"])
        #expect(try CollectionFile(path: dir.path + "/tags.json").load(sample: []).tags == ["alpha", "c"])
    }

    @Test func aTagListFileIsReadAndNeverWritten() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("list.txt", contents: "one\n\n two \none\nthree\n")
        let document = try ListFileDocument(path: path)
        #expect(document.tags == ["one", "two", "three"])
        #expect(try document.add("four").name == "four")
        try document.remove("one")
        #expect(contents(path) == "one\n\n two \none\nthree\n")
        #expect(document.isInMemoryOnly)
        #expect(throws: FileError.self) { _ = try ListFileDocument(path: dir.path + "/missing.txt") }
    }

    /// The byte-level reading of plain ASCII lines gives what the general rules give: spaces
    /// trimmed, repeats (by key) and blank lines skipped; other line breaks, tabs, invisible and
    /// non-ASCII characters still go through TagRules (a tab is a control character: refused).
    @Test func aTagListReadsEveryKindOfLineAsTheRulesSay() throws {
        let dir = TemporaryDirectory()
        let text = "plain\r\n  spaced out  \nPlain\ntab\there\n\u{200B}zero-width\ncafe\u{301}\ncafé\n"
            + "a\u{2028}b\rc\n   \n" + String(repeating: "y", count: TagRules.maximumLength + 1) + "\nlast"
        let path = dir.file("list.txt", contents: text)
        #expect(try TagListFile.read(path) == ["plain", "spaced out", "zero-width", "caf\u{E9}", "a", "b", "c", "last"])
    }

    /// A list larger than the limit, or one that never ends, is refused in bounded memory.
    @Test func aTagListThatNeverEndsIsRefused() throws {
        let error = FileError(path: "/dev/zero", operation: "1 MiB", code: EFBIG)
        #expect(throws: error) { _ = try TagListFile.read("/dev/zero", limit: 1 << 20) }
        #expect(error.description == "/dev/zero is larger than 1 MiB, the most that is read; nothing was read.")
    }

    /// A million lines are read in one pass (a quadratic repeat check took minutes): the
    /// result is checked here, the speed in BENCHMARKS.md.
    @Test func aMillionLineListIsReadWhole() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("big.txt", contents: (0..<1_000_000).map { "tag-\($0)\n" }.joined() + "TAG-7\n")
        let tags = try TagListFile.read(path)
        #expect(tags.count == 1_000_000)
        #expect(tags.first == "tag-0" && tags.last == "tag-999999")
    }
}
