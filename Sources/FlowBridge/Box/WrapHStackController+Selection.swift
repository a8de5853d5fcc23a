// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

// The box's selection is its children's (ChildSelection, by GtkFlowBox's modes); the clicks, keys
// and activation are the interaction core's (ItemInteraction+Selection), as for the list. Here
// the box gives the core its selection and the C API its entries.

extension WrapHStackController {
    func installSelection() {
        interaction.selection = ChildSelection(
            children: { [unowned self] in entries.map(\.widget) },
            changed: { [unowned self] widgets in interaction.childSelectionChanged(widgets) })
        interaction.singleClickActivates = true
        interaction.installSelectionControllers()
    }

    var childSelection: ChildSelection? { interaction.selection as? ChildSelection }

    /// A change the app's API asks (flow_wrap_hstack_select_child and the others).
    func changeSelection(_ change: FlowSelectionChange, child: Widget?) {
        guard let selection = childSelection else { return }
        switch change {
        case FLOW_SELECTION_SELECT: if let child, let index = entryIndex(of: child) { selection.select(index, unselectingRest: false) }
        case FLOW_SELECTION_UNSELECT: if let child, let index = entryIndex(of: child) { selection.unselect(index) }
        case FLOW_SELECTION_SELECT_ALL: selection.selectAll()
        default: selection.unselectAll()
        }
    }
}

private func withBox<Result>(_ controller: UnsafeMutableRawPointer?, _ child: Widget? = nil,
                             _ body: @MainActor (WrapHStackController, Widget?) -> Result) -> Result {
    let pointers = (MainThreadPointer(controller), MainThreadPointer(child))
    return MainActor.assumeIsolated {
        MainThreadValue(body(WrapHStackController.from(pointers.0.raw),
                             pointers.1.raw?.assumingMemoryBound(to: GtkWidget.self)))
    }.value
}

private func selectedChildren(_ controller: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GList>? {
    let widgets = withBox(controller) { controller, _ in (controller.childSelection?.selectedInOrder ?? []).map(MainThreadPointer.init) }
    var list: UnsafeMutablePointer<GList>? = nil
    for widget in widgets.reversed() { list = g_list_prepend(list, widget.raw) }
    return list
}

extension FlowControllerTable {
    /// Sets FlowWrapHStack's selection entries (ControllerTable.swift registers the table).
    mutating func setWrapHStackSelectionEntries() {
        hstack_change_selection = { controller, change, child in
            withBox(controller, child) { controller, child in controller.changeSelection(change, child: child) }
        }
        hstack_is_selected = { controller, child in
            withBox(controller, child) { controller, child in controller.childSelection?.isSelected(widget: child!) == true ? 1 : 0 }
        }
        hstack_get_selected = { selectedChildren($0!) }
    }
}
