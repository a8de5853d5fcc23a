// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport
import TagData

/// A window's messages (refusals, notices) as libadwaita's toasts over the chips
/// (`AdwToastOverlay`): a message appearing or going never moves a chip. One is shown at a time
/// and a new one replaces what it says; an error has a warning icon (a notice has none, so a
/// success and a failure never look alike) and stays until replaced or dismissed when no time is
/// given; a message may offer one action ("Undo" after several tags were removed).
///
/// The title is a wrapping label of the toast's own (`adw_toast_set_custom_title`): a message
/// quoting a 201-character name wraps within a 360 px window instead of being clipped. The
/// overlay sizes a toast at its natural width and height, so the label's natural width is kept
/// to what the overlay has room for when the message is shown.
///
/// A toast shown is kept for the messages that follow (its title, icon and button change in
/// place), and one is dismissed only once it has finished sliding in: libadwaita 1.2 frees a
/// toast dismissed while its slide runs and then runs the slide's end on the freed toast when the
/// window is next unmapped (a crash, seen as a refusal followed by its message at once).
@MainActor
final class Messages {
    /// The AdwToastOverlay: the window's description puts it over the chips.
    let overlay: Widget
    /// The toast on screen (a reference of ours) and its title's parts, until it is dismissed.
    private var toast: OpaquePointer?
    private var title: (box: Widget, label: Widget)?
    /// When it was added (its slide takes at most half a second), in GLib's monotonic µs.
    private var presentedAt: gint64 = 0
    /// The message shown, or `nil`.
    private(set) var text: String?
    private(set) var isError = false
    /// The action's label while a message with one is shown, or `nil`.
    private(set) var actionLabel: String?
    private var action: (@MainActor () -> Void)?
    /// The message's own time (the toast's is never set: the toast outlives one message), and
    /// the wait for a toast's slide to end before it is dismissed.
    private var timeout: guint = 0
    private var slideWait: guint = 0
    /// Called when a message appears or goes.
    var onChange: (@MainActor () -> Void)?

    /// How long a toast slides in (libadwaita's REPLACE_DURATION, the longer of its two), and a
    /// frame more.
    private static let slideMicroseconds: gint64 = 550_000

    init(overlay: Widget) {
        self.overlay = overlay
    }

    /// Shows `text` for `seconds`, or until replaced or dismissed when `seconds` is `nil`, with a
    /// button named `action.label` that runs `action.run` (and dismisses the message). Before the
    /// window has its size (a message made with the window), the toast waits for its first frame
    /// with one: its lines are made for the width there is.
    func show(_ text: String, isError: Bool, seconds: Int?, action: (label: String, run: @MainActor () -> Void)? = nil) {
        cancelTimeout()
        self.text = text
        self.isError = isError
        self.action = action?.run
        actionLabel = action?.label
        if toast != nil {
            update()
        } else if gtk_widget_get_width(overlay) > 0 {
            present()
        } else {
            waitForSize()
        }
        if let seconds {
            timeout = runAfter(milliseconds: seconds * 1000) { [weak self] in
                self?.timeout = 0
                self?.hide()
            }
        }
        onChange?()
    }

    /// Dismisses the message shown.
    func hide() {
        guard clearMessage() else { return }
        waitingMessage = false
        if let toast { dismissWhenSlidIn(toast) }
        onChange?()
    }

    /// Forgets the message shown and its timer; returns whether there was one.
    private func clearMessage() -> Bool {
        guard text != nil else { return false }
        cancelTimeout()
        text = nil
        action = nil
        actionLabel = nil
        isError = false
        return true
    }

    /// A new toast for the message.
    private func present() {
        let ui = UIDescription("message-toast")
        let toast = ui.object("toast"), box = ui.widget("title"), label = ui.widget("text")
        // The reference the overlay takes in (transfer full), taken before the description lets
        // go of its own.
        withExtendedLifetime(ui) { _ = g_object_ref(UnsafeMutableRawPointer(toast)) }
        self.toast = toast
        title = (box, label)
        update()
        let instance = UnsafeMutableRawPointer(toast)
        connectSignal(instance, "button-clicked") { [weak self] in
            guard let self, self.toast == toast, let run = self.action else { return }
            // The toast goes after its button is clicked, and its message with it; what the
            // action says comes in a toast of its own.
            self.dismissed()
            run()
        }
        // The overlay takes a reference of its own (transfer full); ours, which lets `toast` be
        // compared and dismissed, goes when it is dismissed (by its close button, its action,
        // Escape, this class or the window going), once.
        g_object_ref(instance)
        var held = true
        connectSignal(instance, "dismissed") { [weak self] in
            if let self, self.toast == toast { self.dismissed() }
            if held {
                held = false
                g_object_unref(instance)
            }
        }
        presentedAt = g_get_monotonic_time()
        adw_toast_overlay_add_toast(cadw_toast_overlay(overlay), toast)
    }

