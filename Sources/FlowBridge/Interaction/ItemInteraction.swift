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
// Selection and activation come here too, once (see the MARK below): their state beside
// ``state`` (a press that may become a drag or an activation is where `pressed` joins it), their
// keys in ItemKey's map (Space, Ctrl+A; Shift with the arrows, which ItemKey.Modifiers keeps
// apart from the move keys already), their properties and signals as rows of
// flow-interaction.c's table (read and set through the same two entries as `reorderable`), and
// whatever the core must ask of an item as a requirement of ItemHost.

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

    // MARK: Selection and activation (to come)
    //
    // The selection mode (none, single, multiple, browse) and the selected items (the list's a
    // GtkSelectionModel over its model; the box's its children), activate-on-single-click, and
    // the reports (child-activated / item-activated, selected-children-changed) go here, beside
    // the reordering below; each host's public API wraps them as it wraps reordering's hooks.

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
    }

    /// The shared GObject properties (flow-interaction.h) as the C classes read them.
    func read(_ property: FlowInteractionProp, into value: UnsafeMutablePointer<GValue>) {
        switch property {
        case FLOW_INTERACTION_PROP_REORDERABLE: g_value_set_boolean(value, reorderable ? 1 : 0)
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
        default: return false
        }
    }

    // MARK: Item widgets coming and going

    /// An item widget was added or made: it can be dragged while reorderable.
    func widgetAdded(_ widget: Widget) {
        if reorderable { addDragSource(to: widget) }
    }

    /// An item widget stops showing its item (the list recycles it): a drag of it ends, and its
    /// description no longer names a move.
    func widgetStoppedShowing(_ widget: Widget) {
        if drag?.widget == widget { endDrag() }
        if lastMoved == widget {
            lastMoved = nil
            describe(widget)
        }
    }

    /// An item widget leaves (the box lets it go, the list tears it down): its drag source too.
    func widgetRemoved(_ widget: Widget) {
        widgetStoppedShowing(widget)
        removeDragSource(from: widget)
    }

    // MARK: Accessibility

    /// The hint added to each item's description while reorderable, in the user's language
    /// (the library's `flow-1` gettext domain, Localized.swift).
    static var reorderHint: String { localized("Alt+Shift+arrow keys, Home or End move it.") }

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
