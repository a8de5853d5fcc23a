// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Keyboard navigation over a laid-out result: which item an arrow key, Tab, Home or End should
// move to. Pure geometry and order, so it is tested without any toolkit.

/// A move between items.
public enum FlowNavigation: Sendable, Hashable, CaseIterable {
    /// The next item in reading order (Tab).
    case next
    /// The previous item in reading order (Shift+Tab).
    case previous
    /// The item to the left: along the line, continuing on the neighbouring line at a line's end
    /// (in a horizontal layout); the nearest item of the column to the left (in a vertical one).
    case left
    case right
    /// The nearest item, by the centre along the line, on the line above (horizontal layouts);
    /// the previous item of the column (vertical layouts).
    case up
    case down
    /// The first visible item (Home).
    case first
    /// The last visible item (End).
    case last
}

extension FlowResult {
    /// The item a move from item `index` goes to, or `nil` when there is none in that direction
    /// (or `index` is hidden). `layout` must be the layout that produced this result: its axis,
    /// direction and wrap-reverse say which way is which.
    ///
    /// Reading order is item order (a right-to-left layout reads from the right). Moves along
    /// the lines follow it, mirrored in right-to-left. Moves across the lines go to the line
    /// physically above, below, left or right (so wrap-reverse and right-to-left columns are
    /// respected), to the item whose centre along the line is nearest; ties go to the earlier
    /// item.
    ///
    /// - Complexity: O(log l) for moves along the lines, O(log l + m) across them, l being the
    ///   number of lines and m the items of the line moved to.
    public func neighbor(of index: Int, moving move: FlowNavigation, in layout: FlowLayout) -> Int? {
        let count = visibleCount
        switch move {
        case .first: return count > 0 ? 0 : nil
        case .last: return count > 0 ? count - 1 : nil
        default: break
        }
        guard index >= 0, index < count, let line = line(containing: index) else { return nil }
        let horizontal = layout.axis == .horizontal
        let rtl = layout.direction == .rightToLeft
        func step(_ forward: Bool) -> Int? {
            let target = index + (forward ? 1 : -1)
            return target >= 0 && target < count ? target : nil
        }
        // Across the lines: +1 when the next line lies that way.
        func across(_ towardsNextLine: Bool) -> Int? {
            let target = line + (towardsNextLine ? 1 : -1)
            guard target >= 0, target < lines.count, !lines[target].isEmpty else { return nil }
            let centre = horizontal ? frames[index].midX : frames[index].midY
            var best: Int?
            var bestDistance = Double.infinity
            for candidate in lines[target] {
                let distance = abs((horizontal ? frames[candidate].midX : frames[candidate].midY) - centre)
                if distance < bestDistance {
                    bestDistance = distance
                    best = candidate
                }
            }
            return best
        }
        switch move {
        case .next: return step(true)
        case .previous: return step(false)
        case .left, .right:
            if horizontal { return step((move == .right) != rtl) }
            // Columns: the next column is to the right unless they run from the right.
            let nextColumnIsRight = !(rtl != layout.wrapReverse)
            return across((move == .right) == nextColumnIsRight)
        case .up, .down:
            if !horizontal { return step(move == .down) }
            // Lines stack downward unless wrap-reverse stacks them upward.
            return across((move == .down) != layout.wrapReverse)
        case .first, .last:
            return nil
        }
    }
}
