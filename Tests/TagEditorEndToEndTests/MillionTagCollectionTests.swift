// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The user's own collection (the default path: `tags.json` in the XDG data folder, no
    /// option) at a million tags, as a user meets it: it opens in the virtual list, and a typed
    /// tag, two Backspaces in the empty entry and Ctrl+Z are each on disk, with a member of the
    /// file the editor does not know kept byte for byte. Real keys on the real binary.
    @Suite struct MillionTagCollection {
        @Test func aMillionTagCollectionOpensAndIsEditedOnDisk() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let folder = scratch.path + "/wraphstack-tag-editor"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/tags.json"
            let tags = (0..<1_000_000).map(VirtualList.tag)
            let theirs = ##""colors": {"photo-0": "#ff0000", "nested": [1, 2.5e3, null]}"##
            var text = #"{"format": "wraphstack-tags", "version": 1, "tags": ["#
            text += tags.map { "\"\($0)\"" }.joined(separator: ", ")
            text += "], " + theirs + "}"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))

            let editor = try EditorProcess([], on: display, dataHome: scratch.path)
            let opened = try editor.state("a million tags of the collection in the list", timeout: 90) {
                $0.isVirtual && $0.modelItems == 1_000_000 && $0.settled && !$0.chipsOnScreen.isEmpty
            }
            #expect(opened.lastTag == VirtualList.tag(999_999))
            #expect(opened.realizedItems < 1000, "\(opened.realizedItems) widgets")

            // The tags first, then the text: the text read after is of the same save or a later
            // one (read the other way round, a save landing between gave the old text with the
            // new tags).
            func onDisk() -> (tags: [String], text: String)? {
                guard let tags = OnDisk.collection(at: path),
                      let data = FileManager.default.contents(atPath: path) else { return nil }
                return (tags, String(decoding: data, as: UTF8.self))
            }
            try editor.addTag("typed-at-a-million")
            let added = try waitUntil("the typed tag saved", timeout: 60) { () -> (tags: [String], text: String)? in
                guard let disk = onDisk(), disk.tags.count == 1_000_001 else { return nil }
                return disk
            }
            #expect(added.tags.last == "typed-at-a-million")
            #expect(Array(added.tags.prefix(1_000_000)) == tags)
            #expect(added.text.contains(##""colors":{"photo-0": "#ff0000", "nested": [1, 2.5e3, null]}"##), "the member the editor does not know")
            try editor.state("the tag shown", timeout: 30) { $0.modelItems == 1_000_001 && $0.entry.isEmpty }

            // Backspace in the empty entry selects the last tag; the second removes it.
            try editor.key("BackSpace")
            // The added tag was scrolled into view (issue 39): its chip is there, drawn selected.
            let selected = try editor.state("the first Backspace handled", timeout: 30) {
                $0.modelItems == 1_000_001 && $0.settled && $0.isSelected("typed-at-a-million")
            }
            #expect(selected.chip("typed-at-a-million") != nil)
            usleep(500_000)
            #expect(onDisk()?.tags.count == 1_000_001, "the first Backspace removes nothing")
            try editor.key("BackSpace")
            let removed = try waitUntil("the last tag removed on disk", timeout: 60) { () -> [String]? in
                guard let disk = onDisk(), disk.tags.count == 1_000_000 else { return nil }
                return disk.tags
            }
            #expect(removed == tags)

            try editor.key("ctrl+z")
            let undone = try waitUntil("the removal undone on disk", timeout: 60) { () -> (tags: [String], text: String)? in
                guard let disk = onDisk(), disk.tags.count == 1_000_001 else { return nil }
                return disk
            }
            #expect(undone.tags.last == "typed-at-a-million")
            #expect(undone.text.contains(##""colors":{"photo-0": "#ff0000""##))
            let shown = try editor.state("the tag back in the list", timeout: 30) {
                $0.modelItems == 1_000_001 && $0.lastTag == "typed-at-a-million" && $0.settled
            }
            #expect(shown.lastActionError == nil)
        }
    }
}
