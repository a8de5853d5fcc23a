// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Where a dragged item would be put down: the place between items nearest to a point, and the
// marker that shows it. Pure geometry over a laid-out result, so a container's drag and drop is
// tested without a toolkit; moves by the keyboard use `neighbor(of:moving:in:)`'s rule.

/// A place between items: before item `index` in item order (`index` equal to the number of
/// visible items means after the last), shown on line `line`.
///
/// The end of one line and the start of the next are the same place in item order but different
/// places on screen; `line` tells them apart, so both can be shown and chosen.
public struct FlowInsertionPlace: Sendable, Hashable {
    /// The item the place is before, in item order.
    public var index: Int
    /// The line the place is shown on.
    public var line: Int

    /// A place before item `index`, shown on line `line`.
    ///
    /// - Complexity: O(1).
    public init(index: Int, line: Int) {
        self.index = index
        self.line = line
    }

    /// The index an item has after it is taken from `source` and put down at this place (the
    /// place counted in the order before the move, as `insertionPlace` gives it).
    ///
    /// - Complexity: O(1).
    public func destination(movingFrom source: Int) -> Int {
        index > source ? index - 1 : index
    }
}

extension FlowResult {
    /// The place between visible items nearest to the point (`x`, `y`), in this result's
    /// coordinates: the line whose items' cross extent is nearest (a point before the first line
    /// or past the last goes to that line), then the place before the first item of that line
    /// whose centre lies after the point in reading order (right-to-left lines read from the
    /// right), or the line's end. `nil` when nothing is visible.
    ///
    /// `excluding` is the dragged item: it is not a neighbour of any place, so hovering over it
    /// or the gap it leaves gives its own place back (a drop there moves nothing). An item hidden
    /// by a line limit, and the overflow indicator, are never places.
    ///
    /// - Complexity: O(m log l), l being the number of lines and m the items of a line.
    public func insertionPlace(nearestTo x: Double, _ y: Double, in layout: FlowLayout,
                               excluding dragged: Int? = nil) -> FlowInsertionPlace? {
        guard x.isFinite, y.isFinite else { return nil }
        let shape = LineShape(result: self, layout: layout)
        guard let line = shape.nearestLine(toCross: shape.horizontal ? y : x) else { return nil }
        let along = shape.horizontal ? x : y
        let items = lines[line].clamped(to: 0..<visibleCount)
        var index = items.upperBound
        for candidate in items where candidate != dragged {
            let centre = shape.horizontal ? frames[candidate].midX : frames[candidate].midY
            if shape.readsBackwards ? along > centre : along < centre {
                index = candidate
                break
            }
        }
        // The dragged item's place stands for the gap it leaves: before or after it is no move.
        if let dragged, index == dragged + 1, items.contains(dragged) { index = dragged }
        return FlowInsertionPlace(index: index, line: line)
    }

    /// The marker showing `place`: a bar `thickness` wide across its line's extent, centred in
    /// the gap between the place's two neighbours on that line, or half the item spacing before
    /// the line's first item or after its last one (kept inside the result). `nil` for a place
    /// that is not on a visible line.
    ///
    /// - Complexity: O(m), m being the items of the place's line.
    public func insertionMarker(for place: FlowInsertionPlace, thickness: Double, in layout: FlowLayout,
                                excluding dragged: Int? = nil) -> FlowRect? {
        let shape = LineShape(result: self, layout: layout)
        guard place.line >= 0, place.line < lines.count, thickness.isFinite, thickness >= 0 else { return nil }
        let items = lines[place.line]
        guard place.index >= items.lowerBound, place.index <= items.upperBound else { return nil }
        let before = items.lowerBound..<place.index
        let after = place.index..<items.upperBound
        let previous = before.last(where: { $0 != dragged })
        let next = after.first(where: { $0 != dragged })
        // Leading and trailing edges along the line, in reading order.
        func leading(_ i: Int) -> Double {
            shape.horizontal ? (shape.readsBackwards ? frames[i].maxX : frames[i].minX) : frames[i].minY
        }
        func trailing(_ i: Int) -> Double {
            shape.horizontal ? (shape.readsBackwards ? frames[i].minX : frames[i].maxX) : frames[i].maxY
        }
        let forward: Double = shape.readsBackwards ? -1 : 1
        let halfGap = layout.itemSpacing / 2
        let centre: Double
        switch (previous, next) {
        case let (p?, n?): centre = (trailing(p) + leading(n)) / 2
        case let (p?, nil): centre = trailing(p) + forward * halfGap
        case let (nil, n?): centre = leading(n) - forward * halfGap
        case (nil, nil):
            guard let dragged, items.contains(dragged) else { return nil }
            centre = leading(dragged)
        }
        let extent = shape.crossRange(of: place.line)
        let room = shape.horizontal ? size.width : size.height
        let start = min(max(0, centre - thickness / 2), max(0, room - thickness))
        return shape.horizontal
            ? FlowRect(x: start, y: extent.lowerBound, width: thickness, height: extent.upperBound - extent.lowerBound)
            : FlowRect(x: extent.lowerBound, y: start, width: extent.upperBound - extent.lowerBound, height: thickness)
    }
}

/// The lines of a result as the hit test sees them: which axis they run along, which way they
/// read, and their extents across.
private struct LineShape {
    let result: FlowResult
    let horizontal: Bool
    /// Reading order runs against the coordinate along the line (right-to-left rows).
    let readsBackwards: Bool

    init(result: FlowResult, layout: FlowLayout) {
        self.result = result
        horizontal = layout.axis == .horizontal
        readsBackwards = horizontal && layout.direction == .rightToLeft
    }

    /// The lines that hold visible items (a line limit's hidden items are past them).
    var visibleLines: Int {
        var count = result.lines.count
        while count > 0, result.lines[count - 1].isEmpty || result.lines[count - 1].lowerBound >= result.visibleCount {
            count -= 1
        }
        return count
    }

    func crossRange(of line: Int) -> ClosedRange<Double> {
        var low = Double.infinity
        var high = -Double.infinity
        for i in result.lines[line] where i < result.visibleCount {
            let frame = result.frames[i]
            low = min(low, horizontal ? frame.minY : frame.minX)
            high = max(high, horizontal ? frame.maxY : frame.maxX)
        }
        return low <= high ? low...high : 0...0
    }

    /// The line whose cross extent is nearest to `cross`; ties go to the earlier line. Lines are
    /// ordered across (upward under wrap-reverse, leftward for right-to-left columns), so the
    /// search halves.
    func nearestLine(toCross cross: Double) -> Int? {
        let count = visibleLines
        guard count > 0 else { return nil }
        let ascending = crossRange(of: 0).lowerBound <= crossRange(of: count - 1).lowerBound
        // The first line that does not lie wholly before `cross` in the lines' order.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let range = crossRange(of: middle)
            let before = ascending ? range.upperBound < cross : range.lowerBound > cross
            if before { low = middle + 1 } else { high = middle }
        }
        if low == count { return count - 1 }
        guard low > 0 else { return 0 }
        func distance(_ line: Int) -> Double {
            let range = crossRange(of: line)
            return range.contains(cross) ? 0 : min(abs(range.lowerBound - cross), abs(range.upperBound - cross))
        }
        return distance(low - 1) <= distance(low) ? low - 1 : low
    }
}
