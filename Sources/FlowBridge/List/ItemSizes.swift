// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// Every item's size, as the engine lays it out: from the app's size provider, measured from a
// bound widget, or until then an estimate (the mean of the sizes measured so far, taken when the
// item arrives, so that measuring one item moves only that item's lines). The sizes are runs
// (SizeRuns.swift): items at an estimate take no entry each, known sizes sit in arrays.

/// The sizes of a list's items.
struct ItemSizes {
    /// The items' sizes, as runs of known sizes and of items at an estimate.
    private(set) var items = SizeRuns()
    private(set) var unmeasuredCount = 0
    /// Sums of the known sizes, for the estimate.
    private var sums = (width: 0.0, height: 0.0, minimumWidth: 0.0, minimumHeight: 0.0, count: 0)
    /// The engine's minimum and natural length of all items, kept until they change.
    private var lengths: (options: FlowLayout, minimum: Double, natural: Double)?
    /// What those lengths are summed from, kept in runs, so that a change costs a run's sum again
    /// rather than a pass over every item.
    private var lengthSummary = FlowLengthSummary(count: 0, axis: .horizontal)

    var count: Int { items.count }

    /// Item `index`'s size.
    subscript(index: Int) -> FlowItem { items[index] }

    /// The mean of the known sizes (a small chip before any is known).
    var estimate: FlowItem {
        guard sums.count > 0 else { return FlowItem(width: 48, height: 24) }
        let n = Double(sums.count)
        return FlowItem(width: (sums.width / n).rounded(), height: (sums.height / n).rounded(),
                        minimumWidth: (sums.minimumWidth / n).rounded(),
                        minimumHeight: (sums.minimumHeight / n).rounded())
    }

    func isKnown(_ index: Int) -> Bool { items.isKnown(index) }

    /// Replaces `removed` items at `position` by `added` new ones, sized by `provider` when there
    /// is one (known), else at the estimate (unknown).
    ///
    /// - Complexity: O(removed known items + added provided items + runs); no entry per item
    ///   added at the estimate.
    @MainActor
    mutating func replace(at position: Int, removed: Int, added: Int, provider: (@MainActor (Int) -> FlowItem)?) {
        let old = position..<position + removed
        for piece in items.pieces(of: old) {
            let run = items.runs[piece.run]
            if run.estimate != nil {
                unmeasuredCount -= piece.items.count
            } else {
                for index in piece.items { forget(run.sizes[index - items.starts[piece.run]]) }
            }
        }
        let fresh: SizeRuns.Run
        if let provider {
            fresh = .known(provided(added, from: position, by: provider))
        } else {
            fresh = .estimated(added, at: estimate)
            unmeasuredCount += added
        }
        let wasEmpty = count == 0
        items.replace(old, with: [fresh])
        if wasEmpty {
            lengthSummary = FlowLengthSummary(count: added, axis: .horizontal)
        } else {
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
        let old = self[index]
        item.grow = old.grow
        item.breakBefore = old.breakBefore
        let known = isKnown(index)
        if known { forget(old) } else { unmeasuredCount -= 1 }
        remember(item)
        if !known || old != item { items.setKnown(index, item) }
        guard old != item else { return false }
        lengthSummary.itemsChanged(at: index, removed: 1, added: 1)
        lengths = nil
        return true
    }

    /// Gives every unknown item `estimate` (they stay unknown).
    mutating func replaceEstimates(_ estimate: FlowItem) {
        guard unmeasuredCount > 0 else { return }
        items.reestimate(estimate)
        lengthSummary = FlowLengthSummary(count: count, axis: .horizontal)
        lengths = nil
    }

    /// The first unknown item at or after `start` (wrapping around), if any.
    func firstUnknown(from start: Int) -> Int? {
        guard unmeasuredCount > 0, count > 0 else { return nil }
        return items.firstUnknown(from: start)
    }

    /// The engine's minimum and natural main-axis length of the items, kept until they change.
    mutating func mainLengths(_ options: FlowLayout) -> (minimum: Double, natural: Double) {
        if let lengths, lengths.options == options { return (lengths.minimum, lengths.natural) }
        let computed = lengthSummary.lengths(options, items: items)
        lengths = (options, computed.minimum, computed.natural)
        return computed
    }

    var allocatedByteCount: Int { items.allocatedByteCount + lengthSummary.allocatedByteCount }

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
