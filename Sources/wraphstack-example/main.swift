// How to use WrapHStack in your own GTK 4 app: inline content and data-driven content in one
// window. Run it with `swift run wraphstack-example`.

import CGtk
import FlowBridge
import GObjectSupport

struct Colour {
    var name: String
}

gtk_init()

MainActor.assumeIsolated {
    let window = gtk_window_new()!
    gtk_window_set_title(cgtk_window(window), "WrapHStack example")
    gtk_window_set_default_size(cgtk_window(window), 480, 360)
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_margin_start(column, 12)
    gtk_widget_set_margin_end(column, 12)
    gtk_widget_set_margin_top(column, 12)
    gtk_widget_set_margin_bottom(column, 12)

    // 1. Inline content: widgets written out, like a SwiftUI stack. Without a scrolled window
    //    the container asks its parent for the height its width needs.
    let filters = try! WrapHStack {
        gtk_button_new_with_label("All")
        gtk_button_new_with_label("Photos")
        gtk_button_new_with_label("Documents")
        gtk_button_new_with_label("Music")
        gtk_button_new_with_label("Recently opened")
    }
    filters.layout.itemSpacing = 8
    filters.layout.justification = .center
    gtk_box_append(cgtk_box(column), filters.widget)

    // 2. Data-driven content: one widget per element, matched by identifier. `update(with:)`
    //    keeps the widgets of colours that stay, makes widgets for new ones, frees the rest.
    var colours = ["red", "green", "blue", "cyan", "magenta", "yellow", "black", "white"].map(Colour.init)
    let swatches = try! DataWrapHStack(colours, id: \.name) { colour in
        gtk_label_new(colour.name)
    }
    swatches.layout.lineSpacing = 10
    swatches.onContentHeightChanged = { height in print("colours are now \(height) px tall") }
    let scrolled = swatches.makeScrolledWindow()     // vertical scrolling, wraps at any width
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_box_append(cgtk_box(column), scrolled)

    let shuffle = gtk_button_new_with_label("Shuffle and drop one")!
    connectSignal(shuffle, "clicked") {
        colours.shuffle()
        if colours.count > 1 { colours.removeLast() }
        try! swatches.update(with: colours)
    }
    gtk_box_append(cgtk_box(column), shuffle)

    gtk_window_set_child(cgtk_window(window), column)
    let loop = g_main_loop_new(nil, 0)
    connectSignal(window, "destroy") { g_main_loop_quit(loop) }
    gtk_window_present(cgtk_window(window))
    g_main_loop_run(loop)
}
