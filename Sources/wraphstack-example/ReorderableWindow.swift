// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// `wraphstack-example --reorderable`: chips the user can put in another order, by dragging one
// or with Ctrl+Shift (or Alt+Shift) and the arrow keys. Options: `--direct` (the direct placement), `--rtl`
// (right to left), `--vertical` (columns), `--wrap-reverse`, `--max-lines N` (with a "+N more"
// chip), `--width N` (the window's width, default 360); for the tests of what an app may do
// meanwhile, `--on-drag remove` (the app removes the dragged chip once its drag hovers),
// `--on-drag close` (the window closes then) and `--on-drop close` (the window closes in the
// move's callback); after the window closes the program runs on for a second, so that the drag's
// end is handled. Each move prints the new order on stdout; with WRAPHSTACK_EXAMPLE_STATE=path it
// also writes what the window shows after each layout and move, as one JSON object: `order` (the
// chips' names), `frames` (each chip's `[x, y, width, height]` in the window's surface), `engine`
// (the frames the engine gave the chips in the last layout, in the same coordinates; null during
// a drag, whose layout has another order), `marker` (the insertion marker's frame while a drag
// shows it, else null), `more` (the "+N more" chip's frame while shown, else null), `moves` (how
// many moves were made), `settled` (no glide running).

import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport

struct ReorderableOptions {
    var direct = false
    var rightToLeft = false
    var vertical = false
    var wrapReverse = false
    var maxLines: Int?
    var width = 360
    var onDrag: String?
    var onDrop: String?

    /// `nil` when `--reorderable` is not among the arguments.
    init?(_ arguments: [String]) {
        guard arguments.contains("--reorderable") else { return nil }
        func value(_ option: String) -> String? {
            arguments.firstIndex(of: option).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        direct = arguments.contains("--direct")
        rightToLeft = arguments.contains("--rtl")
        vertical = arguments.contains("--vertical")
        wrapReverse = arguments.contains("--wrap-reverse")
        maxLines = value("--max-lines").flatMap { Int($0) }
        if let width = value("--width").flatMap({ Int($0) }), width > 0 { self.width = width }
        onDrag = value("--on-drag")
        onDrop = value("--on-drop")
    }
}

/// Writes the window's state (see the top of this file), once per idle after a change.
@MainActor
final class ReorderState {
    let path: String
    let stack: WrapHStack
    let names: [Widget: String]
    /// The "+N more" chip, with `--max-lines`.
    var more: Widget?
    var moves = 0
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

