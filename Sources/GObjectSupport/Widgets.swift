// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Widget pointers and their references. The ownership rules of all GObject plumbing live here, in
// one place:
//
// - A `Widget` is a plain pointer; it does not keep the widget alive.
// - Code that keeps a widget takes a reference with `retainWidget` (which also sinks a floating
//   reference, as a GTK parent does) and gives it back with `releaseWidget`.
// - A signal handler's Swift closure lives in a `ClosureBox` that GTK owns: it is retained when
//   connected and released by GTK's destroy-notify when the handler is disconnected or the object
//   is finalized. Closures that refer back to their owner capture it weakly.

import CGtk

/// A GTK widget, as GTK's C API returns it (`gtk_label_new` and friends).
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Takes a reference to `widget`, sinking its floating reference if it has one.
@MainActor @discardableResult
public func retainWidget(_ widget: Widget) -> Widget {
    g_object_ref_sink(widget)
    return widget
}

/// Gives back a reference taken with `retainWidget`.
@MainActor
public func releaseWidget(_ widget: Widget) {
    g_object_unref(widget)
}

/// The GObject type name of an object, for messages ("GtkLabel").
@MainActor
public func typeName(of widget: Widget) -> String {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
}

/// Measures `widget` and allocates it at `width` × `height`, each raised to the widget's minimum,
/// as GTK's layout does for a window's child: for tests and benchmarks that lay a widget out
/// without a window's frame clock (package access).
@MainActor
package func measureAndAllocate(_ widget: Widget, width: Int, height: Int) {
    var minimum: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    let allocatedWidth = max(Int32(width), minimum)
    var minimumHeight: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, allocatedWidth, &minimumHeight, nil, nil, nil)
    gtk_widget_allocate(widget, allocatedWidth, max(Int32(height), minimumHeight), -1, nil)
}

/// A drag's or the clipboard's content: `text` as UTF-8 plain text, what an entry or a text
/// editor accepts. The caller owns the returned reference.
public func plainTextContent(_ text: String) -> UnsafeMutablePointer<GdkContentProvider> {
    let bytes = Array(text.utf8)
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    return gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", data)!
}
