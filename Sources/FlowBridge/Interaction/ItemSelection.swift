// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

// Which items are selected, in the one shape the interaction core asks: GtkSelectionModel's own
// operations (select an item or a range, unselecting the rest or not; unselect; all; none), so
// that the list hands them to the app's model unchanged (ModelSelection) and the box keeps its
// children's selection by the rules of GtkFlowBox's modes (ChildSelection). The core's click and
// key rules (+Selection) are written once over this.

/// A selection of a host's items, numbered as the host numbers them.
@MainActor
protocol ItemSelection: AnyObject {
    /// Whether the user can select at all (the box: a mode other than none; the list: a model
    /// other than a GtkNoSelection).
    var isActive: Bool { get }
    func isSelected(_ item: Int) -> Bool
    /// Each returns whether the selection did what was asked (GtkSelectionModel's answer: a
    /// GtkSingleSelection refuses a range).
    @discardableResult func select(_ item: Int, unselectingRest: Bool) -> Bool
    @discardableResult func select(_ items: ClosedRange<Int>, unselectingRest: Bool) -> Bool
    @discardableResult func unselect(_ item: Int) -> Bool
    @discardableResult func unselect(_ items: ClosedRange<Int>) -> Bool
    @discardableResult func selectAll() -> Bool
    @discardableResult func unselectAll() -> Bool
}

/// The list's selection: the app's GtkSelectionModel (GtkNoSelection, GtkSingleSelection,
/// GtkMultiSelection or its own), asked and changed through GtkSelectionModel's API only, so its
/// rules (a single selection's autoselect and can-unselect) are the model's.
///
/// While the list has a filter (a search), the items are numbered as shown and the model's by
/// model index: each call is mapped through the filter, and a range, Ctrl+A and Ctrl+Shift+A act
/// on the items shown only (a hidden item keeps its selection; a plain click still selects one
/// item alone, as the model does).
@MainActor
final class ModelSelection: ItemSelection {
    /// The model, referenced by the list while it shows it.
    let model: OpaquePointer
    /// The list's filter now (model indices shown, ascending), or `nil`.
    private let filter: () -> [Int]?

    init(model: OpaquePointer, filter: @escaping () -> [Int]? = { nil }) {
        self.model = model
        self.filter = filter
    }

    var isActive: Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(model).assumingMemoryBound(to: GTypeInstance.self),
                                   gtk_no_selection_get_type()) == 0
    }

    private func modelIndex(_ item: Int) -> guint {
        guard let filter = filter(), filter.indices.contains(item) else { return guint(item) }
        return guint(filter[item])
    }

    func isSelected(_ item: Int) -> Bool { gtk_selection_model_is_selected(model, modelIndex(item)) != 0 }
    func select(_ item: Int, unselectingRest: Bool) -> Bool {
        gtk_selection_model_select_item(model, modelIndex(item), unselectingRest ? 1 : 0) != 0
    }
    func select(_ items: ClosedRange<Int>, unselectingRest: Bool) -> Bool {
        guard let filter = filter() else {
            return gtk_selection_model_select_range(model, guint(items.lowerBound), guint(items.count), unselectingRest ? 1 : 0) != 0
        }
        return set(selected: true, filter[Range(items).clamped(to: filter.indices)], unselectingRest: unselectingRest)
    }
    func unselect(_ item: Int) -> Bool { gtk_selection_model_unselect_item(model, modelIndex(item)) != 0 }
    func unselect(_ items: ClosedRange<Int>) -> Bool {
        guard let filter = filter() else {
            return gtk_selection_model_unselect_range(model, guint(items.lowerBound), guint(items.count)) != 0
        }
        return set(selected: false, filter[Range(items).clamped(to: filter.indices)], unselectingRest: false)
    }
    func selectAll() -> Bool {
        guard let filter = filter() else { return gtk_selection_model_select_all(model) != 0 }
        return set(selected: true, filter[...], unselectingRest: false)
    }
    func unselectAll() -> Bool {
        guard let filter = filter() else { return gtk_selection_model_unselect_all(model) != 0 }
        return set(selected: false, filter[...], unselectingRest: false)
    }

    /// Selects or unselects the model items `indices` in one call (one `selection-changed`);
    /// `unselectingRest`: every other model item is unselected too.
    private func set(selected: Bool, _ indices: ArraySlice<Int>, unselectingRest: Bool) -> Bool {
        let chosen = gtk_bitset_new_empty()!
        for index in indices { gtk_bitset_add(chosen, guint(index)) }
        let mask: OpaquePointer
        if unselectingRest {
            mask = gtk_bitset_new_range(0, g_list_model_get_n_items(model))!
        } else {
            mask = gtk_bitset_copy(chosen)!
        }
        defer {
            gtk_bitset_unref(chosen)
            gtk_bitset_unref(mask)
        }
        let selection = selected ? chosen : gtk_bitset_new_empty()!
        defer { if !selected { gtk_bitset_unref(selection) } }
        return gtk_selection_model_set_selection(model, selection, mask) != 0
    }
}

