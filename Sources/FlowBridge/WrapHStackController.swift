import CFlowClasses
import CGtk
import FlowEngine
import GObjectSupport

/// The Swift half of a FlowWrapHStack (`Sources/CFlowClasses/flow-wrap-hstack.c`): the box's
/// children and where they live, the stylesheet probes, the "+N more" indicator, the keyboard
/// focus, and the Swift view (``WrapHStack``) when there is one.
///
/// The layout itself is the box's FlowWrapLayout's (``layout``, its layout manager in both
/// placements), which lays out the children the box lists in it: with `.direct` the box's own, with
/// `.fixed` its GtkFixed's. One arithmetic, one code path, for both.
///
/// Ownership: the FlowWrapHStack owns its controller (made in its instance init, freed in its
/// finalize); the controller keeps an unowned pointer back to it, a reference to each child, and,
/// while the box has a parent, its Swift view, so that a box placed in a window keeps the view's
/// state (a data-driven box's elements, the callbacks) without the caller holding the view.
@MainActor
final class WrapHStackController: ObjectController {
    /// The FlowWrapHStack, which owns this controller.
    let object: OpaquePointer
    /// The same, as a widget.
    var widget: Widget { UnsafeMutablePointer(object) }
    /// The box's layout: its FlowWrapLayout's controller, which keeps the list of children.
    let layout: WrapLayoutController

    /// Never-shown boxes that read the stylesheet (see +Theming): two read `border-spacing`, one
    /// `min-width` and `min-height`, one the margin, border and padding.
    private(set) var spacingProbes: (horizontal: Widget, vertical: Widget)!
    private(set) var sizeProbe: Widget!
    private(set) var boxProbe: Widget!
    /// The stylesheet's margin, border and padding (see +Theming), read once each time GTK's size
    /// cache is cleared, as the children's sizes are. `nil` means read them again.
    var boxExtents: (width: Int, height: Int)?

    /// Where the children live (see +Placement).
    var placement: WrapHStack.Placement = .fixed
    /// The GtkFixed and its resize watch, once the placement has needed them (+Placement).
    var fixedParts: FixedParts?

    /// The Swift view of this box, if one was made. Held strongly (``keptView``) while the box has
    /// a parent.
    weak var view: WrapHStack?
    private var keptView: WrapHStack?

    /// Set once the box is disposed: nothing is made for it any more.
    private(set) var isDisposed = false

    /// The Swift view's callbacks (see ``WrapHStack/onLayout``).
    var onLayout: ((LayoutReport) -> Void)?
    var onContentHeightChanged: ((Int) -> Void)?

    init(object: OpaquePointer) {
        self.object = object
        layout = WrapLayoutController.of(flow_wrap_hstack_get_layout(object))
        layout.host = self
        spacingProbes = (installProbe(Self.spacingProbeClass, GTK_ORIENTATION_HORIZONTAL, emptyChildren: 2),
                         installProbe(Self.spacingProbeClass, GTK_ORIENTATION_VERTICAL, emptyChildren: 2))
        sizeProbe = installProbe(Self.sizeProbeClass)
        boxProbe = installProbe(Self.boxProbeClass)
        installFocusHandling()
        connectSignal(widget, "notify::parent") { [weak self] (_: gpointer?) in
            self?.keepViewWhileParented()
        }
    }

    /// Makes `view` this box's Swift view.
    func attach(_ view: WrapHStack) {
        self.view = view
        keepViewWhileParented()
    }

    private func keepViewWhileParented() {
        keptView = gtk_widget_get_parent(widget) == nil ? nil : view
    }

    /// The box is being disposed: every reference to a child or a helper goes.
    func dispose() {
        isDisposed = true
        let entries = layout.entries, indicator = layout.indicator
        layout.dispose()
        for entry in entries { releaseWidget(entry.widget) }
        if let indicator { releaseWidget(indicator.widget) }
        if let fixedParts {
            self.fixedParts = nil
            releaseWidget(fixedParts.resizeWatch)
            releaseWidget(fixedParts.fixed)
        }
        keptView = nil
        onLayout = nil
        onContentHeightChanged = nil
    }

    // MARK: The children

    var children: [Widget] { layout.entries.map(\.widget) }

    func contains(_ child: Widget) -> Bool { layout.members.contains(child) }

    /// Inserts `child` so that it becomes child number `index` (checked by the caller, as
    /// ``checkCanAdopt(_:)``).
    func insert(_ child: Widget, at index: Int) {
        let entries = layout.entries
        adopt(child, before: index < entries.count ? entries[index].widget : nil)
        layout.entries.insert(WrapLayoutController.Entry(widget: child), at: index)
        layout.contentChanged = true
        layout.childrenChanged()
    }

    /// Moves child number `from` to be child number `to` (both in range).
    func move(from: Int, to: Int) {
        guard from != to else { return }
        let entry = layout.entries.remove(at: from)
        layout.entries.insert(entry, at: to)
        let previous = to > 0 ? layout.entries[to - 1].widget : nil
        gtk_widget_insert_after(entry.widget, chipParent, previous)
        layout.contentChanged = true
        layout.childrenChanged()
    }

    /// Removes child number `index` (in range).
    func remove(at index: Int) {
        let entry = layout.entries.remove(at: index)
        disown(entry)
        didRemove([entry.widget])
    }

