// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// `FlowLayout.layout(_:in:into:)`, which writes over an earlier result's arrays: the same result
/// as `layout(_:in:)` whatever the earlier result held, and no copy of it ever changes.
@Suite struct LayoutIntoTests {
    static let empty = FlowResult(frames: [], size: .zero, lines: [], hiddenCount: 0, indicatorFrame: nil)

    @Test func aReusedResultEqualsAFreshOne() {
        var rng = SeededGenerator(seed: 24)
        var reused = Self.empty
        for _ in 0..<3_000 {
            // Every option, and a result of another layout (another item count, another line
            // count, hidden items or none) written over.
            let c = PropertyTests.randomCase(&rng)
            c.layout.layout(c.items, in: c.available, into: &reused)
            #expect(reused == c.layout.layout(c.items, in: c.available))
        }
    }

    @Test func resizesReuseOneResult() {
        let items = (0..<1_000).map { i in FlowItem(width: 30 + Double(i % 9) * 7.5, height: 24) }
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var result = Self.empty
        for width in stride(from: 500.0, through: 900, by: 7) {
            layout.layout(items, in: width, into: &result)
            #expect(result == layout.layout(items, in: width))
        }
    }

    @Test func aCopyKeptElsewhereIsNeverChanged() {
        let items = (0..<50).map { i in FlowItem(width: 20 + Double(i % 5) * 11, height: 10) }
        let layout = FlowLayout(itemSpacing: 4, lineSpacing: 2)
        var result = Self.empty
        layout.layout(items, in: 120, into: &result)
        let kept = result
        let expected = layout.layout(items, in: 120)
        layout.layout(items, in: 333, into: &result)
        #expect(kept == expected)
        #expect(result == layout.layout(items, in: 333))
        // Fewer items, then none: the kept copy still holds its 50 frames.
        layout.layout(Array(items.prefix(7)), in: 90, into: &result)
        #expect(result == layout.layout(Array(items.prefix(7)), in: 90))
        layout.layout([], in: 90, into: &result)
        #expect(result == layout.layout([], in: 90))
        #expect(kept == expected)
    }

    @Test func theRequestRunsIntoAResultAsItRuns() {
        var rng = SeededGenerator(seed: 25)
        var reused = Self.empty
        for _ in 0..<500 {
            let c = PropertyTests.randomCase(&rng)
            let request = FlowRequest(layout: c.layout, available: c.available, items: c.items)
            request.run(into: &reused)
            #expect(reused == request.run())
        }
    }
}
