// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// How items sit across a line (vertically in a horizontal layout). CSS `align-items`.
///
/// A line is as thick as its thickest item (on the cross axis), or, with ``firstBaseline``, as
/// thick as its baseline-aligned items need. With ``FlowLayout/lineHomogeneous`` every line is as
/// thick as the thickest line.
public enum CrossAlignment: String, Sendable, Hashable, CaseIterable {
    /// Items touch the line's cross-start edge (the top, or the bottom with
    /// ``FlowLayout/wrapReverse``, as in CSS). CSS `flex-start`.
    case start
    /// Items centred in the line. CSS `center`.
    case center
    /// Items touch the line's cross-end edge. CSS `flex-end`.
    case end
    /// Items stretched to the line's thickness. CSS `stretch`.
    case fill
    /// First baselines lined up; the line grows to fit the highest ascent and the deepest descent.
    /// An item without a baseline uses its bottom edge, as CSS synthesizes one. In vertical
    /// layouts there is no shared horizontal baseline: items line up their left edges, which is
    /// what Chromium computes for `align-items: baseline` in a column (``start`` in a
    /// left-to-right column, ``end`` when columns run from the right). CSS `baseline`.
    case firstBaseline
}

extension CrossAlignment {
    /// For start, center and end: the fraction of the room a line leaves an item (across) that
    /// goes before it. `nil` for fill and firstBaseline, which need more than a fraction.
    var linearFactor: Double? {
        switch self {
        case .start: return 0
        case .center: return 0.5
        case .end: return 1
        case .fill, .firstBaseline: return nil
        }
    }
}

/// The ascent/descent of a line's baseline group, on the logical cross axis (measured from the
/// line's cross-start edge).
struct BaselineMetrics {
    var ascent: Double = -.greatestFiniteMagnitude
    var descent: Double = -.greatestFiniteMagnitude

    /// The distance from an item's cross-start edge to its baseline. With a reversed cross axis
    /// (wrap-reverse) the cross-start edge is the bottom, so the ascent is measured from there.
    @inline(__always)
    static func ascent(of item: FlowItem, crossSize: Double, reversed: Bool) -> Double {
        let fromTop = item._baseline < 0 ? crossSize : item._baseline
        return reversed ? crossSize - fromTop : fromTop
    }

    @inline(__always)
    mutating func include(ascent a: Double, crossSize: Double) {
        if a > ascent { ascent = a }
        let d = crossSize - a
        if d > descent { descent = d }
    }

    /// The thickness the baseline group needs.
    var thickness: Double { ascent + descent }
}
