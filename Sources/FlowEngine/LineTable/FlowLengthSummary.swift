// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// A long list's minimum and natural main-axis lengths (``FlowLayout/minimumLength(of:)`` and
/// ``FlowLayout/naturalLength(of:)``), kept up to date as items are inserted, removed or resized,
/// so that one new item among a million costs a chunk's work rather than a pass over all of them.
///
/// The items are summarized in runs of about ``defaultChunkLength``: each run's sum of hypothetical main
/// sizes, its largest minimum, and whether an item in it asks for a line break. A change marks the
/// runs it touches; the next query sums them again and adds the runs' sums. When the lengths
/// depend on more than those sums (``FlowLayout/maxItemsPerLine``, ``FlowLayout/maxLines`` and its
/// indicator, or an item's forced break), the query runs the engine's own functions over all the
/// items instead.
///
/// The natural length is the same sum as the layout pass's, added in another order: equal to
/// the last bit when sizes are multiples of a power-of-two fraction of a pixel (GTK's whole
/// pixels, Pango's 1/1024), within rounding otherwise.
public struct FlowLengthSummary: Sendable, Equatable {
    /// About how many items one run summarizes (runs hold between a quarter and twice this).
    public static let defaultChunkLength = 1024
    let chunkLength: Int

    private struct Run: Sendable, Equatable {
        var count: Int
        var hypotheticalSum = 0.0
        var widestMinimum = 0.0
        var breaks = false
        var summed = false
    }

    private var runs: [Run] = []
    /// `starts[k]`: the first item of run k; one entry more than `runs`, the last the item count.
    private var starts: [Int] = [0]
    private var axis: FlowAxis

    /// A summary of `count` items for layouts along `axis` (nothing is summed until the first
    /// query, which reads the items themselves).
    ///
    /// - Complexity: O(n / ``defaultChunkLength``).
    public init(count: Int, axis: FlowAxis) {
        self.init(count: count, axis: axis, chunkLength: Self.defaultChunkLength)
    }

    /// With runs of about `chunkLength` items (tests use short ones, so that changes cross runs).
    init(count: Int, axis: FlowAxis, chunkLength: Int) {
        precondition(count >= 0, "FlowLengthSummary: count \(count) is negative")
        precondition(chunkLength > 0, "FlowLengthSummary: runs of \(chunkLength) items")
        self.chunkLength = chunkLength
        self.axis = axis
        split(count, into: &runs)
        restart(from: 0)
    }

    /// The memory the summary holds, in bytes (about 40 per ``defaultChunkLength`` items).
    ///
    /// - Complexity: O(1).
    public var allocatedByteCount: Int {
        runs.capacity * MemoryLayout<Run>.stride + starts.capacity * MemoryLayout<Int>.stride
    }

    /// How many items the summary covers.
    ///
    /// - Complexity: O(1).
    public var count: Int { starts[starts.count - 1] }

    /// Items `position ..< position + removed` were replaced by `added` items (a size change is
    /// one removed and one added at the same place).
    ///
    /// - Complexity: O(n / ``defaultChunkLength``) to renumber the runs after the change, O(log n) when
    ///   the count stays the same.
    public mutating func itemsChanged(at position: Int, removed: Int, added: Int) {
        precondition(position >= 0 && removed >= 0 && added >= 0 && position + removed <= count,
                     "FlowLengthSummary: change at \(position) removing \(removed) of \(count) items")
        if removed == added {
            guard removed > 0 else { return }
            for k in run(containing: position)...run(containing: position + removed - 1) { runs[k].summed = false }
            return
        }
        guard !runs.isEmpty else {
            split(added, into: &runs)
            restart(from: 0)
            return
        }
        let first = run(containing: position)
        let last = removed == 0 ? first : run(containing: position + removed - 1)
        var length = starts[last + 1] - starts[first] - removed + added
        var lower = first, upper = last
        // A run left small takes its neighbour in, so runs stay near their length.
        if length < chunkLength / 4 {
            if upper + 1 < runs.count {
                upper += 1
                length += runs[upper].count
            } else if lower > 0 {
                lower -= 1
                length += runs[lower].count
            }
        }
        var replacement: [Run] = []
        if length <= 2 * chunkLength {
            if length > 0 { replacement = [Run(count: length)] }
        } else {
            split(length, into: &replacement)
        }
        runs.replaceSubrange(lower...upper, with: replacement)
        restart(from: lower)
    }

