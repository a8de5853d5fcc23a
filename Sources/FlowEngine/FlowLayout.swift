// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// A flow layout: its options, and the queries that answer "how big" and "where does each item go".
///
/// Semantics follow CSS Flexbox wherever an option has a CSS equivalent: a layout is what a
/// browser computes for a container `display: flex; flex-wrap: wrap; align-content: flex-start`
/// with `column-gap: itemSpacing; row-gap: lineSpacing` (swapped for vertical layouts),
/// `justify-content`, `align-items`, `direction`, and padding for ``insets``; each item being
/// `flex: grow 1 auto; width: W; min-width: M; height: H`.
///
/// All queries run through one layout pass (see `LayoutPass.swift`), so ``measure(_:in:)``,
/// ``naturalLength(of:)`` and ``layout(_:in:)`` can never disagree.
///
/// Every option is sanitized when set (see ``FlowLimits``): spacings and insets are never
/// negative or NaN, `maxLines`/`maxItemsPerLine` are never below 1, and ``naturalLineLength``
/// is `nil` or a length.
public struct FlowLayout: Sendable, Hashable {
    /// Which way items run. Default ``FlowAxis/horizontal``.
    public var axis: FlowAxis = .horizontal

    /// Space between two neighbouring items of a line. Default 0 (CSS `column-gap` in a
    /// horizontal layout).
    public var itemSpacing: Double {
        get { _itemSpacing }
        set { _itemSpacing = FlowLimits.length(newValue) }
    }

    /// Space between two lines. Default 0 (CSS `row-gap` in a horizontal layout). Independent of
    /// ``itemSpacing``.
    public var lineSpacing: Double {
        get { _lineSpacing }
        set { _lineSpacing = FlowLimits.length(newValue) }
    }

    /// Space kept free inside the container's edges. Default none.
    public var insets: FlowInsets = .zero

    /// How each line's free space is placed. Default ``Justification/start``.
    public var justification: Justification = .start

    /// Whether the last line is justified like the others. Default `true`, as CSS. When `false`,
    /// the last line is packed at the start whatever ``justification`` says (and is not filled).
    /// Growing items still grow.
    public var justifyLastLine: Bool = true

    /// How items sit across their line. Default ``CrossAlignment/start``.
    public var alignment: CrossAlignment = .start

    /// Reading direction. Default ``FlowDirection/leftToRight``.
    public var direction: FlowDirection = .leftToRight

    /// Stacks lines from the cross-end edge: in a horizontal layout the first line is at the
    /// bottom, and the line's cross-start (where ``CrossAlignment/start`` puts items) is its
    /// bottom. CSS `flex-wrap: wrap-reverse`. Default `false`.
    public var wrapReverse: Bool = false

    /// How items are divided into lines. Default ``LineBreaking/greedy``.
    public var lineBreaking: LineBreaking = .greedy

    /// When a line breaks: as soon as the next item does not fit at its natural size (the
    /// default, CSS's rule), or only once it does not fit with every item at its minimum.
    public var wrapPolicy: WrapPolicy = .natural

    /// Which way items run inside each line. Default ``PackDirection/startToEnd``.
    public var packDirection: PackDirection = .startToEnd

    /// The most items one line may hold; `nil` (the default) for no limit. Values below 1 become 1.
    public var maxItemsPerLine: Int? {
        get { _maxItemsPerLine }
        set { _maxItemsPerLine = FlowLimits.count(newValue) }
    }

    /// The most lines shown; `nil` (the default) for no limit. Values below 1 become 1.
    /// Items that do not fit are hidden: they get a zero frame, and ``FlowResult/hiddenCount``
    /// says how many. The visible items are chosen first (as many as greedy breaking fits in
    /// that many lines, leaving room for ``overflowIndicator``), then broken into lines by
    /// ``lineBreaking``.
    public var maxLines: Int? {
        get { _maxLines }
        set { _maxLines = FlowLimits.count(newValue) }
    }

