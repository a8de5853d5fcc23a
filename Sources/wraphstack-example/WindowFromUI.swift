// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// The example's window from its GtkBuilder file (window.ui, beside this file): what a program
// that designs its windows in Cambalache or Workbench does. `wraphstack-example --ui [FILE]`.

import CGtk
import FlowBridge
import GObjectSupport

/// The `.ui` file named after `--ui`, or this example's own `window.ui`; `nil` without `--ui`.
func uiFileArgument() -> String? {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let index = arguments.firstIndex(of: "--ui") else { return nil }
    if index + 1 < arguments.count { return arguments[index + 1] }
    // Beside this source file (the program runs from its checkout: `swift run`).
    let source = #filePath
    let folder = source[..<(source.lastIndex(of: "/") ?? source.startIndex)]
    return folder + "/window.ui"
}

/// Loads the window from `path`; the search entry filters the colours. Exits with GtkBuilder's
/// message (which names the line) when the file is missing or wrong.
@MainActor
func windowFromUI(_ path: String) -> Widget {
    // GtkBuilder finds FlowWrapHStack by its registered name.
    WrapHStack.registerTypes()
    let builder = gtk_builder_new()!
    var error: UnsafeMutablePointer<GError>?
    guard gtk_builder_add_from_file(builder, path, &error) != 0 else {
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        print("wraphstack-example: \(path): \(message)")
        exit(1)
    }
    let window = UnsafeMutablePointer<GtkWidget>(OpaquePointer(gtk_builder_get_object(builder, "window")))!
    let search = UnsafeMutablePointer<GtkWidget>(OpaquePointer(gtk_builder_get_object(builder, "search")))!
    let colours = UnsafeMutablePointer<GtkWidget>(OpaquePointer(gtk_builder_get_object(builder, "colours")))!
    // The typed Swift view of a box GtkBuilder made: its children and options, as for any WrapHStack.
    let view = WrapHStack.view(of: colours)!
    connectSignal(search, "search-changed") {
        let text = String(cString: gtk_editable_get_text(cgtk_editable(search)))
        for label in view.children {
            let name = String(cString: gtk_label_get_text(cgtk_label(label)))
            gtk_widget_set_visible(label, text.isEmpty || name.contains(text) ? 1 : 0)
        }
    }
    g_object_unref(UnsafeMutableRawPointer(builder))   // the window holds what it shows
    return window
}

/// Shows `window` and runs until it is closed.
@MainActor
func run(_ window: Widget, lingering: Bool = false) {
    let loop = g_main_loop_new(nil, 0)
    connectSignal(window, "destroy") {
        // Lingering, the loop runs on for a second, so that what was under way (a drag) ends.
        guard lingering else { return g_main_loop_quit(loop) }
        runAfter(milliseconds: 1000) { g_main_loop_quit(loop) }
    }
    gtk_window_present(cgtk_window(window))
    g_main_loop_run(loop)
}
