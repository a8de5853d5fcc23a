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
// The controller is made and freed, disposed, measured and allocated through the table's shared
// entries (Container+EntryPoints.swift).

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

private func flowWrapHStackControllerHasChild(_ controller: UnsafeMutableRawPointer, _ child: Widget) -> gboolean {
    withController(controller, child) { controller, widgets in controller.contains(widgets[0]!) ? 1 : 0 }
}

private func flowWrapHStackControllerGetNChildren(_ controller: UnsafeMutableRawPointer) -> guint {
    withController(controller) { controller, _ in guint(clamping: controller.entries.count) }
}

private func flowWrapHStackControllerGetChildAtIndex(_ controller: UnsafeMutableRawPointer, _ index: guint) -> Widget? {
    withController(controller) { controller, _ in
        Int(index) < controller.entries.count ? controller.entries[Int(index)].widget : nil
    }
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
        hstack_has_child = { flowWrapHStackControllerHasChild($0!, $1!) }
        hstack_get_last_child = { flowWrapHStackControllerGetLastChild($0!) }
        hstack_get_n_children = { flowWrapHStackControllerGetNChildren($0!) }
        hstack_get_child_at_index = { flowWrapHStackControllerGetChildAtIndex($0!, $1) }
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
    }
}