    /// The size of a "+N more" item to show at the end of the last visible line when
    /// ``maxLines`` hides items; `nil` for none. The engine takes as many items off the end of
    /// the last line as it must for the indicator to fit there, and returns its frame in
    /// ``FlowResult/indicatorFrame``. The indicator is laid out like an item of that line (it
    /// takes part in justification and alignment, and grows if its ``FlowItem/grow`` is set).
    /// Its label depends on the hidden count, so a caller whose indicator changes size with
    /// the count may lay out again with the new size.
    public var overflowIndicator: FlowItem?

    /// Makes every line as thick as the thickest line. Default `false`. Not a CSS option.
    public var lineHomogeneous: Bool = false

    /// A cap on the main-axis length the layout asks for when nothing constrains it; `nil` (the
    /// default) for none. Only ``naturalLength(of:)`` reads it: a layout at a given length is the
    /// same with or without it. A wrap box in a popover or a dialog sets it so that it asks for a
    /// sensible width rather than the width of all its items on one line (libadwaita's
    /// `natural-line-length`). The length is the lines' own, without the insets. NaN and
    /// negatives become `nil`, values above ``FlowLimits/maximumLength`` that maximum.
    public var naturalLineLength: Double? {
        get { _naturalLineLength }
        set { _naturalLineLength = FlowLimits.optionalLength(newValue) }
    }

    private var _itemSpacing: Double = 0
    private var _lineSpacing: Double = 0
    private var _maxItemsPerLine: Int?
    private var _maxLines: Int?
    private var _naturalLineLength: Double?

    /// A layout with CSS's defaults (no spacing, start, start, left to right, greedy).
    ///
    /// - Complexity: O(1).
    public init() {}

    /// A layout with the given options; any option not named keeps its default.
    ///
    /// - Complexity: O(1).
    public init(axis: FlowAxis = .horizontal, itemSpacing: Double = 0, lineSpacing: Double = 0,
                insets: FlowInsets = .zero, justification: Justification = .start,
                justifyLastLine: Bool = true, alignment: CrossAlignment = .start,
                direction: FlowDirection = .leftToRight, wrapReverse: Bool = false,
                lineBreaking: LineBreaking = .greedy, maxItemsPerLine: Int? = nil,
                maxLines: Int? = nil, overflowIndicator: FlowItem? = nil,
                lineHomogeneous: Bool = false, naturalLineLength: Double? = nil) {
        self.axis = axis
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.insets = insets
        self.justification = justification
        self.justifyLastLine = justifyLastLine
        self.alignment = alignment
        self.direction = direction
        self.wrapReverse = wrapReverse
        self.lineBreaking = lineBreaking
        self.maxItemsPerLine = maxItemsPerLine
        self.maxLines = maxLines
        self.overflowIndicator = overflowIndicator
        self.lineHomogeneous = lineHomogeneous
        self.naturalLineLength = naturalLineLength
    }

    // MARK: - Queries

    /// Lays the items out in a container whose main-axis length (width for horizontal layouts,
    /// height for vertical ones), insets included, is `available`.
    ///
    /// An unbounded `available` (+∞) puts every item on one line unless ``maxItemsPerLine`` or
    /// ``FlowItem/breakBefore`` splits it; items then keep their hypothetical sizes and lines are
    /// packed at the start, and the container is as long as its longest line.
    ///
    /// - Complexity: O(n) for greedy breaking, O(n·k) for balanced, where n is the number of
    ///   items and k the most items one line holds. One pass over the items, plus one more when
    ///   ``lineHomogeneous`` is set, and one more when the result is mirrored (right-to-left or
    ///   wrap-reverse).
    public func layout(_ items: [FlowItem], in available: Double) -> FlowResult {
        items.withUnsafeBufferPointer { buffer in
            LayoutPass.run(self, buffer, available: available, writingFrames: true).result
        }
    }

