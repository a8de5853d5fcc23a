// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import Foundation
import Testing
import TagData
@testable import tag_editor

/// The rename popover is never alive without its surface once it has been shown. GTK 4.8's
/// tooltips keep the popover the pointer was last over (weakly) and, when their timer fires, read
/// the pointer on its surface without checking for one: a popover unparented (so unrealized) but
/// still referenced made that `gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE
/// (surface)' failed` (the monkey run's crash under a drop while renaming). Before the fix every
/// close unparented it while references remained (the editor's own until an idle callback, and
/// GTK's deferred focus move when the focus was inside).
@MainActor @Suite(.serialized)
struct RenamePopoverLifetimeTests {
    func shownEditor(_ tags: [String]) throws -> EditorWindow {
        if gtk_is_initialized() == 0 { gtk_init() }
        let path = NSTemporaryDirectory() + "rename-\(UUID().uuidString).txt"
        try tags.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let editor = try EditorWindow(document: try ListFileDocument(path: path), showsOptions: false)
        gtk_window_present(cgtk_window(editor.window))
        _ = MainLoop.run(until: { gtk_widget_get_mapped(editor.window) != 0 && editor.stack.lastLayout != nil })
        return editor
    }

    /// Opens a rename of `tag` and waits until its popover is on screen; returns the popover.
    func openRename(_ editor: EditorWindow, _ tag: String) throws -> Widget {
        let chip = try #require(editor.chip(for: tag))
        editor.beginRename(tag, on: chip.widget)
        let popover = try #require(editor.renamePopover?.popover)
        _ = MainLoop.run(until: { gtk_widget_get_mapped(popover) != 0 })
        #expect(gtk_widget_get_mapped(popover) != 0)
        return popover
    }

    func hasSurface(_ popover: Widget) -> Bool {
        gtk_widget_get_native(popover).flatMap { gtk_native_get_surface($0) } != nil
    }

    /// Checks, now and at every main-loop iteration for a while, that the popover is either gone
    /// or still has its surface.
    func expectNeverAliveWithoutSurface(_ popover: Widget, _ watch: FinalizationWatch, _ what: String) {
        var violations = watch.isFinalized || hasSurface(popover) ? 0 : 1
        for _ in 0..<40 {
            while g_main_context_iteration(nil, 0) != 0 {}
            if !watch.isFinalized && !hasSurface(popover) { violations += 1 }
            usleep(5_000)
        }
        #expect(violations == 0, "\(what): alive without a surface at \(violations) of 41 checks")
    }

    @Test func aRenameLeavesNoPopoverWithoutASurface() throws {
        let editor = try shownEditor(["keep", "old", "gone"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        var popover = try openRename(editor, "old")
        var watch = FinalizationWatch(popover)
        editor.submitRename("old", to: "new")
        #expect(editor.document.entries.map(\.name) == ["keep", "new", "gone"])
        #expect(editor.renamePopover?.isOpen != true)
        expectNeverAliveWithoutSurface(popover, watch, "after a rename")

        // Its tag removed while it is open (as by another program: the tags change, then refresh).
        popover = try openRename(editor, "gone")
        watch = FinalizationWatch(popover)
        editor.remove("gone")
        #expect(editor.renamePopover?.isOpen != true)
        expectNeverAliveWithoutSurface(popover, watch, "after its tag went")

        // A rename of another tag while one is open.
        popover = try openRename(editor, "keep")
        watch = FinalizationWatch(popover)
        let next = try openRename(editor, "new")
        #expect(editor.renamePopover?.tag == "new")
        expectNeverAliveWithoutSurface(popover, watch, "after another rename began")
        expectNeverAliveWithoutSurface(next, FinalizationWatch(next), "the new one")
        #expect(editor.document.entries.map(\.name) == ["keep", "new"])
    }

    /// Closing the window lets the popover go with it (no leak of the reused popover).
    @Test func thePopoverGoesWithItsWindow() throws {
        let editor = try shownEditor(["a"])
        let popover = try openRename(editor, "a")
        let watch = FinalizationWatch(popover)
        gtk_window_destroy(cgtk_window(editor.window))
        _ = MainLoop.run(until: { watch.isFinalized })
        #expect(watch.isFinalized)
    }
}
