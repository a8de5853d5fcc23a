import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Where the children live, and switching that at run time. With `.fixed` (the default) the
// children are children of a GtkFixed, the container widget's one visible child, and the
// allocation moves them there (WrapHStack+FixedPlacing); with `.direct` they are the container
// widget's own children and it allocates them itself (WrapHStack+Placing). Either way the container
// widget answers GTK's size questions through the engine, so the GtkFixed's own minimum (its
// furthest child's edge) never reaches the window.

extension WrapHStack {
    /// How the children get to their frames.
    public enum Placement: String, Sendable, CaseIterable {
        /// The children are in a GtkFixed (``WrapHStack/fixed``) inside the container widget: the
        /// allocation moves the children whose position changed (`gtk_fixed_move`) and gives each
        /// child its frame's size, then allocates the GtkFixed. An app can put widgets of its own
        /// in the GtkFixed, at positions of its choosing, over the children; the container lays
        /// out only its own. The default.
        case fixed
        /// The children are the container widget's own, and it allocates each at its frame. No
        /// GtkFixed: a relayout costs a fraction of what it costs through one (`BENCHMARKS.md`),
        /// the choice for lists of many thousands of children.
        case direct
    }

    /// The GtkFixed that holds the children when ``placement`` is ``Placement/fixed``; `nil` with
    /// ``Placement/direct``.
    ///
    /// Put widgets of your own in it (`gtk_fixed_put`) to show them at absolute positions over the
    /// children, in the container's coordinates (a drop marker, a badge): the container leaves
    /// them where you put them, does not count them in its size, and lays out only its own
    /// children. They are drawn over the children. (Adding, moving or resizing one makes the
    /// container measure its children again: GTK does not say which widget in the GtkFixed queued
    /// a resize.) They stay in the GtkFixed while ``placement`` is `.direct` (not shown then) and
    /// come back with it.
    public var fixed: Widget? { placement == .fixed ? fixedParts?.fixed : nil }

    /// The widget the children are children of: the GtkFixed, or the container widget itself.
    var chipParent: Widget {
        if placement == .fixed, let fixedParts { return fixedParts.fixed }
        return widget
    }

    /// The GtkFixed and the watch on the resizes queued on it (see WrapHStack+FixedPlacing), made
    /// the first time the placement is `.fixed` and kept, with what the app put in the GtkFixed,
    /// for the container's lifetime.
    struct FixedParts {
        let fixed: Widget
        let resizeWatch: Widget
    }

    /// Makes the GtkFixed, the first time, and makes it the container widget's first child.
    func installFixed() {
        let parts = fixedParts ?? makeFixedParts()
        fixedParts = parts
        if gtk_widget_get_parent(parts.fixed) == nil {
            gtk_widget_insert_before(parts.fixed, widget, gtk_widget_get_first_child(widget))
        }
        _ = wrap_hstack_resize_watch_take(parts.resizeWatch)
    }

    private func makeFixedParts() -> FixedParts {
        let fixed = retainWidget(gtk_fixed_new())
        let watch = retainWidget(wrap_hstack_resize_watch_new(fixed))
        // Parented to the container widget as the stylesheet probes are: never shown, freed with it.
        gtk_widget_set_parent(watch, widget)
        cgtk_accessible_set_hidden(watch, 1)
        return FixedParts(fixed: fixed, resizeWatch: watch)
    }

    /// Moves the children (the very same widgets) to the parent `placement` asks for, keeping the
    /// focus where it was, and lays out again.
    func movePlacement(from old: Placement) {
        let own = entries.map(\.widget) + (indicator.map { [$0.widget] } ?? [])
        let focus = focusedDescendant(of: own)
        stopAnimation()
        if old == .fixed { releaseSizeRequests() }
        for child in own { gtk_widget_unparent(child) }
        let newParent: Widget, anchor: Widget?
        switch placement {
        case .fixed:
            installFixed()
            forgetFixedPositions()   // a child put in a GtkFixed starts at (0, 0)
            newParent = fixedParts!.fixed
            anchor = gtk_widget_get_first_child(newParent)   // the app's own widgets stay on top
        case .direct:
            if let fixedParts { gtk_widget_unparent(fixedParts.fixed) }
            newParent = widget
            anchor = spacingProbes.horizontal
        }
        for child in own { gtk_widget_insert_before(child, newParent, anchor) }
        if let focus { gtk_widget_grab_focus(focus) }
        childrenChanged()
    }

    /// The focused widget, when it is one of `children` or inside one.
    private func focusedDescendant(of children: [Widget]) -> Widget? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return children.contains { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 } ? focus : nil
    }
}
