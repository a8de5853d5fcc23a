// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// Top-level members of the collection that the editor does not know, strings with escapes
/// (`\u00e9`) above all, are written back byte for byte by every path a save takes: an edit
/// saved at once, edits saved by the writer's thread, an edit after another program rewrote the
/// file, and an edit after the file was removed (written again whole from what was last seen).
@Suite struct CollectionMembersTests {
    static let before = #"{"note":"caf\u00e9","\u00e9t\u00e9":"\u00e9\n","format":"wraphstack-tags","#
    static let after = #""n":[1, 2.50, {"x": "\u00e9"}]}"#

    static func text(_ tags: String) -> String { before + #""version":1,"tags":["# + tags + "]," + after + "\n" }

    @Test func unknownStringMembersAreKeptByteForByteByEverySave() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        FileManager.default.createFile(atPath: path, contents: Data(Self.text(#""a""#).utf8))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        try document.add("b")
        #expect(contents(path) == Self.text(#""a","b""#))

        // Another program rewrites it (its members as it writes them), then an edit.
        FileManager.default.createFile(atPath: path, contents: Data(Self.text(#""a","b","c""#).utf8))
        _ = document.reload()
        try document.add("d")
        #expect(contents(path) == Self.text(#""a","b","c","d""#))

        // Saved by the writer's thread.
        document.saveInBackground {}
        try document.add("e")
        _ = try document.remove("a")
        _ = document.finishSaving()
        #expect(contents(path) == Self.text(#""b","c","d","e""#))

        // Removed meanwhile: written again whole, with the members last seen.
        unlink(path)
        try document.add("f")
        _ = document.finishSaving()
        #expect(contents(path) == Self.text(#""b","c","d","e","f""#))
    }
}
