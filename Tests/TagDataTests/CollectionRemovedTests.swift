// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// The collection file removed by another program while the editor has it open: the editor says
/// so on reading it again, keeps what it shows, and the next change writes the tags shown again
/// with every member the file held.
@Suite struct CollectionRemovedTests {
    @Test func aRemovedCollectionIsSaidAndTheNextChangeWritesWhatIsShown() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        try Data(#"{"format":"wraphstack-tags","version":1,"tags":["one","two"],"note":"keep"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        try FileManager.default.removeItem(atPath: path)
        let reloaded = document.reload()
        #expect(reloaded.problem?.contains("was removed by another program") == true, "\(reloaded)")
        #expect(document.names == ["one", "two"])
        try document.add("three")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""note":"keep""#), "\(text)")
        #expect(try CollectionFile.decode(Array(text.utf8)).get() == ["one", "two", "three"])
        #expect(document.reload().problem == nil)
    }
}
