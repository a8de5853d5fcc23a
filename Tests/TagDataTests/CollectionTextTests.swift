// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import JSON
import Testing
@testable import TagData

/// What another program put in the collection's object is kept byte for byte; the editor's own
/// version of the file is used while the file is unchanged, and never when it changed.
@Suite struct CollectionTextTests {
    /// The tags' encoding in pieces gives JSONWriter's text, byte for byte: names to escape, names
    /// longer than a piece's spare room (many combining marks), across many pieces.
    @Test func theTagsAreWrittenAsJSONWriterWritesThem() throws {
        let marks = String(repeating: "\u{301}", count: 40_000)
        var tags = (0..<60_000).map { "tag-\($0)" }
        tags.insert(contentsOf: ["a\"b", "x\\y", "café", "a" + marks], at: 30_000)
        tags.append("o" + marks)
        let text = CollectionText(tags: TagNames(tags))
        var pieces = 0
        var bytes: [UInt8] = []
        text.encode { bytes += $0; pieces += 1 }
        var expected = JSONWriter()
        expected.write(raw: "{\"format\":\"wraphstack-tags\",\"version\":1,\"tags\":[")
        for (index, tag) in tags.enumerated() {
            if index > 0 { expected.write(raw: ",") }
            expected.writeString(tag)
        }
        expected.write(raw: "]}\n")
        #expect(bytes == expected.bytes)
        #expect(pieces > 5)
        #expect(try CollectionText.decode(bytes).get().tags == tags)
    }

    @Test func membersTheEditorDoesNotKnowAreKeptByteForByte() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let colors = #"{"one": "red",  "two":[1, 2.50, {"x": null}], "é\u00e9": true}"#
        let original = #"{"note": "keep \"this\"", "format": "wraphstack-tags", "colors": "# + colors
            + #", "version": 1, "tags": ["one", "two"], "zzz": -0.0e+1}"#
        FileManager.default.createFile(atPath: path, contents: Data(original.utf8))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        #expect(document.tags == ["one", "two"])
        try document.add("three")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == #"{"note":"keep \"this\"","format":"wraphstack-tags","colors":"# + colors
                + #","version":1,"tags":["one","two","three"],"zzz":-0.0e+1}"# + "\n")
        // Foundation reads the same members back.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["note", "format", "colors", "version", "tags", "zzz"])
        try document.remove("one")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""colors":"# + colors))
    }

    @Test func aMemberAddedByAnotherProgramWhileOpenIsKept() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: ["a"])
        try Data(#"{"format":"wraphstack-tags","version":1,"tags":["a","b"],"theirs":[true]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        try document.add("c")
        #expect(try String(contentsOfFile: path, encoding: .utf8)
                == #"{"format":"wraphstack-tags","version":1,"tags":["a","b","c"],"theirs":[true]}"# + "\n")
    }

    /// A write in place that keeps the size (another program's) gives the file a new time, so
    /// the editor's own version is not used for it.
    @Test func aWriteInPlaceOfTheSameSizeIsSeen() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: ["aa"])
        try document.add("bb")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        usleep(20_000)   // past the file system's clock tick
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(before.replacingOccurrences(of: "\"bb\"", with: "\"cc\"").utf8))
        try handle.close()
        try document.add("dd")
        #expect(document.tags == ["aa", "cc", "dd"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#"["aa","cc","dd"]"#))
        #expect(document.reload() == Reloaded(changed: false))
    }

    @Test func aReplacedFileIsReadAgainAndAnUnchangedOneIsNot() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: ["a"])
        #expect(document.reload() == Reloaded(changed: false))
        try Data(#"{"format":"wraphstack-tags","version":1,"tags":["a","z"]}"#.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        #expect(document.reload() == Reloaded(changed: true))
        #expect(document.tags == ["a", "z"])
    }

    @Test(arguments: [
        (#"{"format":"wraphstack-tags","version":1,"tags":["a"],"tags":["b"]}"#, "duplicate member"),
        (#"{"format":"wraphstack-tags","version":1,"tags":["a"],"x":[1,}"#, "invalid JSON"),
        (#"{"format":"wraphstack-tags","version":2,"tags":["a"]}"#, "unknown version"),
        (#"{"format":"wraphstack-tags","version":1,"tags":"a"}"#, "no \"tags\" list"),
        (#"{"version":1,"tags":["a"]}"#, "not a tag collection"),
        (#"["wraphstack-tags"]"#, "not a tag collection"),
        (#"{"format":"wraphstack-tags","version":1,"tags":["a", "b", "\u0041"]}"#, "tag 3"),
        (#"{"format":"wraphstack-tags","version":1,"tags":["a", "   "]}"#, "tag 2"),
    ])
    func whatIsNotACollectionSaysWhy(text: String, reason: String) {
        guard case .failure(let corrupt) = CollectionText.decode(Array(text.utf8)) else {
            Issue.record("\(text) was read as a collection")
            return
        }
        #expect(corrupt.reason.contains(reason), "\(corrupt.reason)")
    }

    /// Names with escapes, capitals, spaces around them and non-ASCII letters read as the rules
    /// say, and are written back so that they read the same.
    @Test func namesRoundTrip() throws {
        let text = #"{"format":"wraphstack-tags","version":1,"tags":["Caf\u00e9", " x ", "a\"b", "Ünï", "plain"]}"#
        guard case .success(let decoded) = CollectionText.decode(Array(text.utf8)) else {
            Issue.record("not read")
            return
        }
        #expect(decoded.tags == ["Café", "x", "a\"b", "Ünï", "plain"])
        guard case .success(let again) = CollectionText.decode(decoded.encoded()) else {
            Issue.record("not read back")
            return
        }
        #expect(again == decoded)
    }
}
