// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Rounding a layout to whole device pixels, for toolkits that place widgets at integer positions.
// It rounds the edges, not the sizes, so neighbours that touched still touch and items that did
// not overlap still do not.

extension FlowRect {
    /// The rectangle with each edge rounded to the nearest multiple of `1 / scale` (halves round
    /// up). A size never shrinks below the whole part of the original size, so an item that was at
    /// least its (whole) minimum stays at least its minimum.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func snapped(scale: Double = 1) -> FlowRect {
        if scale == 1, let snapped = snappedToWholePixels() { return snapped }
        let left = FlowRect.snap(x, scale), right = FlowRect.snap(x + width, scale)
        let top = FlowRect.snap(y, scale), bottom = FlowRect.snap(y + height, scale)
        return FlowRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whole pixels (scale 1, every GTK layout's case), the four edges two at a time: the
    /// top-left corner and the bottom-right one are each a pair of doubles, which SSE2 rounds in
    /// one register, with no branch and no conversion to an integer. `nil` when an edge is too far
    /// out (|edge| ≥ 2⁵¹) or NaN: the scalar rounding handles those.
    @inline(__always)
    func snappedToWholePixels() -> FlowRect? {
        let origin = SIMD2(x, y), size = SIMD2(width, height)
        let half = SIMD2<Double>(repeating: 0.5)
        let near = origin + half, far = origin + size + half
        // Adding 1.5 × 2⁵² and taking it away again rounds any |v| < 2⁵¹ to a whole number (to
        // the nearest, ties to even: the sum's unit in the last place is 1); one less where that
        // went up is floor(v). NaN fails the range test.
        let limit = SIMD2<Double>(repeating: 2_251_799_813_685_248)
        guard all((near .< limit) .& (near .> -limit) .& (far .< limit) .& (far .> -limit)) else { return nil }
        let shift = SIMD2<Double>(repeating: 6_755_399_441_055_744)
        let one = SIMD2<Double>(repeating: 1)
        var left = (near + shift) - shift, right = (far + shift) - shift
        left.replace(with: left - one, where: left .> near)
        right.replace(with: right - one, where: right .> far)
        let extent = right - left
        return FlowRect(x: left.x, y: left.y, width: extent.x, height: extent.y)
    }

    @inline(__always)
    static func snap(_ value: Double, _ scale: Double) -> Double {
        // floor(v + ½) rounds every value the same way, negatives included, so that
        // snap(a + n) == snap(a) + n for whole n: sizes survive the rounding.
        scale == 1 ? floor(value + 0.5) : floor(value * scale + 0.5) / scale
    }

    /// `rounded(.down)`, without the library call it compiles to on x86-64 without SSE 4.1: a
    /// conversion to a whole number and back, for every value a layout meets (|v| < 2⁵²), which
    /// is exact there; others (and NaN) go to the library.
    @inline(__always)
    static func floor(_ value: Double) -> Double {
        guard value.magnitude < 4_503_599_627_370_496 else { return value.rounded(.down) }
        let whole = Double(Int64(value))   // rounds toward zero
        return whole > value ? whole - 1 : whole
    }
}

extension FlowResult {
    /// The result with every frame, the indicator's and the size rounded to whole pixels
    /// (see ``FlowRect/snapped(scale:)``).
    ///
    /// - Complexity: O(n).
    public func snapped(scale: Double = 1) -> FlowResult {
        var copy = self
        copy.snap(scale: scale)
        return copy
    }

    /// Rounds this result to whole pixels in place (see ``snapped(scale:)``); no copy of the
    /// frames when the result is not shared.
    ///
    /// - Complexity: O(n).
    public mutating func snap(scale: Double = 1) {
        // Whole pixels (scale 1) is every GTK layout's case: its loop has no scaling in it.
        frames.withUnsafeMutableBufferPointer { frames in
            if scale == 1 {
                for i in frames.indices { frames[i] = frames[i].snapped(scale: 1) }
            } else {
                for i in frames.indices { frames[i] = frames[i].snapped(scale: scale) }
            }
        }
        indicatorFrame = indicatorFrame?.snapped(scale: scale)
        size = FlowSize(width: (size.width * scale).rounded(.up) / scale,
                        height: (size.height * scale).rounded(.up) / scale)
    }
}