/// The box's selection: a set of its children (so a child keeps its selection when it moves), by
/// the rules of GtkFlowBox's `selection-mode`.
@MainActor
final class ChildSelection: ItemSelection {
    /// The box's children in its order, and what to do after a change (the widgets whose state
    /// changed, to show; the signal, once).
    private let children: () -> [Widget]
    private let changed: (_ widgets: [Widget]) -> Void
    private(set) var mode = GTK_SELECTION_NONE
    private(set) var selected: Set<Widget> = []

    init(children: @escaping () -> [Widget], changed: @escaping (_ widgets: [Widget]) -> Void) {
        self.children = children
        self.changed = changed
    }

    var isActive: Bool { mode != GTK_SELECTION_NONE }
    private var selectsMany: Bool { mode == GTK_SELECTION_MULTIPLE }

    /// Sets the mode, GtkFlowBox's way: none, or leaving multiple, unselects every child.
    func setMode(_ newMode: GtkSelectionMode) {
        guard newMode != mode else { return }
        let leavesMany = mode == GTK_SELECTION_MULTIPLE
        mode = newMode
        if newMode == GTK_SELECTION_NONE || leavesMany { replace(with: []) }
    }

    func isSelected(_ item: Int) -> Bool { widget(item).map(selected.contains) ?? false }
    func isSelected(widget: Widget) -> Bool { selected.contains(widget) }

    /// The selected children in the box's order.
    var selectedInOrder: [Widget] { selected.isEmpty ? [] : children().filter(selected.contains) }

    func select(_ item: Int, unselectingRest: Bool) -> Bool {
        guard isActive, let widget = widget(item) else { return false }
        replace(with: unselectingRest || !selectsMany ? [widget] : selected.union([widget]))
        return true
    }

    func select(_ items: ClosedRange<Int>, unselectingRest: Bool) -> Bool {
        let all = children()
        guard selectsMany, items.lowerBound >= 0, items.upperBound < all.count else { return false }
        let range = Set(all[items])
        replace(with: unselectingRest ? range : selected.union(range))
        return true
    }

    func unselect(_ item: Int) -> Bool {
        guard let widget = widget(item), selected.contains(widget) else { return false }
        replace(with: selected.subtracting([widget]))
        return true
    }

    func unselect(_ items: ClosedRange<Int>) -> Bool {
        let all = children()
        guard items.lowerBound >= 0, items.upperBound < all.count else { return false }
        replace(with: selected.subtracting(all[items]))
        return true
    }

    func selectAll() -> Bool {
        guard selectsMany else { return false }
        replace(with: Set(children()))
        return true
    }

    func unselectAll() -> Bool {
        replace(with: [])
        return true
    }

    /// A child left the box: it is no longer selected (its state is cleared by the core).
    func forget(_ widget: Widget) {
        guard selected.remove(widget) != nil else { return }
        changed([])
    }

    private func widget(_ item: Int) -> Widget? {
        let all = children()
        return all.indices.contains(item) ? all[item] : nil
    }

    private func replace(with newSelection: Set<Widget>) {
        guard newSelection != selected else { return }
        let affected = selected.symmetricDifference(newSelection)
        selected = newSelection
        changed(Array(affected))
    }
}
