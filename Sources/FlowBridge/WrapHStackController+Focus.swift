import CFlowClasses
import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Keyboard focus follows the layout, not the widget tree's order or GTK's geometric guess (which
// sorts by vertical centres, so a tall item ends up after the short ones of its own line): Tab
// goes through the children in reading order, line by line (which right-to-left layouts mirror),
// the arrow keys ask the engine for the neighbour in that direction, and Home and End go to the
// first and last child.

extension WrapHStackController {
    /// The box's focus handler. `nil` lets GTK's default run.
    func moveFocus(_ direction: GtkDirectionType) -> Bool? {
        guard let shown = layout.shown else { return nil }
        let report = shown.report, children = shown.widgets
        let visible = min(report.result.visibleCount, children.count)
        guard visible > 0 else { return false }
        let current = focusedChildIndex(in: children)

        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD:
            let forward = direction == GTK_DIR_TAB_FORWARD
            // First within the focused child (a chip's own buttons), then the next children.
            if let current, gtk_widget_child_focus(children[current], direction) != 0 { return true }
            var index = current.map { forward ? $0 + 1 : $0 - 1 } ?? (forward ? 0 : visible - 1)
            while index >= 0 && index < visible {
                if gtk_widget_child_focus(children[index], direction) != 0 { return true }
                index += forward ? 1 : -1
            }
            return false
        default:
            // An arrow key entering the container from outside: GTK picks the nearest child.
            guard let current, let move = FlowNavigation(direction) else { return nil }
            if gtk_widget_child_focus(children[current], direction) != 0 { return true }
            return focusNeighbor(of: current, moving: move, report: report, children: children)
        }
    }

    /// Home and End: the first and last child. Returns whether the key was handled.
    func handleNavigationKey(_ keyval: UInt32) -> Bool {
        let move: FlowNavigation
        switch Int32(keyval) {
        case GDK_KEY_Home, GDK_KEY_KP_Home: move = .first
        case GDK_KEY_End, GDK_KEY_KP_End: move = .last
        default: return false
        }
        guard let shown = layout.shown, focusedChildIndex(in: shown.widgets) != nil else { return false }
        let report = shown.report, children = shown.widgets
        guard let target = report.result.neighbor(of: 0, moving: move, in: report.request.layout),
              target < children.count else { return false }
        // Skip children that take no focus, inward from the end chosen.
        var index = target
        while index >= 0 && index < min(report.result.visibleCount, children.count) {
            if gtk_widget_child_focus(children[index], GTK_DIR_TAB_FORWARD) != 0 { return true }
            index += move == .first ? 1 : -1
        }
        return false
    }

    private func focusNeighbor(of start: Int, moving move: FlowNavigation, report: LayoutReport,
                               children: [Widget]) -> Bool {
        var from = start
        var seen: Set<Int> = [start]
        while let next = report.result.neighbor(of: from, moving: move, in: report.request.layout),
              next < children.count, seen.insert(next).inserted {
            if gtk_widget_child_focus(children[next], GTK_DIR_TAB_FORWARD) != 0 { return true }
            from = next   // a child that takes no focus: keep going the same way
        }
        return false
    }

    /// The index of the laid-out child that holds the focus, if any.
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
