import CGtk
import FlowBridge
import GObjectSupport
import Foundation
import Testing
import TagData
@testable import tag_editor

/// The editor's behaviour, in process: adding, refusing, removing, renaming.
@MainActor @Suite(.serialized)
struct EditorWindowTests {
    func makeEditor(_ tags: [String]) throws -> (EditorWindow, String) {
        if gtk_is_initialized() == 0 { gtk_init() }
        let path = NSTemporaryDirectory() + "editor-\(UUID().uuidString).txt"
        try tags.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (try EditorWindow(document: try ListFileDocument(path: path), showsOptions: false), path)
    }

    func type(_ editor: EditorWindow, _ text: String) {
        gtk_editable_set_text(cgtk_editable(editor.entry), text)
        editor.addTypedTag()
    }

    @Test func enterAddsATagAsAChip() throws {
        let (editor, _) = try makeEditor(["one", "two"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        type(editor, "  three ")
        #expect(editor.document.entries.map(\.name) == ["one", "two", "three"])
        #expect(editor.stack.children.count == 3)
        #expect(editor.chip(for: "three") != nil)
        #expect(editor.entryText.isEmpty)
        #expect(editor.messageText == nil)
    }

    @Test func duplicatesAndEmptyTagsAreRefusedVisibly() throws {
        let (editor, _) = try makeEditor(["Photo"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        type(editor, "photo")
        #expect(editor.document.entries.count == 1)
        #expect(editor.messageText?.contains("already there") == true)
        #expect(editor.entryText == "photo")   // kept, to fix it
        type(editor, "   ")
        #expect(editor.messageText?.contains("empty") == true)
        #expect(editor.document.entries.count == 1)
    }

    @Test func backspaceInAnEmptyEntryRemovesTheLastTag() throws {
        let (editor, _) = try makeEditor(["a", "b", "c"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        #expect(editor.handleKey(UInt32(GDK_KEY_BackSpace)))
        #expect(editor.document.entries.map(\.name) == ["a", "b"])
        gtk_editable_set_text(cgtk_editable(editor.entry), "x")
        #expect(!editor.handleKey(UInt32(GDK_KEY_BackSpace)))   // not empty: a normal backspace
        #expect(editor.document.entries.count == 2)
        #expect(!editor.handleKey(UInt32(GDK_KEY_Return)))
    }

    @Test func removeButtonAndRename() throws {
        let (editor, _) = try makeEditor(["keep", "drop", "old"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        let keepWidget = editor.stack.widget(for: "keep")
        // Click the chip's remove button.
        let dropChip = try #require(editor.stack.widget(for: "drop"))
        cgtk_button_emit_clicked(try #require(gtk_widget_get_last_child(dropChip)))
        #expect(editor.document.entries.map(\.name) == ["keep", "old"])
        #expect(editor.rename("old", to: "new"))
        #expect(editor.document.entries.map(\.name) == ["keep", "new"])
        #expect(editor.stack.widget(for: "keep") == keepWidget)     // untouched chips keep their widget
        #expect(!editor.rename("new", to: "KEEP"))
        #expect(editor.messageText?.contains("already there") == true)
    }

    @Test func chipsHaveAccessibleRemoveButtons() throws {
        let (editor, _) = try makeEditor(["sun"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        let chip = try #require(editor.stack.widget(for: "sun"))
        let button = try #require(gtk_widget_get_last_child(chip))
        let tooltip = try #require(gtk_widget_get_tooltip_text(button))
        #expect(String(cString: tooltip) == "Remove tag “sun”")
    }

    @Test func fileModeShowsPartialTags() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        let dir = NSTemporaryDirectory() + "editor-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = dir + "/a", b = dir + "/b"
        FileManager.default.createFile(atPath: a, contents: Data())
        FileManager.default.createFile(atPath: b, contents: Data())
        try SystemExtendedAttributes().setValue(Array("shared,only-a".utf8), of: FileTags.attribute, at: a)
        try SystemExtendedAttributes().setValue(Array("shared".utf8), of: FileTags.attribute, at: b)
        let editor = try EditorWindow(document: FileTagsDocument(paths: [a, b]), showsOptions: false)
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        let partial = try #require(editor.stack.widget(for: "only-a"))
        let shared = try #require(editor.stack.widget(for: "shared"))
        #expect(gtk_widget_has_css_class(partial, "partial") != 0)
        #expect(gtk_widget_has_css_class(shared, "partial") == 0)
        type(editor, "new")
        let value = try SystemExtendedAttributes().value(of: FileTags.attribute, at: b)
        #expect(value.map { String(decoding: $0, as: UTF8.self) } == "shared,new")
        type(editor, "a,b")
        #expect(editor.messageText?.contains("comma") == true)
    }
}
