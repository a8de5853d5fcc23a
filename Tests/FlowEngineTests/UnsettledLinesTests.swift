// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// A line table whose breaking after a change was given a budget: the lines before its unsettled
/// line are the layout's, every line holds items that fit, its frames can be asked for anywhere,
/// and settling it (at once, or a budget at a time, or by the next change) gives the layout's
/// table, bit for bit.
@Suite struct UnsettledLinesTests {
    /// The table's lines hold every item once, in order, each line's items fitting its length
    /// (as its frames say), and the lines before the unsettled one are `fresh`'s.
    func check(_ table: FlowLineTable, _ fresh: FlowLineTable, items: [FlowItem], _ context: String) -> Bool {
        var next = 0
        for k in 0..<table.lineCount {
            let line = table[k].items
            guard line.lowerBound == next else {
                Issue.record("\(context): line \(k) starts at \(line.lowerBound), not \(next)")
                return false
            }
            next = line.upperBound
        }
        guard next == table.visibleCount else {
            Issue.record("\(context): the lines end at \(next), not \(table.visibleCount)")
            return false
        }
        for k in 0..<(table.unsettledLine ?? table.lineCount) where k >= fresh.lineCount || table[k].items != fresh[k].items {
            Issue.record("\(context): line \(k) before the unsettled line \(String(describing: table.unsettledLine)) is not the layout's")
            return false
        }
        // Every line's frames, the unsettled ones by the ends the table gives: inside the length.
        guard table.lineCount > 0 else { return true }
        let frames = table.frames(ofLines: 0..<table.lineCount, items: items)
        let inner = table.available - table.layout.insets.leading - table.layout.insets.trailing
        for k in 0..<table.lineCount where table[k].items.count > 1 {
            let line = table[k].items
            let lineFrames = line.map { frames[item: $0] }
            let extent = lineFrames.map { $0.x + $0.width }.max()! - lineFrames.map(\.x).min()!
            if extent > inner + 1e-6 {
                Issue.record("\(context): line \(k) (\(line)) spans \(extent) of \(inner)")
                return false
            }
        }
        return true
    }

    static func chip(_ rng: inout SeededGenerator, uniform: Bool) -> FlowItem {
        FlowItem(width: uniform ? 100 : Double(Int.random(in: 30...150, using: &rng)), height: 24)
    }

