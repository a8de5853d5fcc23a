// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.Suggestions {
    /// In file mode the collection's tags are offered as they are now: a collection made after
    /// the window opened, and a tag another program (or the collection's own window) added later
    /// (found by a new user: the collection was read once, and a missing one never again).
    @Test func theCollectionIsOfferedAsItIsNow() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let file = scratch.file("menu.txt", tags: "photo")
        let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
        try editor.clickEntry()
        try editor.type("qu")
        try editor.state("qu typed") { $0.entry == "qu" }
        #expect(editor.currentState?.suggestions == [])
        try editor.key("ctrl+a", "BackSpace")
        // The collection appears only now.
        try FileManager.default.createDirectory(atPath: scratch.path + "/wraphstack-tag-editor",
                                                withIntermediateDirectories: true)
        let collection = scratch.path + "/wraphstack-tag-editor/tags.json"
        try OnDisk.writeCollection(["quokka"], at: collection)
        try editor.type("qu")
        try editor.state("the new collection's tag offered") { $0.suggestions == ["quokka"] }
        try editor.key("Escape", "ctrl+a", "BackSpace")
        try OnDisk.writeCollection(["quokka", "quince"], at: collection)
        try editor.type("qu")
        try editor.state("the tag added later offered too") { Set($0.suggestions) == ["quokka", "quince"] }
    }
}
