// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

// The controller table's entries the classes share (flow-private/flow-controller-table.h): one
// set for all of them, each finding the controller's class here. Every class's controller is made
// and freed through them; the two containers (the box and the list) are disposed, measured and
// allocated through them, and their interaction core's properties (flow-interaction.h) and user's
// move go through them too. On the main thread as GTK requires (each asserts it, as the classes'
// own entry points do).

/// What the shared entries ask of the box's and the list's controllers.
@MainActor
protocol ContainerController: ObjectController {
    var interaction: ItemInteraction { get }
    func dispose()
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int)
    func allocate(width: Int, height: Int)
}

extension WrapHStackController: ContainerController {}
extension WrapListViewController: ContainerController {}

/// A controller whose object's layout properties, orientation or dpi can change.
@MainActor
protocol OptionsFollowing: AnyObject {
    func optionsChanged()
}

extension WrapListViewController: OptionsFollowing {
    func optionsChanged() { applyProperties() }
}

extension WrapLayoutController: OptionsFollowing {}

/// Runs `body` with the controller `pointer` stands for, as `Controller`, on the main actor.
private func with<Controller, Result>(_ pointer: UnsafeMutableRawPointer?, as _: Controller.Type,
                                      _ body: @MainActor (Controller) -> Result) -> Result {
    let pointer = MainThreadPointer(pointer)
    return MainActor.assumeIsolated {
        MainThreadValue(body(Unmanaged<AnyObject>.fromOpaque(pointer.raw!).takeUnretainedValue() as! Controller))
    }.value
}

private func controllerNew(_ kind: FlowControllerKind, _ object: gpointer) -> UnsafeMutableRawPointer {
    let object = OpaquePointer(object)
    switch kind {
    case FLOW_CONTROLLER_LAYOUT: return ControllerOwnership.make(WrapLayoutController.self, for: object)
    case FLOW_CONTROLLER_HSTACK: return ControllerOwnership.make(WrapHStackController.self, for: object)
    default: return ControllerOwnership.make(WrapListViewController.self, for: object)
    }
}

private func containerMeasure(_ controller: UnsafeMutableRawPointer, _ orientation: GtkOrientation, _ forSize: Int32,
                              _ minimum: UnsafeMutablePointer<Int32>, _ natural: UnsafeMutablePointer<Int32>) {
    let size = with(controller, as: (any ContainerController).self) { MainThreadValue($0.measure(orientation, forSize: Int(forSize))) }
    minimum.pointee = Int32(clamping: size.value.minimum)
    natural.pointee = Int32(clamping: size.value.natural)
}

private func interactionGet(_ controller: UnsafeMutableRawPointer, _ property: FlowInteractionProp,
                            _ value: UnsafeMutablePointer<GValue>) {
    let value = MainThreadPointer(value)
    with(controller, as: (any ContainerController).self) {
        $0.interaction.read(property, into: value.raw!.assumingMemoryBound(to: GValue.self))
    }
}

private func interactionSet(_ controller: UnsafeMutableRawPointer, _ property: FlowInteractionProp,
                            _ value: UnsafePointer<GValue>) -> gboolean {
    let value = MainThreadPointer(UnsafeMutableRawPointer(mutating: value))
    return with(controller, as: (any ContainerController).self) {
        $0.interaction.set(property, from: value.raw!.assumingMemoryBound(to: GValue.self)) ? 1 : 0
    }
}

extension FlowControllerTable {
    /// Sets the entries the classes share (ControllerTable.swift registers the table).
    mutating func setSharedEntries() {
        controller_new = { controllerNew($0, $1!) }
        controller_free = { ControllerOwnership.free($0!) }
        options_changed = { with($0, as: (any OptionsFollowing).self) { $0.optionsChanged() } }
        container_dispose = { with($0, as: (any ContainerController).self) { $0.dispose() } }
        container_measure = { containerMeasure($0!, $1, $2, $3!, $4!) }
        container_allocate = { controller, width, height in
            with(controller, as: (any ContainerController).self) { $0.allocate(width: Int(width), height: Int(height)) }
        }
        interaction_get = { interactionGet($0!, $1, $2!) }
        interaction_set = { interactionSet($0!, $1, $2!) }
        interaction_move = { controller, from, to in
            with(controller, as: (any ContainerController).self) { $0.interaction.moveItem(from: Int(from), to: Int(to)) ? 1 : 0 }
        }
    }
}
