// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// How to use WrapListView, the virtualized wrapping list: a long list of tag chips (buttons) from
// a GtkStringList, with widgets only for the chips on screen. Run it with
// `swift run wraplist-example [--items N] [--provider] [--reorderable]`: `--provider` gives every
// chip's size from its text's length (exact before the first frame); without it the chips are
// measured, those on screen first and the rest in idle time. `--reorderable` lets the user drag the
// chips into a new order, or move the focused one with Ctrl+Shift (or Alt+Shift) and the arrows, Home or End; the
// model is a GtkStringList, so the list moves the chip in it by itself. `--selection single` or
// `--selection multiple` wraps the strings in a GtkSingleSelection or GtkMultiSelection, which the
// list selects in as GtkGridView does (a click, Ctrl+click, Shift+click, the arrows with or without
// Shift, Space, Ctrl+A); each change prints `selected: POSITIONS` and each activation (a double
// click, Enter) `activated: POSITION` on stdout. Its chips are focusable boxes around a label (a
// button keeps its clicks to itself).
//
// With WRAPLIST_EXAMPLE_STATE=path it writes what its window shows after each layout and focus change (one JSON
// object: modelItems, realizedItems, scrollOffset, focusedItem, focusedOnScreen), for the tests
// that drive it with real keys; with `--reorderable` also `moves` (how many moves were made),
// `order` (each chip's number, "tag N", in the model's order; for up to 5,000 chips), `frames`
// (each chip on screen by index: `[x, y, width, height]` in the window's surface), `marker` (the
// insertion marker's frame while a drag shows it, else null) and `view` (the list's frame).

import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport

/// The command line: `--items N`, `--provider`, `--reorderable`, `--selection single|multiple`.
struct Options {
    var items = 20_000
    var provider = false
    var reorderable = false
    var selection: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--items":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else {
                    fatalError("wraplist-example: --items needs a count of 0 or more")
                }
                items = value
            case "--provider": provider = true
            case "--reorderable": reorderable = true
            case "--selection":
                guard let value = rest.popFirst(), ["single", "multiple"].contains(value) else {
                    fatalError("wraplist-example: --selection needs single or multiple")
                }
                selection = value
            default:
                fatalError("wraplist-example: unknown argument \(argument) (use --items N, --provider, --reorderable, --selection single|multiple)")
            }
        }
    }
}

/// Writes the state report (see the top of this file), once per layout, from idle time.
@MainActor
final class StateReport {
    let path: String
    let list: WrapListView
    /// The model, read for `order` (with `--reorderable`).
    let names: OpaquePointer?
    var pending = false
    var moves = 0

    init(path: String, list: WrapListView, names: OpaquePointer?) {
        self.path = path
        self.list = list
        self.names = names
    }

    func layoutHappened() {
        guard !pending else { return }
        pending = true
        runWhenIdle { [weak self] in
            self?.pending = false
            self?.write()
        }
    }

    private func write() {
        let focused = list.focusedItem
        var onScreen = false
        if let focused, let widget = list.widget(forItem: focused) {
            var box = graphene_rect_t()
            onScreen = gtk_widget_compute_bounds(widget, list.widget, &box) != 0 && box.origin.y >= 0
                && Double(box.origin.y + box.size.height) <= Double(gtk_widget_get_height(list.widget))
        }
        let text = "{\"modelItems\": \(list.itemCount), \"realizedItems\": \(list.realizedItems.count), "
            + "\"scrollOffset\": \(list.scrollOffset), \"focusedItem\": \(focused.map(String.init) ?? "null"), "
            + "\"focusedOnScreen\": \(onScreen)" + reorderingFields + "}\n"
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(temporary, path)
    }

    /// `moves`, `order`, `frames` and `marker` (see the top of this file), after a comma.
    private var reorderingFields: String {
        guard let names else { return "" }
        let count = Int(g_list_model_get_n_items(names))
        var order: [String] = []
        if count <= 5_000 {
            for index in 0..<count {
                let text = gtk_string_list_get_string(names, guint(index)).map { String(cString: $0) } ?? ""
                order.append(text.split(separator: " ").dropFirst().first.map(String.init) ?? "-1")
            }
        }
        let height = Double(gtk_widget_get_height(list.widget))
        let frames = list.realizedItems.compactMap { item -> String? in
            guard let frame = Self.frame(of: item.widget), frame.y >= 0 else { return nil }
            var inList = graphene_rect_t()
            guard gtk_widget_compute_bounds(item.widget, list.widget, &inList) != 0,
                  inList.origin.y >= 0, Double(inList.origin.y + inList.size.height) <= height else { return nil }
            return "\"\(item.index)\": [\(frame.x), \(frame.y), \(frame.width), \(frame.height)]"
        }
        var marker = "null"
        var child = gtk_widget_get_first_child(list.widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "marker", gtk_widget_get_visible(current) != 0,
               let frame = Self.frame(of: current) {
                marker = "[\(frame.x), \(frame.y), \(frame.width), \(frame.height)]"
            }
            child = gtk_widget_get_next_sibling(current)
        }
        let view = Self.frame(of: list.widget).map { "[\($0.x), \($0.y), \($0.width), \($0.height)]" } ?? "null"
        return ", \"moves\": \(moves), \"order\": [\(order.joined(separator: ", "))], "
            + "\"frames\": {\(frames.joined(separator: ", "))}, \"marker\": \(marker), \"view\": \(view)"
    }

