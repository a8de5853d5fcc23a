// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import GObjectSupport

// How each Flow C class owns its Swift controller (the pattern every class of the library follows;
// FlowWrapLayout and FlowWrapHStack are the models).
//
// 1. The C file's instance init calls the controller table's `controller_new` with its class's
//    kind (`flow-private/flow-controller-table.h`, registered by ControllerTable.swift) and keeps
//    the pointer it returns; its finalize calls `controller_free`. Both are in
//    Container+EntryPoints.swift, through `ControllerOwnership` below: the object holds the one
//    retain, so however the object is made (g_object_new from any language, GtkBuilder, a Swift
//    view), it has its controller, and the controller goes with it.
// 2. The controller keeps an unowned pointer back to its object (`object`), never a reference, so
//    the two cannot keep each other alive. A Swift view (such as `WrapHStack`) references the
//    object, and finds the controller through the object.
// 3. Every other C-to-Swift call passes the controller pointer back and runs on the main actor
//    (`MainActor.assumeIsolated`: GObject calls a GTK object's code on the main thread only).

/// A Swift controller that a C object makes in its instance init, for that object.
@MainActor
protocol ObjectController: AnyObject {
    init(object: OpaquePointer)
}

/// The retain a C object holds on its controller.
enum ControllerOwnership {
    /// A new controller for `object`, retained once for it (the C object keeps the pointer).
    static func make<Controller: ObjectController>(_: Controller.Type, for object: OpaquePointer)
        -> UnsafeMutableRawPointer {
        let object = MainThreadPointer(object)
        return MainActor.assumeIsolated {
            MainThreadPointer(Unmanaged.passRetained(Controller(object: OpaquePointer(object.raw!))).toOpaque())
        }.raw!
    }

    /// Gives up the object's retain (its finalize): the controller goes unless Swift code still
    /// holds it for the moment.
    static func free(_ controller: UnsafeMutableRawPointer) {
        let controller = MainThreadPointer(controller)
        MainActor.assumeIsolated {
            Unmanaged<AnyObject>.fromOpaque(controller.raw!).release()
        }
    }

    /// The controller a C object passes back.
    static func controller<Controller: ObjectController>(_: Controller.Type, _ pointer: UnsafeMutableRawPointer)
        -> Controller {
        Unmanaged<Controller>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// A value crossing back from a main-actor closure of the entry points (it stays on the main
/// thread).
struct MainThreadValue<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
