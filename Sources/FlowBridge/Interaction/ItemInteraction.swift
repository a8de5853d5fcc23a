// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

// What a user does to an item of a box or a list, written once over ``ItemHost``: reordering
// (+Dragging: the drag sources, the drop target, the marker, the others making room; +Places:
// where a drop lands and the marker stands; +EdgeScrolling; +Moving: the keys, the vetoes, the
// move, the reports, the accessible description). The keys are read by one map (ItemKey).
//
// Selection and activation are here too, once (+Selection): the selection in one shape
// (ItemSelection: the box's children's, the list's GtkSelectionModel), the clicks and keys that
// change it and activate an item, and the selected state each item widget shows.

/// The interaction core of one container (its ``host``), which owns it.
@MainActor
final class ItemInteraction {
    /// What the user is doing to an item.
    enum State {
        case idle
        /// A drag of one item's widget (the list keeps it realized while it lasts).
        case dragging(Drag)
        /// A move is being made (the list: its removal and insertion), so that the focus follows
        /// the moved item, not the removal.
        case moving
    }

    struct Drag {
        let widget: Widget
        /// The pointer, in the host's coordinates, while it hovers over the host.
        var pointer: (x: Double, y: Double)?
        /// Where a drop would put the item as of the last motion, in a host that makes room
        /// (`nil`: the layout shows the real order).
        var destination: Int?
        /// The edge-scrolling tick callback and the frame time it last ran at (microseconds).
        var autoScroll: (id: guint, lastFrame: gint64)?
    }

    /// The app's say in a move, in one shape for both hosts: each view's public closures are
    /// wrapped into these (the box's get the child, the list's the index alone).
    struct Hooks {
        var shouldMove: ((Widget?, Int, Int) -> Bool)?
        var moved: ((Widget?, Int, Int) -> Void)?
        var dragText: ((Widget?, Int) -> String?)?
        /// An item was activated; the selection changed (the box's: the list's model says it).
        var activated: ((Widget?, Int) -> Void)?
        var selectionChanged: (() -> Void)?
    }

    unowned let host: any ItemHost
    var state = State.idle
    private(set) var reorderable = false
    var hooks = Hooks()
    /// Each item widget's GtkDragSource while reorderable.
    var dragSources: [Widget: UnsafeMutableRawPointer] = [:]
    /// The host's drop target (while reorderable), key controller and marker (kept once made).
    var dropTarget: UnsafeMutableRawPointer?
    var keys: UnsafeMutableRawPointer?
    var marker: Widget?
    /// The widget whose description says where it was moved (the others say how to move them).
    var lastMoved: Widget?
    private(set) var isDisposed = false

    init(host: any ItemHost) {
        self.host = host
    }

    /// The drag in progress, if any (set to `nil`: idle).
    var drag: Drag? {
        get { if case .dragging(let drag) = state { drag } else { nil } }
        set { state = newValue.map(State.dragging) ?? .idle }
    }

    var isMoving: Bool { if case .moving = state { true } else { false } }

    // MARK: Selection and activation (+Selection)

    /// The items' selection (`nil`: the host has none now, as a list over a plain GListModel).
    var selection: (any ItemSelection)? {
        didSet { if selection is ModelSelection { showsModelSelection = true } }
    }
    /// Whether the list's widgets may show a model's selection (set once it had one): a recycled
    /// widget then loses the state, which a list that never had a selection need not clear.
    private(set) var showsModelSelection = false
    /// The item a Shift+click or Shift+arrow extends the selection from: the last one chosen
    /// without Shift.
    var selectionAnchor: Int?
    /// Whether one click activates an item (else a double click does).
    var singleClickActivates = false
    /// The click gesture on the host, and the item the last single press was on.
    var clicks: UnsafeMutableRawPointer?
    var pressedItem: Int?

    // MARK: Turning reordering on and off

    func setReorderable(_ on: Bool) {
        guard on != reorderable, !isDisposed else { return }
        reorderable = on
        if on {
            installControllers()
            for widget in host.itemWidgets { addDragSource(to: widget) }
        } else {
            endDrag()
            for widget in Array(dragSources.keys) { removeDragSource(from: widget) }
            if let dropTarget {
                gtk_widget_remove_controller(host.hostWidget, cgtk_event_controller(dropTarget))
                self.dropTarget = nil
            }
        }
    }

