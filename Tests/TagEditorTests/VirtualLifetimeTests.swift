// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import Testing
import TagData
@testable import tag_editor

/// In virtual mode the list, its factory's chips and every closure box go with the window, after
/// edits that recycled chips and a scroll that bound others.
@MainActor @Suite(.serialized)
struct VirtualLifetimeTests {
    @Test func theVirtualListItsChipsAndEveryBoxGoWithTheWindow() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        MainLoop.drain()
        let path = NSTemporaryDirectory() + "virtual-\(UUID().uuidString).txt"
        try (0..<3_000).map { "tag-\($0)" }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let before = ClosureBoxes.liveCount
        weak var weakEditor: EditorWindow?
        weak var weakChips: VirtualChips<Chip>?
        weak var weakChip: Chip?
        do {
            let editor = try EditorWindow(document: try ListFileDocument(path: path), showsOptions: false)
            weakEditor = editor
            let chips = try #require(editor.virtualChips)
            weakChips = chips
            gtk_window_set_default_size(cgtk_window(editor.window), 600, 400)
            gtk_window_present(cgtk_window(editor.window))
            MainLoop.run(until: { !chips.realizedChips.isEmpty }, milliseconds: 3000)
            weakChip = chips.realizedChips.first?.chip
            #expect(weakChip != nil)
            #expect(chips.list.itemCount == 3_000)
            #expect(chips.realizedChips.count < 3_000)
            gtk_editable_set_text(cgtk_editable(editor.entry), "added")
            editor.addTypedTag()
            editor.remove("tag-1")
            #expect(chips.list.itemCount == 3_000)
            #expect(chips.shown.last?.name == "added" && chips.shown[1].name == "tag-2")
            editor.undo()
            #expect(chips.shown[1].name == "tag-1")
            chips.list.scroll(toItem: 2_500)
            MainLoop.run(until: { chips.realizedChips.contains { $0.index == 2_500 } }, milliseconds: 3000)
            #expect(chips.realizedChips.first { $0.index == 2_500 }?.chip.entry.name == "tag-2500")
            gtk_window_destroy(cgtk_window(editor.window))
        }
        MainLoop.drain()
        #expect(weakEditor == nil)
        #expect(weakChips == nil)
        #expect(weakChip == nil)
        #expect(ClosureBoxes.liveCount == before)
    }
}
