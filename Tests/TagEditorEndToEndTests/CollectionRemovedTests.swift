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
