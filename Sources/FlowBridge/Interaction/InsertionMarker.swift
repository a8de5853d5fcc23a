// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

/// The insertion marker: a widget whose CSS node is `marker` with the class `insertion-marker`,
/// a child of the container after its children (so drawn over them), hidden until a drag hovers;
/// the container allocates it at the engine's marker rectangle.
@MainActor
enum InsertionMarker {
    static func make(in parent: Widget) -> Widget {
        installStyle()
        let marker = retainWidget(g_object_new_with_properties(markerType, 0, nil, nil)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }!)
        gtk_widget_add_css_class(marker, "insertion-marker")
        gtk_widget_set_can_target(marker, 0)
        gtk_widget_set_can_focus(marker, 0)
        cgtk_accessible_set_hidden(marker, 1)
        gtk_widget_set_visible(marker, 0)
        gtk_widget_set_parent(marker, parent)
        return marker
    }

    /// Shows the marker at `frame` (in its parent's coordinates).
    static func show(_ marker: Widget, at frame: FlowRect) {
        if gtk_widget_get_visible(marker) == 0 { gtk_widget_set_visible(marker, 1) }
        // GTK wants a widget measured before it is allocated.
        var ignored: Int32 = 0
        gtk_widget_measure(marker, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        var allocation = GtkAllocation(x: Int32(frame.x.rounded()), y: Int32(frame.y.rounded()),
                                       width: Int32(max(1, frame.width.rounded())),
                                       height: Int32(max(1, frame.height.rounded())))
        gtk_widget_size_allocate(marker, &allocation, -1)
    }

    static func hide(_ marker: Widget?) {
        guard let marker, gtk_widget_get_visible(marker) != 0 else { return }
        gtk_widget_set_visible(marker, 0)
    }

    /// The marker's rectangle in its parent as last allocated, while it is shown.
    static func frame(of marker: Widget?) -> FlowRect? {
        guard let marker, gtk_widget_get_visible(marker) != 0 else { return nil }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(marker, &allocation)
        return FlowRect(x: Double(allocation.x), y: Double(allocation.y),
                        width: Double(allocation.width), height: Double(allocation.height))
    }

    /// A GtkWidget subclass whose only difference is its CSS name, `marker` (GTK 4 sets CSS names
    /// per class).
    private static let markerType: GType = {
        var query = GTypeQuery()
        g_type_query(gtk_widget_get_type(), &query)
        return g_type_register_static_simple(gtk_widget_get_type(), "FlowInsertionMarker", query.class_size,
                                             { klass, _ in
                                                 gtk_widget_class_set_css_name(
                                                     klass?.assumingMemoryBound(to: GtkWidgetClass.self), "marker")
                                             },
                                             query.instance_size, nil, GTypeFlags(0))
    }()

    private static var styleInstalled = false

    /// The marker's default look, below an application's and a theme's own rules.
    private static func installStyle() {
        guard !styleInstalled, let display = gdk_display_get_default() else { return }
        styleInstalled = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, """
            wraphstack > marker.insertion-marker, wraplistview > marker.insertion-marker {
                background-color: @theme_selected_bg_color; border-radius: 2px; }
            """, -1)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_FALLBACK))
    }
}
