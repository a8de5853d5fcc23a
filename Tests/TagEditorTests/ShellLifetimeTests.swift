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
        // A first window makes what a process makes once (run alone, this test found 7 boxes
        // more after the window than before it, all of them the first window's to make).
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
