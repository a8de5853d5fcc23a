// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// What bad input becomes (documented in FlowLimits). Nothing crashes, nothing is NaN or infinite.
@Suite struct BadInputTests {
    @Test func itemLengthsAreSanitizedWhenStored() {
        let nan = FlowItem(width: .nan, height: -.infinity, minimumWidth: -5, baseline: .nan, grow: .nan)
        #expect(nan.width == 0)
        #expect(nan.height == 0)
        #expect(nan.minimumWidth == 0)
        #expect(nan.baseline == nil)
        #expect(nan.grow == 0)

        var huge = FlowItem(width: .infinity, height: 1e300, grow: .infinity)
        #expect(huge.width == FlowLimits.maximumLength)
        #expect(huge.height == FlowLimits.maximumLength)
        #expect(huge.grow == FlowLimits.maximumLength)
        huge.width = -1
        huge.baseline = -1
        #expect(huge.width == 0)
        #expect(huge.baseline == nil)
    }

    @Test func optionsAreSanitizedWhenSet() {
        var layout = FlowLayout(itemSpacing: .nan, lineSpacing: -3, insets: FlowInsets(all: -.infinity),
                                maxItemsPerLine: 0, maxLines: -7)
        #expect(layout.itemSpacing == 0)
        #expect(layout.lineSpacing == 0)
        #expect(layout.insets == .zero)
        #expect(layout.maxItemsPerLine == 1)
        #expect(layout.maxLines == 1)
        layout.maxLines = nil
        #expect(layout.maxLines == nil)
    }

    @Test func nanOrNegativeAvailableMeansZeroWidth() {
        let items = [item(30), item(40)]
        for available: Double in [.nan, -10, 0, -Double.infinity] {
            let result = FlowLayout().layout(items, in: available)
            #expect(lineSizes(result) == [1, 1], "available \(available)")
            #expect(result.size.width == 0)
            #expect(result.frames.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
    }

    @Test func infiniteAvailableIsUnbounded() {
        let items = [item(30), item(40), item(50)]
        let result = FlowLayout(itemSpacing: 5, justification: .center).layout(items, in: .infinity)
        #expect(lineSizes(result) == [3])
        #expect(xs(result) == [0, 35, 80])
        #expect(result.size.width == 130)
    }

    @Test func minimumAboveNaturalIsHonoured() {
        // CSS: min-width above width makes the item at least min-width wide.
        let result = FlowLayout().layout([item(10, min: 50), item(20)], in: 100)
        #expect(widths(result) == [50, 20])
        #expect(xs(result) == [0, 50])
    }

    @Test func noItems() {
        let layout = FlowLayout(insets: FlowInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        let result = layout.layout([], in: 100)
        #expect(result.frames.isEmpty)
        #expect(result.lines.isEmpty)
        #expect(result.size == FlowSize(width: 100, height: 4))
        #expect(layout.minimumLength(of: []) == 6)
        #expect(layout.naturalLength(of: []) == 6)
    }

    @Test func maxLinesZeroShowsOneLine() {
        let result = FlowLayout(maxLines: 0).layout([item(60), item(60)], in: 100)
        #expect(result.lines.count == 1)
        #expect(result.hiddenCount == 1)
    }

    @Test func resultsAreAlwaysFinite() {
        var rng = SeededGenerator(seed: 1)
        let wild: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-300, Double.leastNonzeroMagnitude, 1e300, 1e9, 3]
        for _ in 0..<2000 {
            let items = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                FlowItem(width: wild.randomElement(using: &rng)!, height: wild.randomElement(using: &rng)!,
                         minimumWidth: wild.randomElement(using: &rng)!, minimumHeight: wild.randomElement(using: &rng)!,
                         baseline: wild.randomElement(using: &rng)!, grow: wild.randomElement(using: &rng)!,
                         breakBefore: Bool.random(using: &rng))
            }
            var layout = FlowLayout()
            layout.axis = FlowAxis.allCases.randomElement(using: &rng)!
            layout.itemSpacing = wild.randomElement(using: &rng)!
            layout.lineSpacing = wild.randomElement(using: &rng)!
            layout.insets = FlowInsets(all: wild.randomElement(using: &rng)!)
            layout.justification = Justification.allCases.randomElement(using: &rng)!
            layout.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
            layout.direction = FlowDirection.allCases.randomElement(using: &rng)!
            layout.wrapReverse = Bool.random(using: &rng)
            layout.lineBreaking = LineBreaking.allCases.randomElement(using: &rng)!
            layout.lineHomogeneous = Bool.random(using: &rng)
            layout.maxLines = Bool.random(using: &rng) ? Int.random(in: -2...4, using: &rng) : nil
            layout.overflowIndicator = Bool.random(using: &rng) ? FlowItem(width: wild.randomElement(using: &rng)!, height: 10) : nil
            let available = wild.randomElement(using: &rng)!
            let result = layout.layout(items, in: available)
            let numbers = result.frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
                + [result.size.width, result.size.height]
                + [result.indicatorFrame?.x ?? 0, result.indicatorFrame?.y ?? 0]
            let allFinite = numbers.allSatisfy(\.isFinite)
            #expect(allFinite, "non-finite result at \(available)")
            #expect(result.frames.count == items.count)
        }
    }
}
