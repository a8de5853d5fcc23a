import CFlow
import CGtk
import FlowEngine
import FlowGObject

// The options have two faces: the Swift `layout` (a FlowLayout) and the FlowWrapListView's
// layout properties and orientation (FlowLayoutValues in the C instance, the same table as
// FlowWrapHStack's). Each change on one side is made on the other, so either can be read: a
// property set from C or Python changes `layout` (keeping what the properties do not cover:
// insets, the overflow indicator), and a `layout` set from Swift sets the properties, each that
// changes notifying once.

extension WrapListController {
    var object: OpaquePointer { OpaquePointer(view) }

    /// The display's dpi, which pt and sp lengths follow.
    var dpi: Double { LengthUnit.dpi(of: gtk_widget_get_settings(view)) }

    /// A property, the orientation, or the dpi changed (flow_wrap_list_view_controller_options_changed).
    func applyProperties() {
        var base = layout
        base.axis = gtk_orientable_get_orientation(object) == GTK_ORIENTATION_VERTICAL ? .vertical : .horizontal
        let options = flow_wrap_list_view_get_values(flow_wrap_list_view_cast(view)).pointee.layout(dpi: dpi, base: base)
        applyingProperties = true
        defer { applyingProperties = false }
        layout = options
    }

    /// `layout` was set from Swift: the properties and the orientation show it.
    func showOptionsAsProperties() {
        let cast = flow_wrap_list_view_cast(view)
        var values = flow_wrap_list_view_get_values(cast).pointee.updated(to: layout, dpi: dpi)
        flow_wrap_list_view_set_options(cast, &values,
                                        layout.axis == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
    }
}
