// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import GObjectSupport

// An item's accessible description is the app's: while the items are reorderable the library
// adds its hint after the app's text, never in its place, and gives the app's text back exactly
// when it stops (reset when the app had set none). What the library wrote is kept on the widget,
// so a description the app sets meanwhile is recognised as the app's and kept.

private let addedDescriptionKey = g_quark_from_static_string("flow-added-description")
private let appDescriptionKey = g_quark_from_static_string("flow-app-description")

/// The widget's description as it is now (`nil`: none set).
@MainActor
func accessibleDescription(of widget: Widget) -> String? {
    guard let text = cgtk_accessible_dup_description(widget) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
}

/// What the description was before the library added to it (or since, if the app changed it).
@MainActor
private func appDescription(of widget: Widget) -> String? {
    let current = accessibleDescription(of: widget)
    guard let added = storedString(widget, addedDescriptionKey) else { return current }
    // The text is still the library's: the app's is the one kept; else the app wrote since.
    return current == added ? storedString(widget, appDescriptionKey) : current
}

/// Adds `addition` to the app's description of `widget` (after it, a space between), or with
/// `nil` gives the app's description back.
@MainActor
func setDescriptionAddition(_ widget: Widget, _ addition: String?) {
    let appText = appDescription(of: widget)
    guard let addition else {
        guard storedString(widget, addedDescriptionKey) != nil else { return }
        setAccessibleDescription(widget, appText)
        store(widget, addedDescriptionKey, nil)
        store(widget, appDescriptionKey, nil)
        return
    }
    let text = appText.map { $0.isEmpty ? addition : $0 + " " + addition } ?? addition
    setAccessibleDescription(widget, text)
    store(widget, addedDescriptionKey, text)
    store(widget, appDescriptionKey, appText)
}

@MainActor
private func storedString(_ widget: Widget, _ key: GQuark) -> String? {
    g_object_get_qdata(cgtk_object(widget), key).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
}

@MainActor
private func store(_ widget: Widget, _ key: GQuark, _ text: String?) {
    g_object_set_qdata_full(cgtk_object(widget), key, text.map { UnsafeMutableRawPointer(g_strdup($0)) }, g_free)
}
