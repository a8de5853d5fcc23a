// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The state report's `search` field (Sources/tag-editor/Instruments/ChipSearch+StateReport.swift).
struct SearchState {
    var open: Bool
    var text: String
    var count: String
    var found: Int
    var total: Int
    var examined: Int
    var chipWidgets: Int
    var firstFound: String?
}

extension EditorState {
    var search: SearchState {
        let fields = values["search"] as? [String: Any] ?? [:]
        return SearchState(open: fields["open"] as? Bool ?? false, text: fields["text"] as? String ?? "",
                           count: fields["count"] as? String ?? "", found: fields["found"] as? Int ?? -1,
                           total: fields["total"] as? Int ?? -1, examined: fields["examined"] as? Int ?? -1,
                           chipWidgets: fields["chipWidgets"] as? Int ?? -1, firstFound: fields["firstFound"] as? String)
    }
}

extension EndToEnd {
    /// Issue 39, item 13: a search over the chips, opened as GNOME apps open theirs, in a
    /// 100,000-tag collection (the virtual list) and in the folder view's chips. Real keys to the
    /// real binary; what the window shows read from its state report, edits checked on disk.
    @Suite struct ChipSearch {
        static let words = ["photo", "beach", "holiday", "café", "work", "Family", "music"]
        static func tag(_ n: Int) -> String { "\(words[n % words.count]) \(n)" }

        /// A collection of 2,000 generated tags (written under the scratch folder) in an editor
        /// under headless sway `width` pixels wide, the search opened by Ctrl+F.
        static func searchOpenUnderWayland(width: Int) throws -> (Scratch, [String], WaylandSession, WaylandEditor) {
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            let tags = (0..<2_000).map(tag)
            try OnDisk.writeCollection(tags, at: collection)
            let session = try WaylandSession(in: scratch.path, width: width, height: 700)
            let editor = try WaylandEditor(["--collection", collection], in: session, scratch: scratch.path)
            try shown(editor, "the entry focused") { $0.focus == "entry" && $0.settled && $0.search.total == tags.count }
            try session.keys("-M", "ctrl", "-k", "f", "-m", "ctrl")
            try shown(editor, "the search open") { $0.search.open && $0.focus == "search" }
            return (scratch, tags, session, editor)
        }

        /// Waits for the Wayland editor to show what `condition` asks, its search described.
        @discardableResult
        static func shown(_ editor: WaylandEditor, _ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
            try editor.shown(what, describe: { "\($0.summary) search \($0.search)" }, condition)
        }

        /// Case and accents folded as the search folds them, to count what it must find.
        static func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }

