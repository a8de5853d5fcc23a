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
