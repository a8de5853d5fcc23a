import CFlowClasses
import CGtk
import FlowEngine
import GObjectSupport

// The functions FlowWrapLayout's C code calls (declared in flow-classes-private.h). GObject calls
// them on the thread that uses the object, for GTK objects the main thread: each asserts that it
// is on the main actor (`MainActor.assumeIsolated`), in a Swift program and in libflow-1.so loaded
// by another language alike.
//
// The controller is retained once by `new` and released by `free` (ControllerOwnership.swift);
// in between, the C object passes it back as an opaque pointer.

/// A pointer crossing into the main actor's closure (it is only used on the main thread).
struct MainThreadPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
    init(_ raw: UnsafeMutableRawPointer?) { self.raw = raw }
    init(_ pointer: OpaquePointer?) { raw = pointer.map(UnsafeMutableRawPointer.init) }
    init<T>(_ pointer: UnsafeMutablePointer<T>?) { raw = pointer.map(UnsafeMutableRawPointer.init) }
}

extension WrapLayoutController {
    static func from(_ controller: UnsafeMutableRawPointer) -> WrapLayoutController {
        ControllerOwnership.controller(WrapLayoutController.self, controller)
    }

    /// The controller of a FlowWrapLayout.
    static func of(_ layout: OpaquePointer) -> WrapLayoutController {
        from(flow_wrap_layout_get_controller(layout))
    }
}

@_cdecl("flow_wrap_layout_controller_new")
func flowWrapLayoutControllerNew(_ layout: OpaquePointer) -> UnsafeMutableRawPointer {
    ControllerOwnership.make(WrapLayoutController.self, for: layout)
}

@_cdecl("flow_wrap_layout_controller_free")
func flowWrapLayoutControllerFree(_ controller: UnsafeMutableRawPointer) {
    ControllerOwnership.free(WrapLayoutController.self, controller)
}

@_cdecl("flow_wrap_layout_controller_measure")
func flowWrapLayoutControllerMeasure(_ controller: UnsafeMutableRawPointer, _ widget: Widget,
                                     _ orientation: GtkOrientation, _ forSize: Int32,
                                     _ minimum: UnsafeMutablePointer<Int32>, _ natural: UnsafeMutablePointer<Int32>) {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(widget), MainThreadPointer(minimum),
                    MainThreadPointer(natural))
    MainActor.assumeIsolated {
        let size = WrapLayoutController.from(pointers.0.raw!)
            .measure(orientation, forSize: Int(forSize))
        pointers.2.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.minimum)
        pointers.3.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.natural)
    }
}

@_cdecl("flow_wrap_layout_controller_allocate")
func flowWrapLayoutControllerAllocate(_ controller: UnsafeMutableRawPointer, _ widget: Widget,
                                      _ width: Int32, _ height: Int32) {
    let controller = MainThreadPointer(controller)
    MainActor.assumeIsolated {
        WrapLayoutController.from(controller.raw!).allocate(width: Int(width), height: Int(height))
    }
}

@_cdecl("flow_wrap_layout_controller_options_changed")
func flowWrapLayoutControllerOptionsChanged(_ controller: UnsafeMutableRawPointer) {
    let controller = MainThreadPointer(controller)
    MainActor.assumeIsolated { WrapLayoutController.from(controller.raw!).optionsChanged() }
}

@_cdecl("flow_wrap_layout_controller_load_child_options")
func flowWrapLayoutControllerLoadChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget,
                                              _ options: UnsafeMutablePointer<FlowChildOptions>) -> gboolean {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(child), MainThreadPointer(options))
    return MainActor.assumeIsolated {
        let layout = WrapLayoutController.from(pointers.0.raw!)
        guard let index = layout.entryIndex(of: pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self)) else {
            return 0
        }
        let target = pointers.2.raw!.assumingMemoryBound(to: FlowChildOptions.self)
        target.pointee.grow = layout.entries[index].grow
        target.pointee.break_before = layout.entries[index].breakBefore ? 1 : 0
        return 1
    }
}

@_cdecl("flow_wrap_layout_controller_store_child_options")
func flowWrapLayoutControllerStoreChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget,
                                               _ options: UnsafePointer<FlowChildOptions>) -> gboolean {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(child),
                    MainThreadPointer(UnsafeMutableRawPointer(mutating: options)))
    return MainActor.assumeIsolated {
        let layout = WrapLayoutController.from(pointers.0.raw!)
        let options = pointers.2.raw!.assumingMemoryBound(to: FlowChildOptions.self).pointee
        let kept = layout.storeOptions(options, of: pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self))
        return kept ? 1 : 0
    }
}

extension WrapLayoutController {
    /// Stores a child's options: a box's child in its entry (returns `true`), a plain widget's in
    /// its FlowWrapLayoutChild (the caller; returns `false`). Either way, lays out again.
    func storeOptions(_ options: FlowChildOptions, of child: Widget) -> Bool {
        defer { childrenChanged() }
        guard let index = entryIndex(of: child) else { return false }
        entries[index].grow = options.grow
        entries[index].breakBefore = options.break_before != 0
        return true
    }
}
