// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct CrossAlignmentTests {
    // One line: heights 10, 30, 20.
    let items = [item(10, 10), item(10, 30), item(10, 20)]

    func frames(_ alignment: CrossAlignment, _ items: [FlowItem]? = nil) -> [FlowRect] {
        FlowLayout(alignment: alignment).layout(items ?? self.items, in: 100).frames
    }

    @Test func startCenterEndFill() {
        #expect(frames(.start).map(\.y) == [0, 0, 0])
        #expect(frames(.center).map(\.y) == [10, 0, 5])
        #expect(frames(.end).map(\.y) == [20, 0, 10])
        #expect(frames(.fill).map(\.y) == [0, 0, 0])
        #expect(frames(.fill).map(\.height) == [30, 30, 30])
    }

    @Test func firstBaselineLinesUpBaselinesAndGrowsTheLine() {
        let items = [item(10, 40, baseline: 30), item(10, 20), item(10, 20, baseline: 5)]
        let result = FlowLayout(alignment: .firstBaseline).layout(items, in: 100)
        // Ascent 30 (item 0); item 1 has no baseline: its bottom edge (20) is used.
        #expect(result.frames.map(\.y) == [0, 10, 25])
        #expect(result.size.height == 45)  // 30 above the baseline + 15 below (item 2)
    }

    @Test func lineHomogeneousMakesEveryLineAsTallAsTheTallest() {
        let items = [item(60, 10), item(60, 50), item(60, 20)]
        let result = FlowLayout(lineSpacing: 5, alignment: .center, lineHomogeneous: true).layout(items, in: 100)
        #expect(result.frames.map(\.y) == [20, 55, 125])
        #expect(result.size.height == 160)
    }
}

@Suite struct DirectionTests {
    @Test func rightToLeftMirrorsEachLine() {
        let items = [item(20), item(30), item(80)]
        let layout = FlowLayout(itemSpacing: 10, insets: FlowInsets(leading: 4, trailing: 1), direction: .rightToLeft)
        let result = layout.layout(items, in: 100)
        #expect(xs(result) == [76, 36, 16])
        #expect(ys(result) == [0, 0, 10])
    }

    @Test func wrapReverseStacksLinesFromTheBottom() {
        let items = [item(60, 10), item(60, 20)]
        let layout = FlowLayout(lineSpacing: 5, insets: FlowInsets(top: 1, bottom: 3), wrapReverse: true)
        let result = layout.layout(items, in: 100)
        // Height 1 + 10 + 5 + 20 + 3 = 39; first line at the bottom, above the bottom inset.
        #expect(result.size.height == 39)
        #expect(ys(result) == [26, 1])
    }

    @Test func verticalAxisRunsDownAndWrapsRight() {
        let items = [FlowItem(width: 10, height: 40), FlowItem(width: 20, height: 40), FlowItem(width: 5, height: 40)]
        let layout = FlowLayout(axis: .vertical, itemSpacing: 2, lineSpacing: 3)
        let result = layout.layout(items, in: 90)
        #expect(result.frames.map(\.x) == [0, 0, 23])
        #expect(result.frames.map(\.y) == [0, 42, 0])
        #expect(result.size == FlowSize(width: 28, height: 90))
        var rtl = layout
        rtl.direction = .rightToLeft
        #expect(rtl.layout(items, in: 90).frames.map(\.x) == [18, 8, 0])
    }
}
