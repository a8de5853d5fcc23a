import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Where a box's children live, and switching that at run time. With `.fixed` (the default) the
// children are children of a GtkFixed, the box's one visible child, and the allocation moves them
// there (WrapLayoutController+FixedPlacing); with `.direct` they are the box's own children and its
// FlowWrapLayout allocates them (WrapLayoutController+Placing). Either way the box answers GTK's
// size questions through its FlowWrapLayout, so the GtkFixed's own minimum (its furthest child's
// edge) never reaches the window.

extension WrapHStackController {
    /// The GtkFixed that holds the children with `.fixed` (made when first needed); `nil` with
    /// `.direct`.
    var fixed: Widget? {
        guard placement == .fixed, !isDisposed else { return nil }
        installFixed()
        return fixedParts?.fixed
    }

    /// The widget the children are children of: the GtkFixed, or the box itself.
    var chipParent: Widget { fixed ?? widget }

    /// The GtkFixed and the watch on the resizes queued on it (see
    /// WrapLayoutController+FixedPlacing), made the first time the placement is `.fixed` and kept,
    /// with what the app put in the GtkFixed, for the box's lifetime.
    struct FixedParts {
        let fixed: Widget
        let resizeWatch: Widget
    }

    /// Makes the GtkFixed, the first time, and makes it the box's first child.
    func installFixed() {
        if let fixedParts, gtk_widget_get_parent(fixedParts.fixed) != nil { return }
        let parts = fixedParts ?? makeFixedParts()
        fixedParts = parts
        gtk_widget_insert_before(parts.fixed, widget, gtk_widget_get_first_child(widget))
        _ = wrap_hstack_resize_watch_take(parts.resizeWatch)
    }

    private func makeFixedParts() -> FixedParts {
        let fixed = retainWidget(gtk_fixed_new())
        let watch = retainWidget(wrap_hstack_resize_watch_new(fixed))
        // Parented to the box as the stylesheet probes are: never shown, freed with it.
        gtk_widget_set_parent(watch, widget)
        cgtk_accessible_set_hidden(watch, 1)
        return FixedParts(fixed: fixed, resizeWatch: watch)
    }

    /// Moves the children (the very same widgets) to the parent `placement` asks for, keeping the
    /// focus where it was, and lays out again.
    func setPlacement(_ newPlacement: WrapHStack.Placement) {
        guard newPlacement != placement else { return }
        let old = placement
        let own = layout.entries.map(\.widget) + (layout.indicator.map { [$0.widget] } ?? [])
        let focus = focusedDescendant(of: own)
        layout.stopAnimation()
        if old == .fixed { layout.releaseSizeRequests() }
        for child in own { gtk_widget_unparent(child) }
        placement = newPlacement
        let newParent: Widget, anchor: Widget?
        switch newPlacement {
        case .fixed:
            installFixed()
            layout.forgetFixedPositions()   // a child put in a GtkFixed starts at (0, 0)
            newParent = fixedParts!.fixed
            anchor = gtk_widget_get_first_child(newParent)   // the app's own widgets stay on top
        case .direct:
            if let fixedParts { gtk_widget_unparent(fixedParts.fixed) }
            newParent = widget
            anchor = spacingProbes.horizontal
        }
        for child in own { gtk_widget_insert_before(child, newParent, anchor) }
        if let focus { gtk_widget_grab_focus(focus) }
        layout.childrenChanged()
    }

    /// The focused widget, when it is one of `children` or inside one.
    private func focusedDescendant(of children: [Widget]) -> Widget? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return children.contains { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 } ? focus : nil
    }
}
