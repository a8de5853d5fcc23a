// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// A line table updated after inserts, removals and resizes against one made afresh and against
/// the whole layout: equal, bit for bit, for random items, options and changes.
@Suite struct IncrementalBreakingTests {
    /// A random change in GListModel's terms, applied to `items`.
    static func randomChange(_ items: inout [FlowItem], _ rng: inout SeededGenerator)
        -> (position: Int, removed: Int, added: Int) {
        let n = items.count
        let position: Int
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: position = 0
        case 1: position = n
        default: position = Int.random(in: 0...n, using: &rng)
        }
        var removed = 0, added = 0
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: added = Int.random(in: 1...3, using: &rng)                               // insert
        case 1: removed = min(n - position, Int.random(in: 1...3, using: &rng))          // remove
        case 2: removed = min(n - position, 1); added = removed                          // resize
        default:                                                                         // replace
            removed = min(n - position, Int.random(in: 0...40, using: &rng))
            added = Int.random(in: 0...40, using: &rng)
        }
        let heights = Bool.random(using: &rng) ? 24...24 : 1...40
        let new = (0..<added).map { _ in LineTableCases.item(&rng, heights: heights) }
        items.replaceSubrange(position..<(position + removed), with: new)
        return (position, removed, added)
    }

    /// The same changes with the line records in chunks of 256 lines (as tables make them), and
    /// of 2 and 5 (so that changes cross chunks, split them and merge them all the time).
    @Test(arguments: zip([256, 5, 2], [300, 100, 100]))
    func updatedTablesEqualFreshOnes(chunkLength: Int, rounds: Int) {
        var rng = SeededGenerator(seed: 1_000_018)
        // Changes that broke some lines again, not all (the in-place path), of which some kept
        // lines whose cross offsets had to be summed again.
        var inPlace = 0, restacked = 0
        for round in 0..<rounds {
            var c = LineTableCases.randomCase(&rng)
            // Mostly greedy breaking at a bounded length, the case that breaks in place.
            if Int.random(in: 0..<4, using: &rng) > 0 {
                c.layout.lineBreaking = .greedy
                c.layout.maxLines = nil
            }
            var available = LineTableCases.available(&rng)
            if Int.random(in: 0..<4, using: &rng) > 0 && !(available < .infinity) { available = 400 }
            var table = c.layout.lineTable(c.items, in: available)
            table.records = LineStore((0..<table.records.count).map { table.records[$0] }, chunkLength: chunkLength)
            for step in 0..<12 {
                let before = table
                let change = Self.randomChange(&c.items, &rng)
                let rebroken = table.itemsChanged(at: change.position, removed: change.removed,
                                                  added: change.added, items: c.items)
                let fresh = c.layout.lineTable(c.items, in: available)
                let context = "round \(round) step \(step), \(c.items.count) items at \(available), change \(change): \(c.layout)"
                guard bits(table) == bits(fresh) else {
                    Issue.record("\(context): the updated table differs from a fresh one")
                    break
                }
                checkLinesOutsideTheChange(before, table, rebroken, change, context)
                if rebroken.count < table.lineCount { inPlace += 1 }
                if rebroken.upperBound < table.lineCount && before.lineCount - (table.lineCount - rebroken.upperBound) >= 0
                    && table.records[rebroken.upperBound].cross != before.records[before.lineCount - (table.lineCount - rebroken.upperBound)].cross {
                    restacked += 1
                }
                let result = c.layout.layout(c.items, in: available)
                if let difference = tableDifference(table, result) ?? framesDifference(
                    table, lines: Self.page(table.lineCount, around: rebroken, &rng), items: c.items, result) {
                    Issue.record("\(context): \(difference)")
                    break
                }
            }
        }
        #expect(inPlace > 5 * rounds && restacked > rounds, "\(inPlace) changes in place, \(restacked) moved the kept lines")
    }

    /// Some lines that include the lines broken again, or any lines.
    static func page(_ count: Int, around rebroken: Range<Int>, _ rng: inout SeededGenerator) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let start = Bool.random(using: &rng) ? max(0, rebroken.lowerBound - 2) : Int.random(in: 0..<count, using: &rng)
        return start..<min(count, start + Int.random(in: 1...12, using: &rng))
    }

    /// What the returned lines promise: the lines before them hold the old lines' items (at the
    /// old offsets, unless mirroring or lineHomogeneous moves every line), the lines after them
    /// the old lines' items moved by the shift.
    func checkLinesOutsideTheChange(_ before: FlowLineTable, _ after: FlowLineTable, _ rebroken: Range<Int>,
                                    _ change: (position: Int, removed: Int, added: Int), _ context: String) {
        let shift = change.added - change.removed
        let unmoved = !after.mirrorsCross && after.uniformThickness == before.uniformThickness
        for k in 0..<rebroken.lowerBound where before[k].items != after[k].items
            || (unmoved && (before[k].crossOffset.bitPattern != after[k].crossOffset.bitPattern
                            || before[k].crossSize.bitPattern != after[k].crossSize.bitPattern)) {
            Issue.record("\(context): line \(k) before the lines broken again changed")
            return
        }
        let kept = after.lineCount - rebroken.upperBound
        for j in 0..<kept {
            let old = before[before.lineCount - kept + j].items, new = after[rebroken.upperBound + j].items
            if new != (old.lowerBound + shift)..<(old.upperBound + shift) {
                Issue.record("\(context): kept line \(rebroken.upperBound + j) holds \(new), not \(old) moved")
                return
            }
        }
    }

    @Test func oneInsertBreaksOnlyAFewLines() {
        var rng = SeededGenerator(seed: 5)
        var items = (0..<50_000).map { _ in FlowItem(width: Double(Int.random(in: 30...150, using: &rng)), height: 24) }
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var table = layout.lineTable(items, in: 1200)
        var counts: [Int] = []
        for round in 0..<200 {
            let position = [0, items.count, Int.random(in: 0...items.count, using: &rng)][min(round, 2)]
            items.insert(FlowItem(width: Double(Int.random(in: 30...150, using: &rng)), height: 24), at: position)
            counts.append(table.itemsChanged(at: position, removed: 0, added: 1, items: items).count)
        }
        #expect(bits(table) == bits(layout.lineTable(items, in: 1200)))
        // An insert pushes items down line after line until a line has room for what it is pushed
        // (measured on these chips: a median of 7 lines, one insert in a hundred over 400).
        counts.sort()
        #expect(counts[counts.count / 2] <= 20 && counts.last! < table.lineCount / 2,
                "lines broken again: median \(counts[counts.count / 2]), most \(counts.last!) of \(table.lineCount)")
    }

    /// Chips of one width, the first removed: every later line starts one chip later, so no new
    /// line starts where an old one did and every line is broken again (walking the old lines in
    /// order, across chunks of 2, 5 and 256 lines), to the same table as a fresh one.
    @Test(arguments: [2, 5, 256])
    func aRemovalThatMovesEveryLaterLine(chunkLength: Int) {
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var items = [FlowItem](repeating: FlowItem(width: 100, height: 24), count: 5_000)
        var table = layout.lineTable(items, in: 1200)
        table.records = LineStore((0..<table.records.count).map { table.records[$0] }, chunkLength: chunkLength)
        items.removeFirst()
        let rebroken = table.itemsChanged(at: 0, removed: 1, added: 0, items: items)
        #expect(rebroken == 0..<table.lineCount)
        #expect(bits(table) == bits(layout.lineTable(items, in: 1200)))
        items.insert(FlowItem(width: 100, height: 24), at: 0)
        #expect(table.itemsChanged(at: 0, removed: 0, added: 1, items: items) == 0..<table.lineCount)
        #expect(bits(table) == bits(layout.lineTable(items, in: 1200)))
    }

    @Test func aLinesFirstItemMadeSmallerJoinsTheLineBefore() {
        // The line before the change read the changed item (to find that it did not fit), so it
        // is broken again too.
        let layout = FlowLayout(itemSpacing: 4)
        var items = [60.0, 60, 50, 2].map { FlowItem(width: $0, height: 10) }
        var table = layout.lineTable(items, in: 100)
        #expect((0..<table.lineCount).map { table[$0].items } == [0..<1, 1..<2, 2..<4])
        items[1] = FlowItem(width: 30, height: 10)
        #expect(table.itemsChanged(at: 1, removed: 1, added: 1, items: items).lowerBound == 0)
        #expect((0..<table.lineCount).map { table[$0].items } == [0..<2, 2..<4])
        items.remove(at: 2)   // the first item of the last line: the 2 joins the first line (100)
        table.itemsChanged(at: 2, removed: 1, added: 0, items: items)
        #expect((0..<table.lineCount).map { table[$0].items } == [0..<3])
        #expect(bits(table) == bits(layout.lineTable(items, in: 100)))
    }

    /// Moving the lines after a change by a difference is exact only when the positions before
    /// and after it are exact sums: one fractional line makes every later position a rounded sum,
    /// so when it goes (or comes), they are summed again.
    @Test(arguments: [0.1, 10.3, 24.000_001, 1e-9])
    func aFractionalLineComingAndGoingMovesTheLinesAfterIt(height: Double) {
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var rng = SeededGenerator(seed: 42)
        var items = (0..<4_000).map { _ in FlowItem(width: Double(Int.random(in: 30...150, using: &rng)), height: 24) }
        var table = layout.lineTable(items, in: 1200)
        for position in [1_000, 2_500, 3_999, 0] {
            let old = items[position]
            items[position] = FlowItem(width: old.width, height: height)   // the fractional line comes
            table.itemsChanged(at: position, removed: 1, added: 1, items: items)
            #expect(bits(table) == bits(layout.lineTable(items, in: 1200)), "\(height) at \(position)")
            items[position] = FlowItem(width: old.width, height: 40)       // and goes: a taller line
            table.itemsChanged(at: position, removed: 1, added: 1, items: items)
            #expect(bits(table) == bits(layout.lineTable(items, in: 1200)), "40 at \(position)")
        }
    }

    @Test func aNewThickestLineMovesEveryLineUnderLineHomogeneous() {
        var layout = FlowLayout(itemSpacing: 2, lineSpacing: 3)
        layout.lineHomogeneous = true
        var items = (0..<200).map { FlowItem(width: Double(10 + $0 % 13), height: 10) }
        var table = layout.lineTable(items, in: 100)
        items[150].height = 30   // the thickest line is now near the end: every line grows
        table.itemsChanged(at: 150, removed: 1, added: 1, items: items)
        #expect(bits(table) == bits(layout.lineTable(items, in: 100)))
        items[150].height = 10   // and back: the only thickest line is gone
        table.itemsChanged(at: 150, removed: 1, added: 1, items: items)
        #expect(bits(table) == bits(layout.lineTable(items, in: 100)))
        #expect(table[1].crossOffset == 13)
    }

    @Test func everyItemRemovedAndAddedAgain() {
        let layout = FlowLayout(itemSpacing: 4)
        let items = (0..<30).map { FlowItem(width: Double(20 + $0), height: 12) }
        var table = layout.lineTable(items, in: 150)
        table.itemsChanged(at: 0, removed: 30, added: 0, items: [])
        #expect(table.lineCount == 0 && bits(table) == bits(layout.lineTable([], in: 150)))
        #expect(table.itemsChanged(at: 0, removed: 0, added: 30, items: items) == 0..<table.lineCount)
        #expect(bits(table) == bits(layout.lineTable(items, in: 150)))
    }
}

/// Everything a table holds, as bits.
func bits(_ table: FlowLineTable) -> [UInt64] {
    var all = bits(table.size) + [UInt64(table.itemCount), UInt64(table.visibleCount), UInt64(table.laidOutCount),
                                  table.uniformThickness?.bitPattern ?? 1, table.available.bitPattern]
    table.records.forEach { all += [UInt64($0.start), $0.cross.bitPattern, $0.thickness.bitPattern] }
    return all
}
