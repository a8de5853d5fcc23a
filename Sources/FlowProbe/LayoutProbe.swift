// Test-only: the typed Swift view of a FlowLayoutProbe, as `WrapHStack` will be the typed view of
// a FlowWrapHStack: it holds one GObject reference, and its `layout` reads and writes the
// object's properties (one source of truth), so a change from Swift notifies GObject watchers
// and a change from GObject (a .ui file, Python) shows in `layout`.

import CFlow
import CFlowProbe
import CGtk
import FlowEngine
import FlowGObject

@MainActor
public final class LayoutProbe {
    /// The FlowLayoutProbe; this view owns one reference to it.
    public let object: UnsafeMutableRawPointer

    /// A new probe object (its instance init makes its controller).
    public init() {
        object = UnsafeMutableRawPointer(g_object_new_with_properties(flow_layout_probe_get_type(), 0, nil, nil))
    }

    /// A view of an existing probe (one made by GtkBuilder, say), taking a reference of its own.
    public init(viewing existing: UnsafeMutableRawPointer) {
        object = UnsafeMutableRawPointer(g_object_ref(existing))
    }

    isolated deinit {
        g_object_unref(object)
    }

    var probe: OpaquePointer { flow_layout_probe_cast(object) }

    /// The layout the properties describe, lengths in pixels at the default display's dpi.
    /// Setting it sets every property that differs, each notifying once.
    public var layout: FlowLayout {
        get { flow_layout_probe_get_values(probe).pointee.layout(dpi: LengthUnit.dpi()) }
        set {
            var values = flow_layout_probe_get_values(probe).pointee.updated(to: newValue, dpi: LengthUnit.dpi())
            flow_layout_probe_set_values(probe, &values)
        }
    }

    /// The controller the object made in its instance init.
    public var controller: UnsafeMutableRawPointer? { flow_layout_probe_get_controller(probe) }

    /// How many probe controllers exist now.
    public static var liveControllers: Int { Int(flowLayoutProbeLiveControllers()) }
}
