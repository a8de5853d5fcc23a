// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
import Testing
@testable import FlowEngine

@Suite struct PixelSnappingTests {
    @Test func theFastFloorIsFloor() {
        var rng = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
                                4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 1e300, -1e300,
                                .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -10_000...10_000, using: &rng))
            values.append(Double(Int.random(in: -1000...1000, using: &rng)) / 4)   // halves and quarters
        }
        for value in values {
            #expect(FlowRect.floor(value) == value.rounded(.down), "floor(\(value))")
        }
        #expect(FlowRect.floor(.nan).isNaN)
    }

    /// Whole pixels take the two-at-a-time rounding (FlowRect.snappedToWholePixels); it must give
    /// floor(edge + ½) for every edge, as the scalar rounding does, and leave the rest to it.
    @Test func wholePixelSnappingIsFloorOfEdgePlusAHalf() {
        func expected(_ r: FlowRect) -> FlowRect {
            let left = (r.x + 0.5).rounded(.down), right = (r.x + r.width + 0.5).rounded(.down)
            let top = (r.y + 0.5).rounded(.down), bottom = (r.y + r.height + 0.5).rounded(.down)
            return FlowRect(x: left, y: top, width: right - left, height: bottom - top)
        }
        var rng = SplitMix64(seed: 13)
        let special: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                 2_251_799_813_685_247.5, -2_251_799_813_685_247.5, 2_251_799_813_685_248,
                                 4_503_599_627_370_495.5, 1e300, -1e300, .leastNonzeroMagnitude]
        var rects: [FlowRect] = []
        for a in special { for b in special { rects.append(FlowRect(x: a, y: b, width: abs(b), height: abs(a))) } }
        for _ in 0..<20_000 {
            let quarter = { (range: ClosedRange<Int>) in Double(Int.random(in: range, using: &rng)) / 4 }
            rects.append(FlowRect(x: quarter(-4000...4000), y: quarter(-4000...4000),
                                  width: quarter(0...1200), height: quarter(0...400)))
            rects.append(FlowRect(x: .random(in: -1e4...1e4, using: &rng), y: .random(in: -1e4...1e4, using: &rng),
                                  width: .random(in: 0...500, using: &rng), height: .random(in: 0...500, using: &rng)))
        }
        for r in rects {
            #expect(r.snapped(scale: 1) == expected(r), "\(r)")
        }
        #expect(FlowRect(x: .nan, y: 0, width: 1, height: 1).snapped(scale: 1).x.isNaN)
        #expect(FlowRect(x: .infinity, y: 0, width: 1, height: 1).snapped(scale: 1).x == .infinity)
    }

    @Test func edgesRoundSoNeighboursStillTouchAndSizesSurvive() {
        var rng = SplitMix64(seed: 11)
        for scale in [1.0, 2.0] {   // GTK's scales are whole numbers
            for _ in 0..<2_000 {
                let x = Double.random(in: -500...500, using: &rng)
                let width = Double.random(in: 0...300, using: &rng)
                let a = FlowRect(x: x, y: x / 3, width: width, height: width / 2)
                let b = FlowRect(x: x + width, y: 0, width: 10, height: 10)
                let snappedA = a.snapped(scale: scale), snappedB = b.snapped(scale: scale)
                #expect(abs(snappedA.maxX - snappedB.minX) < 1e-9, "touching neighbours at scale \(scale)")
                // Whole sizes are kept whatever the position.
                let whole = FlowRect(x: x, y: 0, width: width.rounded(.down), height: 1).snapped(scale: scale)
                #expect(abs(whole.width - width.rounded(.down)) < 1e-9)
                // Every edge on the pixel grid.
                #expect((snappedA.x * scale).rounded() == snappedA.x * scale)
            }
        }
    }

    @Test func snappingInPlaceEqualsSnappingACopy() {
        let items = (0..<200).map { i in FlowItem(width: 10.3 + Double(i % 7) * 3.7, height: 20.6) }
        var layout = FlowLayout(itemSpacing: 4.25, lineSpacing: 3.5)
        layout.justification = .spaceAround
        layout.alignment = .center
        let result = layout.layout(items, in: 333.3)
        var inPlace = result
        inPlace.snap()
        #expect(inPlace == result.snapped())
        #expect(inPlace.frames.allSatisfy { $0.x.rounded() == $0.x && $0.maxX.rounded() == $0.maxX })
    }
}
