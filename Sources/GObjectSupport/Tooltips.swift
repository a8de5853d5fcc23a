// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Tooltips given when GTK asks for them. GTK 4.8's gtk_widget_set_tooltip_text asks the display
// where the pointer is each time it changes a visible widget's tooltip, so that a tooltip being
// shown follows: under X11 a round trip to the server each, which made building a thousand chips
// slow (BENCHMARKS.md, "Where start-up goes"). A tooltip set here is kept on the widget and given by `query-tooltip`
// when GTK is about to show one; as with GTK's own, the text is the widget's accessible
// description too.

import CGtk

/// The key of the text on the widget (GObject data, freed with it).
private let textKey = "gobject-support-tooltip-text"
/// Set once `query-tooltip` is connected to the widget's handler.
private let connectedKey = "gobject-support-tooltip-connected"

private let queryTooltip: @convention(c) (gpointer?, gint, gint, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
    widget, _, _, _, tooltip, _ in
    guard let widget, let tooltip, let text = g_object_get_data(widget.assumingMemoryBound(to: GObject.self), textKey)
    else { return 0 }
    gtk_tooltip_set_text(tooltip, text.assumingMemoryBound(to: CChar.self))
    return 1
}

private let freeText: @convention(c) (gpointer?) -> Void = { g_free($0) }

/// Sets `widget`'s tooltip (`nil` or "" for none) and accessible description, as
/// `gtk_widget_set_tooltip_text` does but without asking where the pointer is: a widget not on
/// screen cannot be under it, and for one that is, one query on the next idle updates a tooltip
/// being shown, however many tooltips changed meanwhile. Nothing happens when the text is the
/// same, so the accessible description something else set stays.
@MainActor
public func setTooltip(_ widget: Widget, _ text: String?) {
    let text = text?.isEmpty == true ? nil : text
    guard tooltip(of: widget) != text else { return }
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    if g_object_get_data(object, connectedKey) == nil {
        g_object_set_data(object, connectedKey, UnsafeMutableRawPointer(bitPattern: 1))
        g_signal_connect_data(widget, "query-tooltip", unsafeBitCast(queryTooltip, to: GCallback.self),
                              nil, nil, GConnectFlags(rawValue: 0))
    }
    g_object_set_data_full(object, textKey, text.map { UnsafeMutableRawPointer(g_strdup($0)) }, freeText)
    gtk_widget_set_has_tooltip(widget, text == nil ? 0 : 1)
    setAccessibleDescription(widget, text)
    if gtk_widget_get_mapped(widget) != 0 { TooltipQuery.schedule(for: widget) }
}

/// The tooltip set with ``setTooltip(_:_:)``, or `nil`.
@MainActor
public func tooltip(of widget: Widget) -> String? {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    return g_object_get_data(object, textKey).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
}

/// Sets (or, with `nil`, resets) `widget`'s accessible description, through the one non-variadic
/// form of `gtk_accessible_update_property`.
@MainActor
public func setAccessibleDescription(_ widget: Widget, _ text: String?) {
    var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
    guard let text else {
        gtk_accessible_reset_property(cgtk_accessible(widget), property)
        return
    }
    var value = GValue()
    g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING, a macro Swift does not import
    g_value_set_string(&value, text)
    gtk_accessible_update_property_value(cgtk_accessible(widget), 1, &property, &value)
    g_value_unset(&value)
}

/// One tooltip query on the next idle for the tooltips changed on screen since the last: GTK's
/// query looks at whatever is under the pointer on the display, whichever widget asked.
@MainActor
private enum TooltipQuery {
    /// The widget the query is made for, kept alive until then.
    static var pending: Widget?

    static func schedule(for widget: Widget) {
        guard pending == nil else { return }
        g_object_ref(widget)
        pending = widget
        runWhenIdle {
            guard let widget = pending else { return }
            pending = nil
            gtk_widget_trigger_tooltip_query(widget)
            g_object_unref(widget)
        }
    }
}
