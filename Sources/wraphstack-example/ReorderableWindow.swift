// `wraphstack-example --reorderable`: chips the user can put in another order, by dragging one
// or with Alt+Shift and the arrow keys. Options: `--direct` (the direct placement), `--rtl`
// (right to left), `--width N` (the window's width, default 360). Each move prints the new
// order on stdout; with WRAPHSTACK_EXAMPLE_STATE=path it also writes what the window shows after
// each layout and move, as one JSON object: `order` (the chips' names), `frames` (each chip's
// `[x, y, width, height]` in the window's surface), `marker` (the insertion marker's frame while
// a drag shows it, else null), `moves` (how many moves were made), `settled` (no glide running).

import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport

struct ReorderableOptions {
    var direct = false
    var rightToLeft = false
    var width = 360

    /// `nil` when `--reorderable` is not among the arguments.
    init?(_ arguments: [String]) {
        guard arguments.contains("--reorderable") else { return nil }
        direct = arguments.contains("--direct")
        rightToLeft = arguments.contains("--rtl")
        if let index = arguments.firstIndex(of: "--width"), index + 1 < arguments.count,
           let width = Int(arguments[index + 1]), width > 0 {
            self.width = width
        }
    }
}

/// Writes the window's state (see the top of this file), once per idle after a change.
@MainActor
final class ReorderState {
    let path: String
    let stack: WrapHStack
    let names: [Widget: String]
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

    private func write() {
        let order = stack.children.map { "\"\(names[$0] ?? "?")\"" }.joined(separator: ", ")
        let frames = stack.children.compactMap { child in
            Self.frame(of: child).map { "\"\(names[child] ?? "?")\": \($0)" }
        }.joined(separator: ", ")
        let text = "{\"order\": [\(order)], \"frames\": {\(frames)}, \"marker\": \(markerFrame ?? "null"), "
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
    stack.reorderable = true
    let state = getenv("WRAPHSTACK_EXAMPLE_STATE").map { ReorderState(path: String(cString: $0), stack: stack, names: names) }
    stack.onChildMoved = { child, from, to in
        print("moved \(names[child] ?? "?") from \(from) to \(to): "
              + stack.children.map { names[$0] ?? "?" }.joined(separator: " "))
        fflush(nil)   // all streams: a test reads the line while the window stays open
        state?.moves += 1
        state?.changed()
    }
    stack.onLayout = { _ in state?.changed() }
    gtk_window_set_child(cgtk_window(window), stack.makeScrolledWindow())
    // The state report lives as long as the box's callbacks, which hold it.
    return window
}
