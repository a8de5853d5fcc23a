// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// Every item's size, as the engine lays it out: from the app's size provider, measured from a
// bound widget, or until then an estimate (the mean of the sizes measured so far, taken when the
// item arrives, so that measuring one item moves only that item's lines). The sizes sit in one
// array from a movable start: a change nearer the start than the end moves the items before it,
// not the ones after (a chip removed near the top of a million would otherwise move 56 MB).

/// The sizes of a list's items.
struct ItemSizes {
    /// The items' sizes from ``start`` on; the places before it are free.
    private var storage: [FlowItem] = []
    private var start = 0
    /// One engine item per model item (indexed from ``start``: read it through the engine, or
    /// with ``subscript(_:)``).
    var items: ArraySlice<FlowItem> { storage[start...] }
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

    var count: Int { storage.count - start }

    /// Item `index`'s size.
    subscript(index: Int) -> FlowItem { storage[start + index] }

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
        for index in old where known[index] { forget(self[index]) }
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
        if count == 0 {
            storage = fresh
            start = 0
            known = Array(repeating: provider != nil, count: added)
            lengthSummary = FlowLengthSummary(count: added, axis: .horizontal)
        } else {
            replaceSizes(old, with: fresh)
            known.replaceSubrange(old, with: repeatElement(provider != nil, count: added))
            lengthSummary.itemsChanged(at: position, removed: removed, added: added)
        }
        lengths = nil
    }

    /// The sizes of `range` replaced by `fresh`, moving the items on the shorter side of it: those
    /// before it (the start moves, into free places made when there are too few) or after it.
    private mutating func replaceSizes(_ range: Range<Int>, with fresh: [FlowItem]) {
        let before = range.lowerBound, after = count - range.upperBound
        let growth = fresh.count - range.count
        guard before < after else {
            storage.replaceSubrange((start + range.lowerBound)..<(start + range.upperBound), with: fresh)
            return
        }
        if growth > start {
            // Free places before the items, a part of their number, so that the next inserts
            // near the start move only the items before them too.
            let room = max(growth, 1024, count / 64)
            storage.insert(contentsOf: repeatElement(FlowItem(width: 0, height: 0), count: room), at: 0)
            start += room
        }
        let newStart = start - growth
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            // The items before the change, moved as bytes (memmove: the two places may overlap).
            UnsafeMutableRawPointer(base + newStart).copyMemory(from: base + start,
                                                                byteCount: before * MemoryLayout<FlowItem>.stride)
            for (offset, item) in fresh.enumerated() { base[newStart + before + offset] = item }
        }
        start = newStart
        // More free places than items: the memory given back.
        if start > max(4096, count) {
            storage = Array(storage[start...])
            start = 0
        }
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
        item.grow = self[index].grow
        item.breakBefore = self[index].breakBefore
        if known[index] { forget(self[index]) } else { unmeasuredCount -= 1 }
        known[index] = true
        remember(item)
        guard self[index] != item else { return false }
        storage[start + index] = item
        lengthSummary.itemsChanged(at: index, removed: 1, added: 1)
        lengths = nil
        return true
    }

    /// Gives every unknown item `estimate` (they stay unknown).
    mutating func replaceEstimates(_ estimate: FlowItem) {
        guard unmeasuredCount > 0 else { return }
        for index in 0..<count where !known[index] {
            var item = estimate
            item.grow = self[index].grow
            item.breakBefore = self[index].breakBefore
            storage[start + index] = item
        }
        lengthSummary = FlowLengthSummary(count: count, axis: .horizontal)
        lengths = nil
    }

    /// The first unknown item at or after `start` (wrapping around), if any.
    func firstUnknown(from start: Int) -> Int? {
        guard unmeasuredCount > 0, count > 0 else { return nil }
        let start = min(max(0, start), count)
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
        storage.capacity * MemoryLayout<FlowItem>.stride + known.capacity + lengthSummary.allocatedByteCount
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
