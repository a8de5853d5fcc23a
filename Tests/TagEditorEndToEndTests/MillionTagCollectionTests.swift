// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The user's own collection (the default path: `tags.json` in the XDG data folder, no
    /// option) at a million tags, as a user meets it: it opens in the virtual list, and a typed
    /// tag, two Backspaces in the empty entry and Ctrl+Z are each on disk, with a member of the
    /// file the editor does not know kept byte for byte; then Tab and Delete, Delete on the chip
    /// that took the focus, a click and Delete, the ×, and F2, each on disk. Real keys and clicks
    /// on the real binary.
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

            // The other ways a user removes or renames a tag (issue 39, item 14), each on disk.
            var expected = tags + ["typed-at-a-million"]
            func saved(_ what: String, _ expected: [String]) throws {
                // Read until the file holds the list expected (a rename keeps the count).
                let disk = try waitUntil("\(what) on disk", timeout: 60) { () -> [String]? in
                    guard let disk = OnDisk.collection(at: path), disk == expected else { return nil }
                    return disk
                }
                #expect(disk.count == expected.count)
                // On screen too: every chip the list made shows the tag at its place.
                try editor.state("\(what) shown", timeout: 30) { state in
                    state.modelItems == expected.count && state.settled && !state.realizedChips.isEmpty
                        && state.realizedChips.allSatisfy { expected.indices.contains($0.index) && expected[$0.index] == $0.name }
                }
            }
            func remove(_ name: String) throws {
                expected.remove(at: try #require(expected.firstIndex(of: name)))
            }
            // Tab from the entry to a chip, then Delete; then Delete on the chip that took the focus.
            try editor.clickEntry()
            try editor.key("Tab")
            let tabbed = try editor.state("Tab on a chip") { $0.focus.hasPrefix("chip:") }
            let first = String(tabbed.focus.dropFirst("chip:".count))
            try editor.key("Delete")
            try remove(first)
            try saved("Tab, Delete", expected)
            let next = try editor.state("the focus on the next chip") { $0.focus.hasPrefix("chip:") && $0.focus != tabbed.focus }
            try editor.key("Delete")
            try remove(String(next.focus.dropFirst("chip:".count)))
            try saved("Delete on the focused chip", expected)
            // A plain click selects a chip; Delete removes it.
            func chipOnScreen() throws -> EditorState.RealizedChip {
                let value = try editor.state("chips on screen", timeout: 30) { $0.chipsOnScreen.count > 4 }
                return value.chipsOnScreen[3]
            }
            let clicked = try chipOnScreen()
            try editor.click(x: try #require(clicked.centre).x, y: try #require(clicked.centre).y)
            try editor.state("the clicked chip focused") { $0.focus == "chip:" + clicked.name }
            try editor.key("Delete")
            try remove(clicked.name)
            try saved("click, Delete", expected)
            // The × with the pointer.
            let crossed = try chipOnScreen()
            try editor.click(x: try #require(crossed.remove).x, y: try #require(crossed.remove).y)
            try remove(crossed.name)
            try saved("the ×", expected)
            // F2 on a focused chip, a new name, Enter: renamed in its place.
            let renamed = try chipOnScreen()
            try editor.click(x: try #require(renamed.centre).x, y: try #require(renamed.centre).y)
            try editor.state("the chip to rename focused") { $0.focus == "chip:" + renamed.name }
            try editor.key("F2")
            try editor.state("the rename field") { $0.renaming == renamed.name }
            try editor.key("ctrl+a")
            try editor.type("renamed-at-a-million")
            try editor.key("Return")
            expected[try #require(expected.firstIndex(of: renamed.name))] = "renamed-at-a-million"
            try saved("F2, Enter", expected)
            let last = try editor.state("every edit done", timeout: 30) { $0.renaming == nil }
            #expect(last.lastActionError == nil)
        }
    }
}
