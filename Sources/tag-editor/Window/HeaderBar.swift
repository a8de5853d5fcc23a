// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

/// The window's title bar: Open on the left; on the right the list of open files (file mode), the
/// layout options toggle and the menu (Undo, Redo, Keyboard Shortcuts, About, Quit). Every
/// button is an icon with a tooltip naming it and its key, so the bar fits a 360 px window. The
/// buttons only name actions (`win.open`, ...): ``EditorWindow`` defines them.
@MainActor
final class HeaderBar {
    let widget: Widget
    let openButton: Widget
    let optionsToggle: Widget
    let menuButton: Widget

    /// The window's title, which unlike GtkHeaderBar's own title (five characters at least)
    /// shortens to an ellipsis, so the buttons fit a 360 px window.
    let title: Widget

    init(window: Widget, filesButton: Widget?) {
        widget = gtk_header_bar_new()
        title = gtk_label_new("")
        gtk_widget_add_css_class(title, "title")
        gtk_label_set_ellipsize(cgtk_label(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(cgtk_label(title), 1)
        gtk_header_bar_set_title_widget(cgtk_header_bar(widget), title)
        let showTitle = { [title] in
            let text = gtk_window_get_title(cgtk_window(window)).map { String(cString: $0) } ?? ""
            gtk_label_set_text(cgtk_label(title), text)
            setTooltip(title, text)
        }
        connectSignal(window, "notify::title") { (_: gpointer?) in showTitle() }
        showTitle()
        openButton = Self.iconButton(gtk_button_new(), icon: "document-open-symbolic", action: "win.open",
                                     tooltip: "Open files… (Ctrl+O)", name: "Open files")
        gtk_header_bar_pack_start(cgtk_header_bar(widget), openButton)

        menuButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cgtk_menu_button(menuButton), "open-menu-symbolic")
        let menu = Self.makeMenu()
        gtk_menu_button_set_menu_model(cgtk_menu_button(menuButton), menu)
        g_object_unref(UnsafeMutableRawPointer(menu))
        // F10 opens it, as the main menu of GNOME applications.
        gtk_menu_button_set_primary(cgtk_menu_button(menuButton), 1)
        setTooltip(menuButton, "Menu (F10)")
        cgtk_accessible_set_label(menuButton, "Menu")
        gtk_header_bar_pack_end(cgtk_header_bar(widget), menuButton)

        optionsToggle = Self.iconButton(gtk_toggle_button_new(), icon: "sidebar-show-right-symbolic",
                                        action: "win.show-options", tooltip: "Layout options (F9)",
                                        name: "Show the layout options")
        gtk_header_bar_pack_end(cgtk_header_bar(widget), optionsToggle)
        if let filesButton { gtk_header_bar_pack_end(cgtk_header_bar(widget), filesButton) }
    }

    private static func iconButton(_ button: Widget, icon: String, action: String, tooltip: String,
                                   name: String) -> Widget {
        gtk_button_set_icon_name(cgtk_button(button), icon)
        gtk_actionable_set_action_name(cgtk_actionable(button), action)
        setTooltip(button, tooltip)
        cgtk_accessible_set_label(button, name)
        return button
    }

    /// The menu: its items name the window's and the application's actions, and GTK shows each
    /// one's keys beside it (from the application's accelerators). The caller owns the reference.
    private static func makeMenu() -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        let changes = g_menu_new()!
        g_menu_append(changes, "Undo", "win.undo")
        g_menu_append(changes, "Redo", "win.redo")
        let window = g_menu_new()!
        g_menu_append(window, "Keyboard Shortcuts", "win.show-shortcuts")
        g_menu_append(window, "About Tag Editor", "win.about")
        // The folder view (`app.open-folder`), in the menu so that the bar still fits 360 px.
        g_menu_append(window, "Open Folder…", "app.open-folder")
        g_menu_append(window, "Quit", "app.quit")
        g_menu_append_section(menu, nil, cgtk_menu_model(UnsafeMutableRawPointer(changes)))
        g_menu_append_section(menu, nil, cgtk_menu_model(UnsafeMutableRawPointer(window)))
        g_object_unref(UnsafeMutableRawPointer(changes))
        g_object_unref(UnsafeMutableRawPointer(window))
        return cgtk_menu_model(UnsafeMutableRawPointer(menu))
    }
}
