// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk

extension WrapListView {
    /// Whether one click activates an item (``onActivate``); else a double click does. Default
    /// `false`, as GtkGridView's `single-click-activate`.
    ///
    /// The selection is the model's: a `GtkSelectionModel` as the model (a GtkSingleSelection,
    /// GtkMultiSelection, GtkNoSelection) is changed by the user's clicks and keys through its own
    /// API, as GtkGridView changes it (the list's `model` property's reference says how). While a
    /// filter is set (``setFilter(_:)``), the user selects among the items shown: a Shift range,
    /// Ctrl+A and Ctrl+Shift+A change the items shown only (one `set_selection` of their model
    /// indices), and the items hidden keep their selection.
    public var singleClickActivate: Bool {
        get { controller.interaction.singleClickActivates }
        set { flow_wrap_list_view_set_single_click_activate(flow_wrap_list_view_cast(widget), newValue ? 1 : 0) }
    }

    /// Called with the item's position when the user activates an item (a double click, one
    /// click with ``singleClickActivate``, or Enter on the focused item), before the list's
    /// `activate` signal. While neither is connected, Enter goes to the focused widget as before.
    public var onActivate: ((Int) -> Void)? {
        get { controller.interaction.hooks.activated.map { report in { report(nil, $0) } } }
        set { controller.interaction.hooks.activated = newValue.map { report in { _, position in report(position) } } }
    }
}
