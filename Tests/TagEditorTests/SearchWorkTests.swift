// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import Foundation
import GObjectSupport
import Testing
import TagData
@testable import tag_editor

/// The search over a collection of 240,000 tags in the virtual list (issue 39, item 13), counted,
/// not timed: a key that changes what is found costs the list work in proportion to what it
/// changed near the viewport, not to the tags found (no entry read per tag found, no size measured
/// again, no line table made whole); closing the search measures nothing again; removing and
/// renaming a tag found use its place among all the tags instead of a scan; so do deleting a
/// selection of chips and undoing a drag, in the whole collection. Keys are typed as the search
/// entry sees them (text inserted, its `changed` signal); the keys themselves go to the real
/// binary in `ChipSearchTests`.
@MainActor @Suite(.serialized)
struct SearchWorkTests {
    static let count = 240_000

    /// Every tag is "tag-N" but ten, "tab-N" (one every 24,000): "ta" finds all, "tag" leaves out
    /// only those ten.
    static func name(_ n: Int) -> String { n % 24_000 == 5 ? "tab-\(n)" : "tag-\(n)" }

    struct Work: CustomStringConvertible {
        var read = 0, scanned = 0, measured = 0, binds = 0, tableBuilds = 0, examined = 0, found = 0
        var description: String {
            "\(read) read, \(scanned) compared in scans, \(measured) measured, \(binds) bound, \(tableBuilds) tables made; the search compared \(examined) names, found \(found)"
        }
    }

    @MainActor
    final class Harness {
        let editor: EditorWindow
        let document: CollectionDocument
        let chips: VirtualChips<Chip>
        let folder: String

        init() throws {
            if gtk_is_initialized() == 0 { gtk_init() }
            MainLoop.drain()
            folder = NSTemporaryDirectory() + "search-work-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/tags.json"
            try CollectionFile(path: path).replace(with: TagNames((0..<SearchWorkTests.count).map(SearchWorkTests.name)))
            document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
            editor = try EditorWindow(document: document, showsOptions: false)
            editor.saveInBackground()
            chips = try #require(editor.virtualChips)
            gtk_window_set_default_size(cgtk_window(editor.window), 600, 400)
            gtk_window_present(cgtk_window(editor.window))
            _ = MainLoop.run(until: { self.chips.realizedChips.count > 20 }, milliseconds: 10_000)
            MainLoop.run(milliseconds: 200)
        }

        func close() {
            gtk_window_destroy(cgtk_window(editor.window))
            MainLoop.drain()
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// Runs `step`, then the frames that show it, and counts their work.
        func counted(_ step: () throws -> Void) rethrows -> Work {
            let read = ReadCount.onThisThread, scanned = ScanCount.onThisThread
            let before = chips.list.statistics
            try step()
            _ = MainLoop.run(until: { !self.editor.isSaving }, milliseconds: 20_000)
            MainLoop.run(milliseconds: 100)
            let after = chips.list.statistics
            return Work(read: ReadCount.onThisThread - read, scanned: ScanCount.onThisThread - scanned,
                        measured: after.itemsMeasured - before.itemsMeasured, binds: after.binds - before.binds,
                        tableBuilds: after.tableBuilds - before.tableBuilds, examined: editor.search.examined,
                        found: chips.shownCount)
        }

        /// Types `text` at the end of the search entry's, one change of its text (as a key does:
        /// setting the whole text would empty the entry first).
        func type(_ text: String) -> Work {
            counted {
                var position: Int32 = -1
                gtk_editable_insert_text(cgtk_editable(editor.search.entry), text, -1, &position)
            }
        }
    }

    /// The list's work for a key is about the chips on screen (a few hundred binds and reads),
    /// whether it leaves out ten tags of 240,000 or 211,111 of them; the search's own comparisons
    /// are of the names found before (counted apart, as `examined`).
    @Test func aNarrowingKeyCostsWhatItChangesNotWhatItFinds() throws {
        let harness = try Harness()
        defer { harness.close() }
        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        let first = harness.type("ta")
        #expect(first.found == Self.count, "\(first)")
        let few = harness.type("g")
        #expect(few.found == Self.count - 10 && few.examined == Self.count, "\(few)")
        let many = harness.type("-1")
        let expected = (0..<Self.count).count { Self.name($0).hasPrefix("tag-1") }   // 111,107
        #expect(many.found == expected && many.examined == Self.count - 10, "\(many)")
        for (key, work) in [("tag", few), ("tag-1", many)] {
            print("\(key): \(work)")
            #expect(work.read < 2_000, "“\(key)”: \(work)")
            #expect(work.measured <= harness.chips.chipWidgetCount, "“\(key)”: \(work)")
            #expect(work.binds < 1_000, "“\(key)”: \(work)")
            #expect(work.tableBuilds == 0, "“\(key)”: \(work)")
        }
        // Every tag again: the sizes measured are kept, nothing is measured again but what a
        // key left unmeasured on screen, and no table is made whole.
        let closed = harness.counted { harness.editor.search.close() }
        print("Escape: \(closed)")
        #expect(harness.chips.shownCount == Self.count && harness.chips.list.itemCount == Self.count)
        #expect(closed.read < 2_000 && closed.tableBuilds == 0 && closed.measured <= harness.chips.chipWidgetCount,
                "Escape: \(closed)")
    }