    private static func frame(of widget: Widget) -> String? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        var rect = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return nil }
        return "[\(rect.origin.x), \(rect.origin.y), \(rect.size.width), \(rect.size.height)]"
    }

    /// The box's insertion marker (CSS node `marker`), when shown.
    private var markerFrame: String? {
        var child = gtk_widget_get_first_child(stack.widget)
        while let current = child {
            if String(cString: gtk_widget_get_css_name(current)) == "marker", gtk_widget_get_visible(current) != 0 {
                return Self.frame(of: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The engine's frames of the last layout, moved to the window's coordinates by the origin of
    /// the chips' parent; `nil` during a drag (its layout's order is not the box's).
    private var engineFrames: String? {
        guard !stack.isDragging, let report = stack.lastLayout, let first = stack.children.first,
              report.request.items.count == stack.children.count, let parent = gtk_widget_get_parent(first) else {
            return nil
        }
        var origin = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(parent, &origin) != 0 else { return nil }
        let frames = zip(stack.children, report.result.frames).prefix(report.result.visibleCount).map { child, f in
            "\"\(names[child] ?? "?")\": [\(Double(origin.origin.x) + f.x), \(Double(origin.origin.y) + f.y), "
                + "\(f.width), \(f.height)]"
        }
        return "{" + frames.joined(separator: ", ") + "}"
    }

    private func write() {
        let order = stack.children.map { "\"\(names[$0] ?? "?")\"" }.joined(separator: ", ")
        let frames = stack.children.compactMap { child in
            Self.frame(of: child).map { "\"\(names[child] ?? "?")\": \($0)" }
        }.joined(separator: ", ")
        let text = "{\"order\": [\(order)], \"frames\": {\(frames)}, \"engine\": \(engineFrames ?? "null"), "
            + "\"marker\": \(markerFrame ?? "null"), \"more\": \(more.flatMap(Self.frame) ?? "null"), "
            + "\"moves\": \(moves), \"settled\": \(!stack.isAnimating)}\n"
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(temporary, path)
    }
}

/// The window of `--reorderable`.
@MainActor
func reorderableWindow(_ options: ReorderableOptions) -> Widget {
    let window = gtk_window_new()!
    gtk_window_set_title(cgtk_window(window), "WrapHStack reordering")
    gtk_window_set_default_size(cgtk_window(window), Int32(options.width), 300)
    let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett",
                 "kilo", "lima", "mike", "november", "oscar", "papa"] + (options.width > 800 ? ["quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu", "amber", "basalt", "cobalt", "dune", "ember", "fjord"] : [])
    let stack = WrapHStack(placement: options.direct ? .direct : .fixed)
    stack.layout.itemSpacing = 8
    stack.layout.lineSpacing = 8
    stack.layout.insets = FlowInsets(top: 12, leading: 12, bottom: 12, trailing: 12)
    var names: [Widget: String] = [:]
    for word in words {
        let chip = gtk_button_new_with_label(word)!
        names[chip] = word
        try! stack.append(chip)
    }
    if options.rightToLeft { gtk_widget_set_direction(stack.widget, GTK_TEXT_DIR_RTL) }
    if options.vertical { stack.layout.axis = .vertical }
    if options.wrapReverse { stack.layout.wrapReverse = true }
    var more: Widget?
    if let maxLines = options.maxLines {
        let indicator = gtk_button_new_with_label("+more")!
        more = indicator
        try! stack.setOverflowIndicator(indicator) { hidden in
            gtk_button_set_label(cgtk_button(indicator), "+\(hidden) more")
        }
        stack.layout.maxLines = maxLines
    }
    stack.reorderable = true
    // A chip dragged to another program (an entry, a text editor) gives its word there.
    stack.reorderDragText = { names[$0] }
    let state = getenv("WRAPHSTACK_EXAMPLE_STATE").map { ReorderState(path: String(cString: $0), stack: stack, names: names) }
    state?.more = more
    stack.onChildMoved = { child, from, to in
        print("moved \(names[child] ?? "?") from \(from) to \(to): "
              + stack.children.map { names[$0] ?? "?" }.joined(separator: " "))
        fflush(nil)   // all streams: a test reads the line while the window stays open
        state?.moves += 1
        state?.changed()
    }
    var onDrag = options.onDrag
    stack.onLayout = { _ in
        state?.changed()
        // What an app may do while the user drags: once the drag hovers (the box dims the chip
        // it drags with the class `dragged`), remove that chip or close the window.
        guard let action = onDrag, stack.isDragging,
              let dragged = stack.children.first(where: { gtk_widget_has_css_class($0, "dragged") != 0 }) else { return }
        onDrag = nil
        // onLayout runs inside GTK's allocation: change the box once it is done.
        runWhenIdle {
            if action == "remove" { try? stack.remove(dragged) }
            if action == "close" { gtk_window_destroy(cgtk_window(window)) }
        }
    }
    if options.onDrop == "close" {
        let moved = stack.onChildMoved
        stack.onChildMoved = { child, from, to in
            moved?(child, from, to)
            gtk_window_destroy(cgtk_window(window))
        }
    }
    gtk_window_set_child(cgtk_window(window), options.vertical ? stack.widget : stack.makeScrolledWindow())
    // The state report lives as long as the box's callbacks, which hold it.
    return window
}
