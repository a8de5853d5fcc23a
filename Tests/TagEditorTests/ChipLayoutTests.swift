// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport
import Foundation
import Testing
import TagData
@testable import tag_editor

/// The chips' own layout and lifetime, in process: centred content when a layout widens a chip,
/// the full name of a shortened one, and every widget of the chips and the entry freed with the
/// window.
@MainActor @Suite(.serialized)
struct ChipLayoutTests {
    func makeEditor(_ tags: [String]) throws -> EditorWindow {
        if gtk_is_initialized() == 0 { gtk_init() }
        let path = NSTemporaryDirectory() + "chips-\(UUID().uuidString).txt"
        try tags.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        return try EditorWindow(document: try ListFileDocument(path: path), showsOptions: false)
    }

    /// Where the label draws its text: the free space on its left and on its right.
    func textMargins(of label: Widget) -> (left: Int32, right: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        gtk_label_get_layout_offsets(OpaquePointer(label), &x, &y)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(gtk_label_get_layout(OpaquePointer(label)), nil, &logical)
        return (x, gtk_widget_get_width(label) - x - logical.width)
    }

    @Test(arguments: [Justification.fill, .start])
    func aWidenedChipKeepsItsNameCentred(justification: Justification) throws {
        let editor = try makeEditor(["a", "photography", "b"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        editor.options.layout.justification = justification
        gtk_window_set_default_size(cgtk_window(editor.window), 700, 300)
        gtk_window_present(cgtk_window(editor.window))
        MainLoop.run(until: { editor.stack.lastLayout != nil && !editor.stack.isAnimating })
        MainLoop.drain()
        for name in ["a", "photography"] {
            let chip = try #require(editor.chip(for: name))
            let label = try #require(gtk_widget_get_first_child(chip.widget))
            let margins = textMargins(of: label)
            #expect(abs(margins.left - margins.right) <= 1, "\(name): \(margins)")
            if justification == .fill { #expect(margins.left > 20, "\(name) was not widened: \(margins)") }
        }
    }

    /// A name of more than ten characters that are narrow ("right-to-left") is narrower than the
    /// ten characters' width a chip may be shortened to: its chip is as wide as its text, with no
    /// room on either side, as a chip of a shorter name.
    @Test func aNarrowNameOfMoreThanTenCharactersIsNotWidened() throws {
        let editor = try makeEditor(["right-to-left", "documentation", "a"])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        gtk_window_set_default_size(cgtk_window(editor.window), 700, 300)
        gtk_window_present(cgtk_window(editor.window))
        MainLoop.run(until: { editor.stack.lastLayout != nil && !editor.stack.isAnimating })
        MainLoop.drain()
        for name in ["right-to-left", "documentation", "a"] {
            let chip = try #require(editor.chip(for: name))
            let label = try #require(gtk_widget_get_first_child(chip.widget))
            let margins = textMargins(of: label)
            #expect(margins.left <= 1 && margins.right <= 1, "\(name): \(margins)")
        }
        // A name wider than ten characters is still shortened in the middle when the window is
        // too narrow for it; the narrow one never needs to be.
        func ellipsizes(_ name: String) throws -> Bool {
            let chip = try #require(editor.chip(for: name))
            let label = try #require(gtk_widget_get_first_child(chip.widget))
            return gtk_label_get_ellipsize(cgtk_label(label)) == PANGO_ELLIPSIZE_MIDDLE
        }
        #expect(try ellipsizes("documentation"))
        #expect(try !ellipsizes("right-to-left"))
    }

    @Test func aLongNameIsShortenedWithTheWholeNameInItsTooltipAndAccessibleName() throws {
        let long = String(repeating: "long-", count: 14) + "end"
        let editor = try makeEditor(["short", long])
        defer { gtk_window_destroy(cgtk_window(editor.window)) }
        let chip = try #require(editor.chip(for: long))
        #expect(chip.isShortened && chip.tooltip == long)
        #expect(editor.chip(for: "short")?.isShortened == false && editor.chip(for: "short")?.tooltip == nil)
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(chip.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        #expect(minimum < 200 && natural < 400, "minimum \(minimum), natural \(natural)")
    }

    @Test func theChipsTheEntryAndItsListAreFreedWithTheWindow() throws {
        var watches: [FinalizationWatch] = []
        do {
            let editor = try makeEditor((0..<30).map { "tag-\($0)" })
            editor.options.layout.maxLines = 1
            gtk_window_present(cgtk_window(editor.window))
            MainLoop.run(until: { editor.stack.lastLayout?.result.hiddenCount ?? 0 > 0 })
            editor.overflow.expand()
            gtk_editable_set_text(cgtk_editable(editor.entry), "tag")
            editor.known.used(["tag-recent"], by: "add")
            gtk_editable_set_text(cgtk_editable(editor.entry), "tag-rec")
            #expect(editor.entryField.suggestions.tags == ["tag-recent"])
            watches = [FinalizationWatch(editor.window), FinalizationWatch(editor.entryField.suggestions.popover),
                       FinalizationWatch(editor.overflow.showLessButton), FinalizationWatch(editor.overflow.moreButton),
                       FinalizationWatch(editor.chip(for: "tag-3")!.widget)]
            gtk_window_destroy(cgtk_window(editor.window))
        }
        MainLoop.run(until: { watches.allSatisfy(\.isFinalized) }, milliseconds: 2000)
        #expect(watches.map(\.isFinalized) == [true, true, true, true, true])
    }
}
