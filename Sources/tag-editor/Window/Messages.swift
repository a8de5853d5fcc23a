// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport

/// A window's messages (refusals, notices) as libadwaita's toasts over the chips
/// (`AdwToastOverlay`): a message appearing or going never moves a chip. One is shown at a time
/// and a new one replaces it; an error is a high-priority toast with a warning icon (a notice has
/// none, so a success and a failure never look alike), and stays until replaced or dismissed when
/// no time is given; a message may offer one action ("Undo" after several tags were removed).
///
/// The title is a wrapping label of the toast's own (`adw_toast_set_custom_title`): a message
/// quoting a 201-character name wraps within a 360 px window instead of being clipped. The
/// overlay sizes a toast at its natural width and height, so the label's natural width is kept
/// to what the overlay has room for when the message is shown.
@MainActor
final class Messages {
    /// The AdwToastOverlay: the window's description puts it over the chips.
    let overlay: Widget
    /// The toast shown (a reference of ours), and what it says.
    private var toast: OpaquePointer?
    private(set) var text: String?
    private(set) var isError = false
    /// The action's label while a message with one is shown, or `nil`.
    private(set) var actionLabel: String?
    private var action: (@MainActor () -> Void)?
    /// Called when a message appears or goes.
    var onChange: (@MainActor () -> Void)?

    init(overlay: Widget) {
        self.overlay = overlay
    }

    /// Shows `text` for `seconds`, or until replaced or dismissed when `seconds` is `nil`, with a
    /// button named `action.label` that runs `action.run` (and dismisses the message).
    func show(_ text: String, isError: Bool, seconds: Int?, action: (label: String, run: @MainActor () -> Void)? = nil) {
        dismissShown()
        let toast = adw_toast_new("")!
        self.toast = toast
        self.text = text
        self.isError = isError
        self.action = action?.run
        actionLabel = action?.label
        adw_toast_set_custom_title(toast, makeTitle(text, isError: isError))
        adw_toast_set_timeout(toast, guint(seconds ?? 0))
        adw_toast_set_priority(toast, isError ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL)
        if let action { adw_toast_set_button_label(toast, action.label) }
        let instance = UnsafeMutableRawPointer(toast)
        connectSignal(instance, "button-clicked") { [weak self] in
            guard let self, self.toast == toast, let run = self.action else { return }
            run()
        }
        // The overlay takes a reference of its own (transfer full); ours, which lets `toast` be
        // compared and dismissed, goes when it is dismissed (by its timeout, its close button,
        // Escape, a newer message or the window going), once.
        g_object_ref(instance)
        var held = true
        connectSignal(instance, "dismissed") { [weak self] in
            if let self, self.toast == toast {
                self.forget()
                self.onChange?()
            }
            if held {
                held = false
                g_object_unref(instance)
            }
        }
        adw_toast_overlay_add_toast(cadw_toast_overlay(overlay), toast)
        onChange?()
    }

    /// Dismisses the message shown.
    func hide() {
        guard toast != nil else { return }
        dismissShown()
        onChange?()
    }

    private func dismissShown() {
        guard let toast else { return }
        forget()
        adw_toast_dismiss(toast)
    }

    private func forget() {
        toast = nil
        text = nil
        action = nil
        actionLabel = nil
        isError = false
    }

    /// The title: a label that wraps (between characters when a word is longer than a line), an
    /// icon before it for an error; read by a screen reader as the message.
    private func makeTitle(_ text: String, isError: Bool) -> Widget {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_label_set_wrap_mode(cgtk_label(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_label_set_max_width_chars(cgtk_label(label), Int32(charactersPerLine(of: label)))
        guard isError else { return label }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_add_css_class(box, "failure")
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_widget_set_valign(icon, GTK_ALIGN_START)
        cgtk_accessible_set_label(icon, "Error")
        gtk_box_append(cgtk_box(box), icon)
        gtk_box_append(cgtk_box(box), label)
        return box
    }

    /// The label's longest line, in characters: what leaves the toast's buttons and padding room
    /// in the overlay's width (60 at most, as a line is read).
    private func charactersPerLine(of label: Widget) -> Int {
        let width = Int(gtk_widget_get_width(overlay))
        guard width > 0, let metrics = pango_context_get_metrics(gtk_widget_get_pango_context(label), nil, nil) else { return 60 }
        defer { pango_font_metrics_unref(metrics) }
        let character = max(pango_font_metrics_get_approximate_char_width(metrics),
                            pango_font_metrics_get_approximate_digit_width(metrics)) / PANGO_SCALE
        let chrome = actionLabel == nil ? 110 : 200
        return max(8, min(60, (width - chrome) / max(1, Int(character))))
    }
}
