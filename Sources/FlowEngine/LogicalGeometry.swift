// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A layout's options in logical terms: "main" runs from the line's start (the leading edge in a
// horizontal layout, the top in a vertical one) and "cross" from the first line's side. The pass
// works in these; its last step mirrors the frames into physical coordinates when the direction is
// right-to-left or the wrap is reversed.

/// A layout's options resolved for one available length, in logical terms.
struct LogicalGeometry {
    /// The main-axis room for items: available minus main insets; +∞ when unbounded.
    let inner: Double
    let available: Double
    let mainStart: Double
    let mainEnd: Double
    let crossStart: Double
    let crossEnd: Double
    let itemSpacing: Double
    let lineSpacing: Double
    let justification: Justification
    let justifyLastLine: Bool
    /// ``CrossAlignment/firstBaseline`` already turned into a left-edge alignment for vertical
    /// layouts.
    let alignment: CrossAlignment
    /// Baselines are measured from the bottom edge (the cross-start edge under wrap-reverse).
    let baselineFromBottom: Bool
    /// Whether a line packed at its start at its items' own sizes (as the line breakers place it)
    /// can still need its frames moved: justified other than at the start (the last line too,
    /// unless it is left at the start), or aligned other than at the line's start.
    let adjustsPackedLines: Bool
    /// Lines break at the items' minimum sizes (``WrapPolicy/minimum``).
    let breaksAtMinimum: Bool
    /// Each line's items run from its end (``PackDirection/endToStart``).
    let packsFromEnd: Bool
    /// Physical x runs against the logical axis that maps to it.
    let mirrorX: Bool
    /// Physical y runs against the cross axis (horizontal wrap-reverse).
    let mirrorY: Bool

    init(_ layout: FlowLayout, available rawAvailable: Double) {
        let rtl = layout.direction == .rightToLeft
        let insets = layout.insets
        available = FlowLimits.available(rawAvailable)
        switch layout.axis {
        case .horizontal:
            mainStart = insets.leading
            mainEnd = insets.trailing
            crossStart = layout.wrapReverse ? insets.bottom : insets.top
            crossEnd = layout.wrapReverse ? insets.top : insets.bottom
            alignment = layout.alignment
            mirrorX = rtl
            mirrorY = layout.wrapReverse
        case .vertical:
            mainStart = insets.top
            mainEnd = insets.bottom
            // The first column is on the leading side; wrap-reverse starts from the trailing one.
            crossStart = layout.wrapReverse ? insets.trailing : insets.leading
            crossEnd = layout.wrapReverse ? insets.leading : insets.trailing
            mirrorX = rtl != layout.wrapReverse
            // No shared horizontal baseline in a column: items line up their left edges, as
            // Chromium does (a baseline synthesized at each item's line-left edge).
            alignment = layout.alignment == .firstBaseline
                ? (mirrorX ? .end : .start) : layout.alignment
            mirrorY = false
        }
        inner = available == .infinity ? .infinity : max(0, available - mainStart - mainEnd)
        itemSpacing = layout.itemSpacing
        lineSpacing = layout.lineSpacing
        justification = layout.justification
        justifyLastLine = layout.justifyLastLine
        baselineFromBottom = layout.axis == .horizontal && layout.wrapReverse
        breaksAtMinimum = layout.wrapPolicy == .minimum
        packsFromEnd = layout.packDirection == .endToStart
        adjustsPackedLines = justification != .start && justification != .fill || alignment != .start
    }

    /// Whether lines line up their items' baselines (they then need baselines gathered, and are
    /// never placed while they are broken).
    var alignsBaselines: Bool { alignment == .firstBaseline }
}