    /// A tag found far down the list is removed and another renamed with their places among all
    /// the tags as hints: no scan reads the 23,000 names before them.
    @Test func removeAndRenameDuringASearchUseThePlaceFound() throws {
        let harness = try Harness()
        defer { harness.close() }
        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        let search = harness.type("tag-2345")
        #expect(search.found == 111, "\(search)")   // tag-2345, tag-2345x, tag-2345xx
        let removed = try #require(harness.chips.realizedChips.dropFirst(3).first?.chip.entry.name)
        let removal = harness.counted { harness.editor.remove(removed) }
        print("remove \(removed): \(removal)")
        #expect(!harness.document.names.contains(removed))
        #expect(removal.scanned < 100 && removal.read < 2_000, "remove: \(removal)")
        let renamed = try #require(harness.chips.realizedChips.dropFirst(5).first?.chip.entry.name)
        let rename = harness.counted { harness.editor.rename(renamed, to: "renamed-found") }
        print("rename \(renamed): \(rename)")
        #expect(harness.document.names.contains("renamed-found") && !harness.document.names.contains(renamed))
        #expect(rename.scanned < 100 && rename.read < 2_000, "rename: \(rename)")
        #expect(harness.chips.shownCount == 109, "the search follows: \(harness.chips.shownCount) found")
    }

