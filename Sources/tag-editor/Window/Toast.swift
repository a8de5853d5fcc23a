// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

/// Messages (refusals, notices) floating over the chips at the bottom of the window, in a
/// GtkOverlay that does not count them in its size: a message appearing or going never moves a
/// chip, so a click aimed at a chip lands on it. A revealer slides it in and out (or not, when
/// `gtk-enable-animations` is off); a close button dismisses it, and a message may offer one
/// action beside it ("Undo" after several tags were removed at once).
@MainActor
final class Toast {
    /// The GtkOverlay: put it where `content` would have gone.
    let widget: Widget
    private let revealer: Widget
    private let box: Widget
    private let label: Widget
    let closeButton: Widget
    /// The message's action, shown only with a message that has one.
    let actionButton: Widget
    private var action: (@MainActor () -> Void)?
    private var timeout: guint = 0
    /// Called when the message appears or goes (the window reports its state).
    var onChange: (@MainActor () -> Void)?

    init(over content: Widget) {
        widget = gtk_overlay_new()
        gtk_overlay_set_child(cgtk_overlay(widget), content)
        label = gtk_label_new("")
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_label_set_max_width_chars(cgtk_label(label), 60)
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_widget_set_hexpand(label, 1)
        closeButton = gtk_button_new_from_icon_name("window-close-symbolic")!
        let close = closeButton
        gtk_widget_add_css_class(close, "flat")
        gtk_widget_set_valign(close, GTK_ALIGN_CENTER)
        setTooltip(close, "Dismiss")
        cgtk_accessible_set_label(close, "Dismiss the message")
        actionButton = gtk_button_new_with_label("")!
        gtk_widget_set_valign(actionButton, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(actionButton, 0)
        box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(box, "toast")
        gtk_box_append(cgtk_box(box), label)
        gtk_box_append(cgtk_box(box), actionButton)
        gtk_box_append(cgtk_box(box), close)
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(cgtk_revealer(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(cgtk_revealer(revealer), box)
        gtk_widget_set_halign(revealer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(revealer, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(revealer, 8)
        gtk_widget_set_margin_start(revealer, 8)
        gtk_widget_set_margin_end(revealer, 8)
        gtk_overlay_add_overlay(cgtk_overlay(widget), revealer)
        // Hidden, the revealer must not take clicks meant for the chips beneath it.
        gtk_widget_set_can_target(revealer, 0)
        connectSignal(close, "clicked") { [weak self] in self?.hide() }
        connectSignal(actionButton, "clicked") { [weak self] in
            guard let self, let action = self.action else { return }
            self.hide()
            action()
        }
    }

    /// The message shown, or `nil`.
    var text: String? {
        gtk_revealer_get_reveal_child(cgtk_revealer(revealer)) != 0
            ? String(cString: gtk_label_get_text(cgtk_label(label))) : nil
    }

    var isError: Bool { gtk_widget_has_css_class(box, "error") != 0 }

    /// Whether the message has finished sliding in (its buttons are where they will stay).
    var isFullyShown: Bool { gtk_revealer_get_child_revealed(cgtk_revealer(revealer)) != 0 }

    /// The action's label while a message with one is shown, or `nil`.
    var actionLabel: String? {
        text != nil && action != nil ? String(cString: gtk_button_get_label(cgtk_button(actionButton))) : nil
    }

    /// Shows `text` for `seconds`, or until replaced or dismissed when `seconds` is `nil`, with a
    /// button named `actionLabel` that runs `action` (and dismisses the message).
    func show(_ text: String, isError: Bool, seconds: Int?, action: (label: String, run: @MainActor () -> Void)? = nil) {
        self.action = action?.run
        gtk_button_set_label(cgtk_button(actionButton), action?.label ?? "")
        gtk_widget_set_visible(actionButton, action == nil ? 0 : 1)
        gtk_label_set_text(cgtk_label(label), text)
        gtk_widget_remove_css_class(box, isError ? "notice" : "error")
        gtk_widget_add_css_class(box, isError ? "error" : "notice")
        cgtk_accessible_set_label(box, text)
        gtk_revealer_set_reveal_child(cgtk_revealer(revealer), 1)
        gtk_widget_set_can_target(revealer, 1)
        cancelTimeout()
        if let seconds {
            timeout = runAfter(milliseconds: seconds * 1000) { [weak self] in
                self?.timeout = 0
                self?.hide()
            }
        }
        onChange?()
    }

    func hide() {
        cancelTimeout()
        action = nil
        gtk_revealer_set_reveal_child(cgtk_revealer(revealer), 0)
        gtk_widget_set_can_target(revealer, 0)
        onChange?()
    }

    private func cancelTimeout() {
        if timeout != 0 { g_source_remove(timeout) }
        timeout = 0
    }

    deinit {
        // The timeout holds only a weak reference; removing it just saves a wake-up.
        MainActor.assumeIsolated { cancelTimeout() }
    }
}
