// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the enum constants come through it too
import CGtk
import FlowEngine
import GObjectSupport

/// A widget's GTK sizes as an engine item: natural and minimum along the main axis, the cross
/// size at the natural main size, and the baseline when GTK reports one. WrapHStack measures its
/// children with it and WrapListView its items, so both give the engine the same sizes for the
/// same widget.
@MainActor
func measuredItem(_ child: Widget, axis: FlowAxis) -> FlowItem {
    var mainMin: Int32 = 0, mainNat: Int32 = 0
    var crossMin: Int32 = 0, crossNat: Int32 = 0
    var baselineMin: Int32 = -1, baselineNat: Int32 = -1
    switch axis {
    case .horizontal:
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &mainMin, &mainNat, nil, nil)
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, mainNat, &crossMin, &crossNat,
                           &baselineMin, &baselineNat)
        return FlowItem(width: Double(mainNat), height: Double(crossNat),
                        minimumWidth: Double(mainMin), minimumHeight: Double(crossMin),
                        baseline: baselineNat >= 0 ? Double(baselineNat) : nil)
    case .vertical:
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &mainMin, &mainNat, nil, nil)
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, mainNat, &crossMin, &crossNat, nil, nil)
        return FlowItem(width: Double(crossNat), height: Double(mainNat),
                        minimumWidth: Double(crossMin), minimumHeight: Double(mainMin))
    }
}

/// A child's grow weight: its `grow` when set (above 0), else 1 when GTK says it expands along the
/// lines (`hexpand` in a horizontal layout, `vexpand` in a vertical one, its own or a child's, as
/// `gtk_widget_compute_expand` reads them), else 0. So an app's `hexpand` works as in a GtkBox,
/// and `grow` overrides it; a child that expands but must not grow is not possible (its
/// `hexpand` off is the way).
@MainActor
func effectiveGrow(_ grow: Double, of child: Widget, axis: FlowAxis) -> Double {
    if grow > 0 { return grow }
    let orientation = axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    return gtk_widget_compute_expand(child, orientation) != 0 ? 1 : 0
}
