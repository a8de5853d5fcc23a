// The one code path behind every query: `measure`, `naturalLength` and `layout` all run
// `LayoutPass.run`; only the sink differs (frames written or discarded). Lines are broken and
// placed one at a time, so a line's items are placed while they are still in cache.
//
// Everything here works in logical coordinates: "main" runs from the line's start (the leading
// edge in a horizontal layout, the top in a vertical one) and "cross" from the first line's side.
// A final pass mirrors the frames into physical coordinates when the direction is right-to-left
// or the wrap is reversed.

/// Receives the frames of a pass.
protocol FrameSink {
    /// `false` lets a measuring pass skip computing positions altogether.
    static var writesFrames: Bool { get }
    mutating func write(_ index: Int, _ frame: FlowRect)
    /// The frames written so far, for adjusting a line already placed.
    var written: UnsafeMutablePointer<FlowRect>? { get }
}

/// A measuring pass: no frames.
struct DiscardFrames: FrameSink {
    static var writesFrames: Bool { false }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) {}
    var written: UnsafeMutablePointer<FlowRect>? { nil }
}

/// A layout pass: frames written in place.
struct FrameBuffer: FrameSink {
    let base: UnsafeMutablePointer<FlowRect>
    static var writesFrames: Bool { true }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) { base[index] = frame }
    var written: UnsafeMutablePointer<FlowRect>? { base }
}

/// The lines found by a pass, appended one by one: an Array's append checks uniqueness through a
/// call for every line, a cost a large layout pays once per dozen items. Not copyable, so its
/// memory has one owner and is released when the list ends.
struct LineList: ~Copyable {
    private var base: UnsafeMutablePointer<Range<Int>>
    private(set) var count = 0
    private var capacity = 8

    init() { base = .allocate(capacity: capacity) }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ line: Range<Int>) {
        if count == capacity { reserve(2 * capacity) }
        (base + count).initialize(to: line)
        count &+= 1
    }

    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let larger = UnsafeMutablePointer<Range<Int>>.allocate(capacity: minimum)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = minimum
    }

    /// The lines, as an array (the list ends here).
    consuming func array() -> [Range<Int>] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

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
    }
}

/// What a pass learned besides the frames.
struct PassTotals {
    /// The cross position after the last line (the first line starts at the cross-start inset).
    var crossCursor = 0.0
    /// The longest line's extent, spacing included.
    var longestLine = 0.0
    /// The thickest line's cross size.
    var thickestLine = 0.0
}

enum LayoutPass {
    struct Output {
        var frames: [FlowRect]
        var size: FlowSize
        var lines: [Range<Int>]
        var hiddenCount: Int
        var indicatorFrame: FlowRect?

        var result: FlowResult {
            FlowResult(frames: frames, size: size, lines: lines, hiddenCount: hiddenCount,
                       indicatorFrame: indicatorFrame)
        }
        var measurement: FlowMeasurement {
            FlowMeasurement(size: size, lineCount: lines.count, hiddenCount: hiddenCount)
        }
    }

    static func run(_ layout: FlowLayout, _ items: UnsafeBufferPointer<FlowItem>,
                    available: Double, writingFrames: Bool) -> Output {
        switch layout.axis {
        case .horizontal:
            return run(layout, items, available, writingFrames, HorizontalProjection.self)
        case .vertical:
            return run(layout, items, available, writingFrames, VerticalProjection.self)
        }
    }

    // MARK: Choosing the items (maxLines)

    private static func run<Axis: AxisProjection>(
        _ layout: FlowLayout, _ items: UnsafeBufferPointer<FlowItem>, _ available: Double,
        _ writingFrames: Bool, _: Axis.Type
    ) -> Output {
        let geometry = LogicalGeometry(layout, available: available)
        let rules = LineRules(innerLength: geometry.inner, spacing: geometry.itemSpacing,
                              maxItems: layout.maxItemsPerLine)
        let all = PlainItems(base: items)
        if let maxLines = layout.maxLines,
           let visible = Truncation.visibleCount(all, Axis.self, rules: rules, maxLines: maxLines,
                                                 indicator: layout.overflowIndicator) {
            if let indicator = layout.overflowIndicator {
                let source = ItemsWithIndicator(base: items, visibleCount: visible,
                                                indicator: indicator)
                return run(layout, source, Axis.self, geometry, rules, total: items.count,
                           visible: visible, writingFrames)
            }
            let source = PlainItems(base: UnsafeBufferPointer(rebasing: items[0..<visible]))
            return run(layout, source, Axis.self, geometry, rules, total: items.count,
                       visible: visible, writingFrames)
        }
        return run(layout, all, Axis.self, geometry, rules, total: items.count,
                   visible: items.count, writingFrames)
    }

