// How to use WrapListView, the virtualized wrapping list: a long list of tag chips (buttons) from
// a GtkStringList, with widgets only for the chips on screen. Run it with
// `swift run wraplist-example [--items N] [--provider]`: `--provider` gives every chip's size from
// its text's length (exact before the first frame); without it the chips are measured, those on
// screen first and the rest in idle time.
//
// With WRAPLIST_EXAMPLE_STATE=path it writes what its window shows after each layout and focus change (one JSON
// object: modelItems, realizedItems, scrollOffset, focusedItem, focusedOnScreen), for the tests
// that drive it with real keys.

import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport

/// The command line: `--items N`, `--provider`.
struct Options {
    var items = 20_000
    var provider = false

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
            default: fatalError("wraplist-example: unknown argument \(argument) (use --items N, --provider)")
            }
        }
    }
}

/// Writes the state report (see the top of this file), once per layout, from idle time.
@MainActor
final class StateReport {
    let path: String
    let list: WrapListView
    var pending = false

    init(path: String, list: WrapListView) {
        self.path = path
        self.list = list
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
            + "\"focusedOnScreen\": \(onScreen)}\n"
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(text, file)
        fclose(file)
        rename(temporary, path)
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
    let list = WrapListView(factory: WrapListItemFactory(
        setup: { gtk_button_new_with_label("") },
        bind: { button, index in
            weakList?.withItem(at: index) { item in
                gtk_button_set_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), gtk_string_object_get_string(OpaquePointer(item)))
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
    list.setModel(UnsafeMutableRawPointer(names))
    g_object_unref(UnsafeMutableRawPointer(names))

    var report: StateReport?
    if let path = getenv("WRAPLIST_EXAMPLE_STATE").map({ String(cString: $0) }) {
        report = StateReport(path: path, list: list)
        list.onLayout = { _ in report?.layoutHappened() }
        connectSignal(window, "notify::focus-widget") { (_: gpointer?) in report?.layoutHappened() }
    }

    gtk_window_set_child(cgtk_window(window), list.makeScrolledWindow())
    connectSignal(window, "destroy") { g_main_loop_quit(mainLoop) }
    gtk_window_present(cgtk_window(window))
    withExtendedLifetime((list, report)) { g_main_loop_run(mainLoop) }
}