    /// The toast says the message now: its text, the icon for an error, the action's button.
    private func update() {
        guard let toast, let title else { return }
        gtk_label_set_text(cgtk_label(title.label), text ?? "")
        gtk_label_set_max_width_chars(cgtk_label(title.label), Int32(charactersPerLine(of: title.label)))
        if let icon = gtk_widget_get_first_child(title.box) { gtk_widget_set_visible(icon, isError ? 1 : 0) }
        if isError { gtk_widget_add_css_class(title.box, "failure") } else { gtk_widget_remove_css_class(title.box, "failure") }
        adw_toast_set_button_label(toast, actionLabel)
        adw_toast_set_priority(toast, isError ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL)
    }

    /// The toast went (its close button, its action, Escape): so did its message.
    private func dismissed() {
        toast = nil
        title = nil
        if clearMessage() { onChange?() }
    }

    /// Dismisses `toast` now, or once its slide has ended, unless a message has come for it
    /// meanwhile.
    private func dismissWhenSlidIn(_ toast: OpaquePointer) {
        let left = Self.slideMicroseconds - (g_get_monotonic_time() - presentedAt)
        guard left > 0 else { return dismissNow(toast) }
        if slideWait != 0 { g_source_remove(slideWait) }
        slideWait = runAfter(milliseconds: Int(left / 1000) + 1) { [weak self] in
            guard let self else { return }
            self.slideWait = 0
            guard self.toast == toast, self.text == nil else { return }
            self.dismissNow(toast)
        }
    }

    private func dismissNow(_ toast: OpaquePointer) {
        self.toast = nil
        title = nil
        adw_toast_dismiss(toast)
    }

    private func cancelTimeout() {
        if timeout != 0 { g_source_remove(timeout) }
        timeout = 0
    }

    deinit {
        // The timers hold only weak references; removing them lets their closures go with the
        // window rather than when they fire.
        MainActor.assumeIsolated {
            cancelTimeout()
            if slideWait != 0 { g_source_remove(slideWait) }
        }
    }

    /// Whether a message waits for the window's size, and whether a tick callback waits for it.
    private var waitingMessage = false
    private var waitingForSize = false

    /// Presents the message at the first frame in which the overlay has a width (then the
    /// callback goes, so the frame clock does not tick for it any more).
    private func waitForSize() {
        waitingMessage = true
        guard !waitingForSize else { return }
        waitingForSize = true
        let box = Unmanaged.passRetained(WeakMessages(self)).toOpaque()
        gtk_widget_add_tick_callback(overlay, { widget, _, data in
            guard let widget, let data, gtk_widget_get_width(widget) > 0 else { return 1 }
            MainActor.assumeIsolated { Unmanaged<WeakMessages>.fromOpaque(data).takeUnretainedValue().messages?.sized() }
            return 0
        }, box, { data in
            if let data { Unmanaged<WeakMessages>.fromOpaque(data).release() }
        })
    }

    private func sized() {
        waitingForSize = false
        guard waitingMessage else { return }
        waitingMessage = false
        if text != nil && toast == nil { present() }
    }

    /// The label's longest line, in characters: what leaves the toast's buttons and padding room
    /// in the overlay's width (60 at most, as a line is read).
    private func charactersPerLine(of label: Widget) -> Int {
        let width = Int(gtk_widget_get_width(overlay))
        guard width > 0, let metrics = pango_context_get_metrics(gtk_widget_get_pango_context(label), nil, nil) else { return 60 }
        defer { pango_font_metrics_unref(metrics) }
        let character = max(pango_font_metrics_get_approximate_char_width(metrics),
                            pango_font_metrics_get_approximate_digit_width(metrics)) / PANGO_SCALE
        let chrome = (actionLabel == nil ? 110 : 200) + (isError ? 24 : 0)
        return max(8, min(60, (width - chrome) / max(1, Int(character))))
    }
}

/// A message list a tick callback reaches without keeping it alive.
private final class WeakMessages {
    weak var messages: Messages?
    init(_ messages: Messages) { self.messages = messages }
}