    /// Ctrl+click on five chips, then Delete (item 4 of the search's follow-ups): the tags are
    /// removed at the places their chips have, checked, not found by a scan each; in the whole
    /// collection and among a search's tags alike. Undo puts them back where they were.
    @Test func deletingASelectionComparesAsManyNamesAsItHolds() throws {
        let harness = try Harness()
        defer { harness.close() }
        func deleteFive() throws -> (names: [String], work: Work) {
            let names = harness.chips.realizedChips.dropFirst(2).prefix(5).map(\.chip.entry.name)
            try #require(names.count == 5)
            for name in names { _ = harness.editor.selectChips(name, .toggle) }
            let work = harness.counted { #expect(harness.editor.removeSelection()) }
            return (names, work)
        }
        // Far down the list, where a scan for each would compare some 100,000 names.
        harness.chips.list.scroll(toItem: 150_000)
        _ = MainLoop.run(until: { (harness.chips.realizedChips.first?.index ?? 0) > 140_000 }, milliseconds: 10_000)
        let whole = try deleteFive()
        print("delete 5 of the collection: \(whole.work)")
        #expect(whole.names.allSatisfy { !harness.document.names.contains($0) })
        #expect(whole.work.scanned < 100, "\(whole.work)")
        let undone = harness.counted { harness.editor.undo() }
        print("undo: \(undone)")
        #expect(whole.names.allSatisfy { harness.document.names.contains($0) })
        #expect(harness.document.names.count == Self.count)

        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        _ = harness.type("tag-2345")
        let found = try deleteFive()
        print("delete 5 found: \(found.work)")
        #expect(found.names.allSatisfy { !harness.document.names.contains($0) })
        #expect(found.work.scanned < 100, "\(found.work)")
    }

    /// A chip dragged far down the collection, then Ctrl+Z and Ctrl+Shift+Z: the undo and the
    /// redo find the tag and the one it goes after where the window shows them, not by a scan.
    @Test func undoingADragComparesAFewNames() throws {
        let harness = try Harness()
        defer { harness.close() }
        harness.chips.list.scroll(toItem: 150_000)
        _ = MainLoop.run(until: { (harness.chips.realizedChips.first?.index ?? 0) > 140_000 }, milliseconds: 10_000)
        let shown = harness.chips.realizedChips.dropFirst(2).prefix(6).map(\.chip.entry.name)
        try #require(shown.count == 6)
        // What the list's drop calls: the chip already shown after the fifth (ChipArea's own move).
        harness.editor.moveChip(shown[0], after: shown[4])
        MainLoop.run(milliseconds: 100)
        let names = harness.document.names
        let moved = try #require(names.firstIndex(of: shown[0]))
        #expect(names[moved - 1] == shown[4])
        let undo = harness.counted { harness.editor.undo() }
        print("undo a drag: \(undo)")
        let back = try #require(harness.document.names.firstIndex(of: shown[0]))
        #expect(harness.document.names[back + 1] == shown[1])
        #expect(undo.scanned < 100 && undo.read < 2_000, "undo: \(undo)")
        let redo = harness.counted { harness.editor.redo() }
        print("redo a drag: \(redo)")
        #expect(harness.document.names[try #require(harness.document.names.firstIndex(of: shown[0])) - 1] == shown[4])
        #expect(redo.scanned < 100 && redo.read < 2_000, "redo: \(redo)")
    }

    /// A chip moved by the list's own move (what a drop or Ctrl+Shift and a key call) far down
    /// the collection, then among a search's chips (issue 39's follow-ups, items 1 and 3): the
    /// document moves it at the places the chip area saw it and its new neighbour, checked, a few
    /// names compared instead of a scan of 240,000; found chips move next to the chip found they
    /// were moved by, the tags hidden between them keeping their order; Ctrl+Z puts it back.
    @Test func aDragMoveComparesAFewNamesAndFollowsTheSearch() throws {
        let harness = try Harness()
        defer { harness.close() }
        harness.chips.list.scroll(toItem: 150_000)
        _ = MainLoop.run(until: { (harness.chips.realizedChips.first?.index ?? 0) > 140_000 }, milliseconds: 10_000)
        let realized = Array(harness.chips.realizedChips.dropFirst(2).prefix(6))
        try #require(realized.count == 6)
        let shown = realized.map(\.chip.entry.name)
        let move = harness.counted { #expect(harness.chips.list.moveItem(from: realized[0].index, to: realized[4].index)) }
        print("move a chip: \(move)")
        var names = Array(harness.document.names)
        let moved = try #require(names.firstIndex(of: shown[0]))
        #expect(names[moved - 1] == shown[4] && names[moved + 1] == shown[5])
        #expect(move.scanned < 100 && move.read < 2_000, "move: \(move)")
        _ = harness.counted { harness.editor.undo() }
        #expect(Array(harness.document.names) == (0..<Self.count).map(Self.name))

        // Among the chips found: "tag-2345" finds tag-2345, tag-23450…23459, tag-234500…; the one
        // shown sixth goes before the one shown second, and the hidden tags between keep theirs.
        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        _ = harness.type("tag-2345")
        let filter = try #require(harness.chips.list.filter)
        let before = Array(harness.document.names)
        let (dragged, target) = (before[filter[5]], before[filter[1]])
        let found = harness.counted {
            #expect(harness.chips.list.moveItem(from: 5, to: 1))
            // The editor moves it once the list is done (in idle time).
            _ = MainLoop.run(until: { harness.document.names[filter[1]] == dragged }, milliseconds: 10_000)
        }
        print("move a chip found: \(found)")
        names = Array(harness.document.names)
        var expected = before
        expected.remove(at: filter[5])
        expected.insert(dragged, at: filter[1])
        #expect(names == expected, "\(dragged) just before \(target)")
        #expect(found.scanned < 100 && found.read < 2_000, "move found: \(found)")
        // The chips show it where it was put, among the found.
        #expect(harness.chips.shownCount == filter.count)
        #expect(harness.chips.shownEntry(at: 1).name == dragged && harness.chips.shownEntry(at: 2).name == target)
        #expect(harness.chips.list.filter.map { $0.map { names[$0] } } == (0..<filter.count).map { harness.chips.shownEntry(at: $0).name })
        // And on: the one shown second goes after the one shown fourth.
        let (second, fourth) = (harness.chips.shownEntry(at: 1).name, harness.chips.shownEntry(at: 3).name)
        let on = harness.counted { #expect(harness.chips.list.moveItem(from: 1, to: 3)) }
        names = Array(harness.document.names)
        let place = try #require(names.firstIndex(of: second))
        #expect(names[place - 1] == fourth, "\(second) just after \(fourth)")
        #expect(on.scanned < 100, "move found on: \(on)")
        _ = harness.counted { harness.editor.undo() }
        _ = harness.counted { harness.editor.undo() }
        #expect(Array(harness.document.names) == before)
    }

    /// Three chips selected far down the collection, one of them moved by the list (a drag of the
    /// selection): the three go together after the drop place as one change, at the places
    /// their chips show (checked), a few names compared, not a scan each; then among a search's
    /// chips the same. Ctrl+Z puts each back.
    @Test func aDraggedSelectionComparesAFewNames() throws {
        let harness = try Harness()
        defer { harness.close() }
        let original = Array(harness.document.names)
        harness.chips.list.scroll(toItem: 150_000)
        _ = MainLoop.run(until: { (harness.chips.realizedChips.first?.index ?? 0) > 140_000 }, milliseconds: 10_000)
        let realized = Array(harness.chips.realizedChips.dropFirst(2).prefix(8))
        try #require(realized.count == 8)
        let names = realized.map(\.chip.entry.name)
        for k in [0, 2, 3] { _ = harness.editor.selectChips(names[k], .toggle) }
        let move = harness.counted { #expect(harness.chips.list.moveItem(from: realized[2].index, to: realized[6].index)) }
        print("move 3 selected: \(move)")
        var expected = original.filter { ![names[0], names[2], names[3]].contains($0) }
        expected.insert(contentsOf: [names[0], names[2], names[3]], at: try #require(expected.firstIndex(of: names[6])) + 1)
        let got = Array(harness.document.names)
        let first = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil && got.count == expected.count,
                "from \(first ?? 0): \(got[max(0, (first ?? 0) - 2)..<min(got.count, (first ?? 0) + 8)]) against \(expected[max(0, (first ?? 0) - 2)..<min(expected.count, (first ?? 0) + 8)])")
        #expect(move.scanned < 100 && move.read < 2_000, "move: \(move)")
        _ = harness.counted { harness.editor.undo() }
        #expect(Array(harness.document.names) == original)

        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        _ = harness.type("tag-2345")
        let found = (0..<harness.chips.shownCount).map { harness.chips.shownEntry(at: $0).name }
        let clear = harness.chips.realizedChips.first.map(\.chip.entry.name)
        if let clear { _ = harness.editor.selectChips(clear, .click) }
        for k in [2, 4] { _ = harness.editor.selectChips(found[k], .toggle) }
        if let clear { _ = harness.editor.selectChips(clear, .toggle) }
        // found[2] and found[4] selected; found[4] dropped before found[1] (tag-23450…53: the
        // search folds again the few names between, as for any edit there).
        let foundMove = harness.counted { #expect(harness.chips.list.moveItem(from: 4, to: 1)) }
        print("move 2 selected found: \(foundMove)")
        expected = original.filter { $0 != found[2] && $0 != found[4] }
        let before = try #require(expected.firstIndex(of: found[1]))
        expected.insert(contentsOf: [found[2], found[4]], at: before)
        #expect(Array(harness.document.names) == expected, "\(found[2]), \(found[4]) just before \(found[1])")
        #expect(foundMove.scanned < 100 && foundMove.read < 2_000, "move found: \(foundMove)")
        _ = harness.counted { harness.editor.undo() }
        #expect(Array(harness.document.names) == original)
    }

    /// While "tag-1" finds 111,107 tags spread over the collection, the first found moved after
    /// the last (Ctrl+Shift+End): the search follows the move without folding the names between
    /// its two places (none examined), nor does the move compare or read them.
    @Test func aFarMoveWhileSearchingFoldsNoName() throws {
        let harness = try Harness()
        defer { harness.close() }
        harness.editor.search.open()
        MainLoop.run(milliseconds: 50)
        _ = harness.type("tag-1")
        let count = harness.chips.shownCount
        let (first, last) = (harness.chips.shownEntry(at: 0).name, harness.chips.shownEntry(at: count - 1).name)
        let move = harness.counted { #expect(harness.chips.list.moveItem(from: 0, to: count - 1)) }
        print("move the first found after the last: \(move)")
        #expect(move.examined == 0 && move.scanned < 100 && move.read < 2_000, "\(move)")
        #expect(harness.chips.shownCount == count && harness.chips.shownEntry(at: count - 1).name == first)
        let names = harness.document.names
        let place = try #require(names.firstIndex(of: first))
        #expect(names[place - 1] == last)
        // The search still finds what it found, the moved tag at its new place.
        let filter = try #require(harness.chips.list.filter)
        #expect(filter.count == count && names[filter[count - 1]] == first && names[filter[0]] != first)
        // Ctrl+Z: the tag goes back after tag-0, which the search hides: found where the move
        // left it (the step's places), no scan, and the search folds no name again.
        let undo = harness.counted { harness.editor.undo() }
        print("undo it: \(undo)")
        #expect(Array(harness.document.names) == (0..<Self.count).map(Self.name))
        #expect(harness.chips.shownEntry(at: 0).name == first && harness.chips.shownCount == count)
        #expect(undo.examined == 0 && undo.scanned < 100 && undo.read < 2_000, "undo: \(undo)")
        let redo = harness.counted { harness.editor.redo() }
        print("redo it: \(redo)")
        #expect(harness.document.names[try #require(harness.document.names.firstIndex(of: first)) - 1] == last)
        #expect(redo.examined == 0 && redo.scanned < 100 && redo.read < 2_000, "redo: \(redo)")
    }
}

