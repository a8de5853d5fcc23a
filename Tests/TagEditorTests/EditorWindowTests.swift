// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
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

    /// What Backspace in the empty entry does, first and second press (the keys themselves are
    /// pressed in the end-to-end tests): the last chip is shown selected, then its tag goes.
    @Test func theChipBackspaceSelectsIsShownSelectedThenRemoved() throws {
        let (editor, _) = try makeEditor(["a", "b", "c"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        editor.showSelected("c", true)
        #expect(editor.chip(for: "c")?.isSelected == true)
        #expect(gtk_widget_get_state_flags(try #require(editor.chip(for: "c")?.widget)).rawValue
                & GTK_STATE_FLAG_SELECTED.rawValue != 0)
        #expect(editor.document.entries.count == 3)
        editor.removeSelected("c")
        #expect(editor.document.entries.map(\.name) == ["a", "b"])
        editor.removeSelected("gone")   // a tag another program removed meanwhile: nothing happens
        #expect(editor.document.entries.map(\.name) == ["a", "b"])
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
        #expect(tooltip(of: button) == "Remove tag “sun”")
    }

    /// The chips' tooltips are given when GTK asks (`query-tooltip`), not set with
    /// gtk_widget_set_tooltip_text, which asks the X server where the pointer is for every chip
    /// made: GTK's own tooltip property stays empty, a query over the × or a long name gives one,
    /// a query over a short name none, and the text is the accessible description, as GTK's is (a
    /// chip's own is the reorderable box's, which says how to move it).
    @Test func chipTooltipsAreGivenWhenGTKAsks() throws {
        let long = "a-tag-name-long-enough-to-be-shown-in-its-tooltip"
        let (editor, _) = try makeEditor(["sun", long])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        let sun = try #require(editor.chip(for: "sun")), longChip = try #require(editor.chip(for: long))
        for widget in [sun.widget, sun.removeButton, longChip.widget, longChip.removeButton] {
            #expect(gtk_widget_get_tooltip_text(widget) == nil)
        }
        #expect(sun.removeTooltip == "Remove tag “sun”" && sun.tooltip == nil && longChip.tooltip == long)
        #expect(gtk_widget_get_has_tooltip(sun.removeButton) != 0 && gtk_widget_get_has_tooltip(sun.widget) == 0)
        #expect(cgtk_widget_emit_query_tooltip(sun.removeButton, 4, 4) != 0)
        #expect(cgtk_widget_emit_query_tooltip(longChip.widget, 4, 4) != 0)
        #expect(cgtk_widget_emit_query_tooltip(sun.widget, 4, 4) == 0)
        #expect(cgtk_test_accessible_description_is(sun.removeButton, "Remove tag “sun”") != 0)
        // Taken away: no tooltip, and the description GTK would reset is reset.
        setTooltip(sun.removeButton, nil)
        #expect(gtk_widget_get_has_tooltip(sun.removeButton) == 0 && tooltip(of: sun.removeButton) == nil)
        #expect(cgtk_widget_emit_query_tooltip(sun.removeButton, 4, 4) == 0)
    }

    /// The widgets of a type under `root`, in tree order.
    func descendants(of root: Widget, named type: String) -> [Widget] {
        var found: [Widget] = []
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if typeName(of: current) == type { found.append(current) }
            found += descendants(of: current, named: type)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The options panel's first choice is the placement: choosing it (the combo row's `selected`,
    /// which a click in its list sets) moves the chips, and the status line says which is in use.
    @Test func thePlacementChoiceIsAppliedLive() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        let path = NSTemporaryDirectory() + "editor-\(UUID().uuidString).txt"
        try ["one", "two", "three"].joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let editor = try EditorWindow(document: try ListFileDocument(path: path), showsOptions: true)
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        // Chosen before the window is shown (as `--placement direct` does): the panel shows it.
        editor.options.placement = .direct
        gtk_window_present(cgtk_window(editor.window))
        MainLoop.run(until: { editor.stack.lastLayout != nil })
        let choice = try #require(descendants(of: editor.window, named: "AdwComboRow").first)
        #expect(adw_combo_row_get_selected(cadw_combo_row(choice)) == 1)
        #expect(editor.stack.placement == .direct)
        adw_combo_row_set_selected(cadw_combo_row(choice), 0)
        #expect(editor.stack.placement == .fixed)
        #expect(editor.statusText.contains("GtkFixed"))
        let chips = editor.stack.children
        adw_combo_row_set_selected(cadw_combo_row(choice), 1)
        #expect(editor.stack.placement == .direct)
        #expect(editor.stack.fixed == nil)
        #expect(chips.allSatisfy { gtk_widget_get_parent($0) == editor.stack.widget })
        MainLoop.run(until: { editor.statusText.contains("direct placement") })
        #expect(editor.statusText.contains("direct placement"))
        adw_combo_row_set_selected(cadw_combo_row(choice), 0)
        #expect(editor.stack.placement == .fixed)
        #expect(editor.stack.children == chips)
        #expect(chips.allSatisfy { gtk_widget_get_parent($0) == editor.stack.fixed })
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
        // A comma separates file tags, typed as pasted: two tags, no refusal.
        type(editor, "a,b")
        #expect(editor.document.names == ["shared", "only-a", "new", "a", "b"])
        #expect(editor.entryText.isEmpty)
    }
}
