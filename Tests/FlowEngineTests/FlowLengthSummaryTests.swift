// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// A length summary kept up to date through random changes against the engine's own
/// `minimumLength(of:)` and `naturalLength(of:)` over the whole list: equal to the last bit for
/// sizes in whole pixels and Pango's 1/1024 steps, within rounding for any fraction.
@Suite struct FlowLengthSummaryTests {
    /// A size in GTK's whole pixels, Pango's 1/1024 steps or halves.
    static func length(_ rng: inout SeededGenerator, upTo limit: Int) -> Double {
        let whole = Double(Int.random(in: 0...limit, using: &rng))
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return whole + Double(Int.random(in: 0..<1024, using: &rng)) / 1024
        case 1: return whole + 0.5
        default: return whole
        }
    }

    static func item(_ rng: inout SeededGenerator, breaks: Bool, anyFraction: Bool) -> FlowItem {
        func size(_ limit: Int) -> Double {
            anyFraction ? Double.random(in: 0...Double(limit), using: &rng) : length(&rng, upTo: limit)
        }
        return FlowItem(width: size(150), height: size(40),
                        minimumWidth: Bool.random(using: &rng) ? nil : size(160),
                        minimumHeight: Bool.random(using: &rng) ? nil : size(40),
                        grow: Int.random(in: 0..<5, using: &rng) == 0 ? 1 : 0,
                        breakBefore: breaks && Int.random(in: 0..<200, using: &rng) == 0)
    }

    /// Applies a random change in GListModel's terms to `items`.
    static func change(_ items: inout [FlowItem], _ rng: inout SeededGenerator, breaks: Bool, anyFraction: Bool)
        -> (position: Int, removed: Int, added: Int) {
        let n = items.count
        let position = [0, n, Int.random(in: 0...n, using: &rng)].randomElement(using: &rng)!
        var removed = 0, added = 0
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: added = Int.random(in: 1...3, using: &rng)
        case 1: removed = min(n - position, Int.random(in: 1...3, using: &rng))
        case 2: removed = min(n - position, 1); added = removed
        case 3: removed = min(n - position, Int.random(in: 0...300, using: &rng)); added = removed
        default:
            removed = min(n - position, Int.random(in: 0...400, using: &rng))
            added = Int.random(in: 0...400, using: &rng)
        }
        let new = (0..<added).map { _ in item(&rng, breaks: breaks, anyFraction: anyFraction) }
        items.replaceSubrange(position..<position + removed, with: new)
        return (position, removed, added)
    }

    static func check(_ summary: inout FlowLengthSummary, _ items: [FlowItem], _ layout: FlowLayout, exact: Bool,
                      _ context: @autoclosure () -> String) {
        let kept = summary.lengths(layout, items: items)
        let minimum = layout.minimumLength(of: items), natural = layout.naturalLength(of: items)
        #expect(kept.minimum == minimum, "minimum, \(context())")
        if exact {
            #expect(kept.natural == natural, "natural, \(context())")
        } else {
            #expect(abs(kept.natural - natural) <= 1e-9 * max(1, abs(natural)), "natural \(kept.natural) vs \(natural), \(context())")
        }
    }

    /// Runs of 1,024 (the default), 7 and 2 items, so that changes cross runs, split and merge them.
    @Test(arguments: [1024, 7, 2])
    func keptLengthsEqualTheEnginesOverAllItems(chunkLength: Int) {
        var rng = SeededGenerator(seed: 20_261_201 &+ UInt64(chunkLength))
        for round in 0..<40 {
            let breaks = round % 4 == 3
            var items = (0..<Int.random(in: 0...3000, using: &rng)).map { _ in
                Self.item(&rng, breaks: breaks, anyFraction: false)
            }
            var summary = FlowLengthSummary(count: items.count, axis: .horizontal, chunkLength: chunkLength)
            var layout = LineTableCases.layout(&rng)
            // Mostly the options whose lengths the runs' sums give; the rest go to the engine.
            if round % 3 != 0 { layout.maxItemsPerLine = nil; layout.maxLines = nil }
            if round % 5 == 0 { layout.naturalLineLength = Double(Int.random(in: 0...4000, using: &rng)) }
            Self.check(&summary, items, layout, exact: true, "round \(round), start")
            for step in 0..<60 {
                let change = Self.change(&items, &rng, breaks: breaks, anyFraction: false)
                summary.itemsChanged(at: change.position, removed: change.removed, added: change.added)
                #expect(summary.count == items.count)
                // Queried now and then, so that several changes meet between two queries.
                if step % 3 == 0 { Self.check(&summary, items, layout, exact: true, "round \(round), step \(step)") }
            }
            // The other axis: every run summed again along it.
            layout.axis = layout.axis == .horizontal ? .vertical : .horizontal
            Self.check(&summary, items, layout, exact: true, "round \(round), other axis")
        }
    }

    @Test func anyFractionIsWithinRounding() {
        var rng = SeededGenerator(seed: 77)
        var items = (0..<5000).map { _ in Self.item(&rng, breaks: false, anyFraction: true) }
        var summary = FlowLengthSummary(count: items.count, axis: .horizontal, chunkLength: 64)
        var layout = FlowLayout()
        layout.itemSpacing = 6.3
        for step in 0..<200 {
            let change = Self.change(&items, &rng, breaks: false, anyFraction: true)
            summary.itemsChanged(at: change.position, removed: change.removed, added: change.added)
            Self.check(&summary, items, layout, exact: false, "step \(step)")
        }
    }

    @Test func emptyingAndRefillingKeepsTheCount() {
        var summary = FlowLengthSummary(count: 5000, axis: .horizontal, chunkLength: 16)
        summary.itemsChanged(at: 0, removed: 5000, added: 0)
        #expect(summary.count == 0)
        summary.itemsChanged(at: 0, removed: 0, added: 3)
        let items = [FlowItem(width: 10, height: 5), FlowItem(width: 20, height: 5), FlowItem(width: 30, height: 5, minimumWidth: 40)]
        var layout = FlowLayout()
        layout.itemSpacing = 4
        let lengths = summary.lengths(layout, items: items)
        #expect(lengths.minimum == 40)
        #expect(lengths.natural == 10 + 20 + 40 + 8)
    }
}
