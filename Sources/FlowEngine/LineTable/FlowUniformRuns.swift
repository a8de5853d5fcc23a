// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Items that can say that a run of them is all one size, without being read one by one: a
// virtualized list keeps the items it has not measured at one estimate and no entry each, and
// the engine then lays out such a run by arithmetic (its greedy lines all hold the same number
// of items at the same thickness) instead of breaking each of its lines.

/// A collection of items that knows where runs of equal items lie. Give such a collection to
/// ``FlowLayout/lineTable(_:in:breakingAtMost:)``, ``FlowLineTable/itemsChanged(at:removed:added:items:breakingAtMost:)``
/// or ``FlowLengthSummary/lengths(_:items:)``: a run past what they must break is laid out, or
/// summed, in O(1) instead of item by item.
public protocol FlowUniformRuns {
    /// The item every position in `range` holds, when the collection knows they are all equal;
    /// `nil` when it does not (they may differ). Positions count from the collection's start
    /// (0 is its first item). Answering `nil` is always correct, only slower.
    ///
    /// - Complexity: should be O(log n) or better.
    func uniformItem(in range: Range<Int>) -> FlowItem?
}
