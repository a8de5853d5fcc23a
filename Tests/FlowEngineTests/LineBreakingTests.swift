// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct LineBreakingTests {
    @Test func greedyIsFirstFit() {
        let items = [item(40), item(40), item(40), item(10)]
        let result = FlowLayout(itemSpacing: 10).layout(items, in: 100)
        #expect(lineSizes(result) == [2, 2])
        // An item fits exactly at the end of a line.
        #expect(lineSizes(FlowLayout(itemSpacing: 10).layout([item(45), item(45)], in: 100)) == [2])
        #expect(lineSizes(FlowLayout(itemSpacing: 10).layout([item(45), item(46)], in: 100)) == [1, 1])
    }

    @Test func balancedEvensOutTheLines() {
        // Greedy: [30 30 30] [10]; balanced keeps two lines and evens them out: [30 30] [30 10].
        let items = [item(30), item(30), item(30), item(10)]
        let greedy = FlowLayout().layout(items, in: 90)
        let balanced = FlowLayout(lineBreaking: .balanced).layout(items, in: 90)
        #expect(lineSizes(greedy) == [3, 1])
        #expect(lineSizes(balanced) == [2, 2])
    }

    @Test func balancedBreaksTiesWithEarlierLinesFuller() {
        // Every way of breaking these into the fewest lines leaves the same squared leftover:
        // [20][20][10], [20][10][20] and [10][20][20] in 25 all cost 5² + 5² + 15².
        let five = Array(repeating: item(10), count: 5)
        #expect(lineSizes(FlowLayout(lineBreaking: .balanced).layout(five, in: 25)) == [2, 2, 1])
        let three = Array(repeating: item(10), count: 3)
        #expect(lineSizes(FlowLayout(lineBreaking: .balanced).layout(three, in: 25)) == [2, 1])
        // Longer lines: 41 items of 10 in 95 take 5 lines (9 at most to a line); four lines of 8
        // and one of 9 cost the same wherever the 9 goes, and it goes first.
        let many = Array(repeating: item(10), count: 41)
        #expect(lineSizes(FlowLayout(lineBreaking: .balanced).layout(many, in: 95)) == [9, 8, 8, 8, 8])
    }

    @Test func balancedKeepsForcedBreaksAndItemLimits() {
        let items = [item(10), item(10), item(10, breakBefore: true), item(10), item(10), item(10)]
        let result = FlowLayout(lineBreaking: .balanced, maxItemsPerLine: 3).layout(items, in: 1000)
        #expect(lineSizes(result) == [2, 2, 2])
        #expect(result.lines[1].lowerBound >= 2)
    }

    @Test func balancedUnboundedEvensTheLinesAgainstEachOther() {
        let items = Array(repeating: item(10), count: 10)
        let result = FlowLayout(lineBreaking: .balanced, maxItemsPerLine: 3).layout(items, in: .infinity)
        #expect(result.lines.count == 4)
        #expect(lineSizes(result).allSatisfy { $0 == 2 || $0 == 3 })
        #expect(lineSizes(result).reduce(0, +) == 10)
    }

    @Test func balancedEqualsBruteForceOnSmallInputs() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<1500 {
            let n = Int.random(in: 1...9, using: &rng)
            let items = (0..<n).map { _ in
                FlowItem(width: Double(Int.random(in: 1...60, using: &rng)), height: 10,
                         breakBefore: Int.random(in: 0..<12, using: &rng) == 0)
            }
            let spacing = Double(Int.random(in: 0...8, using: &rng))
            let available = Double(Int.random(in: 40...140, using: &rng))
            let maxItems: Int? = Bool.random(using: &rng) ? Int.random(in: 1...4, using: &rng) : nil
            let layout = FlowLayout(itemSpacing: spacing, lineBreaking: .balanced, maxItemsPerLine: maxItems)
            let greedy = FlowLayout(itemSpacing: spacing, maxItemsPerLine: maxItems).layout(items, in: available)
            let balanced = layout.layout(items, in: available)
            let best = bruteForce(items, available: available, spacing: spacing, maxItems: maxItems ?? .max)
            #expect(balanced.lines.count == greedy.lines.count)
            #expect(balanced.lines.count == best.lines)
            let cost = leftoverCost(items, lines: balanced.lines, inner: available, spacing: spacing)
            #expect(abs(cost - best.cost) < 1e-6, "\(items.map(\.width)) in \(available)")
            #expect(cost <= leftoverCost(items, lines: greedy.lines, inner: available, spacing: spacing) + 1e-6)
        }
    }

    /// Larger inputs against a plain dynamic program over every break (no windows, no search
    /// bounds): the same number of lines and the same cost.
    @Test func balancedEqualsAFullDynamicProgram() {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<250 {
            let n = Int.random(in: 10...120, using: &rng)
            let items = (0..<n).map { _ in
                FlowItem(width: Double(Int.random(in: 5...90, using: &rng)) + (round % 3 == 0 ? 0.25 : 0), height: 10,
                         breakBefore: Int.random(in: 0..<40, using: &rng) == 0)
            }
            let spacing = Double(Int.random(in: 0...8, using: &rng))
            let available = Double(Int.random(in: 60...400, using: &rng))
            let maxItems: Int? = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 2...8, using: &rng) : nil
            let layout = FlowLayout(itemSpacing: spacing, lineBreaking: .balanced, maxItemsPerLine: maxItems)
            let balanced = layout.layout(items, in: available)
            let best = fullDynamicProgram(items, available: available, spacing: spacing, maxItems: maxItems ?? .max)
            #expect(balanced.lines.count == best.lines)
            let cost = leftoverCost(items, lines: balanced.lines, inner: available, spacing: spacing)
            #expect(abs(cost - best.cost) <= 1e-6 * max(1, best.cost), "round \(round)")
        }
    }

    /// Lines of dozens of items, so that a line's best start often lies more than four starts
    /// below where the search begins (the search then goes on), with some items too long for any
    /// line: against the same plain dynamic program.
    @Test func balancedEqualsAFullDynamicProgramOnLongLines() {
        var rng = SeededGenerator(seed: 11)
        for round in 0..<60 {
            let n = Int.random(in: 100...400, using: &rng)
            let items = (0..<n).map { _ in
                let long = Int.random(in: 0..<150, using: &rng) == 0
                return FlowItem(width: long ? 500 : Double(Int.random(in: 1...25, using: &rng)), height: 10,
                                breakBefore: round % 4 == 0 && Int.random(in: 0..<60, using: &rng) == 0)
            }
            let spacing = Double(Int.random(in: 0...3, using: &rng))
            let available = Double(Int.random(in: 150...450, using: &rng))
            let maxItems: Int? = round % 5 == 0 ? Int.random(in: 10...40, using: &rng) : nil
            let layout = FlowLayout(itemSpacing: spacing, lineBreaking: .balanced, maxItemsPerLine: maxItems)
            let balanced = layout.layout(items, in: available)
            let best = fullDynamicProgram(items, available: available, spacing: spacing, maxItems: maxItems ?? .max)
            #expect(balanced.lines.count == best.lines, "round \(round)")
            let cost = leftoverCost(items, lines: balanced.lines, inner: available, spacing: spacing)
            #expect(abs(cost - best.cost) <= 1e-6 * max(1, best.cost), "round \(round)")
        }
    }

    func fullDynamicProgram(_ items: [FlowItem], available: Double, spacing: Double, maxItems: Int) -> (lines: Int, cost: Double) {
        let n = items.count
        var best = [(lines: Int, cost: Double)](repeating: (Int.max, .infinity), count: n + 1)
        best[0] = (0, 0)
        for b in 1...n {
            // Every line a..<b, longest last; once one is invalid, every longer one is too.
            var extent = -spacing
            for a in stride(from: b - 1, through: 0, by: -1) {
                extent += items[a].width + spacing
                let count = b - a
                // A line is valid alone, or when it fits, holds few enough items, and no item but
                // its first asks for a break.
                if count > 1 && (count > maxItems || extent > available || items[a + 1].breakBefore) { break }
                guard best[a].lines < Int.max else { continue }
                let leftover = max(0, available - extent)
                let candidate = (lines: best[a].lines + 1, cost: best[a].cost + leftover * leftover)
                if candidate.lines < best[b].lines || (candidate.lines == best[b].lines && candidate.cost < best[b].cost) {
                    best[b] = candidate
                }
            }
        }
        return best[n]
    }

    /// Every way of breaking the items, keeping the fewest lines, then the least cost.
    func bruteForce(_ items: [FlowItem], available: Double, spacing: Double, maxItems: Int) -> (lines: Int, cost: Double) {
        let n = items.count
        var best = (lines: Int.max, cost: Double.infinity)
        for mask in 0..<(1 << (n - 1)) {
            var lines: [Range<Int>] = []
            var start = 0
            for i in 1...n where i == n || mask & (1 << (i - 1)) != 0 {
                lines.append(start..<i)
                start = i
            }
            // A line is valid alone, or when it fits, holds few enough items, and no item but
            // its first asks for a break.
            let valid = lines.allSatisfy { line in
                if line.count == 1 { return true }
                let extent = line.reduce(0) { $0 + items[$1].width } + spacing * Double(line.count - 1)
                return line.count <= maxItems && extent <= available
                    && !line.dropFirst().contains { items[$0].breakBefore }
            }
            guard valid else { continue }
            let cost = leftoverCost(items, lines: lines, inner: available, spacing: spacing)
            if lines.count < best.lines || (lines.count == best.lines && cost < best.cost) {
                best = (lines.count, cost)
            }
        }
        return best
    }
}
