// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct JustificationTests {
    // One line of 20 + 30 with spacing 10 in 100: free space 40.
    let items = [item(20), item(30)]

    func xsFor(_ justification: Justification, _ items: [FlowItem]? = nil, in available: Double = 100) -> [Double] {
        xs(FlowLayout(itemSpacing: 10, justification: justification).layout(items ?? self.items, in: available))
    }

    @Test func eachValueMatchesCSS() {
        #expect(xsFor(.start) == [0, 30])
        #expect(xsFor(.center) == [20, 50])
        #expect(xsFor(.end) == [40, 70])
        #expect(xsFor(.spaceBetween) == [0, 70])
        #expect(xsFor(.spaceAround) == [10, 60])          // 40/4 before, 40/2 between
        let third: Double = 40 / 3
        #expect(xsFor(.spaceEvenly) == [third, third + 20 + 10 + third])
    }

    @Test func singleItemFallbacks() {
        let one = [item(40)]
        #expect(xsFor(.spaceBetween, one) == [0])
        #expect(xsFor(.spaceAround, one) == [30])
        #expect(xsFor(.spaceEvenly, one) == [30])
    }

    @Test func negativeFreeSpaceFallbacks() {
        // A lone item with a minimum longer than the line overflows.
        let wide = [item(150, min: 150)]
        #expect(xsFor(.start, wide) == [0])
        #expect(xsFor(.center, wide) == [-25])           // unsafe, as CSS center
        #expect(xsFor(.end, wide) == [-50])
        #expect(xsFor(.spaceBetween, wide) == [0])
        #expect(xsFor(.spaceAround, wide) == [0])         // safe center
        #expect(xsFor(.spaceEvenly, wide) == [0])
    }

    @Test func fillSharesFreeSpaceEqually() {
        let result = FlowLayout(itemSpacing: 10, justification: .fill).layout(items, in: 100)
        #expect(widths(result) == [40, 50])
        #expect(xs(result) == [0, 50])
    }

    @Test func fillKeepsGrowWeightsWhenTheLineHasThem() {
        let result = FlowLayout(justification: .fill).layout([item(20, grow: 1), item(20)], in: 100)
        #expect(widths(result) == [80, 20])
    }

    @Test func justifyLastLineFalseKeepsLastLineAtStart() {
        let items = [item(40), item(40), item(40)]
        var layout = FlowLayout(justification: .end, justifyLastLine: false)
        var result = layout.layout(items, in: 100)
        #expect(xs(result) == [20, 60, 0])
        layout.justification = .fill
        result = layout.layout(items, in: 100)
        #expect(widths(result) == [50, 50, 40])
        layout.justifyLastLine = true
        result = layout.layout(items, in: 100)
        #expect(widths(result) == [50, 50, 100])
    }
}

@Suite struct FlexTests {
    @Test func growSharesInProportion() {
        let result = FlowLayout().layout([item(10, grow: 1), item(10, grow: 3), item(10)], in: 110)
        #expect(widths(result) == [30, 70, 10])
    }

    @Test func growWeightsBelowOneTakeOnlyTheirFraction() {
        // CSS: flex-grow summing to 0.5 distributes half the free space.
        let result = FlowLayout().layout([item(20, grow: 0.5)], in: 100)
        #expect(widths(result) == [60])
    }

    @Test func growStartsFromBaseSizeNotMinimum() {
        // CSS distributes from the flex base size (10), then clamps at the minimum (50).
        let result = FlowLayout().layout([item(10, min: 50, grow: 1), item(100, grow: 1)], in: 300)
        #expect(widths(result) == [105, 195])
    }

    @Test func minimumViolationFreezesAndRedistributes() {
        // Shares would leave item 0 below its minimum of 90: it is frozen there, item 1 takes the rest.
        let result = FlowLayout().layout([item(0, min: 0, grow: 1), item(70, min: 90, grow: 1)], in: 100)
        #expect(widths(result) == [10, 90])
    }

    @Test func loneOversizeItemShrinksTowardItsMinimum() {
        let layout = FlowLayout(insets: FlowInsets(leading: 5, trailing: 5))
        #expect(widths(layout.layout([item(200, min: 50)], in: 110)) == [100])
        #expect(widths(layout.layout([item(200, min: 150)], in: 110)) == [150])
        // An oversize item never leaves an empty line before it.
        let result = layout.layout([item(20), item(200, min: 50), item(20)], in: 110)
        #expect(lineSizes(result) == [1, 1, 1])
        #expect(ys(result) == [0, 10, 20])
    }

    @Test func breakBeforeForcesANewLine() {
        let result = FlowLayout().layout([item(10), item(10, breakBefore: true), item(10)], in: 100)
        #expect(lineSizes(result) == [1, 2])
        // On the first item it changes nothing.
        #expect(lineSizes(FlowLayout().layout([item(10, breakBefore: true), item(10)], in: 100)) == [2])
    }

    @Test func maxItemsPerLine() {
        let result = FlowLayout(maxItemsPerLine: 2).layout(Array(repeating: item(10), count: 5), in: 1000)
        #expect(lineSizes(result) == [2, 2, 1])
    }
}
