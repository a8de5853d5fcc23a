// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import FlowGObject

// The options have one source of truth, as the box's do: the FlowWrapListView's layout properties
// and orientation (FlowLayoutValues in the C instance, the same table as FlowWrapHStack's). The
// Swift `layout` is read from them (with the options no property covers), and setting it sets
// them; a property set from C or Python reaches the list through `applyProperties`.

extension WrapListViewController {
    var object: OpaquePointer { OpaquePointer(view) }

    /// The display's dpi, which pt and sp lengths follow.
    var dpi: Double { LengthUnit.dpi(of: gtk_widget_get_settings(view)) }

    /// The options: the properties and the orientation, in pixels at the display's dpi, with
    /// ``swiftOnlyOptions`` for what no property covers (kept until one of them changes).
    var layout: FlowLayout {
        if let cachedLayout { return cachedLayout }
        var base = swiftOnlyOptions
        base.axis = gtk_orientable_get_orientation(object) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal
        let options = flow_wrap_list_view_get_values(flow_wrap_list_view_cast(view)).pointee.layout(dpi: dpi, base: base)
        cachedLayout = options
        return options
    }

    /// Sets the properties (each that changes notifies once) and the orientation from `options`,
    /// keeping each length's unit, and keeps the rest as ``swiftOnlyOptions``.
    func setLayout(_ options: FlowLayout) {
        let before = layout
        swiftOnlyOptions = options
        cachedLayout = nil
        let cast = flow_wrap_list_view_cast(view)
        var values = flow_wrap_list_view_get_values(cast).pointee.updated(to: options, dpi: dpi)
        flow_wrap_list_view_set_options(cast, &values,
                                        options.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        if layout != before { invalidateTable() }
    }

    /// A property, the orientation, or the dpi changed (flow_wrap_list_view_controller_options_changed).
    func applyProperties() {
        let before = cachedLayout
        cachedLayout = nil
        if layout != before { invalidateTable() }
    }
}
