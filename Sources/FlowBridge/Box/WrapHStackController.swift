// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

/// The Swift half of a FlowWrapHStack (`Sources/CFlow/flow-wrap-hstack.c`): the box's
/// children (``entries``, the "+N more" ``indicator``, each child's options), their measuring and
/// placing (+Layout, with a ``Placer``), the stylesheet probes (+Theming), the animation of content
/// changes (+Animation), the keyboard focus (+Focus), and the Swift view (``WrapHStack``) when there
/// is one.
///
/// The arithmetic is the box's FlowWrapLayout's (``layout``, which is not its layout manager): GTK
/// asks the box (its measure and size_allocate vfuncs), which hands the questions to this
/// controller, which answers them with that arithmetic, its own children and their environment.
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
    /// The box's layout: its FlowWrapLayout's controller, the arithmetic.
    let layout: WrapLayoutController

    /// Never-shown boxes that read the stylesheet (see +Theming): two read `border-spacing`, one
    /// `min-width` and `min-height`, one the margin, border and padding.
    private(set) var spacingProbes: (horizontal: Widget, vertical: Widget)!
    private(set) var sizeProbe: Widget!
    private(set) var boxProbe: Widget!
    /// What the box keeps between GTK's size queries and allocations (see +Layout).
    var cache = BoxLayoutCache()

    // MARK: The children

    /// One child and what the box remembers about it.
    struct Entry {
        let widget: Widget
        var grow: Double = 0
        var breakBefore: Bool = false
        /// Set when `maxLines` left the child out: the box unmapped it (child-visible off), and
        /// its `visible`, the app's, is untouched.
        var hiddenByLayout = false
    }

    var entries: [Entry] = []
    /// The children, for O(1) membership checks (adding 10,000 chips must not be quadratic).
    var members: Set<Widget> = []

    /// The "+N more" widget: shown at the end of the last line when `maxLines` hides children.
    struct Indicator {
        let widget: Widget
        let update: @MainActor (Int) -> Void
        var hiddenCount = -1
        /// Its size as last measured (`nil`: measure it again).
        var item: FlowItem?
    }

    var indicator: Indicator?

    // MARK: What the last layouts left

    /// What is on screen now (see +Layout): set once per allocation, by `publish`.
    var shown: ShownLayout?
    /// Set when children are added or removed; the next allocation may animate.
    var contentChanged = false
    var animation: Animation?
    var animatesContentChanges = true
    var animationDuration: Duration = .milliseconds(200)
    /// Set by an allocation that found GTK's height for its width to be a guess
    /// (WrapLayoutController+GuessedHeight).
    var needsRelayout = false
    var statistics = WrapHStack.Statistics()

    // MARK: Placement

    /// Where the children live (see +Placement).
    var placement: WrapHStack.Placement = .fixed
    var currentPlacer: Placer?
    /// The GtkFixed's placer, once the placement has needed it (kept, with what the app put in
    /// the GtkFixed, for the box's lifetime).
    var fixedPlacer: FixedPlacer?
    var directPlacer: DirectPlacer?

    /// The Swift view of this box, if one was made. Held strongly (``keptView``) while the box has
    /// a parent.
    weak var view: WrapHStack?
    private var keptView: WrapHStack?
    /// An object that holds the view (a DataWrapHStack), kept as the view is.
    private weak var companion: AnyObject?
    private var keptCompanion: AnyObject?
    /// Called after children were removed other than by ``replaceChildren(with:)``.
    var onChildrenRemoved: (([Widget]) -> Void)?

    /// Set once the box is disposed: nothing is made for it any more.
    private(set) var isDisposed = false

    /// The Swift view's callbacks (see ``WrapHStack/onLayout``).
    var onLayout: ((WrapHStack.LayoutReport) -> Void)?
    var onContentHeightChanged: ((Int) -> Void)?
    /// What the user does to the children: reordering (ItemInteraction, over +ItemHost).
    lazy var interaction = ItemInteraction(host: self)

    init(object: OpaquePointer) {
        self.object = object
        layout = WrapLayoutController.of(flow_wrap_hstack_get_layout(object))
        spacingProbes = (installProbe(Self.spacingProbeClass, GTK_ORIENTATION_HORIZONTAL, emptyChildren: 2),
                         installProbe(Self.spacingProbeClass, GTK_ORIENTATION_VERTICAL, emptyChildren: 2))
        sizeProbe = installProbe(Self.sizeProbeClass)
        boxProbe = installProbe(Self.boxProbeClass)
        installFocusHandling()
        installSelection()
        connectSignal(widget, "notify::parent") { [weak self] (_: gpointer?) in
            self?.keepViewWhileParented()
        }
    }

    /// Makes `view` this box's Swift view.
    func attach(_ view: WrapHStack) {
        self.view = view
        keepViewWhileParented()
    }

    /// Keeps `companion` alive with the view while the box has a parent.
    func keepAlive(_ companion: AnyObject) {
        self.companion = companion
        keepViewWhileParented()
    }

    private func keepViewWhileParented() {
        let parented = gtk_widget_get_parent(widget) != nil
        keptView = parented ? view : nil
        keptCompanion = parented ? companion : nil
    }

    /// The box is being disposed: every reference to a child or a helper goes.
    func dispose() {
        isDisposed = true
        stopAnimation()
        interaction.dispose()
        let entries = self.entries, indicator = self.indicator
        self.entries = []
        members = []
        self.indicator = nil
        cache.clear()
        shown = nil
        for entry in entries { releaseWidget(entry.widget) }
        if let indicator { releaseWidget(indicator.widget) }
        currentPlacer = nil
        directPlacer = nil
        if let fixedPlacer {
            self.fixedPlacer = nil
            fixedPlacer.release()
        }
        keptView = nil
        keptCompanion = nil
        onChildrenRemoved = nil
        onLayout = nil
        onContentHeightChanged = nil
    }

    // MARK: The children

    var children: [Widget] { entries.map(\.widget) }

    func contains(_ child: Widget) -> Bool { members.contains(child) }

    /// Inserts `child` so that it becomes child number `index` (checked by the caller, as
    /// ``checkCanAdopt(_:)``).
    func insert(_ child: Widget, at index: Int) {
        adopt(child, before: index < entries.count ? entries[index].widget : nil)
        entries.insert(Entry(widget: child), at: index)
        interaction.widgetAdded(child)
        contentChanged = true
        layoutChanged(.sizes)
    }

    /// Moves child number `from` to be child number `to` (both in range).
    func move(from: Int, to: Int) {
        guard from != to else { return }
        let entry = entries.remove(at: from)
        entries.insert(entry, at: to)
        let previous = to > 0 ? entries[to - 1].widget : nil
        gtk_widget_insert_after(entry.widget, chipParent, previous)
        contentChanged = true
        layoutChanged(.order)
    }

    /// Removes child number `index` (in range).
    func remove(at index: Int) {
        let entry = entries.remove(at: index)
        disown(entry)
        didRemove([entry.widget])
    }

    func removeAll() {
        let removed = entries
        entries.removeAll()
        for entry in removed { disown(entry) }
        didRemove(removed.map(\.widget))
    }

    private func didRemove(_ widgets: [Widget]) {
        onChildrenRemoved?(widgets)
        contentChanged = true
        layoutChanged(.sizes)
    }

    /// Makes `widgets` the children, in that order (see ``WrapHStack/replaceChildren(with:)``).
    func replaceChildren(with widgets: [Widget]) {
        let staying = Set(widgets)
        var kept: [Widget: Entry] = [:]
        for entry in entries {
            if staying.contains(entry.widget) { kept[entry.widget] = entry } else { disown(entry) }
        }
        var newEntries: [Entry] = []
        newEntries.reserveCapacity(widgets.count)
        for child in widgets {
            if let entry = kept[child] {
                newEntries.append(entry)
            } else {
                adopt(child, before: nil)
                newEntries.append(Entry(widget: child))
                interaction.widgetAdded(child)
            }
        }
        let changed = newEntries.map(\.widget) != entries.map(\.widget)
        // The same children in another order keep their sizes.
        let sameChildren = kept.count == entries.count && kept.count == newEntries.count
        entries = newEntries
        if changed {
            contentChanged = true
            syncChildOrder()
        }
        layoutChanged(sameChildren ? .order : .sizes)
    }

    // MARK: Per-child options

    func options(of index: Int) -> FlowChildOptions {
        FlowChildOptions(grow: entries[index].grow, break_before: entries[index].breakBefore ? 1 : 0)
    }

    /// Sets child number `index`'s options (laying out again when they change); the child's
    /// FlowWrapLayoutChild, if it has one, notifies.
    func setOptions(_ options: FlowChildOptions, of index: Int) {
        let current = self.options(of: index)
        guard current.grow != options.grow || current.break_before != options.break_before else { return }
        storeOptions(options, at: index)
        flow_wrap_hstack_notify_child_options(object, entries[index].widget, current.grow != options.grow ? 1 : 0,
                                              current.break_before != options.break_before ? 1 : 0)
    }

    /// Stores child number `index`'s options and lays out again.
    func storeOptions(_ options: FlowChildOptions, at index: Int) {
        entries[index].grow = options.grow
        entries[index].breakBefore = options.break_before != 0
        layoutChanged(.options)
    }

    /// The index of a child in ``entries``.
    func entryIndex(of child: Widget) -> Int? {
        guard members.contains(child) else { return nil }
        return entries.firstIndex { $0.widget == child }
    }

    // MARK: The "+N more" indicator

    /// Sets (or with `nil` removes) the indicator and the function that shows the hidden count on
    /// it. The widget is checked by the caller (``checkCanAdopt(_:)``).
    func setOverflowIndicator(_ indicatorWidget: Widget?, update: @escaping @MainActor (Int) -> Void) {
        if let old = indicator {
            indicator = nil
            disown(old.widget)
        }
        if let indicatorWidget {
            adopt(indicatorWidget, before: nil)
            gtk_widget_set_child_visible(indicatorWidget, 0)
            indicator = Indicator(widget: indicatorWidget, update: update)
        }
        layoutChanged(.sizes)
    }

    // MARK: Children in the widget tree

    /// Whether `child` may be added: it is no child yet, has no parent and is not the box.
    func checkCanAdopt(_ child: Widget) throws {
        if contains(child) || indicator?.widget == child {
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
        members.insert(child)
        retainWidget(child)
        gtk_widget_insert_before(child, chipParent, sibling ?? indicator?.widget ?? endOfChildren)
    }

    /// The widget that follows the box's own children in ``chipParent``: the first probe, or in the
    /// GtkFixed the first of the app's widgets after them (`nil`: none).
    private var endOfChildren: Widget? { placer.endOfChildren(members: members) }

    /// Puts the children in the widget tree in layout order (after a data-driven reordering).
    func syncChildOrder() {
        var previous: Widget? = nil
        let parent = chipParent
        for entry in entries {
            let current = previous.map { gtk_widget_get_next_sibling($0) } ?? gtk_widget_get_first_child(parent)
            if current != entry.widget { gtk_widget_insert_after(entry.widget, parent, previous) }
            previous = entry.widget
        }
    }

    /// Takes a child out, mapped again if `maxLines` had unmapped it (GTK's unparent does that
    /// too; said here so that no path depends on it).
    func disown(_ entry: Entry) {
        if entry.hiddenByLayout { gtk_widget_set_child_visible(entry.widget, 1) }
        interaction.widgetRemoved(entry.widget)
        disown(entry.widget)
    }

    /// Takes the widget out of the box, with its own size, and gives up the reference.
    func disown(_ child: Widget) {
        members.remove(child)
        currentPlacer?.forget(child)
        if gtk_widget_get_parent(child) == chipParent {
            gtk_widget_unparent(child)
        }
        releaseWidget(child)
    }

    /// The controller of a FlowWrapHStack.
    static func of(_ box: OpaquePointer) -> WrapHStackController {
        from(flow_wrap_hstack_get_controller(box))
    }

    /// The controller of `widget` when it is a FlowWrapHStack (one that has its controller).
    static func ofBox(_ widget: Widget) -> WrapHStackController? {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, flow_wrap_hstack_get_type()) != 0,
              let controller = flow_wrap_hstack_get_controller(OpaquePointer(widget)) else { return nil }
        return from(controller)
    }
}
