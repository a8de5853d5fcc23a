// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

/// Every keyboard shortcut of the tag editor, in one table: the application's accelerators are
/// set from it (``Shortcuts/accelerators``), and the GtkShortcutsWindow (Ctrl+?) lists all of it,
/// including the keys the entry and the chips handle themselves.
enum Shortcuts {
    struct Shortcut {
        /// GTK accelerators, space-separated ("<Control>z", "BackSpace").
        var keys: String
        var title: String
        /// The action the application binds the keys to, or `nil` when a widget handles them.
        var action: String?
    }

    struct Group {
        var title: String
        var shortcuts: [Shortcut]
    }

    static let groups: [Group] = [
        Group(title: tr("Files and windows"), shortcuts: [
            Shortcut(keys: "<Control>o", title: tr("Open files"), action: "win.open"),
            Shortcut(keys: "F9", title: tr("Show or hide the layout options"), action: "win.show-options"),
            Shortcut(keys: "F10", title: tr("Open the menu")),
            Shortcut(keys: "<Control>question", title: tr("Keyboard shortcuts"), action: "win.show-shortcuts"),
            Shortcut(keys: "<Control>w", title: tr("Close the window"), action: "win.close"),
            Shortcut(keys: "<Control>q", title: tr("Quit"), action: "app.quit"),
        ]),
        Group(title: tr("Changes"), shortcuts: [
            Shortcut(keys: "<Control>z", title: tr("Undo the last change (on disk too)"), action: "win.undo"),
            Shortcut(keys: "<Control><Shift>z <Control>y", title: tr("Redo"), action: "win.redo"),
        ]),
        Group(title: tr("The entry"), shortcuts: [
            Shortcut(keys: "Return", title: tr("Add the typed tag (commas and line breaks separate tags)")),
            Shortcut(keys: "comma", title: tr("Make a chip of what was typed before it")),
            Shortcut(keys: "BackSpace", title: tr("In the empty entry: select the last tag; again: remove it")),
            Shortcut(keys: "<Control>v", title: tr("Paste a list of tags (comma or newline separated)")),
            Shortcut(keys: "<Control>c", title: tr("In the empty entry: copy all tags")),
            Shortcut(keys: "Up Down", title: tr("Move through the suggestions")),
            Shortcut(keys: "Tab", title: tr("Accept the suggestion")),
            Shortcut(keys: "Escape", title: tr("Close the suggestions")),
        ]),
        Group(title: tr("Search"), shortcuts: [
            Shortcut(keys: "<Control>f", title: tr("Search the tags (typing on a tag searches too)"), action: "win.find"),
            Shortcut(keys: "Return", title: tr("Go to the first tag found")),
            Shortcut(keys: "Escape", title: tr("Close the search: every tag again, the focus back where it was")),
        ]),
        Group(title: tr("A focused tag"), shortcuts: [
            Shortcut(keys: "Tab Left Right", title: tr("Go to the next or previous tag")),
            Shortcut(keys: "Delete BackSpace", title: tr("Remove it (the focus moves to its neighbour)")),
            Shortcut(keys: "plus", title: tr("Add a partial tag to every file")),
            Shortcut(keys: "Menu <Shift>F10", title: tr("Open the tag’s menu: its colour, which files have a partial tag")),
            Shortcut(keys: "<Control>a", title: tr("Select every tag (Delete then removes them, one undo step)")),
            Shortcut(keys: "F2", title: tr("Rename it")),
            Shortcut(keys: "Escape", title: tr("Cancel the rename")),
            Shortcut(keys: "<Control>c", title: tr("Copy it")),
            Shortcut(keys: "<Control><Shift>Left <Control><Shift>Right",
                     title: tr("Move it one place (a collection's order; dragging it does the same)")),
            Shortcut(keys: "<Control><Shift>Up <Control><Shift>Down", title: tr("Move it to the line above or below")),
            Shortcut(keys: "<Control><Shift>Home <Control><Shift>End", title: tr("Move it first or last")),
        ]),
    ]

    /// The application-wide accelerators: action name and its keys.
    static var accelerators: [(action: String, keys: [String])] {
        groups.flatMap(\.shortcuts).compactMap { shortcut in
            shortcut.action.map { ($0, shortcut.keys.split(separator: " ").map(String.init)) }
        }
    }

    /// The GtkShortcutsWindow for `parent`, built from ``groups`` (GtkBuilder is the only way to
    /// fill one in GTK 4.8: its sections and groups have no public constructors).
    @MainActor
    static func makeWindow(for parent: Widget) -> Widget? {
        let builder = gtk_builder_new_from_string(interface, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
        gtk_window_set_modal(cgtk_window(window), 1)
        return window
    }

    static var interface: String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="title">Keyboard shortcuts</property>"#
        xml += #"<child><object class="GtkShortcutsSection"><property name="section-name">tag-editor</property>"#
        for group in groups {
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escaped(group.title))</property>"#
            for shortcut in group.shortcuts {
                xml += #"<child><object class="GtkShortcutsShortcut">"#
                    + #"<property name="accelerator">\#(escaped(shortcut.keys))</property>"#
                    + #"<property name="title">\#(escaped(shortcut.title))</property></object></child>"#
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }
}
