// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// `wraphstack-example --selection MODE` (none, single, browse, multiple): chips the user selects
// as in GtkFlowBox. A click selects a chip, Ctrl+click toggles it, Shift+click selects the range;
// the arrow keys move and select, Shift with them extends the selection across the wrapped lines,
// Space toggles, Ctrl+A selects all; Enter or a click (a double click with `--double-click`)
// activates a chip. Each change prints `selected: NAMES` on stdout, each activation
// `activated: NAME`; with WRAPHSTACK_EXAMPLE_STATE=path it also writes, after each layout, change
// and focus move, one JSON object: `selected` (the selected chips' names, in order), `activated`
// (every chip activated so far, in turn), `focused` (the focused chip's name, or null) and
// `frames` (each chip's `[x, y, width, height]` in the window's surface).
//
// The chips are focusable boxes around a label: a child the user selects with the keys must take
// the focus (a GtkLabel takes it only when it is selectable), and a button would keep its clicks to
// itself (as it does in a GtkFlowBox).

import CGtk
import FlowBridge
import GObjectSupport

@MainActor
func selectionWindow(_ arguments: [String]) -> Widget? {
    guard let index = arguments.firstIndex(of: "--selection") else { return nil }
    let modes = ["none": GTK_SELECTION_NONE, "single": GTK_SELECTION_SINGLE, "browse": GTK_SELECTION_BROWSE,
                 "multiple": GTK_SELECTION_MULTIPLE]
    let name = index + 1 < arguments.count ? arguments[index + 1] : ""
    guard let mode = modes[name] else {
        fatalError("wraphstack-example: --selection needs a mode: none, single, browse or multiple (not \"\(name)\")")
    }
    let window = gtk_window_new()!
    gtk_window_set_title(cgtk_window(window), "WrapHStack selection")
    gtk_window_set_default_size(cgtk_window(window), 360, 300)
    let stack = WrapHStack(layout: WrapHStack.defaultLayout)
    var names: [Widget: String] = [:]
    for colour in ["red", "green", "blue", "cyan", "magenta", "yellow", "black", "white", "orange", "purple",
                   "brown", "grey", "pink", "olive", "navy", "teal"] {
        let chip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_focusable(chip, 1)
        gtk_widget_add_css_class(chip, "chip")
        gtk_box_append(cgtk_box(chip), gtk_label_new(colour))
        try! stack.append(chip)
        names[chip] = colour
    }
    stack.selectionMode = mode
    stack.activateOnSingleClick = !arguments.contains("--double-click")
    let report = getenv("WRAPHSTACK_EXAMPLE_STATE").map { SelectionState(path: String(cString: $0), stack: stack, names: names) }
    stack.onSelectionChanged = { [weak stack] in
        guard let stack else { return }
        print("selected: " + stack.selectedChildren.compactMap { names[$0] }.joined(separator: " "))
        fflush(nil)   // all streams: a test reads the line while the window stays open
        report?.changed()
    }
    stack.onChildActivated = { chip in
        print("activated: " + (names[chip] ?? "?"))
        fflush(nil)   // all streams: a test reads the line while the window stays open
        report?.activated.append(names[chip] ?? "?")
        report?.changed()
    }
    if let report {
        stack.onLayout = { _ in report.changed() }
        connectSignal(window, "notify::focus-widget") { (_: gpointer?) in report.changed() }
    }
    let style = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(style, """
        .chip { border: 1px solid alpha(currentColor, 0.3); border-radius: 12px; padding: 4px 10px; }
        .chip:selected { background: @theme_selected_bg_color; color: @theme_selected_fg_color; }
        .chip:focus-visible { outline: 2px solid @theme_selected_bg_color; outline-offset: 1px; }
        """, -1)
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               cgtk_style_provider(UnsafeMutableRawPointer(style)),
                                               guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    // The box keeps its Swift view while it has a parent.
    gtk_window_set_child(cgtk_window(window), stack.makeScrolledWindow())
    return window
}

/// Writes the window's state (see the top of this file), once per idle after a change.
@MainActor
final class SelectionState {
    let path: String
    weak var stack: WrapHStack?
    let names: [Widget: String]
    var activated: [String] = []
    private var pending = false

    init(path: String, stack: WrapHStack, names: [Widget: String]) {
        self.path = path
        self.stack = stack
        self.names = names
    }

    func changed() {
        guard !pending else { return }
        pending = true
        runWhenIdle { [weak self] in
            self?.pending = false
            self?.write()
        }
    }

    private func write() {
        guard let stack else { return }
        func quoted(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let frames = stack.children.compactMap { chip -> String? in
            guard gtk_widget_get_mapped(chip) != 0 else { return nil }
            var rect = graphene_rect_t()
            guard cgtk_widget_bounds_in_toplevel(chip, &rect) != 0 else { return nil }
            return "\"\(names[chip] ?? "?")\": [\(rect.origin.x), \(rect.origin.y), \(rect.size.width), \(rect.size.height)]"
        }
        let focus = gtk_widget_get_root(stack.widget).flatMap { gtk_root_get_focus($0) }
        let focused = focus.flatMap { names[$0] }.map { "\"\($0)\"" } ?? "null"
        let text = "{\"selected\": \(quoted(stack.selectedChildren.compactMap { names[$0] })), "
            + "\"activated\": \(quoted(activated)), \"focused\": \(focused), \"frames\": {\(frames.joined(separator: ", "))}}\n"
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(temporary, path)
    }
}