        /// What the search must find: the text inside a name, or each of its words starting a
        /// word of the name (words end at anything but a letter or a digit).
        static func expected(_ tags: [String], _ query: String) -> [String] {
            let text = folded(query).trimmingCharacters(in: .whitespaces)
            let queryWords = text.split(separator: " ").map(String.init)
            return tags.filter { tag in
                let name = folded(tag)
                if name.contains(text) { return true }
                guard queryWords.count > 1 else { return false }
                let nameWords = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
                return queryWords.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } }
            }
        }

        static func start(_ tags: [String], _ scratch: Scratch, _ display: VirtualDisplay) throws -> (EditorProcess, String) {
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path, position: (0, 0))
            try editor.state("the collection shown", timeout: 90) { $0.settled && $0.search.total == tags.count }
            return (editor, collection)
        }

        /// Ctrl+F and "beach 5" narrow 100,000 tags to those that have it, with the count in the
        /// bar and the status line; each key after the first compares only the tags found by the
        /// one before, and no key makes a chip for every tag. "CAFE 1" finds "café 1…"; Enter
        /// focuses the first found; Escape on it brings every tag back, the focus staying on it;
        /// Escape in the bar gives the focus back to the entry.
        @Test func ctrlFNarrowsAHundredThousandTags() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<100_000).map(Self.tag)
            let (editor, _) = try Self.start(tags, scratch, display)
            try editor.state("the entry focused") { $0.focus == "entry" }

            try editor.key("ctrl+f")
            try editor.state("the search open and focused") { $0.search.open && $0.focus == "search" }
            let beach = Self.expected(tags, "beach 5")
            var examined: [Int] = []
            var found = [tags.count]
            for (offset, character) in "beach 5".enumerated() {
                try editor.type(String(character))
                let typed = String("beach 5".prefix(offset + 1))
                let state = try editor.state("“\(typed)” searched", timeout: 30) { $0.search.text == typed && $0.settled }
                examined.append(state.search.examined)
                found.append(state.search.found)
                #expect(state.search.chipWidgets < 1000, "\(state.search.chipWidgets) chip widgets for \(typed)")
            }
            // The counting test: every key that adds to the text compares at most the tags the
            // key before found, the first one all of them.
            #expect(examined.first == tags.count)
            for (index, count) in examined.enumerated().dropFirst() {
                #expect(count <= found[index], "key \(index + 1) compared \(count) names, the one before found \(found[index])")
            }
            let narrowed = try editor.state("beach 5 found") { $0.search.found == beach.count && $0.modelItems == beach.count }
            #expect(narrowed.search.count == "\(beach.count.formatted()) of 100,000 tags")
            #expect(narrowed.status.hasPrefix("\(beach.count.formatted()) of 100,000 tags"), "\(narrowed.status)")
            #expect(narrowed.realizedChips.allSatisfy { beach.contains($0.name) }, "\(narrowed.realizedChips.map(\.name))")
            #expect(narrowed.search.firstFound == beach.first)

            // Case and accents do not count.
            try editor.key("ctrl+a")
            try editor.type("CAFE 1")
            let cafe = Self.expected(tags, "CAFE 1")
            let accents = try editor.state("CAFE 1 searched", timeout: 30) { $0.search.text == "CAFE 1" && $0.settled }
            #expect(accents.search.found == cafe.count && cafe.count > 0, "\(accents.search.found) of \(cafe.count)")
            #expect(accents.search.firstFound == cafe.first)

            // Enter: the first found has the focus.
            try editor.key("Return")
            try editor.state("the first found focused") { $0.focus == "chip:" + cafe.first! }
            // Escape on it: every tag again, the focus still on it.
            try editor.key("Escape")
            let closed = try editor.state("the search closed", timeout: 30) { !$0.search.open && $0.modelItems == tags.count }
            #expect(closed.focus == "chip:" + cafe.first!, "\(closed.focus)")
            #expect(closed.status.hasPrefix("100,000 tags"), "\(closed.status)")

            // From the entry and back: Escape in the bar gives the focus back where it was.
            try editor.clickEntry()
            try editor.key("ctrl+f")
            try editor.state("the search open again") { $0.search.open && $0.focus == "search" && $0.search.text.isEmpty }
            try editor.type("zzz")
            let none = try editor.state("nothing found") { $0.search.text == "zzz" }
            #expect(none.search.found == 0 && none.search.count == "0 of 100,000 tags", "\(none.search)")
            try editor.key("Escape")
            let back = try editor.state("the search closed again", timeout: 30) { !$0.search.open && $0.modelItems == tags.count }
            #expect(back.focus == "entry", "\(back.focus)")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Typing a letter while a chip has the focus starts the search with it (spaces and
        /// Backspace typed right after go to the search, never to the chip).
        @Test func typingOnAFocusedChipSearches() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<3_000).map(Self.tag)
            let (editor, collection) = try Self.start(tags, scratch, display)
            try editor.key("Tab")
            let focused = try editor.state("a chip focused") { $0.focus.hasPrefix("chip:") }
            try editor.type("holi")
            try editor.key("BackSpace")
            try editor.type("i 2")
            let narrowed = try editor.state("holi 2 searched") { $0.search.text == "holi 2" && $0.focus == "search" && $0.settled }
            #expect(narrowed.search.found == Self.expected(tags, "holi 2").count, "\(narrowed.search)")
            #expect(OnDisk.collection(at: collection) == tags, "no key went to the chip")
            try editor.key("Escape")
            let back = try editor.state("closed") { !$0.search.open && $0.modelItems == tags.count }
            #expect(back.focus == focused.focus, "\(back.focus)")
        }

        /// A tag added while the search is open is shown when it matches, and the count follows;
        /// one that does not match is added (on disk) but not shown, and the status line says so.
        @Test func addingWhileSearching() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<100_000).map(Self.tag)
            let (editor, collection) = try Self.start(tags, scratch, display)
            try editor.key("ctrl+f")
            try editor.type("beach 5")
            let beach = Self.expected(tags, "beach 5")
            try editor.state("beach 5 found", timeout: 30) { $0.search.found == beach.count && $0.settled }

            try editor.addTag("Beach 5 sunset")
            let added = try editor.state("the new tag among those found", timeout: 60) {
                $0.search.found == beach.count + 1 && $0.search.total == 100_001 && $0.settled
            }
            #expect(added.search.count == "\((beach.count + 1).formatted()) of 100,001 tags")
            #expect(added.status.hasPrefix("Added “Beach 5 sunset”"), "\(added.status)")
            // Scrolled into view: its chip is made and on screen.
            #expect(added.realizedChips.contains { $0.name == "Beach 5 sunset" && $0.onScreen }, "\(added.realizedChips.map(\.name).suffix(5))")
            try waitUntil("on disk", timeout: 60) { OnDisk.collection(at: collection)?.last == "Beach 5 sunset" ? true : nil }

            try editor.addTag("zebra")
            let other = try editor.state("the count of all tags", timeout: 60) { $0.search.total == 100_002 && $0.settled }
            #expect(other.search.found == beach.count + 1)
            #expect(other.status.contains("not among the tags found"), "\(other.status)")
            try waitUntil("zebra on disk", timeout: 60) { OnDisk.collection(at: collection)?.last == "zebra" ? true : nil }

            // Back in the search, Enter, then the found chip's own keys: Delete removes it (the
            // key is the chip's, not the search's), and the count follows.
            try editor.key("ctrl+f")
            try editor.state("back in the search") { $0.focus == "search" }
            try editor.key("Return")
            let first = beach.first!
            try editor.state("the first found focused") { $0.focus == "chip:" + first }
            try editor.key("Delete")
            let removed = try editor.state("the found chip removed", timeout: 60) {
                $0.search.found == beach.count && $0.search.total == 100_001 && $0.settled
            }
            #expect(removed.search.text == "beach 5" && removed.search.firstFound != first, "\(removed.search)")
            try waitUntil("the removal on disk", timeout: 60) {
                OnDisk.collection(at: collection).map { !$0.contains(first) && $0.count == 100_001 } == true ? true : nil
            }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Without a search, a tag added to a long collection is scrolled into view (it goes
        /// last) and the status line says it was added; the focus stays in the entry.
        @Test func anAddedTagIsScrolledIntoView() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let tags = (0..<5_000).map(Self.tag)
            let (editor, _) = try Self.start(tags, scratch, display)
            let before = try editor.state("the first tags on screen") { !$0.chipsOnScreen.isEmpty }
            #expect(!before.chipsOnScreen.contains { $0.name == tags.last! })
            try editor.addTag("newest")
            let added = try editor.state("newest on screen", timeout: 30) {
                $0.modelItems == 5_001 && $0.chipsOnScreen.contains { $0.name == "newest" } && $0.settled
            }
            #expect(added.focus == "entry")
            #expect(added.status.hasPrefix("Added “newest”"), "\(added.status)")
        }

        /// The folder view's chips: Ctrl+F finds a tag whatever its case and accents, and a
        /// sub-tag under a closed parent; Escape shows the chips as before.
        @Test func folderViewChipsAreSearched() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let root = scratch.path + "/tree"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            for (index, value) in ["Café,work", "beach,trip/2023", "work,trip/2024", "music"].enumerated() {
                let path = root + "/f\(index).txt"
                FileManager.default.createFile(atPath: path, contents: Data("\(index)\n".utf8))
                OnDisk.setTags(value, of: path)
            }
            let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips") { $0.folderSettled && !$0.folderChips.isEmpty }
            let top = shown.folderChips.map(\.name)
            #expect(!top.contains("trip/2023"), "sub-tags under their closed parent: \(top)")
            try editor.key("ctrl+f")
            try editor.state("the search open") { $0.search.open && $0.focus == "search" }
            try editor.type("CAFE")
            let cafe = try editor.state("Café found") { $0.search.text == "CAFE" && $0.folderSettled }
            #expect(cafe.folderChips.map(\.name) == ["Café"], "\(cafe.folderChips.map(\.name))")
            #expect(cafe.search.found == 1)
            try editor.key("ctrl+a")
            try editor.type("2023")
            let sub = try editor.state("the sub-tag found") { $0.search.text == "2023" && $0.folderSettled }
            #expect(sub.folderChips.map(\.name).contains { $0.hasSuffix("2023") }, "\(sub.folderChips.map(\.name))")
            try editor.key("Return")
            try editor.state("the found chip focused") { $0.focus.hasPrefix("chip:") }
            try editor.key("ctrl+f")
            try editor.state("back in the search") { $0.focus == "search" }
            try editor.key("Escape")
            let closed = try editor.state("closed") { !$0.search.open && $0.folderSettled }
            #expect(closed.folderChips.map(\.name) == top, "\(closed.folderChips.map(\.name))")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }

    /// The search's keyboard path under Wayland (headless sway, keys from wtype): Ctrl+F and
    /// typing narrow the chips, Enter focuses the first found, Escape closes with every chip
    /// back and the focus kept; a letter typed on a chip opens the search with it.
    @Suite(.enabled(if: WaylandSession.isAvailable, "needs root, sway, wtype and grim")) struct ChipSearchOnWayland {
        @Test func searchByKeyboardUnderWayland() throws {
            let (scratch, tags, session, editor) = try ChipSearch.searchOpenUnderWayland(width: 360)
            let collection = scratch.path + "/tags.json"
            func shown(_ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
                try ChipSearch.shown(editor, what, condition)
            }
            try session.keys("beach 5")
            let beach = ChipSearch.expected(tags, "beach 5")
            let found = try shown("beach 5 found") { $0.search.text == "beach 5" && $0.settled }
            #expect(found.search.found == beach.count && found.search.count == "\(beach.count) of 2,000 tags", "\(found.search)")
            try session.keys("-k", "Return")
            try shown("the first found focused") { $0.focus == "chip:" + beach.first! }
            try session.keys("-k", "Escape")
            let closed = try shown("every tag again") { !$0.search.open && $0.search.found == tags.count && $0.settled }
            #expect(closed.focus == "chip:" + beach.first!, "\(closed.focus)")
            // A letter typed on the focused chip opens the search with it.
            try session.keys("work 1")
            let typed = try shown("work 1 searched") { $0.search.text == "work 1" && $0.focus == "search" }
            #expect(typed.search.found == ChipSearch.expected(tags, "work 1").count, "\(typed.search)")
            #expect(OnDisk.collection(at: collection) == tags, "no key went to the chip")
            try session.keys("-k", "Escape")
            try shown("closed again") { !$0.search.open && $0.focus == "chip:" + beach.first! }
        }
    }
}
