// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the modifier masks come through it
import CGtk
import FlowEngine

// The move of an item as the user asks it, by a drop or a key: the app's vetoes, the host's move,
// the reports, the focus and the description, in that order for the box and the list alike.

extension ItemInteraction {
    /// Ctrl+Shift (or Alt+Shift) with an arrow, Home or End, while an item has the focus: moves it one place (left
    /// and right in the visual direction), to the nearest place on the line above or below (the
    /// engine's neighbour), or to the first or last place. Escape during a drag cancels it.
    /// Returns whether the key was handled.
    func handleKey(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let key = ItemKey(keyval)
        if key == .escape, let drag {
            // GDK's X11 drag does not always see Escape itself (under Xvfb it never does): the
            // host cancels its own drag, which ends it as a drop elsewhere would (drag-end).
            if let source = dragSources[drag.widget] { gtk_drag_source_drag_cancel(OpaquePointer(source)) }
            endDrag()
            return true
        }
        guard reorderable, drag == nil, ItemKey.Modifiers(modifiers) == .moveItem, case .step(let move)? = key,
              let from = host.focusedItem else { return false }
        // At an edge there is nothing to do, but the key is still the reordering one.
        if let to = host.neighbor(of: from, moving: move), to != from { moveItem(from: from, to: to) }
        return true
    }

    /// Moves item `from` to `to` as the user asked: the app's veto (the Swift view's closure),
    /// then the class's veto signal, then the host's move, then the reports (the Swift closure, then
    /// the signal), so that Swift and GObject clients of one container are both asked and told.
    /// An item that had the focus keeps it; its description says where it went. Returns whether
    /// the item moved (was reported). A drag in progress ends first.
    @discardableResult
    func moveItem(from: Int, to: Int) -> Bool {
        let count = host.itemCount
        guard !isDisposed, !isMoving, from != to, from >= 0, to >= 0, from < count, to < count else { return false }
        let widget = host.widget(forItem: from)
        if let veto = hooks.shouldMove, !veto(widget, from, to) { return false }
        // A handler that changed the items (or destroyed the host) made the positions stale.
        guard flow_interaction_emit_move(host.hostWidget, widget, guint(from), guint(to)) != 0, !isDisposed,
              host.itemCount == count else { return false }
        endDrag()
        let hadFocus = host.focusedItem == from
        state = .moving
        host.moveItem(from: from, to: to) {
            hooks.moved?(widget, from, to)
            flow_interaction_emit_moved(host.hostWidget, widget, guint(from), guint(to))
        }
        state = .idle
        guard !isDisposed, host.itemCount == count else { return true }
        if hadFocus { host.focusItem(to) }
        if let moved = host.widget(forItem: to) {
            if let last = lastMoved, last != moved, dragSources[last] != nil { describe(last) }
            lastMoved = moved
            describe(moved, movedTo: to)
        }
        return true
    }
}

/// The keys that act on items, read here once for every container: the focus moves (the list's
/// arrows, Page Up and Down; the box's Home and End), the same keys with Ctrl+Shift or Alt+Shift
/// move the item, Escape cancels a drag.
enum ItemKey: Equatable {
    case step(FlowNavigation)
    case pageUp, pageDown
    case escape

    init?(_ keyval: UInt32) {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: self = .step(.left)
        case GDK_KEY_Right, GDK_KEY_KP_Right: self = .step(.right)
        case GDK_KEY_Up, GDK_KEY_KP_Up: self = .step(.up)
        case GDK_KEY_Down, GDK_KEY_KP_Down: self = .step(.down)
        case GDK_KEY_Home, GDK_KEY_KP_Home: self = .step(.first)
        case GDK_KEY_End, GDK_KEY_KP_End: self = .step(.last)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self = .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self = .pageDown
        case GDK_KEY_Escape: self = .escape
        default: return nil
        }
    }

    /// What the modifiers held make of a key: none moves the focus, Ctrl+Shift or Alt+Shift the
    /// item; other combinations are no item key (Shift and Ctrl are to be selection's).
    /// Ctrl+Shift is the one to give users: no default desktop binds it with the arrows (GNOME
    /// Shell, KDE Plasma, Xfce and openbox take Ctrl+Alt, Shift+Alt or Super with them; openbox
    /// sends the window to another desktop on Alt+Shift+arrows). Alt+Shift stays for those who
    /// learnt it, where it reaches the application.
    enum Modifiers: Equatable {
        case none, moveItem, other

        init(_ state: GdkModifierType) {
            switch state.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue) {
            case 0: self = .none
            case GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue,
                 GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue: self = .moveItem
            default: self = .other
            }
        }
    }
}
