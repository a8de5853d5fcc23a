// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

/// Every widget under `widget`, depth first: the report finds in the tree the parts that
/// libadwaita and GTK make themselves (a toast's buttons, a dialog's responses, a combo row's list).
@MainActor
func descendants(of widget: Widget) -> [Widget] {
    var found: [Widget] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        found.append(current)
        found += descendants(of: current)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}