    /// The minimum and natural main-axis length of `items` under `layout`: the values of
    /// ``FlowLayout/minimumLength(of:)`` and ``FlowLayout/naturalLength(of:)``. `items` may be
    /// any random-access collection (an array, or a slice of one: a view that keeps its items
    /// from some index of its array on).
    ///
    /// - Complexity: O(n / ``defaultChunkLength`` + the items of the runs changed since the last query);
    ///   O(n) when the layout's axis changed or the lengths depend on more than the runs' sums, or
    ///   when `items` is not one buffer.
    public mutating func lengths<Items: RandomAccessCollection>(_ layout: FlowLayout, items: Items)
        -> (minimum: Double, natural: Double) where Items.Element == FlowItem, Items.Index == Int {
        // A collection that is not one buffer is read in place (a copy of a million items would
        // be 56 MB); one that knows its runs of equal items has those summed without reading them.
        let summed = items.withContiguousStorageIfAvailable { summedLengths(layout, items: $0, runs: nil) }
            ?? summedLengths(layout, items: items, runs: items as? any FlowUniformRuns)
        if let summed { return summed }
        // The lengths depend on more than the runs' sums: the layout's own passes.
        let all = items as? [FlowItem] ?? Array(items)
        return (layout.minimumLength(of: all), layout.naturalLength(of: all))
    }

    /// The lengths from the runs' sums, or `nil` when they depend on more than those.
    private mutating func summedLengths<Items: RandomAccessCollection>(
        _ layout: FlowLayout, items: Items, runs uniform: (any FlowUniformRuns)?
    ) -> (minimum: Double, natural: Double)? where Items.Element == FlowItem, Items.Index == Int {
        precondition(items.count == count, "FlowLengthSummary: \(items.count) items for a summary of \(count)")
        if layout.axis != axis {
            axis = layout.axis
            for k in runs.indices { runs[k].summed = false }
        }
        guard layout.maxItemsPerLine == nil, layout.maxLines == nil, !items.isEmpty else { return nil }
        var sum = 0.0, widest = 0.0
        for k in runs.indices {
            if !runs[k].summed { summarize(k, items, uniform) }
            if runs[k].breaks { return nil }
            sum += runs[k].hypotheticalSum
            widest = max(widest, runs[k].widestMinimum)
        }
        let minimum = widest + layout.mainInsetsSum
        let oneLine = sum + layout.itemSpacing * Double(items.count - 1) + layout.mainInsetsSum
        guard let cap = layout.naturalLineLength else { return (minimum, oneLine) }
        return (minimum, min(oneLine, max(minimum, cap + layout.mainInsetsSum)))
    }

    private mutating func summarize<Items: RandomAccessCollection>(_ k: Int, _ items: Items, _ uniform: (any FlowUniformRuns)?)
    where Items.Element == FlowItem, Items.Index == Int {
        var run = Run(count: runs[k].count, summed: true)
        var sum = 0.0, widest = 0.0, breaks = false
        let range = starts[k]..<starts[k + 1]
        if let item = uniform?.uniformItem(in: range) {
            // The run's items are one size: the same sums, as a product.
            let natural = axis == .horizontal ? item._width : item._height
            let minimum = axis == .horizontal ? item._minimumWidth : item._minimumHeight
            run.hypotheticalSum = Double(range.count) * (natural < minimum ? minimum : natural)
            run.widestMinimum = max(0, minimum)
            run.breaks = item.breakBefore && (range.count > 1 || range.lowerBound > 0)
            runs[k] = run
            return
        }
        for i in range {
            let item = items[items.startIndex &+ i]
            let natural = axis == .horizontal ? item._width : item._height
            let minimum = axis == .horizontal ? item._minimumWidth : item._minimumHeight
            sum += natural < minimum ? minimum : natural
            widest = max(widest, minimum)
            // A break before the first item splits nothing.
            breaks = breaks || (item.breakBefore && i > 0)
        }
        run.hypotheticalSum = sum
        run.widestMinimum = widest
        run.breaks = breaks
        runs[k] = run
    }

    /// The run holding item `index` (the last run for the index one past the end).
    private func run(containing index: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func restart(from k: Int) {
        starts.removeSubrange((k + 1)...)
        var next = starts[k]
        for run in runs[k...] {
            next += run.count
            starts.append(next)
        }
    }

    private func split(_ count: Int, into runs: inout [Run]) {
        var left = count
        while left > 0 {
            let length = left >= 2 * chunkLength ? chunkLength : left
            runs.append(Run(count: length))
            left -= length
        }
    }
}
