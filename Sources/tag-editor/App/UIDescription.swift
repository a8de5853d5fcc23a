// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import Foundation
import GObjectSupport

/// A window's description (`Resources/ui/NAME.ui`, built into the program as a GResource by the
/// GResourceCompiler plugin): GtkBuilder makes its widgets, and Swift takes the ones it gives
/// behaviour by their ids. The builder holds a reference to every object it made until this goes:
/// a window's description can go once the window is made (GTK keeps a toplevel until it is
/// destroyed); a part that another widget takes in later (a panel, a header bar's button) keeps
/// its description as long as it lives.
@MainActor
final class UIDescription {
    static let resourcePath = "/io/github/wraphstack/TagEditor/"
    private let builder: OpaquePointer

    init(_ name: String) {
        UIDescription.registerResources()
        builder = gtk_builder_new_from_resource(Self.resourcePath + name + ".ui")
    }

    /// The widget with `id` (a missing id is a defect of the description: it stops the program).
    func widget(_ id: String) -> Widget {
        UnsafeMutableRawPointer(object(id)).assumingMemoryBound(to: GtkWidget.self)
    }

    /// The object with `id` that is not a widget (a list store, a completion).
    func object(_ id: String) -> OpaquePointer {
        guard let object = gtk_builder_get_object(builder, id) else { fatalError("no \(id) in the window's .ui") }
        return OpaquePointer(object)
    }

    /// The popover `id`, with a reference of its own (its owner lets go of it when its window
    /// goes, ``releasePopover(_:)``), child of `parent`: a window's popover is hidden between
    /// uses and reused, never alive without its surface.
    func popover(_ id: String, in parent: Widget) -> Widget {
        let popover = widget(id)
        g_object_ref(UnsafeMutableRawPointer(popover))
        gtk_widget_set_parent(popover, parent)
        return popover
    }

    /// Lets go of a popover made by ``popover(_:in:)``, when its window goes.
    static func releasePopover(_ popover: Widget) {
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
        g_object_unref(UnsafeMutableRawPointer(popover))
    }

    /// The window `id` (an AdwApplicationWindow) for a window with an application; without one
    /// (the checking modes, the tests), its content in a plain GtkWindow: libadwaita's windows
    /// always draw their own frame, and a screenshot or a layout dump must be of the requested
    /// size exactly, with no frame around it.
    func window(_ id: String, application: UnsafeMutablePointer<GtkApplication>?) -> Widget {
        let window = widget(id)
        if let application {
            gtk_window_set_application(cgtk_window(window), application)
            return window
        }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cgtk_window(window), &width, &height)
        let content = adw_application_window_get_content(cadw_application_window(window))!
        g_object_ref(UnsafeMutableRawPointer(content))
        adw_application_window_set_content(cadw_application_window(window), nil)
        gtk_window_destroy(cgtk_window(window))
        let plain = gtk_window_new()!
        gtk_window_set_default_size(cgtk_window(plain), width, height)
        gtk_window_set_child(cgtk_window(plain), content)
        g_object_unref(UnsafeMutableRawPointer(content))
        return plain
    }

    deinit {
        // Its owners are the main actor's, and go there.
        MainActor.assumeIsolated { g_object_unref(UnsafeMutableRawPointer(builder)) }
    }

    private static var registered = false

    /// Registers the program's GResource (once): its bytes are compiled into the program
    /// (`tagEditorGResourceBase64`, written by the plugin).
    static func registerResources() {
        guard !registered else { return }
        registered = true
        // libadwaita's types, stylesheet and style manager (AdwApplication does this at start-up;
        // the checking modes and the tests make windows without one).
        adw_init()
        var length: gsize = 0
        guard let data = g_base64_decode(tagEditorGResourceBase64, &length),
              let bytes = g_bytes_new_take(data, length) else { fatalError("the program's GResource is damaged") }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            fatalError("the program's GResource is damaged: \(error.map { String(cString: $0.pointee.message) } ?? "")")
        }
        g_resources_register(resource)
        g_resource_unref(resource)
    }
}
