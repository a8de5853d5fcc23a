// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The tag editor past its threshold of tags: the chips are in the virtual list (widgets only
    /// for the tags on screen). Real keys and clicks on the real binary; the list's figures read
    /// from the state report; the collection read on disk.
    @Suite struct VirtualList {
        /// The `n`th tag of a generated list: of several lengths, so that lines break unevenly.
        static func tag(_ n: Int) -> String {
            let words = ["photo", "holiday", "x", "family-archive", "work", "a-rather-long-tag-name", "music"]
            return "\(words[n % words.count])-\(n)"
        }

        /// Writes `count` tags, one per line, into the scratch directory.
        static func writeList(count: Int, in scratch: Scratch) throws -> String {
            let path = scratch.path + "/tags-\(count).txt"
            var text = ""
            text.reserveCapacity(count * 20)
            for n in 0..<count {
                text += tag(n)
                text += "\n"
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }

        /// A million tags open in the list, with a few hundred widgets; Page Down and End (real
        /// keys on a focused chip) scroll it and the last tag is shown after End. Then, in
        /// memory (`--tags`): a typed tag is added at the end, a chip's remove button and Delete
        /// on a focused chip remove that tag, and the focus goes to the next chip. One editor
        /// for all of it: a million tags take seconds to open in a debug build.
        @Test func aMillionTagsScrollWithPageDownAndEndAndTakeEdits() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let list = try Self.writeList(count: 1_000_000, in: scratch)
            let editor = try EditorProcess(["--tags", list], on: display, dataHome: scratch.path)
            // A height whose page does not end exactly at a line's end: at libadwaita's default
            // size a page from the first line ends at the last line shown whole, which Page Down
            // then focuses without a scroll.
            try display.xdotool(["windowsize", "--sync", editor.window, "900", "600"])
            let opened = try editor.state("a million tags in the list", timeout: 60) {
                $0.isVirtual && $0.modelItems == 1_000_000 && $0.settled && !$0.chipsOnScreen.isEmpty
                    && $0.status.hasPrefix("1,000,000 tags")
            }
            #expect(opened.realizedItems > 10 && opened.realizedItems < 1000, "\(opened.realizedItems) widgets")
            #expect(opened.realizedChips.first?.index == 0 && opened.realizedChips.first?.name == Self.tag(0))
            #expect(opened.lastTag == Self.tag(999_999))

            let first = opened.chipsOnScreen[0]
            try editor.click(x: first.centre!.x, y: first.centre!.y)
            try editor.state("the first chip focused") { $0.focus == "chip:\(first.name)" }
            try editor.key("Page_Down")
            let paged = try editor.state("a page further") {
                $0.settled && $0.scrollOffset > opened.scrollOffset && $0.focus != "chip:\(first.name)"
            }
            #expect(paged.realizedChips.map(\.index).max()! > opened.realizedChips.map(\.index).max()!)
            #expect(paged.realizedItems < 1000)
            let focused = try #require(paged.realizedChips.first { paged.focus == "chip:\($0.name)" })
            #expect(focused.onScreen, "the focused chip \(focused.name) is on screen")

            try editor.key("End")
            let end = try editor.state("the last tag shown") {
                $0.settled && $0.focus == "chip:\(Self.tag(999_999))"
                    && $0.chipsOnScreen.contains { $0.index == 999_999 && $0.name == Self.tag(999_999) }
            }
            #expect(end.scrollOffset > paged.scrollOffset)
            #expect(end.realizedItems < 1000, "\(end.realizedItems) widgets after End")
            #expect(end.realizedChips.map(\.index).min()! > 990_000)

            try editor.addTag("brand-new-tag")
            let added = try editor.state("the typed tag added", timeout: 30) {
                $0.modelItems == 1_000_001 && $0.lastTag == "brand-new-tag" && $0.entry.isEmpty && $0.settled
            }
            #expect(added.lastActionError == nil)

            let target = try #require(added.chipsOnScreen.first { $0.index == 999_990 })
            try editor.click(x: target.remove!.x, y: target.remove!.y)
            let removed = try editor.state("\(target.name) removed", timeout: 30) {
                $0.modelItems == 1_000_000 && $0.settled && $0.lastAction == "remove"
            }
            #expect(!removed.realizedChips.contains { $0.name == target.name })
            #expect(removed.realizedChips.first { $0.index == 999_990 }?.name == Self.tag(999_991))

            let chip = try #require(removed.chipsOnScreen.first { $0.index == 999_995 })
            try editor.click(x: chip.centre!.x, y: chip.centre!.y)
            try editor.state("\(chip.name) focused") { $0.focus == "chip:\(chip.name)" }
            try editor.key("Delete")
            let deleted = try editor.state("\(chip.name) deleted", timeout: 30) {
                $0.modelItems == 999_999 && $0.settled && !$0.realizedChips.contains { $0.name == chip.name }
            }
            // The focus goes to the tag that took its place.
            let next = try #require(deleted.realizedChips.first { $0.index == 999_995 })
            #expect(deleted.focus == "chip:\(next.name)")
            #expect(next.name == Self.tag(999_997))
        }

        /// A collection over the threshold: what the user does in the list is on disk (added at
        /// the end, removed by the button and by Delete, back at its place after Ctrl+Z, renamed with F2).
        @Test func aLargeCollectionIsEditedOnDiskFromTheList() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (0..<3_000).map(Self.tag)
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            let opened = try editor.state("the collection in the list") {
                $0.isVirtual && $0.modelItems == 3_000 && $0.settled && $0.chipsOnScreen.count > 5
            }
            try editor.addTag("saved-tag")
            try waitUntil("the tag saved") { OnDisk.collection(at: collection) == tags + ["saved-tag"] ? true : nil }
            // The added tag is scrolled into view (issue 39); Home on a chip goes back to the first.
            let scrolled = try editor.state("the tag shown") {
                $0.modelItems == 3_001 && $0.lastTag == "saved-tag" && $0.settled && $0.chipsOnScreen.contains { $0.name == "saved-tag" }
            }
            // The lines above the new tag may still be measured again once it is drawn (the list
            // estimates the lines it has not measured): the places a click aims at are read once
            // two reports a moment apart agree.
            var places = scrolled
            for _ in 0..<20 {
                usleep(300_000)
                let again = try editor.state("the list at rest") { $0.settled }
                let same = again.chipsOnScreen.map { "\($0.name)\($0.centre.map { "\($0.x),\($0.y)" } ?? "")" }
                    == places.chipsOnScreen.map { "\($0.name)\($0.centre.map { "\($0.x),\($0.y)" } ?? "")" }
                places = again
                if same { break }
            }
            let near = try #require(places.chipsOnScreen.first { $0.name != "saved-tag" && $0.centre != nil })
            try editor.click(x: near.centre!.x, y: near.centre!.y)
            try editor.state("\(near.name) focused") { $0.focus == "chip:\(near.name)" }
            try editor.key("Home")
            let top = try editor.state("the first tags again") {
                $0.settled && $0.focus == "chip:\(tags[0])" && $0.chipsOnScreen.contains { $0.index == 1 && $0.remove != nil }
            }
            #expect(top.chipsOnScreen.map(\.name).prefix(2) == opened.chipsOnScreen.map(\.name).prefix(2))

            let target = top.chipsOnScreen[1]
            try editor.click(x: target.remove!.x, y: target.remove!.y)
            var expected = tags + ["saved-tag"]
            expected.removeAll { $0 == target.name }
            try waitUntil("\(target.name) removed on disk") { OnDisk.collection(at: collection) == expected ? true : nil }

            let shown = try editor.state("the list without it") { $0.modelItems == 3_000 && $0.settled }
            let chip = try #require(shown.chipsOnScreen.first { $0.index == 3 })
            try editor.click(x: chip.centre!.x, y: chip.centre!.y)
            try editor.state("\(chip.name) focused") { $0.focus == "chip:\(chip.name)" }
            try editor.key("Delete")
            let withoutIt = expected.filter { $0 != chip.name }
            try waitUntil("\(chip.name) deleted on disk") { OnDisk.collection(at: collection) == withoutIt ? true : nil }
            let after = try editor.state("the focus on the next tag") { $0.modelItems == 2_999 && $0.settled }
            #expect(after.focus == "chip:\(expected[4])", "\(after.focus)")

            try editor.key("ctrl+z")
            try waitUntil("\(chip.name) back at its place on disk") { OnDisk.collection(at: collection) == expected ? true : nil }
            let back = try editor.state("its chip back") {
                $0.modelItems == 3_000 && $0.settled && $0.realizedChips.contains { $0.index == 3 && $0.name == chip.name }
            }

            // F2 on a chip of the list renames its tag, on disk, in its place.
            let renamed = try #require(back.chipsOnScreen.first { $0.index == 2 })
            try editor.click(x: renamed.centre!.x, y: renamed.centre!.y)
            try editor.state("\(renamed.name) focused") { $0.focus == "chip:\(renamed.name)" }
            try editor.key("F2")
            try editor.state("the rename popover") { $0.focus == "rename:\(renamed.name)" }
            try editor.key("ctrl+a")
            try editor.type("renamed-in-list")
            try editor.key("Return")
            var afterRename = expected
            afterRename[2] = "renamed-in-list"
            try waitUntil("the rename on disk") { OnDisk.collection(at: collection) == afterRename ? true : nil }
            try editor.state("the renamed chip focused") {
                $0.focus == "chip:renamed-in-list" && $0.realizedChips.contains { $0.index == 2 && $0.name == "renamed-in-list" }
            }
        }

        /// At 360 px (openbox resizing the window) the list wraps again: every chip on screen is
        /// within the window; at 1200 px the lines hold more chips.
        @Test func aResizeTo360PixelsWrapsTheList() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let list = try Self.writeList(count: 5_000, in: scratch)
            let editor = try EditorProcess(["--tags", list], on: display, dataHome: scratch.path)
            try editor.state("the list") { $0.isVirtual && $0.modelItems == 5_000 && $0.settled }
            let narrow = try editor.resize(width: 360, height: 600)
            let onScreen = narrow.chipsOnScreen
            #expect(onScreen.count > 5)
            for chip in onScreen {
                let frame = try #require(chip.frame)
                #expect(frame.x >= 0 && frame.x + frame.width <= Double(narrow.windowWidth),
                        "\(chip.name) at \(frame.x)+\(frame.width) in \(narrow.windowWidth)")
            }
            let wide = try editor.resize(width: 1200, height: 600)
            func perLine(_ state: EditorState) -> Int {
                let top = state.chipsOnScreen.first?.frame?.y
                return state.chipsOnScreen.filter { $0.frame?.y == top }.count
            }
            #expect(perLine(wide) > perLine(narrow), "\(perLine(wide)) chips a line at 1200 px, \(perLine(narrow)) at 360")
            #expect(wide.chipsOnScreen.allSatisfy { ($0.frame?.x ?? 0) + ($0.frame?.width ?? 0) <= Double(wide.windowWidth) })
        }
    }
}
