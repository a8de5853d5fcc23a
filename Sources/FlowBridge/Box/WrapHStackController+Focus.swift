// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Keyboard focus follows the layout, not the widget tree's order or GTK's geometric guess (which
// sorts by vertical centres, so a tall item ends up after the short ones of its own line): Tab
// goes through the children in reading order, line by line (which right-to-left layouts mirror),
// the arrow keys ask the engine for the neighbour in that direction, and Home and End go to the
// first and last child.

extension WrapHStackController {
    /// The children the focus moves among, in reading order, and the last layout when it laid
    /// out exactly these (then its item indices are theirs; arrows need its geometry).
    ///
    /// GTK delivers every queued input event before the frame that lays the box out again, so a
    /// key that removes a child can be followed by Tab before any layout: the last layout's
    /// widgets then include one the box let go, freed, and lack one added since. A pending
    /// layout's children are therefore the box's own list as it is now.
    private struct FocusChildren {
        let widgets: [Widget]
        /// The last layout, when it is current.
        let report: WrapHStack.LayoutReport?
        /// How many of `widgets` are shown (the rest `maxLines` hides).
        let visible: Int
    }

    private func focusChildren() -> FocusChildren? {
        guard let shown else { return nil }
        let now = entries.lazy.filter { gtk_widget_get_visible($0.widget) != 0 }
            .map(\.widget)
        if shown.widgets.elementsEqual(now) {
            return FocusChildren(widgets: shown.widgets, report: shown.report,
                                 visible: min(shown.report.result.visibleCount, shown.widgets.count))
        }
        // Children the layout will hide are unmapped already, or take no focus until it runs.
        let widgets = Array(now)
        return FocusChildren(widgets: widgets, report: nil, visible: widgets.count)
    }

    /// Offers the focus to `child` (moving within it first). A child the box no longer holds
    /// (one that a focus handler removed while the focus was moving) is not asked: it may be freed.
    private func offerFocus(to child: Widget, _ direction: GtkDirectionType) -> Bool {
        members.contains(child) && gtk_widget_child_focus(child, direction) != 0
    }

    /// The box's focus handler. `nil` lets GTK's default run.
    func moveFocus(_ direction: GtkDirectionType) -> Bool? {
        guard let order = focusChildren() else { return nil }
        let children = order.widgets, visible = order.visible
        guard visible > 0 else { return false }
        let current = focusedChildIndex(in: children)

        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD:
            let forward = direction == GTK_DIR_TAB_FORWARD
            // First within the focused child (a chip's own buttons), then the next children.
            if let current, offerFocus(to: children[current], direction) { return true }
            var index = current.map { forward ? $0 + 1 : $0 - 1 } ?? (forward ? 0 : visible - 1)
            while index >= 0 && index < visible {
                if offerFocus(to: children[index], direction) { return true }
                index += forward ? 1 : -1
            }
            return false
        default:
            // An arrow key entering the container from outside: GTK picks the nearest child.
            guard let current, let move = FlowNavigation(direction) else { return nil }
            if offerFocus(to: children[current], direction) { return true }
            guard let report = order.report else {
                // A layout is pending: along the reading order until it has run.
                return focusAlongOrder(from: current, moving: move, children: children)
            }
            return focusNeighbor(of: current, moving: move, report: report, children: children)
        }
    }

    /// Home and End: the first and last child. Returns whether the key was handled.
    func handleNavigationKey(_ keyval: UInt32) -> Bool {
        guard case .step(let move)? = ItemKey(keyval), move == .first || move == .last, let order = focusChildren(),
              order.visible > 0, focusedChildIndex(in: order.widgets) != nil else { return false }
        // Skip children that take no focus, inward from the end chosen.
        var index = move == .first ? 0 : order.visible - 1
        while index >= 0 && index < order.visible {
            if offerFocus(to: order.widgets[index], GTK_DIR_TAB_FORWARD) { return true }
            index += move == .first ? 1 : -1
        }
        return false
    }

    private func focusNeighbor(of start: Int, moving move: FlowNavigation, report: WrapHStack.LayoutReport,
                               children: [Widget]) -> Bool {
        var from = start
        var seen: Set<Int> = [start]
        while let next = report.result.neighbor(of: from, moving: move, in: report.request.layout),
              next < children.count, seen.insert(next).inserted {
            if offerFocus(to: children[next], GTK_DIR_TAB_FORWARD) { return true }
            from = next   // a child that takes no focus: keep going the same way
        }
        return false
    }

    /// The arrows before a pending layout has placed the children: back (left, up; right in
    /// right-to-left) or on through the reading order.
    private func focusAlongOrder(from start: Int, moving move: FlowNavigation, children: [Widget]) -> Bool {
        let rtl = layout.layout.direction == .rightToLeft
        let forward: Bool
        switch move {
        case .right: forward = !rtl
        case .left: forward = rtl
        case .down, .next: forward = true
        default: forward = false
        }
        var index = start + (forward ? 1 : -1)
        while index >= 0 && index < children.count {
            if offerFocus(to: children[index], GTK_DIR_TAB_FORWARD) { return true }
            index += forward ? 1 : -1
        }
        return false
    }

    /// The index of the child that holds the focus, if any.
    private func focusedChildIndex(in children: [Widget]) -> Int? {
        guard let child = gtk_widget_get_focus_child(chipParent) else { return nil }
        return children.firstIndex(of: child)
    }

    func installFocusHandling() {
        let keys = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, _ in
            self?.handleNavigationKey(keyval) ?? false
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(keys)))
    }
}

extension FlowNavigation {
    init?(_ direction: GtkDirectionType) {
        switch direction {
        case GTK_DIR_LEFT: self = .left
        case GTK_DIR_RIGHT: self = .right
        case GTK_DIR_UP: self = .up
        case GTK_DIR_DOWN: self = .down
        case GTK_DIR_TAB_FORWARD: self = .next
        case GTK_DIR_TAB_BACKWARD: self = .previous
        default: return nil
        }
    }
}
