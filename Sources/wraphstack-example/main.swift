// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// How to use WrapHStack in your own GTK 4 app: inline content, data-driven content, and a widget of
// the app's own placed over the chips, in one window. Run it with `swift run wraphstack-example`;
// `swift run wraphstack-example --ui` shows the same kind of window from a GtkBuilder file
// (window.ui, WindowFromUI.swift), and `--reorderable` chips the user can reorder
// (ReorderableWindow.swift), `--selection MODE` chips the user selects (SelectionWindow.swift).

import CGtk
import FlowBridge
import GObjectSupport

struct Colour {
    var name: String
}

gtk_init()

MainActor.assumeIsolated {
    if let uiFile = uiFileArgument() { return run(windowFromUI(uiFile)) }
    if let options = ReorderableOptions(CommandLine.arguments) { return run(reorderableWindow(options), lingering: true) }
    if let window = selectionWindow(CommandLine.arguments) { return run(window) }
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
    var colours = ["red", "green", "blue", "cyan", "magenta", "yellow", "black", "white", "orange", "purple",
                   "brown", "grey", "pink", "olive", "navy", "teal", "maroon", "silver"].map(Colour.init)
    let swatches = try! DataWrapHStack(colours, id: \.name) { colour in
        gtk_label_new(colour.name)
    }
    swatches.layout.lineSpacing = 10
    swatches.onContentHeightChanged = { height in print("colours are now \(height) px tall") }
    let scrolled = swatches.makeScrolledWindow()     // vertical scrolling, wraps at any width
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_box_append(cgtk_box(column), scrolled)

    // 3. A widget of the app's own over the chips: the children sit in a GtkFixed (`fixed`, the
    //    default placement), and a widget put there stays where the app puts it. Here a badge
    //    follows the "teal" chip's top right corner, wherever the layout wraps it.
    let badge = gtk_label_new("new")!
    gtk_widget_add_css_class(badge, "badge")
    gtk_widget_set_can_target(badge, 0)
    gtk_fixed_put(cgtk_fixed(swatches.fixed!), badge, 0, 0)
    var badgeAt = (x: -1.0, y: -1.0)
    swatches.onLayout = { _ in
        guard let chip = swatches.widget(for: "teal") else { return gtk_widget_set_visible(badge, 0) }
        var frame = GtkAllocation()
        gtk_widget_get_allocation(chip, &frame)
        let corner = (x: Double(frame.x + frame.width) - 10, y: Double(frame.y) - 6)
        guard corner != badgeAt else { return }
        badgeAt = corner
        // onLayout runs inside GTK's allocation: move the badge once it is done.
        runWhenIdle {
            gtk_widget_set_visible(badge, 1)
            gtk_fixed_move(cgtk_fixed(swatches.fixed!), badge, corner.x, corner.y)
        }
    }
    let style = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(style, """
        .badge { background: #3584e4; color: white; border-radius: 6px; padding: 0 4px; font-size: 70%; }
        """, -1)
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               cgtk_style_provider(UnsafeMutableRawPointer(style)),
                                               guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))

    let shuffle = gtk_button_new_with_label("Shuffle and drop one")!
    connectSignal(shuffle, "clicked") {
        colours.shuffle()
        if colours.count > 1 { colours.removeLast() }
        try! swatches.update(with: colours)
    }
    gtk_box_append(cgtk_box(column), shuffle)

    gtk_window_set_child(cgtk_window(window), column)
    run(window)
}
