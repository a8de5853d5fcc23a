// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct TruncationTests {
    let items = (0..<10).map { _ in item(30) }   // 3 per line of 100 with spacing 5

    @Test func maxLinesHidesTheRest() {
        let result = FlowLayout(itemSpacing: 5, maxLines: 2).layout(items, in: 100)
        #expect(result.lines == [0..<3, 3..<6])
        #expect(result.hiddenCount == 4)
        #expect(result.visibleCount == 6)
        #expect(result.frames[6...].allSatisfy { $0 == .zero })
        #expect(result.indicatorFrame == nil)
        #expect(result.size.height == 20)
    }

    @Test func indicatorTakesTheEndOfTheLastLine() {
        var layout = FlowLayout(itemSpacing: 5, maxLines: 2)
        layout.overflowIndicator = FlowItem(width: 40, height: 10)
        let result = layout.layout(items, in: 100)
        // Line 2 can hold 30 + 5 + 40: one item and the indicator.
        #expect(result.lines == [0..<3, 3..<4])
        #expect(result.hiddenCount == 6)
        #expect(result.indicatorFrame == FlowRect(x: 35, y: 10, width: 40, height: 10))
        #expect(result.frames[4] == .zero)
    }

    @Test func indicatorStandsAloneWhenNothingFitsBesideIt() {
        var layout = FlowLayout(itemSpacing: 5, maxLines: 1)
        layout.overflowIndicator = FlowItem(width: 90, height: 10)
        let result = layout.layout(items, in: 100)
        #expect(result.lines == [0..<0])
        #expect(result.hiddenCount == 10)
        #expect(result.indicatorFrame == FlowRect(x: 0, y: 0, width: 90, height: 10))
    }

    @Test func noIndicatorWhenEverythingFits() {
        var layout = FlowLayout(itemSpacing: 5, maxLines: 4)
        layout.overflowIndicator = FlowItem(width: 40, height: 10)
        let result = layout.layout(items, in: 100)
        #expect(result.hiddenCount == 0)
        #expect(result.indicatorFrame == nil)
        #expect(result.lines.count == 4)
    }

    @Test func indicatorIsJustifiedWithItsLineAndMirrored() {
        var layout = FlowLayout(itemSpacing: 5, justification: .end, direction: .rightToLeft, maxLines: 1)
        layout.overflowIndicator = FlowItem(width: 20, height: 10)
        let result = layout.layout(items, in: 100)
        // 30 + 5 + 30 + 5 + 20 = 90 fits; end-justified in rtl means packed at the left edge.
        #expect(result.lines == [0..<2])
        #expect(result.indicatorFrame?.x == 0)
        #expect(result.frames[0].x == 60)
    }

    @Test func balancedBreaksTheVisibleItems() {
        var layout = FlowLayout(itemSpacing: 5, lineBreaking: .balanced, maxLines: 2)
        layout.overflowIndicator = FlowItem(width: 30, height: 10)
        let result = layout.layout(items, in: 100)
        // Visible: 5 items + indicator in 2 lines, balanced 3 + 3.
        #expect(result.hiddenCount == 5)
        #expect(result.lines == [0..<3, 3..<5])
        #expect(result.indicatorFrame?.x == 70)
    }
}

@Suite struct SizingTests {
    let layout = FlowLayout(itemSpacing: 4, lineSpacing: 2, insets: FlowInsets(top: 1, leading: 3, bottom: 5, trailing: 7))
    let items = [item(30, 10, min: 20), item(50, 12), item(40, 8, min: 10)]

    @Test func minimumIsWidestMinimumPlusInsets() {
        #expect(layout.minimumLength(of: items) == 50 + 10)
    }

    @Test func naturalIsOneLine() {
        #expect(layout.naturalLength(of: items) == 30 + 4 + 50 + 4 + 40 + 10)
    }

    @Test func heightForWidthAgreesWithLayout() {
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<300 {
            let items = (0..<Int.random(in: 0...20, using: &rng)).map { _ in
                item(Double.random(in: 0...80, using: &rng), Double.random(in: 1...30, using: &rng),
                     min: Double.random(in: 0...80, using: &rng), grow: Bool.random(using: &rng) ? 1 : 0)
            }
            var options = layout
            options.lineBreaking = Bool.random(using: &rng) ? .balanced : .greedy
            options.lineHomogeneous = Bool.random(using: &rng)
            options.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
            options.maxLines = Bool.random(using: &rng) ? 2 : nil
            let width = Double.random(in: 0...300, using: &rng)
            let result = options.layout(items, in: width)
            let measured = options.measure(items, in: width)
            #expect(measured.size == result.size)
            #expect(measured.lineCount == result.lines.count)
            #expect(measured.hiddenCount == result.hiddenCount)
        }
    }

    @Test func atTheMinimumNothingOverflows() {
        let width = layout.minimumLength(of: items)
        let result = layout.layout(items, in: width)
        #expect(result.frames.allSatisfy { $0.minX >= 3 && $0.maxX <= width - 7 })
        #expect(lineSizes(result) == [1, 1, 1])
    }

    @Test func atTheNaturalLengthEverythingIsOnOneLine() {
        let result = layout.layout(items, in: layout.naturalLength(of: items))
        #expect(lineSizes(result) == [3])
    }
}

/// The faults of the SwiftUI "WrapHStack" recipe, which this engine replaces.
@Suite struct SeedRecipeRegressionTests {
    @Test func anItemWiderThanTheContainerDoesNotLeaveAnEmptyFirstLine() {
        let result = FlowLayout().layout([item(500, min: 500), item(10)], in: 100)
        #expect(result.frames[0].y == 0)
        #expect(result.lines.first == 0..<1)
        #expect(result.lines.allSatisfy { !$0.isEmpty })
    }

    @Test func identicalItemsAreAllPlaced() {
        let same = item(40)
        let result = FlowLayout(itemSpacing: 5).layout([same, same, same], in: 100)
        #expect(result.frames.count == 3)
        #expect(Set(result.frames.map { [$0.x, $0.y] }).count == 3)
        #expect(result.hiddenCount == 0)
    }

    @Test func theLastItemIsFoundByPositionNotByValue() {
        // The recipe compared items with == to find "the last one"; with equal values the first
        // match ended the layout early. Here the height covers the last line, whatever the values.
        let same = item(60, 10)
        let result = FlowLayout().layout([same, item(60, 20), same], in: 100)
        #expect(lineSizes(result) == [1, 1, 1])
        #expect(result.size.height == 40)
        #expect(result.frames[2].y == 30)
    }

    @Test func rowSpacingIsAnOptionAndNoPaddingIsForced() {
        let result = FlowLayout(itemSpacing: 0, lineSpacing: 17).layout([item(60), item(60)], in: 100)
        #expect(result.frames[1].y == 27)
        #expect(result.frames[0] == FlowRect(x: 0, y: 0, width: 60, height: 10))
    }
}
