// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// ``FlowLayout/maxLines``: which items stay visible, and room for the "+N more" indicator.
enum Truncation {
    /// The number of leading items shown when at most `maxLines` lines are allowed, or `nil`
    /// when every item fits.
    ///
    /// Greedy breaking fits the most items into a given number of lines (moving any break later
    /// is what lets more items in), so the visible items are the greedy lines' items. With an
    /// indicator, items come off the end of the last line until the indicator fits after them;
    /// if none can stay, the indicator stands alone on that line.
    ///
    /// - Complexity: O(m), m being the number of items in the first `maxLines` lines.
    static func visibleCount<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, rules: LineRules, maxLines: Int, indicator: FlowItem?
    ) -> Int? {
        let n = items.count
        var start = 0
        var line = 0
        while start < n {
            let end = greedyLine(items, Axis.self, from: start, rules: rules, needs: nil).end
            line += 1
            if line == maxLines {
                if end == n { return nil }
                guard let indicator else { return end }
                return lastLineCount(items, Axis.self, line: start..<end, rules: rules,
                                     indicator: indicator)
            }
            start = end
        }
        return nil
    }

    /// The largest v in the line's range such that the items from the line's start to v, then
    /// the indicator, make a line that fits.
    private static func lastLineCount<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, line: Range<Int>, rules: LineRules, indicator: FlowItem
    ) -> Int {
        let indicatorLength = rules.breakingLength(indicator, Axis.self)
        // extents[k]: the extent of the line's first k items.
        var extents: [Double] = [0]
        var extent = 0.0
        for i in line {
            let length = rules.breakingLength(items[i], Axis.self)
            extent = i == line.lowerBound ? length : extent + (rules.spacing + length)
            extents.append(extent)
        }
        var kept = line.count
        while kept > 0 {
            if rules.accepts(extent: extents[kept], adding: indicatorLength, count: kept) {
                break
            }
            kept -= 1
        }
        return line.lowerBound + kept
    }
}
