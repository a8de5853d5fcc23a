// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// `rm tags.json` while the editor shows it: the window says so at once, and the next tag typed
    /// writes the collection again with the tags it showed.
    @Suite struct CollectionRemoved {
        @Test func aRemovedCollectionIsSaidAndWrittenAgainOnTheNextChange() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one", "two"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.state("the collection") { $0.names == ["one", "two"] }
            try FileManager.default.removeItem(atPath: collection)
            let told = try editor.state("the removal said") { $0.message?.contains("was removed by another program") == true }
            #expect(told.names == ["one", "two"])
            try editor.addTag("three")
            try waitUntil("written again") { OnDisk.collection(at: collection) == ["one", "two", "three"] ? true : nil }
        }
    }
}

extension EndToEnd {
    /// An immutable `tags.json` (`chattr +i`, which not even root can write) is known at once: the
    /// entry is off and the window says why, instead of refusing every change after it is tried.
    @Suite struct ImmutableCollection {
        @Test func anImmutableCollectionIsReadOnlyFromTheStart() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one", "two"], at: collection)
            guard try Command.run("chattr", ["+i", collection]).status == 0 else {
                Issue.record("chattr +i is not possible here (needs root on ext4 or the like)")
                return
            }
            defer { _ = try? Command.run("chattr", ["-i", collection]) }
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let shown = try editor.state("the collection") { $0.names == ["one", "two"] }
            let chips = shown.values["chips"] as? [[String: Any]] ?? []
            #expect(chips.count == 2 && chips.allSatisfy { $0["removeSensitive"] as? Bool == false }, "\(chips)")
            #expect(shown.message?.contains("cannot be changed") == true, "\(shown.message ?? "no message")")
        }
    }
}

extension EndToEnd {
    /// Another program makes `tags.json` unreadable while a tag is being typed, then puts it back:
    /// the entry is off meanwhile, keeps what was typed, and has the keyboard focus again after,
    /// so typing and Enter go on where they stopped.
    @Suite struct CollectionRecovered {
        @Test func theEntryHasTheFocusAgainWhenTheCollectionIsReadableAgain() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one"], at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            try editor.state("the collection") { $0.names == ["one"] }
            try editor.type("sec")
            try editor.state("typed") { $0.entry == "sec" }
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: collection))
            try editor.state("the problem said") { $0.message?.contains("tags.json") == true && $0.entry == "sec" }
            try OnDisk.writeCollection(["one"], at: collection)
            try editor.state("readable again") { $0.focus == "entry" && $0.entry == "sec" }
            try editor.type("ond")
            try editor.state("typed on") { $0.entry == "second" }
            try editor.key("Return")
            try waitUntil("the tag on disk") { OnDisk.collection(at: collection) == ["one", "second"] ? true : nil }
        }
    }
}
