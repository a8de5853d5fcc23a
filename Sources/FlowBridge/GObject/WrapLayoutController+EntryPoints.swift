// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// The functions FlowWrapLayout's C code calls through the controller table
// (flow-private/flow-controller-table.h). GObject calls
// them on the thread that uses the object, for GTK objects the main thread: each asserts that it
// is on the main actor (`MainActor.assumeIsolated`), in a Swift program and in libflow-1.so loaded
// by another language alike.
//
// The controller is made by the table's `controller_new` and released by `controller_free`
// (Container+EntryPoints.swift, ControllerOwnership.swift); in between, the C object passes it
// back as an opaque pointer.

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

/// The box the layout serves, when the widget GTK passes is a FlowWrapHStack: a box keeps its own
/// children and runs its measuring and allocation with the layout's arithmetic.
@MainActor
private func box(_ widget: Widget?) -> WrapHStackController? {
    guard let widget else { return nil }
    return WrapHStackController.ofBox(widget)
}

private func flowWrapLayoutControllerMeasure(_ controller: UnsafeMutableRawPointer, _ widget: Widget,
                                     _ orientation: GtkOrientation, _ forSize: Int32,
                                     _ minimum: UnsafeMutablePointer<Int32>, _ natural: UnsafeMutablePointer<Int32>) {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(widget), MainThreadPointer(minimum),
                    MainThreadPointer(natural))
    MainActor.assumeIsolated {
        let widget = pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self)
        let size = box(widget)?.measure(orientation, forSize: Int(forSize))
            ?? WrapLayoutController.from(pointers.0.raw!).measurePlainWidget(widget, orientation, forSize: Int(forSize))
        pointers.2.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.minimum)
        pointers.3.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.natural)
    }
}

private func flowWrapLayoutControllerAllocate(_ controller: UnsafeMutableRawPointer, _ widget: Widget,
                                      _ width: Int32, _ height: Int32) {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(widget))
    MainActor.assumeIsolated {
        let widget = pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self)
        if let box = box(widget) {
            box.allocate(width: Int(width), height: Int(height))
        } else {
            WrapLayoutController.from(pointers.0.raw!).allocatePlainWidget(widget, width: Int(width), height: Int(height))
        }
    }
}

private func flowWrapLayoutControllerLoadChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget,
                                              _ options: UnsafeMutablePointer<FlowChildOptions>) -> gboolean {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(child), MainThreadPointer(options))
    return MainActor.assumeIsolated {
        let layout = WrapLayoutController.from(pointers.0.raw!)
        let child = pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self)
        guard let box = box(layout.widget), let index = box.entryIndex(of: child) else { return 0 }
        pointers.2.raw!.assumingMemoryBound(to: FlowChildOptions.self).pointee = box.options(of: index)
        return 1
    }
}

private func flowWrapLayoutControllerStoreChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget,
                                               _ options: UnsafePointer<FlowChildOptions>) -> gboolean {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(child),
                    MainThreadPointer(UnsafeMutableRawPointer(mutating: options)))
    return MainActor.assumeIsolated {
        let layout = WrapLayoutController.from(pointers.0.raw!)
        let options = pointers.2.raw!.assumingMemoryBound(to: FlowChildOptions.self).pointee
        let child = pointers.1.raw!.assumingMemoryBound(to: GtkWidget.self)
        // A box's child keeps its options in the box's list; a plain widget's in its
        // FlowWrapLayoutChild (the caller). Either way, lay out again.
        if let box = box(layout.widget) {
            guard let index = box.entryIndex(of: child) else {
                box.layoutChanged(.options)
                return 0
            }
            box.storeOptions(options, at: index)
            return 1
        }
        layout.plain.measured = nil
        gtk_layout_manager_layout_changed(layout.manager)
        return 0
    }
}

extension FlowControllerTable {
    /// Sets FlowWrapLayout's entries (ControllerTable.swift registers the table).
    mutating func setWrapLayoutEntries() {
        layout_measure = { flowWrapLayoutControllerMeasure($0!, $1!, $2, $3, $4!, $5!) }
        layout_allocate = { flowWrapLayoutControllerAllocate($0!, $1!, $2, $3) }
        layout_load_child_options = { flowWrapLayoutControllerLoadChildOptions($0!, $1!, $2!) }
        layout_store_child_options = { flowWrapLayoutControllerStoreChildOptions($0!, $1!, $2!) }
    }
}