    /// The host is disposed: the drag, the tick, the drag sources (a widget the app still holds
    /// keeps none that points here), the marker and the app's closures go.
    func dispose() {
        stopAutoScroll()
        state = .idle
        isDisposed = true
        for (widget, source) in dragSources { gtk_widget_remove_controller(widget, cgtk_event_controller(source)) }
        dragSources = [:]
        if let marker {
            self.marker = nil
            gtk_widget_unparent(marker)
            releaseWidget(marker)
        }
        hooks = Hooks()
        lastMoved = nil
        selection = nil
    }

    /// The shared GObject properties (flow-interaction.h) as the C classes read them.
    func read(_ property: FlowInteractionProp, into value: UnsafeMutablePointer<GValue>) {
        switch property {
        case FLOW_INTERACTION_PROP_REORDERABLE: g_value_set_boolean(value, reorderable ? 1 : 0)
        case FLOW_INTERACTION_PROP_SELECTION_MODE:
            g_value_set_enum(value, Int32((selection as? ChildSelection)?.mode.rawValue ?? 0))
        case FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE: g_value_set_boolean(value, singleClickActivates ? 1 : 0)
        default: break
        }
    }

    /// Sets a shared property from C; returns whether it changed (the class then notifies).
    func set(_ property: FlowInteractionProp, from value: UnsafePointer<GValue>) -> Bool {
        switch property {
        case FLOW_INTERACTION_PROP_REORDERABLE:
            let on = g_value_get_boolean(value) != 0
            guard on != reorderable else { return false }
            setReorderable(on)
            return reorderable == on
        case FLOW_INTERACTION_PROP_SELECTION_MODE:
            guard let children = selection as? ChildSelection else { return false }
            let mode = GtkSelectionMode(UInt32(g_value_get_enum(value)))
            guard mode != children.mode else { return false }
            children.setMode(mode)
            showSelectionOnAllWidgets()
            return true
        case FLOW_INTERACTION_PROP_SINGLE_CLICK_ACTIVATE:
            let on = g_value_get_boolean(value) != 0
            guard on != singleClickActivates else { return false }
            singleClickActivates = on
            return true
        default: return false
        }
    }

    // MARK: Item widgets coming and going

    /// An item widget was added or made: it can be dragged while reorderable.
    func widgetAdded(_ widget: Widget) {
        if reorderable { addDragSource(to: widget) }
        if selection is ChildSelection { showSelection(on: widget) }
    }

    /// An item widget stops showing its item (the list recycles it): a drag of it ends, and its
    /// description no longer names a move.
    func widgetStoppedShowing(_ widget: Widget) {
        if drag?.widget == widget { endDrag() }
        if showsModelSelection { flow_interaction_clear_item_selected(widget) }
        if lastMoved == widget {
            lastMoved = nil
            describe(widget)
        }
    }

    /// An item widget leaves (the box lets it go, the list tears it down): its drag source too.
    func widgetRemoved(_ widget: Widget) {
        widgetStoppedShowing(widget)
        removeDragSource(from: widget)
        selectionAnchor = nil
        pressedItem = nil
        if let children = selection as? ChildSelection {
            flow_interaction_clear_item_selected(widget)
            children.forget(widget)
        }
    }

    // MARK: Accessibility

    /// The hint added to each item's description while reorderable, in the user's language
    /// (the library's `flow-1` gettext domain, Localized.swift).
    static var reorderHint: String { localized("Ctrl+Shift+arrow keys, Home or End move it.") }

    /// Adds to `widget`'s description (the app's own text kept first, AppDescription.swift):
    /// while reorderable the keys that move it, after a move its new position first (and its
    /// position-in-set relations); without a drag source (not reorderable, or the widget leaving)
    /// the app's text alone again. GTK 4.8 has no `gtk_accessible_announce` (it came in 4.14): a
    /// screen reader learns of a move by reading the focused item's description and position again.
    func describe(_ widget: Widget, movedTo position: Int? = nil) {
        guard reorderable, dragSources[widget] != nil else { return setDescriptionAddition(widget, nil) }
        let count = host.itemCount
        setDescriptionAddition(widget, (position.map { localized("Moved to position %1$d of %2$d.", $0 + 1, count) + " " } ?? "") + Self.reorderHint)
        if let position { flow_interaction_set_item_position(widget, Int32(clamping: position + 1), Int32(clamping: count)) }
    }
}
