// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowGObject
import GObjectSupport

// The functions FlowWrapHStack's C code calls through the controller table, on the main thread
// as GTK requires (each asserts it, as WrapLayoutController+EntryPoints does). The C side checks
// its arguments first (a widget with a parent, a child of another box: GTK's criticals), so
// these take them as valid.
//
// The controller is retained once by `new` and released by `free` (ControllerOwnership.swift).

extension WrapHStackController {
    static func from(_ controller: UnsafeMutableRawPointer?) -> WrapHStackController {
        ControllerOwnership.controller(WrapHStackController.self, controller!)
    }

    /// The index of child `child` (the C side checked that it is one).
    func index(of child: Widget) -> Int {
        entryIndex(of: child)!
    }
}

/// Runs `body` with the controller and the widget pointers it was given, on the main actor.
private func withController<Result>(_ controller: UnsafeMutableRawPointer?, _ widgets: Widget?...,
                                    body: @MainActor (WrapHStackController, [Widget?]) -> Result) -> Result {
    let pointers = (MainThreadPointer(controller), widgets.map { MainThreadPointer($0) })
    let result = MainActor.assumeIsolated {
        MainThreadValue(body(WrapHStackController.from(pointers.0.raw),
                       pointers.1.map { $0.raw?.assumingMemoryBound(to: GtkWidget.self) }))
    }
    return result.value
}

private func flowWrapHStackControllerNew(_ box: OpaquePointer) -> UnsafeMutableRawPointer {
    ControllerOwnership.make(WrapHStackController.self, for: box)
}

private func flowWrapHStackControllerDispose(_ controller: UnsafeMutableRawPointer) {
    withController(controller) { controller, _ in controller.dispose() }
}

private func flowWrapHStackControllerFree(_ controller: UnsafeMutableRawPointer) {
    ControllerOwnership.free(WrapHStackController.self, controller)
}

private func flowWrapHStackControllerHasChild(_ controller: UnsafeMutableRawPointer, _ child: Widget) -> gboolean {
    withController(controller, child) { controller, widgets in controller.contains(widgets[0]!) ? 1 : 0 }
}

private func flowWrapHStackControllerGetLastChild(_ controller: UnsafeMutableRawPointer) -> Widget? {
    withController(controller) { controller, _ in controller.entries.last?.widget }
}

private func flowWrapHStackControllerInsertAfter(_ controller: UnsafeMutableRawPointer, _ child: Widget, _ sibling: Widget?) {
    withController(controller, child, sibling) { controller, widgets in
        let index = widgets[1].map { controller.index(of: $0) + 1 } ?? 0
        controller.insert(widgets[0]!, at: index)
    }
}

private func flowWrapHStackControllerReorderAfter(_ controller: UnsafeMutableRawPointer, _ child: Widget, _ sibling: Widget?) {
    withController(controller, child, sibling) { controller, widgets in
        let from = controller.index(of: widgets[0]!)
        // The sibling's index once the child is out of the list.
        let to = widgets[1].map { sibling in
            let index = controller.index(of: sibling)
            return index < from ? index + 1 : index
        } ?? 0
        controller.move(from: from, to: to)
    }
}

private func flowWrapHStackControllerRemove(_ controller: UnsafeMutableRawPointer, _ child: Widget) {
    withController(controller, child) { controller, widgets in controller.remove(at: controller.index(of: widgets[0]!)) }
}

private func flowWrapHStackControllerRemoveAll(_ controller: UnsafeMutableRawPointer) {
    withController(controller) { controller, _ in controller.removeAll() }
}

private func flowWrapHStackControllerGetChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget) -> FlowChildOptions {
    withController(controller, child) { controller, widgets in controller.options(of: controller.index(of: widgets[0]!)) }
}

private func flowWrapHStackControllerSetChildOptions(_ controller: UnsafeMutableRawPointer, _ child: Widget,
                                             _ options: UnsafePointer<FlowChildOptions>) {
    let options = options.pointee
    withController(controller, child) { controller, widgets in
        controller.setOptions(options, of: controller.index(of: widgets[0]!))
    }
}

private func flowWrapHStackControllerGetPlacement(_ controller: UnsafeMutableRawPointer) -> FlowPlacement {
    withController(controller) { controller, _ in controller.placement.gobjectValue }
}

