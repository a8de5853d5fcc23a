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
