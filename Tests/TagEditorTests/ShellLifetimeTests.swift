// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import Testing
import TagData
@testable import tag_editor

/// The shell's parts (header bar, actions, toast, history) are released with their window: no
/// closure box and no editor outlives it, also with a message's timer still pending.
@MainActor @Suite(.serialized)
struct ShellLifetimeTests {
    @Test func anEditorWindowAndEveryBoxGoWithItsWindow() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        // GTK lets go of the last closed window's actions (7 boxes) only when another such window
        // is shown: a first window first, so that the count compares like with like whichever
        // test ran before (FolderWindowLifetimeTests does the same).
        _ = try Self.showAndClose()
        let before = ClosureBoxes.liveCount
        let weakEditor = try Self.showAndClose()
        #expect(weakEditor == nil)
        #expect(ClosureBoxes.liveCount == before)
        // And again: nothing piles up window after window.
        _ = try Self.showAndClose()
        #expect(ClosureBoxes.liveCount == before)
    }

    /// An editor window shown, used (a refusal whose message has a timer, a remove, an undo) and
    /// closed; the editor, weakly.
    static func showAndClose() throws -> EditorWindow? {
        MainLoop.drain()
        let path = NSTemporaryDirectory() + "shell-\(UUID().uuidString).txt"
        try "one\ntwo".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        weak var weakEditor: EditorWindow?
        do {
            let editor = try EditorWindow(document: try ListFileDocument(path: path), showsOptions: false)
            weakEditor = editor
            gtk_window_present(cgtk_window(editor.window))
            MainLoop.run(milliseconds: 50)
            gtk_editable_set_text(cgtk_editable(editor.entry), "one")
            editor.addTypedTag()   // refused: a message with a timer
            #expect(editor.messageText != nil)
            editor.remove("two")
            editor.undo()
            #expect(editor.document.entries.map(\.name) == ["one", "two"])
            gtk_window_destroy(cgtk_window(editor.window))
        }
        MainLoop.drain()
        return weakEditor
    }
}
