// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

extension WrapHStack {
    /// How many children the user can select, as GtkFlowBox's `selection-mode`: `GTK_SELECTION_NONE`
    /// (the default: clicks and keys go to the children as before), `GTK_SELECTION_SINGLE`,
    /// `GTK_SELECTION_BROWSE` or `GTK_SELECTION_MULTIPLE`. A click selects a child alone,
    /// Ctrl+click toggles it, Shift+click selects the range from the last child chosen; the arrow
    /// keys, Home and End move the focus and select, Shift with them extends across wrapped lines,
    /// Space toggles, Ctrl+A selects all (multiple), Ctrl+Shift+A none. Selected children are in
    /// the CSS state `:selected` and have the accessible state selected. The box's
    /// `selection-mode` property (its GObject reference says more).
    public var selectionMode: GtkSelectionMode {
        get { GtkSelectionMode(UInt32(flow_wrap_hstack_get_selection_mode(controller.object).rawValue)) }
        // Through the C class's setter, which notifies `selection-mode` when it changes.
        set { flow_wrap_hstack_set_selection_mode(controller.object, newValue) }
    }

    /// Whether one click activates a child (``onChildActivated``); else a double click does.
    /// Default `true`, as GtkFlowBox's.
    public var activateOnSingleClick: Bool {
        get { controller.interaction.singleClickActivates }
        set { flow_wrap_hstack_set_activate_on_single_click(controller.object, newValue ? 1 : 0) }
    }

    /// Called when the user activates a child (a click, a double click, or Enter on the focused
    /// child), before the box's `child-activated` signal. While neither is connected, Enter goes
    /// to the focused child as before.
    public var onChildActivated: ((Widget) -> Void)? {
        get { controller.interaction.hooks.activated.map { report in { report($0, 0) } } }
        set { controller.interaction.hooks.activated = newValue.map { report in { child, _ in if let child { report(child) } } } }
    }

    /// Called once for each change of the selection (the user's or the API's), before the box's
    /// `selected-children-changed` signal.
    public var onSelectionChanged: (() -> Void)? {
        get { controller.interaction.hooks.selectionChanged }
        set { controller.interaction.hooks.selectionChanged = newValue }
    }

    /// The selected children, in the box's order.
    ///
    /// - Complexity: O(n), n being the children.
    public var selectedChildren: [Widget] { controller.childSelection?.selectedInOrder ?? [] }

    /// Selects `child` (alone, unless the mode is multiple); nothing in mode none.
    public func select(_ child: Widget) { controller.changeSelection(FLOW_SELECTION_SELECT, child: child) }
    public func unselect(_ child: Widget) { controller.changeSelection(FLOW_SELECTION_UNSELECT, child: child) }
    /// Selects every child (mode multiple only).
    public func selectAll() { controller.changeSelection(FLOW_SELECTION_SELECT_ALL, child: nil) }
    public func unselectAll() { controller.changeSelection(FLOW_SELECTION_UNSELECT_ALL, child: nil) }
    public func isSelected(_ child: Widget) -> Bool { controller.childSelection?.isSelected(widget: child) ?? false }
}
