// Test-only: the Swift half of FlowLayoutProbe (CFlowProbe/flow-layout-probe.h), built the way
// the container classes' controllers will be.
//
// Ownership: the C instance owns its controller. Its instance init calls
// `flow_layout_probe_controller_new`, which returns the controller retained once (+1, as an
// opaque pointer); its finalize calls `flow_layout_probe_controller_free`, which releases it. The
// controller keeps an unowned pointer back to its object (a strong one would be a cycle, and the
// object always outlives it). The Swift view (`LayoutProbe`) holds a GObject reference to the
// object, not to the controller, so the object lives as long as any language holds it.
//
// Isolation: GObject calls these entry points on the thread that uses the object: for GTK
// objects, the main thread. The controller is main-actor isolated and each entry point asserts
// it is on the main thread (`MainActor.assumeIsolated`), which works in a Swift executable and in
// a shared library loaded by another program alike (Swift checks the thread, not who started it).

import CFlow
import CFlowProbe
import FlowEngine
import FlowGObject

@MainActor
final class LayoutProbeController {
    /// How many controllers exist, so the tests can see each one made and freed.
    static var live = 0

    let owner: OpaquePointer

    init(owner: OpaquePointer) {
        self.owner = owner
        Self.live += 1
    }

    /// The natural length of the probe's row of items, with the layout its properties describe.
    var naturalLength: Double {
        let object = flow_layout_probe_cast(UnsafeMutableRawPointer(owner))
        let layout = flow_layout_probe_get_values(object).pointee.layout(dpi: LengthUnit.dpi())
        let item = FlowItem(width: flow_layout_probe_get_item_width(object), height: 10)
        return layout.naturalLength(of: Array(repeating: item, count: Int(flow_layout_probe_get_item_count(object))))
    }
}

/// A raw pointer crossing into the main actor's closure (it is only used on the main thread).
private struct Pointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer
}

@_cdecl("flow_layout_probe_controller_new")
public func flowLayoutProbeControllerNew(_ owner: OpaquePointer) -> UnsafeMutableRawPointer {
    let owner = Pointer(raw: UnsafeMutableRawPointer(owner))
    return MainActor.assumeIsolated {
        Pointer(raw: Unmanaged.passRetained(LayoutProbeController(owner: OpaquePointer(owner.raw))).toOpaque())
    }.raw
}

@_cdecl("flow_layout_probe_controller_free")
public func flowLayoutProbeControllerFree(_ controller: UnsafeMutableRawPointer) {
    let controller = Pointer(raw: controller)
    MainActor.assumeIsolated {
        Unmanaged<LayoutProbeController>.fromOpaque(controller.raw).release()
        LayoutProbeController.live -= 1
    }
}

@_cdecl("flow_layout_probe_controller_natural_length")
public func flowLayoutProbeControllerNaturalLength(_ controller: UnsafeMutableRawPointer) -> Double {
    let controller = Pointer(raw: controller)
    return MainActor.assumeIsolated {
        Unmanaged<LayoutProbeController>.fromOpaque(controller.raw).takeUnretainedValue().naturalLength
    }
}

/// How many probe controllers exist (for the tests, in Swift and through the shared library).
@_cdecl("flow_layout_probe_live_controllers")
public func flowLayoutProbeLiveControllers() -> Int32 {
    MainActor.assumeIsolated { Int32(LayoutProbeController.live) }
}
