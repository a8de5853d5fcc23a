import CGtk
import CWrapListView
import GObjectSupport

// The functions FlowWrapListView's C code calls (declared in flow-wrap-list-view-private.h), on
// the main thread as GTK requires (each asserts it, as WrapLayoutController+EntryPoints does).
// The C side checks its arguments first, so these take them as valid.
//
// The controller is retained once by `new` and released by `free` (ControllerOwnership.swift).

/// Runs `body` with the controller, on the main actor.
private func withList<Result>(_ controller: UnsafeMutableRawPointer?,
                              _ body: @MainActor (WrapListController) -> Result) -> Result {
    let pointer = MainThreadPointer(controller)
    nonisolated(unsafe) let body = body
    return MainActor.assumeIsolated {
        ListResult(body(ControllerOwnership.controller(WrapListController.self, pointer.raw!)))
    }.value
}

/// A result crossing back from the main actor's closure (it stays on the main thread).
private struct ListResult<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@_cdecl("flow_wrap_list_view_controller_new")
func flowWrapListViewControllerNew(_ view: OpaquePointer) -> UnsafeMutableRawPointer {
    ControllerOwnership.make(WrapListController.self, for: view)
}

@_cdecl("flow_wrap_list_view_controller_dispose")
func flowWrapListViewControllerDispose(_ controller: UnsafeMutableRawPointer) {
    withList(controller) { $0.dispose() }
}

@_cdecl("flow_wrap_list_view_controller_free")
func flowWrapListViewControllerFree(_ controller: UnsafeMutableRawPointer) {
    ControllerOwnership.free(WrapListController.self, controller)
}

@_cdecl("flow_wrap_list_view_controller_measure")
func flowWrapListViewControllerMeasure(_ controller: UnsafeMutableRawPointer, _ orientation: GtkOrientation,
                                       _ forSize: Int32, _ minimum: UnsafeMutablePointer<Int32>,
                                       _ natural: UnsafeMutablePointer<Int32>) {
    let (min, nat) = withList(controller) { $0.measure(orientation, forSize: Int(forSize)) }
    minimum.pointee = Int32(clamping: min)
    natural.pointee = Int32(clamping: nat)
}

@_cdecl("flow_wrap_list_view_controller_allocate")
func flowWrapListViewControllerAllocate(_ controller: UnsafeMutableRawPointer, _ width: Int32, _ height: Int32) {
    withList(controller) { $0.allocate(width: Int(width), height: Int(height)) }
}

@_cdecl("flow_wrap_list_view_controller_scrolled")
func flowWrapListViewControllerScrolled(_ controller: UnsafeMutableRawPointer) {
    withList(controller) { $0.scrolledByUser() }
}

@_cdecl("flow_wrap_list_view_controller_options_changed")
func flowWrapListViewControllerOptionsChanged(_ controller: UnsafeMutableRawPointer) {
    withList(controller) { $0.applyProperties() }
}

@_cdecl("flow_wrap_list_view_controller_get_model")
func flowWrapListViewControllerGetModel(_ controller: UnsafeMutableRawPointer) -> OpaquePointer? {
    let model = withList(controller) { MainThreadPointer($0.model) }
    return model.raw.map(OpaquePointer.init)
}

@_cdecl("flow_wrap_list_view_controller_set_model")
func flowWrapListViewControllerSetModel(_ controller: UnsafeMutableRawPointer, _ model: OpaquePointer?) {
    let model = MainThreadPointer(model)
    withList(controller) { $0.setModel(model.raw) }
}

@_cdecl("flow_wrap_list_view_controller_get_n_realized")
func flowWrapListViewControllerGetNRealized(_ controller: UnsafeMutableRawPointer) -> guint {
    withList(controller) { guint(clamping: $0.realized.count) }
}

@_cdecl("flow_wrap_list_view_controller_scroll_to")
func flowWrapListViewControllerScrollTo(_ controller: UnsafeMutableRawPointer, _ position: guint) {
    withList(controller) { list in
        guard list.sizes.count > 0 else { return }
        list.reveal(min(Int(position), list.sizes.count - 1))
    }
}

@_cdecl("flow_wrap_list_view_controller_get_position")
func flowWrapListViewControllerGetPosition(_ controller: UnsafeMutableRawPointer, _ widget: Widget) -> guint {
    let widget = MainThreadPointer(widget)
    return withList(controller) { list in
        let index = list.realized.first { UnsafeMutableRawPointer($0.value) == widget.raw }?.key
        return index.map { guint(clamping: $0) } ?? guint.max
    }
}

@_cdecl("flow_wrap_list_view_controller_size_func_changed")
func flowWrapListViewControllerSizeFuncChanged(_ controller: UnsafeMutableRawPointer, _ hasFunc: gboolean) {
    withList(controller) { list in list.sizeProvider = hasFunc != 0 ? list.sizeFuncProvider() : nil }
}