    // MARK: Choosing the line breaker

    private static func run<Items: ItemSource, Axis: AxisProjection>(
        _ layout: FlowLayout, _ items: Items, _: Axis.Type, _ geometry: LogicalGeometry,
        _ rules: LineRules, total: Int, visible: Int, _ writingFrames: Bool
    ) -> Output {
        let needs = LineSummary.Needs(baselines: geometry.alignment == .firstBaseline,
                                      baselineFromBottom: geometry.baselineFromBottom)
        switch layout.lineBreaking {
        case .greedy:
            let breaker = GreedyLineBreaker<Items, Axis>(items: items, rules: rules, needs: needs)
            return place(layout, items, Axis.self, breaker, geometry, total: total,
                         visible: visible, writingFrames)
        case .balanced:
            let breaker = BalancedLineBreaker<Items, Axis>(items, rules: rules, innerLength: geometry.inner,
                                                           needs: needs)
            return place(layout, items, Axis.self, breaker, geometry, total: total,
                         visible: visible, writingFrames)
        }
    }

    // MARK: Placing

    private static func place<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ layout: FlowLayout, _ items: Items, _: Axis.Type, _ breaker: Breaker,
        _ geometry: LogicalGeometry, total: Int, visible: Int, _ writingFrames: Bool
    ) -> Output {
        var resolver = FlexResolver()
        var lineList = LineList()

        // lineHomogeneous needs the thickest line before any line is placed: measure first.
        var uniformThickness: Double?
        if layout.lineHomogeneous {
            var measuring = breaker
            var discard = DiscardFrames()
            var ignored = LineList()
            let totals = placeLines(items, Axis.self, &measuring, &discard, geometry,
                                    uniformThickness: nil, &resolver, &ignored)
            uniformThickness = totals.thickestLine
        }

        var breaker = breaker
        var totals = PassTotals()
        var frames: [FlowRect] = []
        if writingFrames && total > 0 {
            frames = [FlowRect](unsafeUninitializedCapacity: total) { buffer, initialized in
                var sink = FrameBuffer(base: buffer.baseAddress!)
                totals = placeLines(items, Axis.self, &breaker, &sink, geometry,
                                    uniformThickness: uniformThickness, &resolver, &lineList)
                // Hidden items: zero frames (the indicator's slot is cleared below).
                for i in items.count..<total { buffer[i] = .zero }
                initialized = total
            }
        } else {
            var sink = DiscardFrames()
            totals = placeLines(items, Axis.self, &breaker, &sink, geometry,
                                uniformThickness: uniformThickness, &resolver, &lineList)
        }

        var lines = lineList.array()

        // As a CSS box: never narrower than its own insets.
        let mainLength = geometry.inner == .infinity
            ? totals.longestLine + geometry.mainStart + geometry.mainEnd
            : max(geometry.available, geometry.mainStart + geometry.mainEnd)
        let crossLength = totals.crossCursor + geometry.crossEnd
        let size = Axis.axis == .horizontal
            ? FlowSize(width: mainLength, height: crossLength)
            : FlowSize(width: crossLength, height: mainLength)

        if writingFrames && (geometry.mirrorX || geometry.mirrorY) {
            mirror(&frames, count: items.count, geometry, size: size)
        }

        var indicatorFrame: FlowRect?
        if items.count > visible {
            // The indicator was laid out in the first hidden item's slot.
            if writingFrames {
                indicatorFrame = frames[visible]
                frames[visible] = .zero
            }
            let last = lines.count - 1
            lines[last] = lines[last].lowerBound..<min(lines[last].upperBound, visible)
        }
        return Output(frames: frames, size: size, lines: lines, hiddenCount: total - visible,
                      indicatorFrame: indicatorFrame)
    }

    /// Breaks and places every line. The one loop behind all queries.
    private static func placeLines<Items: ItemSource, Axis: AxisProjection,
                                   Breaker: LineBreaker, Sink: FrameSink>(
        _ items: Items, _: Axis.Type, _ breaker: inout Breaker, _ sink: inout Sink,
        _ geometry: LogicalGeometry, uniformThickness: Double?,
        _ resolver: inout FlexResolver, _ lines: inout LineList
    ) -> PassTotals {
        let n = items.count
        let baselineAligned = geometry.alignment == .firstBaseline
        var totals = PassTotals()
        var cross = geometry.crossStart
        var start = 0
        // The line breakers write each item's frame as they take it into the line (packed at the
        // line's start, at the line's cross start): a line's items never move back. Justifying,
        // aligning or filling the line then adjusts frames just written, still in cache, and only
        // a line that grows or shrinks (or aligns baselines) is placed again from its items. So
        // each item is read once.
        let placesWhileBreaking = Sink.writesFrames && !baselineAligned
        // Whether a line placed that way can still need its frames moved: justified other than
        // at the start (the last line too, unless it is left at the start), or aligned other
        // than at the line's start.
        let adjustsPlacedLines = geometry.justification != .start && geometry.justification != .fill
            || geometry.alignment != .start
        while start < n {
            let line = placesWhileBreaking
                ? breaker.nextLinePlacing(from: start, main: geometry.mainStart, cross: cross, into: &sink)
                : breaker.nextLine(from: start)
            let end = line.end
            let count = end &- start
            let hypotheticalSum = line.hypotheticalSum
            let anyGrows = line.anyGrows
            let baseline = line.baseline
            let spacing = geometry.itemSpacing * Double(count &- 1)
            let justification = (end == n && !geometry.justifyLastLine)
                ? .start : geometry.justification

            // Grow, fill or shrink only when the line calls for it (see FlexResolver).
            var usedSum = hypotheticalSum
            var resolved = false
            if geometry.inner < .infinity {
                let space = geometry.inner - spacing
                let free = space - hypotheticalSum
                if free < 0 || (free > 0 && (anyGrows || justification == .fill)) {
                    usedSum = resolver.resolve(items, Axis.self, line: start..<end, space: space,
                                               equalGrowth: !anyGrows)
                    resolved = true
                }
            }
            let extent = usedSum + spacing
            let thickness = uniformThickness ?? (baselineAligned ? baseline.thickness : line.thickest)

            // A line placed while it was broken, packed at its start and aligned to the line's
            // start, is already where it belongs (the common case, tested once outside the loop).
            let alreadyPlaced = placesWhileBreaking && !resolved
            if Sink.writesFrames && (!alreadyPlaced || adjustsPlacedLines) {
                let free = geometry.inner < .infinity ? geometry.inner - extent : 0
                let distribution = LineDistribution(justification, freeSpace: free, count: count)
                if alreadyPlaced {
                    let factor = geometry.alignment.linearFactor ?? 0
                    let fill = geometry.alignment == .fill
                    if distribution.leading != 0 || distribution.between != 0 || factor != 0 || fill,
                       let frames = sink.written {
                        var shift = distribution.leading
                        for i in start..<end {
                            let crossSize = Axis.crossSize(frames[i])
                            Axis.offset(&frames[i], main: shift, cross: (thickness - crossSize) * factor)
                            if fill { Axis.setCrossSize(&frames[i], thickness) }
                            shift += distribution.between
                        }
                    }
                } else {
                    let step = geometry.itemSpacing + distribution.between
                    var main = geometry.mainStart + distribution.leading
                    for i in start..<end {
                        let item = items[i]
                        let length = resolved ? resolver.sizes[i - start] : Axis.hypotheticalMain(item)
                        let natural = Axis.cross(item)
                        var offset = 0.0
                        var crossSize = natural
                        switch geometry.alignment {
                        case .start:
                            break
                        case .center:
                            offset = (thickness - natural) / 2
                        case .end:
                            offset = thickness - natural
                        case .fill:
                            crossSize = thickness
                        case .firstBaseline:
                            offset = baseline.ascent - BaselineMetrics.ascent(
                                of: item, crossSize: natural, reversed: geometry.baselineFromBottom)
                        }
                        sink.write(i, Axis.rect(main: main, cross: cross + offset,
                                                mainSize: length, crossSize: crossSize))
                        main += length + step
                    }
                }
            }

            if lines.count == 0 {
                // Room for as many lines again as the first line suggests, so that appending
                // rarely reallocates.
                lines.reserve(n / count + 8)
            }
            lines.append(Range(uncheckedBounds: (start, end)))   // a line is never empty
            if extent > totals.longestLine { totals.longestLine = extent }
            if thickness > totals.thickestLine { totals.thickestLine = thickness }
            cross += thickness
            start = end
            if start < n { cross += geometry.lineSpacing }
        }
        totals.crossCursor = cross
        return totals
    }

    /// Turns logical frames into physical ones for right-to-left and wrap-reverse layouts.
    private static func mirror(_ frames: inout [FlowRect], count: Int,
                               _ geometry: LogicalGeometry, size: FlowSize) {
        frames.withUnsafeMutableBufferPointer { buffer in
            for i in 0..<count {
                if geometry.mirrorX { buffer[i].x = size.width - buffer[i].x - buffer[i].width }
                if geometry.mirrorY { buffer[i].y = size.height - buffer[i].y - buffer[i].height }
            }
        }
    }
}