    func removeAll() {
        let removed = layout.entries
        layout.entries.removeAll()
        for entry in removed { disown(entry) }
        didRemove(removed.map(\.widget))
    }

    private func didRemove(_ widgets: [Widget]) {
        view?.didRemove(widgets)
        layout.contentChanged = true
        layout.childrenChanged()
    }

    // MARK: Per-child options

    func options(of index: Int) -> FlowChildOptions {
        FlowChildOptions(grow: layout.entries[index].grow, break_before: layout.entries[index].breakBefore ? 1 : 0)
    }

    /// Sets child number `index`'s options, through its FlowWrapLayoutChild when the child is the
    /// box's own (so that it notifies), else in its entry.
    func setOptions(_ options: FlowChildOptions, of index: Int) {
        let child = layout.entries[index].widget
        guard placement == .fixed else {
            let layoutChild = OpaquePointer(gtk_layout_manager_get_layout_child(layout.manager, child))
            flow_wrap_layout_child_set_grow(layoutChild, options.grow)
            flow_wrap_layout_child_set_break_before(layoutChild, options.break_before)
            return
        }
        let current = self.options(of: index)
        guard current.grow != options.grow || current.break_before != options.break_before else { return }
        _ = layout.storeOptions(options, of: child)
    }

    // MARK: The "+N more" indicator

    /// Sets (or with `nil` removes) the indicator and the function that shows the hidden count on
    /// it. The widget is checked by the caller (``checkCanAdopt(_:)``).
    func setOverflowIndicator(_ indicatorWidget: Widget?, update: @escaping @MainActor (Int) -> Void) {
        if let old = layout.indicator {
            layout.indicator = nil
            disown(old.widget, slot: old.slot)
        }
        if let indicatorWidget {
            adopt(indicatorWidget, before: nil)
            gtk_widget_set_visible(indicatorWidget, 0)
            layout.indicator = WrapLayoutController.Indicator(widget: indicatorWidget, update: update)
        }
        layout.childrenChanged()
    }

    // MARK: Children in the widget tree

    /// Whether `child` may be added: it is no child yet, has no parent and is not the box.
    func checkCanAdopt(_ child: Widget) throws {
        if contains(child) || layout.indicator?.widget == child {
            throw WrapHStackError.alreadyAChild(widget: typeName(of: child))
        }
        if let parent = gtk_widget_get_parent(child) {
            throw WrapHStackError.widgetHasParent(widget: typeName(of: child), parent: typeName(of: parent))
        }
        if child == widget {
            throw WrapHStackError.widgetHasParent(widget: "FlowWrapHStack", parent: "itself")
        }
    }

    /// Takes a reference and makes the widget a child of ``chipParent``, before `sibling` or, with
    /// `nil`, after the other children. Children are kept in layout order in the widget tree, which
    /// is the order in which GTK draws them and screen readers list them; the stylesheet probes
    /// (and, in the GtkFixed, an app's own widgets) come after them.
    func adopt(_ child: Widget, before sibling: Widget?) {
        layout.members.insert(child)
        retainWidget(child)
        gtk_widget_insert_before(child, chipParent, sibling ?? layout.indicator?.widget ?? endOfChildren)
    }

    /// The widget that follows the box's own children in ``chipParent``: the first probe, or in the
    /// GtkFixed the first of the app's widgets after them (`nil`: none).
    private var endOfChildren: Widget? {
        guard placement == .fixed else { return spacingProbes.horizontal }
        var anchor: Widget? = nil
        var child = gtk_widget_get_last_child(chipParent)
        while let current = child, !layout.members.contains(current) {
            anchor = current
            child = gtk_widget_get_prev_sibling(current)
        }
        return anchor
    }

    /// Puts the children in the widget tree in layout order (after a data-driven reordering).
    func syncChildOrder() {
        var previous: Widget? = nil
        let parent = chipParent
        for entry in layout.entries {
            let current = previous.map { gtk_widget_get_next_sibling($0) } ?? gtk_widget_get_first_child(parent)
            if current != entry.widget { gtk_widget_insert_after(entry.widget, parent, previous) }
            previous = entry.widget
        }
    }

    /// Takes a child out, making it visible again if `maxLines` had hidden it, with its own size
    /// request.
    func disown(_ entry: WrapLayoutController.Entry) {
        if entry.hiddenItem != nil { gtk_widget_set_visible(entry.widget, 1) }
        disown(entry.widget, slot: entry.slot)
    }

    /// Takes the widget out of the box and gives up the reference.
    func disown(_ child: Widget, slot: WrapLayoutController.FixedSlot) {
        layout.members.remove(child)
        if slot.request != nil { gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height) }
        if gtk_widget_get_parent(child) == chipParent {
            gtk_widget_unparent(child)
        }
        releaseWidget(child)
    }

    // MARK: After a layout

    /// Called by the layout after each allocation: the content-height notification, then the
    /// Swift view's callbacks.
    func didLayout(_ report: LayoutReport, heightChanged: Bool) {
        if heightChanged { flow_wrap_hstack_notify_content_height(object) }
        onLayout?(report)
        if heightChanged { onContentHeightChanged?(report.contentHeight) }
    }

    /// The controller of a FlowWrapHStack.
    static func of(_ box: OpaquePointer) -> WrapHStackController {
        from(flow_wrap_hstack_get_controller(box))
    }
}