    /// Where `widget` is in the window's surface (what a pointer moved there would hit).
    private static func frame(of widget: Widget) -> (x: Float, y: Float, width: Float, height: Float)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        var rect = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return nil }
        return (rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
    }
}

gtk_init()
nonisolated(unsafe) let mainLoop = g_main_loop_new(nil, 0)

MainActor.assumeIsolated {
    let options = Options(CommandLine.arguments)
    let window = gtk_window_new()!
    gtk_window_set_title(cgtk_window(window), "WrapListView example")
    gtk_window_set_default_size(cgtk_window(window), 520, 420)

    let names = gtk_string_list_new(nil)!
    for index in 0..<options.items { gtk_string_list_append(names, "tag \(index) " + String(repeating: "x", count: index % 9)) }

    weak var weakList: WrapListView?
    let list = options.selection == nil ? WrapListView(factory: WrapListItemFactory(
        setup: { gtk_button_new_with_label("") },
        bind: { button, index in
            weakList?.withItem(at: index) { item in
                gtk_button_set_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), gtk_string_object_get_string(OpaquePointer(item)))
            }
        })) : WrapListView(factory: WrapListItemFactory(
        // A chip the user selects: a focusable box around a label, styled below.
        setup: {
            let chip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_set_focusable(chip, 1)
            gtk_widget_add_css_class(chip, "chip")
            gtk_box_append(cgtk_box(chip), gtk_label_new(""))
            return chip
        },
        bind: { chip, index in
            weakList?.withItem(at: index) { item in
                gtk_label_set_text(cgtk_label(gtk_widget_get_first_child(chip)), gtk_string_object_get_string(OpaquePointer(item)))
            }
        }))
    weakList = list
    if options.provider {
        // A chip's size from its text: a fixed padding plus a width per character (the example's
        // font is monospace-like enough; an app would measure with one shared PangoLayout).
        list.sizeProvider = { index in
            let characters = "tag \(index) ".count + index % 9
            return FlowItem(width: Double(24 + 8 * characters), height: 34)
        }
    }
    if let selection = options.selection {
        // The selection model takes a reference to the strings (they are released at the end).
        g_object_ref(UnsafeMutableRawPointer(names))
        let model = selection == "single" ? UnsafeMutableRawPointer(gtk_single_selection_new(names)!)
            : UnsafeMutableRawPointer(gtk_multi_selection_new(names)!)
        list.setModel(model)
        connectSelectionChanged(model) { _, _ in
            let selected = gtk_selection_model_get_selection(OpaquePointer(model))!
            let positions = (0..<min(gtk_bitset_get_size(selected), 1_000)).map { String(gtk_bitset_get_nth(selected, guint($0))) }
            gtk_bitset_unref(selected)
            print("selected: " + positions.joined(separator: " "))
            fflush(nil)
        }
        g_object_unref(model)
        list.onActivate = { position in
            print("activated: \(position)")
            fflush(nil)
        }
        let style = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(style, """
            .chip { border: 1px solid alpha(currentColor, 0.3); border-radius: 12px; padding: 4px 10px; }
            .chip:selected { background: @theme_selected_bg_color; color: @theme_selected_fg_color; }
            """, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cgtk_style_provider(UnsafeMutableRawPointer(style)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    } else {
        list.setModel(UnsafeMutableRawPointer(names))
    }
    list.reorderable = options.reorderable

    var report: StateReport?
    if let path = getenv("WRAPLIST_EXAMPLE_STATE").map({ String(cString: $0) }) {
        report = StateReport(path: path, list: list, names: options.reorderable ? names : nil)
        // The list moved the chip in the GtkStringList already; the report counts the moves.
        list.onItemMoved = { _, _ in
            report?.moves += 1
            report?.layoutHappened()
        }
        list.onLayout = { _ in report?.layoutHappened() }
        connectSignal(window, "notify::focus-widget") { (_: gpointer?) in report?.layoutHappened() }
    }

    gtk_window_set_child(cgtk_window(window), list.makeScrolledWindow())
    connectSignal(window, "destroy") { g_main_loop_quit(mainLoop) }
    gtk_window_present(cgtk_window(window))
    withExtendedLifetime((list, report)) { g_main_loop_run(mainLoop) }
    g_object_unref(UnsafeMutableRawPointer(names))
}
