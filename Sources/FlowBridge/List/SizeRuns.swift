// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// The items' sizes as runs: a run of items whose size is not known yet holds one estimate and no
// entry per item (a million labels never shown cost a few bytes, as GtkGridView keeps nothing
// per item), a run of known sizes holds them in one array. The engine reads the runs in place,
// and is told where the estimated runs are (FlowUniformRuns): their lines are computed, not
// broken, until the list shows them.

/// Every item's size, as runs of known sizes and runs of items at one estimate.
package struct SizeRuns: RandomAccessCollection, FlowUniformRuns {
    /// A run of items.
    struct Run {
        var count: Int
        /// The size each item of the run is estimated at; `nil` when the run's sizes are known.
        var estimate: FlowItem?
        /// The known sizes (empty for an estimated run).
        var sizes: [FlowItem]

        static func estimated(_ count: Int, at estimate: FlowItem) -> Run { Run(count: count, estimate: estimate, sizes: []) }
        static func known(_ sizes: [FlowItem]) -> Run { Run(count: sizes.count, estimate: nil, sizes: sizes) }
    }

    private(set) var runs: [Run] = []
    /// `starts[k]`: the first item of run k; one entry more than `runs`, the last the item count.
    private(set) var starts: [Int] = [0]

    package typealias Indices = Range<Int>
    package var startIndex: Int { 0 }
    package var endIndex: Int { starts[starts.count - 1] }

    package subscript(index: Int) -> FlowItem {
        if runs.count == 1 { return runs[0].estimate ?? runs[0].sizes[index] }
        let k = run(containing: index)
        return runs[k].estimate ?? runs[k].sizes[index - starts[k]]
    }

    package func uniformItem(in range: Range<Int>) -> FlowItem? {
        guard !range.isEmpty, range.upperBound <= endIndex else { return nil }
        let k = run(containing: range.lowerBound)
        guard range.upperBound <= starts[k + 1] else { return nil }
        return runs[k].estimate
    }

    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<FlowItem>) throws -> R) rethrows -> R? {
        guard runs.count == 1, runs[0].estimate == nil else { return nil }
        return try runs[0].sizes.withUnsafeBufferPointer(body)
    }

    /// Whether item `index`'s size is known.
    func isKnown(_ index: Int) -> Bool { runs[run(containing: index)].estimate == nil }

    /// The run holding item `index` (the last run for the index one past the end).
    func run(containing index: Int) -> Int { starts.prefix(runs.count).lastPosition(notAbove: index) }

    /// The parts of the runs that `range` covers: each run's index and the items of it covered.
    func pieces(of range: Range<Int>) -> [(run: Int, items: Range<Int>)] {
        guard !range.isEmpty else { return [] }
        var result: [(run: Int, items: Range<Int>)] = []
        var k = run(containing: range.lowerBound)
        while k < runs.count, starts[k] < range.upperBound {
            result.append((k, Swift.max(starts[k], range.lowerBound)..<Swift.min(starts[k + 1], range.upperBound)))
            k += 1
        }
        return result
    }

    /// The items in `range` replaced by `fresh` (runs, in order).
    ///
    /// - Complexity: O(r + s) for r runs and s sizes in the runs split or merged; a change
    ///   inside one known run moves that run's sizes after it, as an array's insertion does.
    mutating func replace(_ range: Range<Int>, with fresh: [Run]) {
        let fresh = fresh.filter { $0.count > 0 }
        // Known sizes changed inside one run of known sizes: in place, without splitting it.
        if fresh.count == 1, fresh[0].estimate == nil, !runs.isEmpty {
            let k = run(containing: range.lowerBound)
            if runs[k].estimate == nil, range.upperBound <= starts[k + 1],
               range.lowerBound < starts[k + 1] || k == runs.count - 1 {
                let local = (range.lowerBound - starts[k])..<(range.upperBound - starts[k])
                runs[k].sizes.replaceSubrange(local, with: fresh[0].sizes)
                runs[k].count = runs[k].sizes.count
                giveBackMemory(k)
                restart(from: k)
                return
            }
        }
        let first = split(at: range.lowerBound)
        let end = split(at: range.upperBound)
        runs.replaceSubrange(first..<end, with: fresh)
        restart(from: first)
        mergeNeighbours(around: first..<(first + fresh.count))
    }

    /// Item `index`'s size, now known.
    mutating func setKnown(_ index: Int, _ item: FlowItem) {
        let k = run(containing: index)
        if runs[k].estimate == nil {
            runs[k].sizes[index - starts[k]] = item
        } else if index == starts[k], k > 0, runs[k - 1].estimate == nil {
            // The item after a known run (a list scrolled down): the known run grows by one.
            runs[k - 1].sizes.append(item)
            runs[k - 1].count += 1
            runs[k].count -= 1
            starts[k] += 1
            if runs[k].count == 0 {
                runs.remove(at: k)
                restart(from: k - 1)
                mergeNeighbours(around: (k - 1)..<k)
            }
        } else {
            replace(index..<index + 1, with: [.known([item])])
        }
    }

    /// Every estimated run at `estimate` (they stay unknown).
    mutating func reestimate(_ estimate: FlowItem) {
        for k in runs.indices where runs[k].estimate != nil { runs[k].estimate = estimate }
        mergeNeighbours(around: 0..<runs.count)
    }

    /// The first unknown item at or after `start`, wrapping around.
    func firstUnknown(from start: Int) -> Int? {
        guard !runs.isEmpty else { return nil }
        let start = Swift.min(Swift.max(0, start), endIndex)
        let k = run(containing: start)
        if start < endIndex, runs[k].estimate != nil { return start }
        for j in (k + 1)..<Swift.max(k + 1, runs.count) where runs[j].estimate != nil { return starts[j] }
        for j in 0...k where runs[j].estimate != nil { return starts[j] }
        return nil
    }

    var allocatedByteCount: Int {
        runs.reduce(0) { $0 + $1.sizes.capacity * MemoryLayout<FlowItem>.stride }
            + runs.capacity * MemoryLayout<Run>.stride + starts.capacity * MemoryLayout<Int>.stride
    }

    /// Makes `index` the start of a run (splitting the run that holds it); returns that run.
    private mutating func split(at index: Int) -> Int {
        guard index < endIndex else { return runs.count }
        let k = run(containing: index)
        guard starts[k] != index else { return k }
        let offset = index - starts[k]
        var tail = runs[k]
        tail.count -= offset
        if tail.estimate == nil {
            tail.sizes = Array(runs[k].sizes[offset...])
            runs[k].sizes.removeSubrange(offset...)
            giveBackMemory(k)
        }
        runs[k].count = offset
        runs.insert(tail, at: k + 1)
        restart(from: k)
        return k + 1
    }

    /// Merges the runs in and next to `range` with their neighbours where they can be one run:
    /// estimated runs at the same estimate; known runs, when the one moved is not the larger.
    private mutating func mergeNeighbours(around range: Range<Int>) {
        var k = Swift.max(0, range.lowerBound - 1)
        var last = Swift.min(runs.count - 1, range.upperBound)
        var merged = false
        while k < last {
            let a = runs[k], b = runs[k + 1]
            let joins = if let x = a.estimate, let y = b.estimate { x == y }
                        else { a.estimate == nil && b.estimate == nil && (b.count <= a.count || b.count <= 4_096) }
            if joins {
                runs[k].count += b.count
                if a.estimate == nil { runs[k].sizes.append(contentsOf: b.sizes) }
                runs.remove(at: k + 1)
                last -= 1
                merged = true
            } else {
                k += 1
            }
        }
        if merged { restart(from: Swift.max(0, range.lowerBound - 1)) }
    }

    /// Run k's sizes in an array of their own length, when most of its places are free (most of
    /// its items were removed or split off).
    private mutating func giveBackMemory(_ k: Int) {
        let sizes = runs[k].sizes
        guard sizes.capacity > Swift.max(4_096, 2 * sizes.count) else { return }
        // A copy of its own (Array(sizes[...]) would keep the same buffer).
        var copy: [FlowItem] = []
        copy.reserveCapacity(sizes.count)
        copy.append(contentsOf: sizes)
        runs[k].sizes = copy
    }

    private mutating func restart(from k: Int) {
        let k = Swift.min(k, runs.count)
        starts.removeSubrange((k + 1)...)
        var next = starts[k]
        for run in runs[k...] {
            next += run.count
            starts.append(next)
        }
    }
}
