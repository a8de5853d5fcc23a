// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

// Where a box's children live, and switching that at run time: the one place that chooses a
// ``Placer``. With `.fixed` (the default) the children are children of a GtkFixed, the box's one
// visible child (FixedPlacer); with `.direct` they are the box's own children (DirectPlacer).
// Either way the box answers GTK's size questions through its FlowWrapLayout, so the GtkFixed's
// own minimum (its furthest child's edge) never reaches the window.

extension WrapHStackController {
    /// The placer of the current placement, made when first needed (a box made with the direct
    /// placement never makes a GtkFixed). Until then ``currentPlacer`` is `nil` and nothing has been
    /// placed.
    var placer: Placer {
        if let currentPlacer { return currentPlacer }
        let made = makePlacer(isDisposed ? .direct : placement)
        currentPlacer = made
        return made
    }

    private func makePlacer(_ placement: WrapHStack.Placement) -> Placer {
        switch placement {
        case .fixed:
            let placer = fixedPlacer ?? FixedPlacer(box: widget, layout: OpaquePointer(layout.manager))
            fixedPlacer = placer
            placer.attach()
            return placer
        case .direct:
            let placer = directPlacer ?? DirectPlacer(box: widget, layout: layout, end: spacingProbes.horizontal)
            directPlacer = placer
            return placer
        }
    }

    /// The GtkFixed that holds the children with `.fixed`; `nil` with `.direct`.
    var fixed: Widget? {
        guard placement == .fixed, !isDisposed else { return nil }
        return placer.parent
    }

    /// The widget the children are children of: the GtkFixed, or the box itself.
    var chipParent: Widget { placer.parent }

    /// Moves the children (the very same widgets) to the parent `placement` asks for, keeping the
    /// focus where it was, and lays out again.
    func setPlacement(_ newPlacement: WrapHStack.Placement) {
        guard newPlacement != placement else { return }
        let own = entries.map(\.widget) + (indicator.map { [$0.widget] } ?? [])
        let focus = focusedDescendant(of: own)
        stopAnimation()
        // A placer not made yet has nothing to undo (a box made with `.direct` makes no GtkFixed).
        let old = currentPlacer
        old?.reset()
        for child in own { gtk_widget_unparent(child) }
        old?.detach()
        placement = newPlacement
        currentPlacer = nil
        let new = placer
        new.attach()
        new.reset()
        let anchor = new.endOfChildren(members: members)
        for child in own { gtk_widget_insert_before(child, new.parent, anchor) }
        // Unparenting mapped every child again (GTK resets child-visible): unmap again the ones
        // `maxLines` left out and the indicator, until the layout below decides anew.
        for entry in entries where entry.hiddenByLayout { gtk_widget_set_child_visible(entry.widget, 0) }
        if let indicatorWidget = indicator?.widget, shown?.report.result.indicatorFrame == nil {
            gtk_widget_set_child_visible(indicatorWidget, 0)
        }
        if let focus { gtk_widget_grab_focus(focus) }
        layoutChanged(.sizes)
    }

    /// The focused widget, when it is one of `children` or inside one.
    private func focusedDescendant(of children: [Widget]) -> Widget? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return children.contains { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 } ? focus : nil
    }
}
