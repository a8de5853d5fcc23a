// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// Items that say where they are one size (FlowUniformRuns), as a virtualized list keeps the
/// items it has not measured: a million of them cost a page of lines and a run's sums, counted in
/// items read, and the table they give is the layout's where it is broken and of the layout's
/// size everywhere.
@Suite struct UniformRunsTests {
    /// Counts the items read through a collection.
    final class Reads: @unchecked Sendable { var count = 0 }

    /// Some known items, then `tailCount` items at `estimate` (and, optionally, one other item
    /// among them at `odd`).
    struct EstimatedTail: RandomAccessCollection, FlowUniformRuns {
        var known: [FlowItem]
        var tailCount: Int
        var estimate: FlowItem
        var odd: (index: Int, item: FlowItem)? = nil
        let reads = Reads()

        var startIndex: Int { 0 }
        var endIndex: Int { known.count + tailCount }
        subscript(index: Int) -> FlowItem {
            reads.count += 1
            if let odd, odd.index == index { return odd.item }
            return index < known.count ? known[index] : estimate
        }
        func uniformItem(in range: Range<Int>) -> FlowItem? {
            guard range.lowerBound >= known.count, range.upperBound <= endIndex else { return nil }
            if let odd, range.contains(odd.index) { return nil }
            return estimate
        }
        var array: [FlowItem] { (0..<endIndex).map { index in
            if let odd, odd.index == index { return odd.item }
            return index < known.count ? known[index] : estimate
        } }
    }

    static func tail(_ count: Int) -> EstimatedTail {
        var rng = SeededGenerator(seed: 37)
        let known = (0..<16).map { _ in FlowItem(width: Double(Int.random(in: 40...140, using: &rng)), height: 24) }
        return EstimatedTail(known: known, tailCount: count - known.count, estimate: FlowItem(width: 81, height: 24))
    }

    static let layout = FlowLayout(itemSpacing: 6, lineSpacing: 4, insets: FlowInsets(top: 2, leading: 3, bottom: 5, trailing: 7))

    /// The lines before the unsettled one are `fresh`'s, and the sizes are equal.
    func expectLayoutsLines(_ table: FlowLineTable, _ fresh: FlowLineTable, _ context: Comment) {
        let unsettled = table.unsettledLine ?? table.lineCount
        #expect((0..<unsettled).allSatisfy { table[$0] == fresh[$0] }, context)
        #expect(table.size == fresh.size, context)
        #expect(table.crossLength == fresh.crossLength, context)
    }

    @Test func aMillionItemsAtAnEstimateCostAPageOfLines() {
        let items = Self.tail(1_000_000)
        let table = Self.layout.lineTable(items, in: 700, breakingAtMost: 2_000)
        let fresh = Self.layout.lineTable(items.array, in: 700)
        // Counted, not timed: the lines of about the budget, the items of about as many lines.
        #expect(items.reads.count < 4_000, "\(items.reads.count) items read")
        #expect(table.lineCount < 400, "\(table.lineCount) lines")
        #expect(table.unsettledLine == table.lineCount - 1)
        #expect(table.unsettledLineSpansUniformItems)
        #expect(table.lineCount < fresh.lineCount / 100)
        expectLayoutsLines(table, fresh, "made")
    }

    @Test func settlingTheEstimatedLinesGivesTheLayoutsTableWithoutChangingItsSize() {
        let items = Self.tail(300_000)
        var table = Self.layout.lineTable(items, in: 523, breakingAtMost: 1_000)
        let fresh = Self.layout.lineTable(items.array, in: 523)
        var steps = 0
        while table.unsettledLine != nil {
            table.settle(items: items, breakingAtMost: 50_000)
            steps += 1
            expectLayoutsLines(table, fresh, "step \(steps)")
        }
        #expect(steps > 3)
        #expect(table == fresh)
    }

    @Test func aMeasuredItemBreaksItsLinesAndTheRestStaysEstimated() {
        var items = Self.tail(1_000_000)
        var table = Self.layout.lineTable(items, in: 700, breakingAtMost: 2_000)
        // Items 16 to 40 measured, each wider than the estimate.
        for index in 16..<40 {
            items.known.append(FlowItem(width: Double(90 + index), height: 30))
            items.tailCount -= 1
            items.reads.count = 0
            table.itemsChanged(at: index, removed: 1, added: 1, items: items, breakingAtMost: 2_000)
            #expect(items.reads.count < 4_000, "\(items.reads.count) items read")
        }
        #expect(table.unsettledLineSpansUniformItems)
        expectLayoutsLines(table, Self.layout.lineTable(items.array, in: 700), "measured")
    }

    @Test func itemsNotKnownToBeOneSizeAreBrokenWhole() {
        var items = Self.tail(100_000)
        items.odd = (60_000, FlowItem(width: 300, height: 50))
        let table = Self.layout.lineTable(items, in: 700, breakingAtMost: 2_000)
        #expect(table.unsettledLine == nil)
        #expect(table == Self.layout.lineTable(items.array, in: 700))
        // A short list, and options the arithmetic does not cover, are broken whole too.
        let short = Self.tail(20_000)
        #expect(Self.layout.lineTable(short, in: 700, breakingAtMost: 100).unsettledLine == nil)
        var homogeneous = Self.layout
        homogeneous.lineHomogeneous = true
        let long = Self.tail(100_000)
        #expect(homogeneous.lineTable(long, in: 700, breakingAtMost: 100) == homogeneous.lineTable(long.array, in: 700))
    }

    @Test(arguments: [FlowAxis.horizontal, .vertical])
    func lengthsOfRunsAtAnEstimateAreSummedWithoutReadingThem(axis: FlowAxis) {
        let items = Self.tail(1_000_000)
        var layout = Self.layout
        layout.axis = axis
        var summary = FlowLengthSummary(count: items.count, axis: axis)
        let lengths = summary.lengths(layout, items: items)
        #expect(items.reads.count < 3 * FlowLengthSummary.defaultChunkLength, "\(items.reads.count) items read")
        let all = items.array
        #expect(lengths.minimum == layout.minimumLength(of: all))
        #expect(lengths.natural == layout.naturalLength(of: all))
    }
}