private func flowWrapHStackControllerSetPlacement(_ controller: UnsafeMutableRawPointer, _ placement: FlowPlacement) {
    withController(controller) { controller, _ in
        controller.setPlacement(WrapHStack.Placement(placement) ?? .fixed)
    }
}

private func flowWrapHStackControllerGetFixed(_ controller: UnsafeMutableRawPointer) -> Widget? {
    withController(controller) { controller, _ in controller.fixed }
}

private func flowWrapHStackControllerGetContentHeight(_ controller: UnsafeMutableRawPointer) -> Int32 {
    withController(controller) { controller, _ in Int32(clamping: controller.contentHeight) }
}

private func flowWrapHStackControllerMeasure(_ controller: UnsafeMutableRawPointer, _ orientation: GtkOrientation,
                                             _ forSize: Int32, _ minimum: UnsafeMutablePointer<Int32>,
                                             _ natural: UnsafeMutablePointer<Int32>) {
    let sizes = (MainThreadPointer(minimum), MainThreadPointer(natural))
    withController(controller) { controller, _ in
        let size = controller.measure(orientation, forSize: Int(forSize))
        sizes.0.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.minimum)
        sizes.1.raw!.assumingMemoryBound(to: Int32.self).pointee = Int32(clamping: size.natural)
    }
}

private func flowWrapHStackControllerAllocate(_ controller: UnsafeMutableRawPointer, _ width: Int32, _ height: Int32) {
    withController(controller) { controller, _ in controller.allocate(width: Int(width), height: Int(height)) }
}

private func flowWrapHStackControllerGetReorderable(_ controller: UnsafeMutableRawPointer) -> gboolean {
    withController(controller) { controller, _ in controller.interaction.reorderable ? 1 : 0 }
}

private func flowWrapHStackControllerSetReorderable(_ controller: UnsafeMutableRawPointer, _ reorderable: gboolean) {
    withController(controller) { controller, _ in controller.interaction.setReorderable(reorderable != 0) }
}

private func flowWrapHStackControllerFocus(_ controller: UnsafeMutableRawPointer, _ direction: GtkDirectionType,
                                   _ handled: UnsafeMutablePointer<gboolean>) -> gboolean {
    let handled = MainThreadPointer(handled)
    return withController(controller) { controller, _ in
        guard let result = controller.moveFocus(direction) else { return 0 }
        handled.raw!.assumingMemoryBound(to: gboolean.self).pointee = 1
        return result ? 1 : 0
    }
}

extension FlowControllerTable {
    /// Sets FlowWrapHStack's entries (ControllerTable.swift registers the table).
    mutating func setWrapHStackEntries() {
        hstack_new = { flowWrapHStackControllerNew($0!) }
        hstack_dispose = { flowWrapHStackControllerDispose($0!) }
        hstack_free = { flowWrapHStackControllerFree($0!) }
        hstack_has_child = { flowWrapHStackControllerHasChild($0!, $1!) }
        hstack_get_last_child = { flowWrapHStackControllerGetLastChild($0!) }
        hstack_insert_after = { flowWrapHStackControllerInsertAfter($0!, $1!, $2) }
        hstack_reorder_after = { flowWrapHStackControllerReorderAfter($0!, $1!, $2) }
        hstack_remove = { flowWrapHStackControllerRemove($0!, $1!) }
        hstack_remove_all = { flowWrapHStackControllerRemoveAll($0!) }
        hstack_get_child_options = { flowWrapHStackControllerGetChildOptions($0!, $1!) }
        hstack_set_child_options = { flowWrapHStackControllerSetChildOptions($0!, $1!, $2!) }
        hstack_get_placement = { flowWrapHStackControllerGetPlacement($0!) }
        hstack_set_placement = { flowWrapHStackControllerSetPlacement($0!, $1) }
        hstack_get_fixed = { flowWrapHStackControllerGetFixed($0!) }
        hstack_get_content_height = { flowWrapHStackControllerGetContentHeight($0!) }
        hstack_focus = { flowWrapHStackControllerFocus($0!, $1, $2!) }
        hstack_get_reorderable = { flowWrapHStackControllerGetReorderable($0!) }
        hstack_set_reorderable = { flowWrapHStackControllerSetReorderable($0!, $1) }
        hstack_measure = { flowWrapHStackControllerMeasure($0!, $1, $2, $3!, $4!) }
        hstack_allocate = { flowWrapHStackControllerAllocate($0!, $1, $2) }
    }
}