    /// Lays the items out as ``layout(_:in:)`` does, into `result`, whose frames and lines are
    /// written over: a caller that lays out again at every resize keeps one result and allocates
    /// no frames, where nothing else shares that result's arrays (a copy kept elsewhere is never
    /// changed: the pass then writes into arrays of its own, as ``layout(_:in:)`` does).
    ///
    /// - Complexity: as ``layout(_:in:)``.
    public func layout(_ items: [FlowItem], in available: Double, into result: inout FlowResult) {
        var reused = LayoutPass.Reused()
        swap(&reused.frames, &result.frames)
        swap(&reused.lines, &result.lines)
        result = items.withUnsafeBufferPointer { buffer in
            withUnsafeMutablePointer(to: &reused) { reused in
                LayoutPass.run(self, buffer, available: available, writingFrames: true, reusing: reused).result
            }
        }
    }

    /// The container's size for `available` (as in ``layout(_:in:)``), with its line count and
    /// hidden count, computed by the same pass as ``layout(_:in:)`` without writing frames.
    ///
    /// - Complexity: as ``layout(_:in:)``, with no frame array allocated.
    public func measure(_ items: [FlowItem], in available: Double) -> FlowMeasurement {
        items.withUnsafeBufferPointer { buffer in
            LayoutPass.run(self, buffer, available: available, writingFrames: false).measurement
        }
    }

    /// The shortest main-axis length (the minimum width of a horizontal layout) at which no item
    /// overflows: the largest item minimum, the overflow indicator's included when ``maxLines``
    /// is set, plus the main-axis insets. Below it, an item longer than the line stands alone and
    /// overflows.
    ///
    /// - Complexity: O(n).
    public func minimumLength(of items: [FlowItem]) -> Double {
        var widest = 0.0
        switch axis {
        case .horizontal:
            for item in items { widest = max(widest, item._minimumWidth) }
            if maxLines != nil, let indicator = overflowIndicator {
                widest = max(widest, indicator._minimumWidth)
            }
        case .vertical:
            for item in items { widest = max(widest, item._minimumHeight) }
            if maxLines != nil, let indicator = overflowIndicator {
                widest = max(widest, indicator._minimumHeight)
            }
        }
        return widest + mainInsetsSum
    }

    /// The main-axis length the items ask for when nothing constrains them (the natural width of
    /// a horizontal layout): every item on one line (split only by ``maxItemsPerLine`` and forced
    /// breaks), at its hypothetical size, with the insets.
    ///
    /// With a ``naturalLineLength`` L, that length is capped as CSS `width: fit-content(L)` caps
    /// an element's width: `min(one line, max(minimum, L + insets))`, where "one line" is the
    /// length above and "minimum" is ``minimumLength(of:)``. So the cap never asks for more than
    /// the items need, and never for less than the widest item's minimum.
    ///
    /// - Complexity: as ``measure(_:in:)``, plus O(n) when ``naturalLineLength`` is set.
    public func naturalLength(of items: [FlowItem]) -> Double {
        let size = measure(items, in: .infinity).size
        let oneLine = axis == .horizontal ? size.width : size.height
        guard let cap = naturalLineLength else { return oneLine }
        return min(oneLine, max(minimumLength(of: items), cap + mainInsetsSum))
    }

    /// The shortest cross-axis length the layout can have at any main-axis length (the
    /// narrowest a vertical layout can be at any height): its cross size with lines as long as
    /// they can be, so split only by ``maxItemsPerLine`` and forced breaks, with the insets. For
    /// a vertical layout of single items, one column as wide as the widest item.
    ///
    /// - Complexity: as ``measure(_:in:)``.
    public func minimumCrossLength(of items: [FlowItem]) -> Double {
        let size = measure(items, in: .infinity).size
        return axis == .horizontal ? size.height : size.width
    }

    var mainInsetsSum: Double {
        axis == .horizontal ? insets.leading + insets.trailing : insets.top + insets.bottom
    }
}
