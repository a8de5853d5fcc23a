import FlowEngine

// Every item's size, as the engine lays it out: from the app's size provider, measured from a
// bound widget, or until then an estimate (the mean of the sizes measured so far, taken when the
// item arrives, so that measuring one item moves only that item's lines).

/// The sizes of a list's items.
struct ItemSizes {
    /// One engine item per model item.
    private(set) var items: [FlowItem] = []
    /// Whether each item's size is known (provided or measured).
    private var known: [Bool] = []
    private(set) var unmeasuredCount = 0
    /// Sums of the known sizes, for the estimate.
    private var sums = (width: 0.0, height: 0.0, minimumWidth: 0.0, minimumHeight: 0.0, count: 0)
    /// The engine's minimum and natural length of all items, kept until they change.
    private var lengths: (options: FlowLayout, minimum: Double, natural: Double)?
    /// What those lengths are summed from, kept in runs, so that a change costs a run's sum again
    /// rather than a pass over every item.
    private var lengthSummary = FlowLengthSummary(count: 0, axis: .horizontal)

    var count: Int { items.count }

    /// The mean of the known sizes (a small chip before any is known).
    var estimate: FlowItem {
        guard sums.count > 0 else { return FlowItem(width: 48, height: 24) }
        let n = Double(sums.count)
        return FlowItem(width: (sums.width / n).rounded(), height: (sums.height / n).rounded(),
                        minimumWidth: (sums.minimumWidth / n).rounded(),
                        minimumHeight: (sums.minimumHeight / n).rounded())
    }

    func isKnown(_ index: Int) -> Bool { known[index] }

    /// Replaces `removed` items at `position` by `added` new ones, sized by `provider` when there
    /// is one (known), else at the estimate (unknown).
    @MainActor
    mutating func replace(at position: Int, removed: Int, added: Int, provider: (@MainActor (Int) -> FlowItem)?) {
        let old = position..<position + removed
        for index in old where known[index] { forget(items[index]) }
        unmeasuredCount -= old.count { !known[$0] }
        let fresh: [FlowItem]
        if let provider {
            fresh = provided(added, from: position, by: provider)
        } else {
            fresh = Array(repeating: estimate, count: added)
            unmeasuredCount += added
        }
        // Array's replaceSubrange copies element by element; building a whole list (a million
        // items) takes the new array as it is.
        if items.isEmpty {
            items = fresh
            known = Array(repeating: provider != nil, count: added)
            lengthSummary = FlowLengthSummary(count: added, axis: .horizontal)
        } else {
            items.replaceSubrange(old, with: fresh)
            known.replaceSubrange(old, with: repeatElement(provider != nil, count: added))
            lengthSummary.itemsChanged(at: position, removed: removed, added: added)
        }
        lengths = nil
    }

    /// `count` items from `provider`, starting at item `position`, added to the sums of known
    /// sizes as they come (one pass, no intermediate array: a million items at once).
    @MainActor
    private mutating func provided(_ count: Int, from position: Int,
                                   by provider: @MainActor (Int) -> FlowItem) -> [FlowItem] {
        var sums = self.sums
        let items = [FlowItem](unsafeUninitializedCapacity: count) { buffer, initialized in
            for offset in 0..<count {
                let item = provider(position + offset)
                (buffer.baseAddress! + offset).initialize(to: item)
                sums.width += item.width
                sums.height += item.height
                sums.minimumWidth += item.minimumWidth
                sums.minimumHeight += item.minimumHeight
            }
            sums.count += count
            initialized = count
        }
        self.sums = sums
        return items
    }

    /// Gives item `index` its measured size. Returns whether its size changed.
    mutating func setMeasured(_ index: Int, _ item: FlowItem) -> Bool {
        var item = item
        item.grow = items[index].grow
        item.breakBefore = items[index].breakBefore
        if known[index] { forget(items[index]) } else { unmeasuredCount -= 1 }
        known[index] = true
        remember(item)
        guard items[index] != item else { return false }
        items[index] = item
        lengthSummary.itemsChanged(at: index, removed: 1, added: 1)
        lengths = nil
        return true
    }

    /// Gives every unknown item `estimate` (they stay unknown).
    mutating func replaceEstimates(_ estimate: FlowItem) {
        guard unmeasuredCount > 0 else { return }
        for index in items.indices where !known[index] {
            var item = estimate
            item.grow = items[index].grow
            item.breakBefore = items[index].breakBefore
            items[index] = item
        }
        lengthSummary = FlowLengthSummary(count: items.count, axis: .horizontal)
        lengths = nil
    }

    /// The first unknown item at or after `start` (wrapping around), if any.
    func firstUnknown(from start: Int) -> Int? {
        guard unmeasuredCount > 0, !items.isEmpty else { return nil }
        let start = min(max(0, start), items.count)
        return known[start...].firstIndex(of: false) ?? known[..<start].firstIndex(of: false)
    }

    /// The engine's minimum and natural main-axis length of the items, kept until they change.
    mutating func mainLengths(_ options: FlowLayout) -> (minimum: Double, natural: Double) {
        if let lengths, lengths.options == options { return (lengths.minimum, lengths.natural) }
        let computed = lengthSummary.lengths(options, items: items)
        lengths = (options, computed.minimum, computed.natural)
        return computed
    }

    var allocatedByteCount: Int {
        items.capacity * MemoryLayout<FlowItem>.stride + known.capacity + lengthSummary.allocatedByteCount
    }

    private mutating func remember(_ item: FlowItem) {
        sums.width += item.width
        sums.height += item.height
        sums.minimumWidth += item.minimumWidth
        sums.minimumHeight += item.minimumHeight
        sums.count += 1
    }

    private mutating func forget(_ item: FlowItem) {
        sums.width -= item.width
        sums.height -= item.height
        sums.minimumWidth -= item.minimumWidth
        sums.minimumHeight -= item.minimumHeight
        sums.count -= 1
    }
}
