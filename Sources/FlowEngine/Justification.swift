// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// How a line's free space (its length minus its items and their spacing) is placed along the
/// main axis. Each case is exactly CSS `justify-content`, except ``fill``.
///
/// Free space is measured after growing items have taken their share, so a line with a growing
/// item has none left to justify.
public enum Justification: String, Sendable, Hashable, CaseIterable {
    /// Items packed at the line's start (the leading edge). CSS `flex-start`.
    case start
    /// Items packed in the middle. CSS `center`.
    case center
    /// Items packed at the line's end. CSS `flex-end`.
    case end
    /// First item at the start, last at the end, the free space shared equally between items.
    /// A line of one item, or with negative free space, behaves as ``start``. CSS `space-between`.
    case spaceBetween
    /// Equal space around each item: half as much before the first and after the last as between
    /// two. One item behaves as ``center``; negative free space (an item longer than the line)
    /// as ``start`` (CSS's fallback, `safe center`). CSS `space-around`.
    case spaceAround
    /// Equal space before the first item, between items and after the last.
    /// One item behaves as ``center``; negative free space as ``start``. CSS `space-evenly`.
    case spaceEvenly
    /// Items grow to fill the line: its free space is shared equally among its items (as if each
    /// had `flex-grow: 1`). A line that already has growing items keeps their weights instead.
    /// Not a CSS value.
    case fill
}

/// Where a line's first item starts and how much extra space goes between two items.
struct LineDistribution {
    /// Offset of the first item from the line's start.
    var leading: Double
    /// Space added to the item spacing between each pair of neighbours.
    var between: Double

    static let packedAtStart = LineDistribution(leading: 0, between: 0)

    /// Distributes `freeSpace` (may be negative when a lone item overflows) over a line of
    /// `count` items, as CSS `justify-content` does.
    @inline(__always)
    init(_ justification: Justification, freeSpace: Double, count: Int) {
        let n = Double(count)
        switch justification {
        case .start, .fill:
            self = .packedAtStart
        case .center:
            self.init(leading: freeSpace / 2, between: 0)
        case .end:
            self.init(leading: freeSpace, between: 0)
        case .spaceBetween:
            if count > 1 && freeSpace > 0 {
                self.init(leading: 0, between: freeSpace / (n - 1))
            } else {
                self = .packedAtStart
            }
        case .spaceAround:
            // Negative free space: CSS falls back to `safe center`, which an overflowing line
            // turns into start.
            if freeSpace >= 0 {
                self.init(leading: freeSpace / (2 * n), between: freeSpace / n)
            } else {
                self = .packedAtStart
            }
        case .spaceEvenly:
            if freeSpace >= 0 {
                self.init(leading: freeSpace / (n + 1), between: freeSpace / (n + 1))
            } else {
                self = .packedAtStart
            }
        }
    }

    init(leading: Double, between: Double) {
        self.leading = leading
        self.between = between
    }
}
