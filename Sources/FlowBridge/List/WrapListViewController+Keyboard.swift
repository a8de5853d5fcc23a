// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// The keyboard across items that have no widget: arrows, Home/End and Page Up/Down pick the
// target item by geometry from the line table (the engine's own navigation rule, run on the few
// lines involved), then the target is realized, focused, and scrolled into view at the next
// allocation. Tab leaves the list as it enters it (GTK's default focus chain over the realized
// widgets).

extension WrapListViewController {
    func installKeyboard() {
        let controller = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(controller)) { [weak self] keyval, _, state in
            // With Shift, Ctrl or Alt the keys are others' (reordering's).
            guard let self, ItemKey.Modifiers(state) == .none, let key = ItemKey(keyval) else { return false }
            return self.handle(key)
        }
        gtk_widget_add_controller(view, cgtk_event_controller(UnsafeMutableRawPointer(controller)))
        keyController = UnsafeMutableRawPointer(controller)
    }

    /// Moves the focus from the focused item. Returns whether the key was used (a move past the
    /// first or last item is, so the focus does not leave the list).
    func handle(_ key: ItemKey) -> Bool {
        guard let from = items.focusedIndex, let table else { return false }
        let target: Int?
        switch key {
        case .step(let step): target = neighbor(of: from, moving: step, in: table)
        case .pageUp: target = pageTarget(from, forward: false, in: table)
        case .pageDown: target = pageTarget(from, forward: true, in: table)
        case .escape: return false
        }
        if let target, target != from { focus(item: target) }
        return true
    }

    /// The engine's neighbour of item `index`, from the lines around it only.
    func neighbor(of index: Int, moving move: FlowNavigation, in table: FlowLineTable) -> Int? {
        switch move {
        case .first: return table.visibleCount > 0 ? 0 : nil
        case .last: return table.visibleCount > 0 ? table.visibleCount - 1 : nil
        default: break
        }
        guard let line = table.line(containing: index) else { return nil }
        let lines = Array(max(0, line - 1)..<min(table.lineCount, line + 2))
        return nearby(lines: lines, around: index, in: table) { $0.neighbor(of: $1, moving: move, in: table.layout) }
    }

    /// A page away: the line a viewport's length before or after the item's line (the first or last
    /// item at the ends), and on it the item nearest along the line, by the arrows' rule.
    private func pageTarget(_ index: Int, forward: Bool, in table: FlowLineTable) -> Int? {
        guard let line = table.line(containing: index) else { return nil }
        let here = table[line].crossOffset
        // Later lines have larger offsets unless the lines run the other way (wrap-reverse).
        let later = table.lineCount < 2 || table[1].crossOffset > table[0].crossOffset
        let sign: Double = later == forward ? 1 : -1
        guard let targetLine = table.line(atCrossOffset: here + sign * pageLength),
              targetLine != line, (targetLine > line) == forward else {
            return forward ? table.visibleCount - 1 : 0
        }
        // The engine's rule between two lines, as if they were neighbours.
        let towardsNext = targetLine > line
        let layout = table.layout
        let move: FlowNavigation
        if layout.axis == .horizontal {
            move = towardsNext != layout.wrapReverse ? .down : .up
        } else {
            let nextColumnIsRight = !((layout.direction == .rightToLeft) != layout.wrapReverse)
            move = towardsNext == nextColumnIsRight ? .right : .left
        }
        return nearby(lines: [min(line, targetLine), max(line, targetLine)], around: index, in: table) {
            $0.neighbor(of: $1, moving: move, in: layout)
        }
    }

    /// Runs `body` on a FlowResult made of some lines' frames and item `index`'s number in it;
    /// maps the item number it returns back to the list's.
    private func nearby(lines: [Int], around index: Int, in table: FlowLineTable,
                        _ body: (FlowResult, Int) -> Int?) -> Int? {
        var frames: [FlowRect] = []
        var ranges: [Range<Int>] = []
        var indices: [Int] = []
        for line in lines {
            let part = table.frames(ofLines: line..<line + 1, items: sizes.items)
            ranges.append(frames.count..<frames.count + part.frames.count)
            frames += part.frames
            indices += Array(part.items)
        }
        guard let local = indices.firstIndex(of: index) else { return nil }
        let result = FlowResult(frames: frames, size: table.size, lines: ranges, hiddenCount: 0, indicatorFrame: nil)
        return body(result, local).map { indices[$0] }
    }

    /// The viewport's length across the lines.
    private var pageLength: Double {
        let horizontal = layout.axis == .horizontal
        return Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
    }

    /// Focuses item `index`: gives it a widget now, focuses it, and scrolls it into view at the
    /// next allocation. Returns whether the widget took the focus.
    @discardableResult
    func focus(item index: Int) -> Bool {
        guard !disposed, index >= 0, index < sizes.count else { return false }
        let widget = items.bindWidget(to: index, count: sizes.count)
        reveal(index)
        return gtk_widget_grab_focus(widget) != 0
    }

    /// Scrolls item `index` into view at the next allocation.
    func reveal(_ index: Int) {
        guard index >= 0, index < sizes.count else { return }
        viewport.reveal(index)
        gtk_widget_queue_allocate(view)
    }
}
