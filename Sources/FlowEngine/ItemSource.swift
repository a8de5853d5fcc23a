// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// The items one layout pass reads: the caller's items, possibly followed by the "+N more"
/// indicator of a truncated layout. Generic so the common case (no indicator) has no branch.
protocol ItemSource {
    var count: Int { get }
    /// How many of these are the caller's items: all but the indicator, when there is one.
    var visibleCount: Int { get }
    subscript(index: Int) -> FlowItem { get }
    /// The item every one in `range` is, when the caller's collection says they are all equal
    /// (``FlowUniformRuns``); `nil` otherwise.
    func uniformItem(in range: Range<Int>) -> FlowItem?
}

extension ItemSource {
    func uniformItem(in range: Range<Int>) -> FlowItem? { nil }
}

/// The caller's items, read in place.
struct PlainItems: ItemSource {
    let base: UnsafeBufferPointer<FlowItem>

    @inline(__always) var count: Int { base.count }
    @inline(__always) var visibleCount: Int { base.count }
    @inline(__always) subscript(index: Int) -> FlowItem { base[index] }
}

/// The first `visibleCount` items, then the overflow indicator as one more item.
struct ItemsWithIndicator<Base: ItemSource>: ItemSource {
    let base: Base
    let visibleCount: Int
    let indicator: FlowItem

    @inline(__always) var count: Int { visibleCount + 1 }
    @inline(__always) subscript(index: Int) -> FlowItem {
        index < visibleCount ? base[index] : indicator
    }
}

/// The first `count` items, the others hidden.
struct PrefixItems<Base: ItemSource>: ItemSource {
    let base: Base
    let count: Int

    @inline(__always) var visibleCount: Int { count }
    @inline(__always) subscript(index: Int) -> FlowItem { base[index] }
    func uniformItem(in range: Range<Int>) -> FlowItem? {
        range.upperBound <= count ? base.uniformItem(in: range) : nil
    }
}

/// The caller's items in a collection that is not one buffer (a line table's items may be kept
/// in chunks, so that inserting one into a million does not move them all). Public entry points
/// that take any collection turn it into `PlainItems` when it is one buffer, or into this, before
/// anything else: the pass is then specialized for each (a generic caller would otherwise keep it
/// generic all the way down).
struct CollectionItems<Items: RandomAccessCollection>: ItemSource
where Items.Element == FlowItem, Items.Index == Int {
    let base: Items

    @inline(__always) var count: Int { base.count }
    @inline(__always) var visibleCount: Int { base.count }
    @inline(__always) subscript(index: Int) -> FlowItem { base[base.startIndex &+ index] }
    func uniformItem(in range: Range<Int>) -> FlowItem? {
        (base as? any FlowUniformRuns)?.uniformItem(in: range)
    }
}
