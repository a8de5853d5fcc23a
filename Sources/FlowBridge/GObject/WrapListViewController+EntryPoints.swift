// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import GObjectSupport

// The functions FlowWrapListView's C code calls through the controller table, on the main thread
// as GTK requires (each asserts it, as WrapLayoutController+EntryPoints does). The C side checks
// its arguments first, so these take them as valid.
//
// The controller is made and freed, disposed, measured and allocated, told of its options and
// moves an item through the table's shared entries (Container+EntryPoints.swift).

extension WrapListViewController {
    /// The controller a C pointer from the table stands for.
    static func from(_ controller: UnsafeMutableRawPointer) -> WrapListViewController {
        ControllerOwnership.controller(WrapListViewController.self, controller)
    }
}

/// Runs `body` with the controller, on the main actor.
private func withList<Result>(_ controller: UnsafeMutableRawPointer?,
                              _ body: @MainActor (WrapListViewController) -> Result) -> Result {
    let pointer = MainThreadPointer(controller)
    return MainActor.assumeIsolated {
        MainThreadValue(body(WrapListViewController.from(pointer.raw!)))
    }.value
}

private func flowWrapListViewControllerScrolled(_ controller: UnsafeMutableRawPointer) {
    withList(controller) { $0.scrolledByUser() }
}

private func flowWrapListViewControllerGetModel(_ controller: UnsafeMutableRawPointer) -> OpaquePointer? {
    let model = withList(controller) { MainThreadPointer($0.model) }
    return model.raw.map(OpaquePointer.init)
}

private func flowWrapListViewControllerSetModel(_ controller: UnsafeMutableRawPointer, _ model: OpaquePointer?) {
    let model = MainThreadPointer(model)
    withList(controller) { $0.setModel(model.raw) }
}

private func flowWrapListViewControllerGetNRealized(_ controller: UnsafeMutableRawPointer) -> guint {
    withList(controller) { guint(clamping: $0.realized.count) }
}

private func flowWrapListViewControllerScrollTo(_ controller: UnsafeMutableRawPointer, _ position: guint) {
    withList(controller) { list in
        guard list.sizes.count > 0 else { return }
        list.reveal(min(Int(position), list.sizes.count - 1))
    }
}

private func flowWrapListViewControllerGetPosition(_ controller: UnsafeMutableRawPointer, _ widget: Widget) -> guint {
    let widget = MainThreadPointer(widget)
    return withList(controller) { list in
        let index = list.realized.first { UnsafeMutableRawPointer($0.value) == widget.raw }?.key
        return index.map { guint(clamping: $0) } ?? guint.max
    }
}

private func flowWrapListViewControllerSizeFuncChanged(_ controller: UnsafeMutableRawPointer, _ hasFunc: gboolean) {
    withList(controller) { list in list.sizeProvider = hasFunc != 0 ? list.sizeFuncProvider() : nil }
}

extension FlowControllerTable {
    /// Sets FlowWrapListView's entries (ControllerTable.swift registers the table).
    mutating func setWrapListViewEntries() {
        list_scrolled = { flowWrapListViewControllerScrolled($0!) }
        list_get_model = { flowWrapListViewControllerGetModel($0!) }
        list_set_model = { flowWrapListViewControllerSetModel($0!, $1) }
        list_get_n_realized = { flowWrapListViewControllerGetNRealized($0!) }
        list_scroll_to = { flowWrapListViewControllerScrollTo($0!, $1) }
        list_get_position = { flowWrapListViewControllerGetPosition($0!, $1!) }
        list_size_func_changed = { flowWrapListViewControllerSizeFuncChanged($0!, $1) }
    }
}
