// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport

/// The editor window's header bar (an AdwHeaderBar described in `editor-window.ui`): Open on the
/// left; on the right the list of open files (file mode), the layout options toggle and the menu
/// (Undo, Redo, Keyboard Shortcuts, About, Open Folder…, Quit). The buttons only name actions
/// (`win.open`, ...): ``EditorWindow`` defines them.
@MainActor
struct HeaderBar {
    let widget: Widget
    let openButton: Widget
    let optionsToggle: Widget
    let menuButton: Widget

    /// - Parameter showsWindowButtons: close (and the others) at the bar's ends; a window without
    ///   an application (the checking modes) has none, so a screenshot is of its content only.
    init(_ ui: UIDescription, window: Widget, filesButton: Widget?, showsWindowButtons: Bool) {
        widget = ui.widget("header_bar")
        let title = ui.widget("title")
        let showTitle = {
            let text = gtk_window_get_title(cgtk_window(window)).map { String(cString: $0) } ?? ""
            gtk_label_set_text(cgtk_label(title), text)
            setTooltip(title, text)
        }
        connectSignal(window, "notify::title") { (_: gpointer?) in showTitle() }
        showTitle()
        openButton = ui.widget("open_button")
        optionsToggle = ui.widget("options_toggle")
        menuButton = ui.widget("menu_button")
        if let filesButton { adw_header_bar_pack_end(cadw_header_bar(widget), filesButton) }
        if !showsWindowButtons {
            adw_header_bar_set_show_start_title_buttons(cadw_header_bar(widget), 0)
            adw_header_bar_set_show_end_title_buttons(cadw_header_bar(widget), 0)
        }
    }
}
