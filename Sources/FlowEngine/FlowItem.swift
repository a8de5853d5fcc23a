// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// One item to lay out: its sizes and its per-item options.
///
/// Sizes are physical (width, height); the layout's axis decides which one is the main size. In a
/// horizontal layout the main size is the width and the minimum that matters is
/// ``minimumWidth``; in a vertical one, the height and ``minimumHeight``. The other minimum is
/// kept but not used.
///
/// Every value is sanitized when it is stored (see ``FlowLimits``), so an item never holds NaN, an
/// infinity or a negative size.
///
/// CSS equivalent: a flex item with `flex: grow 1 auto; width: W; min-width: M; height: H`.
public struct FlowItem: Sendable, Hashable {
    // Stored flat, already sanitized, so the layout loops read them without checks.
    @usableFromInline var _width: Double
    @usableFromInline var _height: Double
    @usableFromInline var _minimumWidth: Double
    @usableFromInline var _minimumHeight: Double
    /// Negative means "no baseline".
    @usableFromInline var _baseline: Double
    @usableFromInline var _grow: Double
    /// Forces a new line before this item (no effect on the first item).
    public var breakBefore: Bool

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - width: natural width.
    ///   - height: natural height.
    ///   - minimumWidth: the narrowest the item may be made; `nil` means the natural width
    ///     (the item never shrinks). Used as the main-axis minimum in horizontal layouts.
    ///   - minimumHeight: likewise for the height; used in vertical layouts.
    ///   - baseline: distance from the item's top to its first baseline, for
    ///     ``CrossAlignment/firstBaseline``; `nil` (or negative) means none, and the item then
    ///     aligns its bottom edge with the line's baseline, as CSS does.
    ///   - grow: share of a line's free space this item takes, in proportion to the other growing
    ///     items of its line (CSS `flex-grow`). `0` does not grow.
    ///   - breakBefore: starts a new line with this item.
    /// - Complexity: O(1).
    public init(width: Double, height: Double,
                minimumWidth: Double? = nil, minimumHeight: Double? = nil,
                baseline: Double? = nil, grow: Double = 0, breakBefore: Bool = false) {
        let width = FlowLimits.length(width)
        let height = FlowLimits.length(height)
        _width = width
        _height = height
        _minimumWidth = minimumWidth.map(FlowLimits.length) ?? width
        _minimumHeight = minimumHeight.map(FlowLimits.length) ?? height
        _baseline = FlowLimits.baseline(baseline) ?? -1
        _grow = FlowLimits.length(grow)
        self.breakBefore = breakBefore
    }

    /// Natural width.
    public var width: Double {
        get { _width }
        set { _width = FlowLimits.length(newValue) }
    }

    /// Natural height.
    public var height: Double {
        get { _height }
        set { _height = FlowLimits.length(newValue) }
    }

    /// The narrowest this item may be made (main-axis minimum of horizontal layouts).
    /// Setting ``width`` later does not change it.
    public var minimumWidth: Double {
        get { _minimumWidth }
        set { _minimumWidth = FlowLimits.length(newValue) }
    }

    /// The shortest this item may be made (main-axis minimum of vertical layouts).
    public var minimumHeight: Double {
        get { _minimumHeight }
        set { _minimumHeight = FlowLimits.length(newValue) }
    }

    /// Distance from the top edge to the first baseline, or `nil` when the item has none.
    public var baseline: Double? {
        get { _baseline < 0 ? nil : _baseline }
        set { _baseline = FlowLimits.baseline(newValue) ?? -1 }
    }

    /// Grow weight (CSS `flex-grow`).
    public var grow: Double {
        get { _grow }
        set { _grow = FlowLimits.length(newValue) }
    }

    /// The natural size as a ``FlowSize``.
    public var size: FlowSize { FlowSize(width: _width, height: _height) }
}
