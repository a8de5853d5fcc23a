// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport

/// What the editor window and the folder view share, once: the window made from its description
/// (`editor-window.ui`, `folder-window.ui`: the ids `window`, `toast_overlay`, `content_stack`
/// with its pages `content` and `empty`, `status`), its messages (toasts over the content), the
/// empty state (a status page in place of the content), the status line, its `win` actions, the
/// files dropped on it, and what it tells its observers.
@MainActor
final class WindowShell {
    let window: Widget
    let messages: Messages
    let statusLabel: Widget
    /// What the window tells its observers (``WindowEvents``).
    let events = WindowEvents()
    private let contentStack: Widget
    /// Where `win.NAME` actions go: a GtkApplicationWindow is itself that group; a plain window
    /// (the checking modes, the tests) gets a group of its own under that name.
    let actionMap: OpaquePointer
    private var actionNames: [String] = []
    /// Set when the window is destroyed: its widgets are gone, so nothing may read them (work
    /// scheduled before may still run).
    private(set) var isDestroyed = false

    init(_ ui: UIDescription, application: UnsafeMutablePointer<GtkApplication>?) {
        window = ui.window("window", application: application)
        messages = Messages(overlay: ui.widget("toast_overlay"))
        contentStack = ui.widget("content_stack")
        statusLabel = ui.widget("status")
        if cgtk_is_application_window(window) != 0 {
            actionMap = cgtk_action_map(window)
        } else {
            let group = g_simple_action_group_new()!
            gtk_widget_insert_action_group(window, "win", OpaquePointer(group))
            g_object_unref(UnsafeMutableRawPointer(group))
            actionMap = cgtk_action_map(UnsafeMutableRawPointer(group))
        }
        messages.onChange = { [weak self] in self?.events.publish(.changed) }
        connectSignal(window, "destroy") { [weak self] in
            guard let self else { return }
            self.isDestroyed = true
            // The actions' closures go with the window's destruction, not with its last
            // reference (which GTK may hold a while longer).
            for name in self.actionNames { g_action_map_remove_action(self.actionMap, name) }
        }
        addAction("close") { [weak self] in if let self { gtk_window_close(cgtk_window(self.window)) } }
    }

    /// `win.NAME`, running `body`; `state`, for an action that holds a boolean (the header bar's
    /// toggle shows and flips it), gets each new state.
    func addAction(_ name: String, state: Bool? = nil, _ body: @escaping @MainActor () -> Void = {},
                   changed: (@MainActor (Bool) -> Void)? = nil) {
        let action = state.map { g_simple_action_new_stateful(name, nil, g_variant_new_boolean($0 ? 1 : 0))! }
            ?? g_simple_action_new(name, nil)!
        if let changed {
            connectSignal(UnsafeMutableRawPointer(action), "change-state") { (value: gpointer?) in
                guard let value else { return }
                g_simple_action_set_state(action, OpaquePointer(value))
                changed(g_variant_get_boolean(OpaquePointer(value)) != 0)
            }
        } else {
            connectSignal(UnsafeMutableRawPointer(action), "activate") { (_: gpointer?) in body() }
        }
        g_action_map_add_action(actionMap, cgtk_action(UnsafeMutableRawPointer(action)))
        g_object_unref(UnsafeMutableRawPointer(action))
        actionNames.append(name)
    }

    func setEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(actionMap, name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// The content, or the status page when there is nothing to show.
    func showEmptyState(_ empty: Bool) {
        gtk_stack_set_visible_child_name(cgtk_stack(contentStack), empty ? "empty" : "content")
    }

    /// The status line; its tooltip says it whole when it is shortened.
    func setStatus(_ text: String, tooltip: Bool = false) {
        gtk_label_set_text(cgtk_label(statusLabel), text)
        if tooltip { setTooltip(statusLabel, text) }
    }

    /// Files dropped on the window (a GdkFileList, from a file manager): their local paths ("" for
    /// one without), in order.
    func onFilesDropped(_ dropped: @escaping @MainActor ([String]) -> Void) {
        let target = gtk_drop_target_new(cgtk_file_list_type(), GDK_ACTION_COPY)!
        connectDrop(UnsafeMutableRawPointer(target)) { value in
            guard let boxed = g_value_get_boxed(value) else { return false }
            let list = gdk_file_list_get_files(OpaquePointer(boxed))
            var paths: [String] = []
            var node = list
            while let current = node {
                if let file = current.pointee.data { paths.append(Self.localPath(of: OpaquePointer(file)) ?? "") }
                node = current.pointee.next
            }
            g_slist_free(list)
            if let drop = gtk_drop_target_get_current_drop(target) { Self.forgetActionUpdates(of: drop) }
            dropped(paths)
            return true
        }
        gtk_widget_add_controller(window, cgtk_event_controller(UnsafeMutableRawPointer(target)))
    }

    /// A GFile's local path (`nil` for a file with none, such as one on a remote share).
    static func localPath(of file: OpaquePointer) -> String? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// GDK's X11 drop from another program keeps reading the source window's XdndActionList
    /// (a handler on the display, with the drop as its data) until the drop object goes, and
    /// the drop stays GDK's current one until the next drag enters. A GTK 3 file manager sets
    /// that list on the same window at the start of every drag, so its next drag, even one that
    /// only passes over the window, set the actions of the finished drop: `gdk_drop_set_actions:
    /// assertion 'priv->state == GDK_DROP_STATE_NONE' failed` (fatal under fatal criticals).
    /// Once dropped, the drop needs no more updates: the handler goes.
    static func forgetActionUpdates(of drop: OpaquePointer) {
        guard let display = gdk_drop_get_display(drop) else { return }
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(display), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                             UnsafeMutableRawPointer(drop))
    }
}

/// A window made on a ``WindowShell``: its parts, read through the shell.
@MainActor
protocol ShellWindow: AnyObject {
    var shell: WindowShell { get }
}

extension ShellWindow {
    var window: Widget { shell.window }
    var messages: Messages { shell.messages }
    var statusLabel: Widget { shell.statusLabel }
    var events: WindowEvents { shell.events }
    var isDestroyed: Bool { shell.isDestroyed }
}
