// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import Foundation
import GObjectSupport
import Testing
import TagData
@testable import tag_editor

/// Every way a user edits the collection (issue 39, item 14) does as much work at 240,000 tags
/// as at 60,000: the names and entries read one by one on the main thread (``ReadCount``: any
/// pass over the list, wherever in the editor), the names compared in scans (``ScanCount``), and
/// no line table made whole again (the list's `tableBuilds`). Counted, not timed. Each path is
/// driven through what its key or click calls: typing and Enter in the entry, Backspace twice in
/// the empty entry, Ctrl+Z, Tab to the first chip and Delete, Delete on the chip that took the
/// focus, a click (which selects) and Delete, the ×, F2 and Enter in the rename field. The keys
/// themselves go to the real binary in `MillionTagCollectionTests`. Both sizes are past the
/// list's idle measuring (50,000 items), whose reads of the entries would come and go with time.
@MainActor @Suite(.serialized)
struct EditPathWorkTests {
    struct Work: Equatable, CustomStringConvertible {
        var read = 0, scanned = 0, tableBuilds = 0
        var description: String { "\(read) read, \(scanned) compared in scans, \(tableBuilds) tables made" }
    }

    /// The work of each path at `count` tags, in one window over a collection saved in the
    /// background, as the interactive editor saves it.
    static func work(count: Int) throws -> [String: Work] {
        if gtk_is_initialized() == 0 { gtk_init() }
        MainLoop.drain()
        let folder = NSTemporaryDirectory() + "edit-paths-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tags.json"
        try CollectionFile(path: path).replace(with: TagNames((0..<count).map { "tag-\($0)" }))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        let editor = try EditorWindow(document: document, showsOptions: false)
        defer {
            gtk_window_destroy(cgtk_window(editor.window))
            MainLoop.drain()
        }
        editor.saveInBackground()
        let chips = try #require(editor.virtualChips)
        gtk_window_set_default_size(cgtk_window(editor.window), 600, 400)
        gtk_window_present(cgtk_window(editor.window))
        _ = MainLoop.run(until: { chips.realizedChips.count > 20 }, milliseconds: 10_000)
        // The first frames (the first key typed is counted: it made a million keys once).
        MainLoop.run(milliseconds: 200)

        var work: [String: Work] = [:]
        func counted(_ name: String, _ path: () throws -> Void) rethrows {
            let read = ReadCount.onThisThread, scanned = ScanCount.onThisThread
            let builds = chips.list.statistics.tableBuilds
            try path()
            // The frame that shows it (the list's layout, binds) and the save taken back.
            _ = MainLoop.run(until: { !editor.isSaving }, milliseconds: 20_000)
            MainLoop.run(milliseconds: 50)
            #expect(!editor.isSaving, "\(name): still saving")
            work[name] = Work(read: ReadCount.onThisThread - read, scanned: ScanCount.onThisThread - scanned,
                              tableBuilds: chips.list.statistics.tableBuilds - builds)
        }
        func chipOnScreen() throws -> String {
            try #require(chips.realizedChips.dropFirst(3).first?.chip.entry.name)
        }

        try counted("Enter after typing") {
            // Typed a key at a time, as the entry's suggestions see it.
            for prefix in ["n", "ne", "new", "new-", "new-t", "new-ta", "new-tag"] {
                gtk_editable_set_text(cgtk_editable(editor.entry), prefix)
            }
            editor.addTypedTag()
        }
        #expect(document.names.last == "new-tag" && editor.entryText.isEmpty)
        try counted("Backspace, Backspace") {
            // What the entry's two Backspaces call (NewTagEntry: lastTag, select, then remove).
            let last = try #require(editor.shownEntries.last?.name)
            editor.showSelected(last, true)
            #expect(editor.removeSelected(last))
        }
        #expect(document.names.count == count && document.names.last == "tag-\(count - 1)")
        counted("Ctrl+Z") { editor.undo() }
        #expect(document.names.last == "new-tag")
        try counted("Tab, Delete") {
            #expect(chips.focusChip(at: 0))
            let focused = try #require(chips.focusedChip)
            editor.removeChip(focused.name, by: .delete)
        }
        #expect(document.names.first == "tag-1")
        try counted("Delete on a focused chip") {
            let focused = try #require(chips.focusedChip)
            editor.removeChip(focused.name, by: .delete)
        }
        #expect(document.names.first == "tag-2")
        var clicked = ""
        try counted("click, Delete") {
            clicked = try chipOnScreen()
            // What a press calls (Chip.connect): the selection, and what a drag would carry.
            _ = editor.selectChips(clicked, .click)
            _ = editor.dragText(for: clicked)
            editor.removeChip(clicked, by: .delete)
        }
        #expect(!document.names.contains(clicked))
        try counted("the ×") {
            clicked = try chipOnScreen()
            // The press reaches the chip's own click too (it selects), then the button's release.
            _ = editor.selectChips(clicked, .click)
            _ = editor.dragText(for: clicked)
            editor.removeChip(clicked, by: nil)
        }
        #expect(!document.names.contains(clicked))
        try counted("F2, Enter") {
            clicked = try chipOnScreen()
            let chip = try #require(editor.chip(for: clicked))
            // The click that focused the chip selected it; F2 then opens the rename field.
            _ = editor.selectChips(clicked, .click)
            _ = editor.dragText(for: clicked)
            editor.beginRename(clicked, on: chip.widget)
            editor.submitRename(clicked, to: "renamed")
        }
        #expect(document.names.contains("renamed") && !document.names.contains(clicked))
        counted("Ctrl+Z after F2") { editor.undo() }
        #expect(document.names.contains(clicked) && !document.names.contains("renamed"))
        #expect(try CollectionFile(path: path).load(sample: [], mayWrite: false).tags == document.names)
        return work
    }

    /// A pass over the list would add 180,000 to a count at four times the tags; what an edit
    /// reads besides its own tag (the chips bound again, the ends compared) is a few hundred.
    @Test func everyEditPathDoesAsMuchWorkAt240000TagsAsAt60000() throws {
        let small = try Self.work(count: 60_000), large = try Self.work(count: 240_000)
        #expect(small.count == 9 && large.count == 9)
        for (path, work) in small.sorted(by: { $0.key < $1.key }) {
            let more = try #require(large[path])
            print("\(path): \(work) at 60,000 tags; \(more) at 240,000")
            #expect(more.read <= work.read + 1_000, "\(path): \(work) at 60,000 tags, \(more) at 240,000")
            #expect(more.scanned <= work.scanned + 1_000, "\(path): \(work) at 60,000 tags, \(more) at 240,000")
            #expect(work.tableBuilds == 0 && more.tableBuilds == 0, "\(path): the line table made again")
            #expect(more.read < 10_000, "\(path): \(more.read) names read")
        }
    }
}
