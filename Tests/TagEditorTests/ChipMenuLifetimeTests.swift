// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import Foundation
import Testing
import TagData
@testable import tag_editor

/// The chip menu is one popover per window, reused: opened on a chip it points there and checks
/// the tag's colour; it goes with its window, and so does its colour action (no leak of either).
@MainActor @Suite(.serialized)
struct ChipMenuLifetimeTests {
    /// An editor of a collection with `tags`, "b" red.
    func shownEditor(_ tags: [String]) throws -> EditorWindow {
        if gtk_is_initialized() == 0 { gtk_init() }
        let path = NSTemporaryDirectory() + "chip-menu-\(UUID().uuidString).json"
        let quoted = tags.map { "\"\($0)\"" }.joined(separator: ",")
        try "{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\(quoted)], \"colors\": {\"b\": \"red\"}}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: TagNames([]))
        let editor = try EditorWindow(document: document, showsOptions: false)
        gtk_window_present(cgtk_window(editor.window))
        _ = MainLoop.run(until: { gtk_widget_get_mapped(editor.window) != 0 && editor.stack.lastLayout != nil })
        return editor
    }

    @Test func theMenuAndItsColourActionGoWithTheWindow() throws {
        let editor = try shownEditor(["a", "b"])
        defer {
            let path = (editor.document as? CollectionDocument)?.file.path ?? ""
            for file in [path, path + ".lock"] { try? FileManager.default.removeItem(atPath: file) }
        }
        let chip = try #require(editor.chip(for: "b"))
        editor.openChipMenu("b", at: chip.widget, point: nil)
        let popover = editor.chipMenu.popover
        _ = MainLoop.run(until: { gtk_widget_get_mapped(popover) != 0 })
        #expect(editor.chipMenu.isOpen && editor.chipMenu.tag == "b")
        let state = g_action_get_state(cgtk_action(UnsafeMutableRawPointer(editor.chipMenu.colorAction)))!
        #expect(String(cString: g_variant_get_string(state, nil)) == "red")
        #expect(chip.color == .red)
        g_variant_unref(state)
        let menuWatch = FinalizationWatch(popover)
        let actionWatch = FinalizationWatch(object: UnsafeMutableRawPointer(editor.chipMenu.colorAction))
        gtk_window_destroy(cgtk_window(editor.window))
        _ = MainLoop.run(until: { menuWatch.isFinalized && actionWatch.isFinalized })
        #expect(menuWatch.isFinalized)
        #expect(actionWatch.isFinalized)
    }

    /// The folder view's chip menu is the same menu: opened on a chip it checks the tag's colour
    /// (Finder's, here), and goes with its window, its colour action too.
    @Test func theFolderViewsMenuGoesWithItsWindow() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        let root = NSTemporaryDirectory() + "folder-menu-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        FileManager.default.createFile(atPath: root + "/a", contents: Data())
        try SystemExtendedAttributes().setValue(Array("travel".utf8), of: FileTags.attribute, at: root + "/a")
        // Finder's list as plistlib wrote it (the filetags tests' fixture): "travel\n6", red first.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FiletagsTests/Fixtures/finder-tags.rsync.bplist")
        let plist = Array(try Data(contentsOf: fixture))
        try SystemExtendedAttributes().setValue(plist, of: FinderAttribute.rsync.rawValue, at: root + "/a")
        let view = try FolderWindow(folder: root, application: nil)
        gtk_window_present(cgtk_window(view.window))
        #expect(MainLoop.run(until: { view.job == nil && !view.tags.isEmpty && view.chipArea.chip(named: "travel") != nil },
                             milliseconds: 10_000))
        let chip = try #require(view.chipArea.chip(named: "travel"))
        view.openChipMenu("travel", at: chip.widget, point: nil)
        let popover = view.chipMenu.popover
        _ = MainLoop.run(until: { gtk_widget_get_mapped(popover) != 0 })
        #expect(view.chipMenu.isOpen && view.chipMenu.tag == "travel")
        let state = g_action_get_state(cgtk_action(UnsafeMutableRawPointer(view.chipMenu.colorAction)))!
        #expect(String(cString: g_variant_get_string(state, nil)) == "red")
        g_variant_unref(state)
        let menuWatch = FinalizationWatch(popover)
        let actionWatch = FinalizationWatch(object: UnsafeMutableRawPointer(view.chipMenu.colorAction))
        gtk_window_destroy(cgtk_window(view.window))
        _ = MainLoop.run(until: { menuWatch.isFinalized && actionWatch.isFinalized })
        #expect(menuWatch.isFinalized)
        #expect(actionWatch.isFinalized)
    }
}
