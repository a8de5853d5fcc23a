// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// What bad input becomes. Every number enters the engine through one of these functions, at the
// moment it is stored (item initializers and property setters, layout options), so the layout code
// itself never sees NaN, an infinity or a negative length, and needs no checks in its loops.

/// The rules that turn any `Double` into a number the engine can lay out.
///
/// | Input | Becomes |
/// |---|---|
/// | a length (item size, minimum, spacing, inset) that is NaN or negative (−∞ included) | `0` |
/// | a length above ``maximumLength`` (+∞ included) | ``maximumLength`` |
/// | a grow weight: NaN, negative | `0` (does not grow) |
/// | a grow weight: above ``maximumLength`` (+∞ included) | ``maximumLength`` |
/// | a baseline: NaN or negative | no baseline (as GTK's `-1`) |
/// | a baseline above ``maximumLength`` | ``maximumLength`` |
/// | the available length: NaN or negative | `0`: every item on its own line, shrunk to its minimum |
/// | the available length: +∞ | unbounded: every item shares one line, unless forced apart |
/// | the available length: finite above ``maximumLength`` | ``maximumLength`` |
/// | `maxLines` or `maxItemsPerLine` below 1 | `1` (`nil` means no limit) |
/// | `naturalLineLength`: NaN or negative | `nil`: no cap (as GTK's `-1`) |
/// | `naturalLineLength` above ``maximumLength`` (+∞ included) | ``maximumLength`` |
///
/// A minimum above the natural size is not an error: as in CSS (`min-width` above `width`) the
/// item is laid out at least at its minimum.
///
/// Clamping to ``maximumLength`` keeps every sum finite: a billion points per value, times any
/// number of items an array can hold, stays far inside `Double`'s range, so no result is ever
/// infinite or NaN.
public enum FlowLimits {
    /// The largest length, grow weight or baseline the engine works with: one billion points.
    public static let maximumLength: Double = 1_000_000_000

    /// A length: NaN and negatives become 0, larger values `maximumLength`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func length(_ value: Double) -> Double {
        // `value > 0` is false for NaN, so NaN takes the zero branch.
        value > 0 ? (value < maximumLength ? value : maximumLength) : 0
    }

    /// A baseline: NaN and negatives mean "no baseline" (`nil`).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func baseline(_ value: Double?) -> Double? {
        optionalLength(value)
    }

    /// An optional length (``FlowLayout/naturalLineLength``, and a baseline): `nil`, NaN and
    /// negatives mean "none" (`nil`); values above `maximumLength` become it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func optionalLength(_ value: Double?) -> Double? {
        guard let value, value >= 0 else { return nil }
        return value < maximumLength ? value : maximumLength
    }

    /// The available main-axis length: NaN and negatives become 0; +∞ stays +∞ (unbounded).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func available(_ value: Double) -> Double {
        if value == .infinity { return .infinity }
        return length(value)
    }

    /// A count limit (`maxLines`, `maxItemsPerLine`): `nil` stays `nil`, anything below 1 becomes 1.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public static func count(_ value: Int?) -> Int? {
        guard let value else { return nil }
        return max(1, value)
    }
}