    /// Random changes with random budgets (some tiny), settling by budgets or not at all before
    /// the next change; chips of one width (no line survives a change) and of many.
    @Test(arguments: [true, false])
    func budgetedChangesSettleToTheLayout(uniform: Bool) {
        var rng = SeededGenerator(seed: uniform ? 71 : 72)
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6, insets: FlowInsets(top: 2, leading: 3, bottom: 2, trailing: 5))
        var unsettledChanges = 0, changesOnUnsettled = 0
        for round in 0..<40 {
            var items = (0..<Int.random(in: 200...3000, using: &rng)).map { _ in Self.chip(&rng, uniform: uniform) }
            let available = Double(Int.random(in: 300...1400, using: &rng))
            var table = layout.lineTable(items, in: available)
            for step in 0..<15 {
                let context = "round \(round) step \(step), \(items.count) items at \(available)"
                let position = Int.random(in: 0...items.count, using: &rng)
                let removed = min(items.count - position, Int.random(in: 0...2, using: &rng))
                let added = (0..<Int.random(in: 0...2, using: &rng)).map { _ in Self.chip(&rng, uniform: uniform) }
                items.replaceSubrange(position..<(position + removed), with: added)
                let budget = [0, 1, 20, 150, 2_000].randomElement(using: &rng)!
                if table.unsettledLine != nil { changesOnUnsettled += 1 }
                table.itemsChanged(at: position, removed: removed, added: added.count, items: items, breakingAtMost: budget)
                let fresh = layout.lineTable(items, in: available)
                if table.unsettledLine != nil { unsettledChanges += 1 }
                guard check(table, fresh, items: items, context) else { return }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    // A budget at a time until settled.
                    var rounds = 0
                    while table.unsettledLine != nil && rounds < 10_000 {
                        table.settle(items: items, breakingAtMost: Int.random(in: 1...300, using: &rng))
                        rounds += 1
                        guard check(table, fresh, items: items, "\(context), settling") else { return }
                    }
                    #expect(bits(table) == bits(fresh) && table.unsettledLine == nil, "\(context): settled in \(rounds) budgets")
                case 1:
                    table.settle(items: items)
                    #expect(bits(table) == bits(fresh) && table.unsettledLine == nil, "\(context): settled at once")
                default:
                    break   // the next change breaks from the unsettled line
                }
            }
            table.settle(items: items)
            #expect(bits(table) == bits(layout.lineTable(items, in: available)) && table == layout.lineTable(items, in: available),
                    "round \(round): the last settle")
        }
        // Both paths were taken often: changes that stopped short, and changes made before the
        // one before was settled.
        #expect(unsettledChanges > 150 && changesOnUnsettled > 50, "\(unsettledChanges) stopped short, \(changesOnUnsettled) on an unsettled table")
    }

    /// A change near the start of 100,000 chips of one width: with a budget, a few lines are
    /// broken again, not 9,000; the lines a view shows (the first ones) are the layout's at once.
    @Test func aBudgetBreaksOnlyAFewLines() {
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var items = [FlowItem](repeating: FlowItem(width: 100, height: 24), count: 100_000)
        var table = layout.lineTable(items, in: 1200)
        items.remove(at: 5)
        let rebroken = table.itemsChanged(at: 5, removed: 1, added: 0, items: items, breakingAtMost: 200)
        #expect(rebroken.count <= 200 / 11 + 3, "\(rebroken.count) lines broken again")
        let fresh = layout.lineTable(items, in: 1200)
        let unsettled = try! #require(table.unsettledLine)
        #expect((0..<unsettled).allSatisfy { table[$0].items == fresh[$0].items })
        #expect(table.lineCount == fresh.lineCount || table.lineCount == fresh.lineCount + 1)
        var budgets = 0
        while table.unsettledLine != nil {
            table.settle(items: items, breakingAtMost: 20_000)
            budgets += 1
        }
        #expect(budgets == 5 && bits(table) == bits(fresh))
    }

    /// A filter taken off: 100,000 items come back between two of 1,000 shown. With a budget, only
    /// the budget's lines are broken (not the 100,000 items'), the rest wait in one unsettled
    /// line, and settling a budget at a time gives the layout's table, bit for bit.
    @Test(arguments: [false, true])
    func manyItemsAddedBreakOnlyTheBudget(homogeneous: Bool) {
        var rng = SeededGenerator(seed: homogeneous ? 91 : 92)
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6, lineHomogeneous: homogeneous)
        let all = (0..<101_000).map { _ in Self.chip(&rng, uniform: false) }
        let shown = Array(all[0..<10]) + Array(all[100_010...])
        var table = layout.lineTable(shown, in: 1200)
        let rebroken = table.itemsChanged(at: 10, removed: 0, added: 100_000, items: all, breakingAtMost: 500)
        #expect(rebroken.count < 500 / 8 + 3, "\(rebroken.count) lines broken again")
        let fresh = layout.lineTable(all, in: 1200)
        let unsettled = try! #require(table.unsettledLine)
        #expect((0..<unsettled).allSatisfy { table[$0].items == fresh[$0].items })
        #expect(table[unsettled].items.count > 90_000)
        var budgets = 0
        while table.unsettledLine != nil && budgets < 1_000 {
            table.settle(items: all, breakingAtMost: 20_000)
            budgets += 1
        }
        #expect(budgets <= 6, "\(budgets) budgets of 20,000 items")
        #expect(bits(table) == bits(fresh) && table == fresh, "settled after \(budgets) budgets")
        // And back: the 100,000 removed again is one change of the lines after the first ten items.
        table.itemsChanged(at: 10, removed: 100_000, added: 0, items: shown, breakingAtMost: 500)
        table.settle(items: shown)
        #expect(bits(table) == bits(layout.lineTable(shown, in: 1200)))
    }
}
