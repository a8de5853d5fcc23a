/// The items one layout pass reads: the caller's items, possibly followed by the "+N more"
/// indicator of a truncated layout. Generic so the common case (no indicator) has no branch.
protocol ItemSource {
    var count: Int { get }
    /// How many of these are the caller's items: all but the indicator, when there is one.
    var visibleCount: Int { get }
    subscript(index: Int) -> FlowItem { get }
}

/// The caller's items, read in place.
struct PlainItems: ItemSource {
    let base: UnsafeBufferPointer<FlowItem>

    @inline(__always) var count: Int { base.count }
    @inline(__always) var visibleCount: Int { base.count }
    @inline(__always) subscript(index: Int) -> FlowItem { base[index] }
}

/// The first `visibleCount` items, then the overflow indicator as one more item.
struct ItemsWithIndicator: ItemSource {
    let base: UnsafeBufferPointer<FlowItem>
    let visibleCount: Int
    let indicator: FlowItem

    @inline(__always) var count: Int { visibleCount + 1 }
    @inline(__always) subscript(index: Int) -> FlowItem {
        index < visibleCount ? base[index] : indicator
    }
}
