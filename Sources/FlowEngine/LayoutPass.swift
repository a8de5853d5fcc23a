// The one code path behind every query: `measure`, `naturalLength` and `layout` all run
// `LayoutPass.run`; only the sink differs (frames written or discarded). It reads top to bottom as
// the pass goes: choose the visible items (`maxLines`), choose the line breaker, then break and
// place the lines one at a time (resolve a line's sizes, place it), so that a line's items are
// placed while they are still in cache; last, size the container and mirror the frames.

/// What a pass was asked, resolved once and read by every step.
struct PassPlan {
    let geometry: LogicalGeometry
    let rules: LineRules
    let lineBreaking: LineBreaking
    let lineHomogeneous: Bool
    /// The caller's items, hidden ones included: a layout returns a frame for each.
    let itemCount: Int
    let writesFrames: Bool

    init(_ layout: FlowLayout, available: Double, itemCount: Int, writesFrames: Bool) {
        geometry = LogicalGeometry(layout, available: available)
        rules = LineRules(innerLength: geometry.inner, spacing: geometry.itemSpacing,
                          maxItems: layout.maxItemsPerLine)
        lineBreaking = layout.lineBreaking
        lineHomogeneous = layout.lineHomogeneous
        self.itemCount = itemCount
        self.writesFrames = writesFrames
    }
}

/// One line with its main sizes settled: the items' hypothetical sizes, or, when the line grows,
/// fills or overflows, the sizes CSS's flexible-length resolution gives them.
struct ResolvedLine {
    let start: Int
    let end: Int
    /// The used sizes come from the resolver, not from the items.
    let flexed: Bool
    /// The used sizes and the spacing between them.
    let extent: Double
    let thickness: Double
    let justification: Justification
    let baseline: BaselineMetrics

    var count: Int { end &- start }
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
        let plan = PassPlan(layout, available: available, itemCount: items.count,
                            writesFrames: writingFrames)
        switch layout.axis {
        case .horizontal:
            return chooseVisibleItems(layout, items, plan, HorizontalProjection.self)
        case .vertical:
            return chooseVisibleItems(layout, items, plan, VerticalProjection.self)
        }
    }

    // MARK: Choosing the items (maxLines)

    /// The items the lines are made of: all of them; or, when `maxLines` hides some, the visible
    /// ones, followed by the "+N more" indicator as one more item when there is one.
    private static func chooseVisibleItems<Axis: AxisProjection>(
        _ layout: FlowLayout, _ items: UnsafeBufferPointer<FlowItem>, _ plan: PassPlan, _: Axis.Type
    ) -> Output {
        let all = PlainItems(base: items)
        guard let maxLines = layout.maxLines,
              let visible = Truncation.visibleCount(all, Axis.self, rules: plan.rules, maxLines: maxLines,
                                                    indicator: layout.overflowIndicator) else {
            return chooseLineBreaker(plan, all, Axis.self)
        }
        if let indicator = layout.overflowIndicator {
            let source = ItemsWithIndicator(base: items, visibleCount: visible, indicator: indicator)
            return chooseLineBreaker(plan, source, Axis.self)
        }
        let source = PlainItems(base: UnsafeBufferPointer(rebasing: items[0..<visible]))
        return chooseLineBreaker(plan, source, Axis.self)
    }

    // MARK: Choosing the line breaker

    /// Runs the pass with the breaker `lineBreaking` names, specialized for it.
    private static func chooseLineBreaker<Items: ItemSource, Axis: AxisProjection>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type
    ) -> Output {
        let needs = LineSummary.Needs(plan.geometry)
        switch plan.lineBreaking {
        case .greedy:
            let breaker = GreedyLineBreaker<Items, Axis>(items: items, rules: plan.rules, needs: needs)
            return placeItems(plan, items, Axis.self, breaker)
        case .balanced:
            let breaker = BalancedLineBreaker<Items, Axis>(items, rules: plan.rules,
                                                           innerLength: plan.geometry.inner, needs: needs)
            return placeItems(plan, items, Axis.self, breaker)
        }
    }

    // MARK: Placing

    /// Breaks and places every line, into the frames when the pass writes them, and assembles
    /// the output.
    private static func placeItems<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker
    ) -> Output {
        // lineHomogeneous needs the thickest line before any line is placed: measure first.
        let uniformThickness = plan.lineHomogeneous
            ? thickestLine(items, Axis.self, breaker, plan.geometry) : nil
        var breaker = breaker
        var placed = PlacedLines()
        var frames: [FlowRect] = []
        let total = plan.itemCount
        if plan.writesFrames && total > 0 {
            frames = [FlowRect](unsafeUninitializedCapacity: total) { buffer, initialized in
                var sink = FrameBuffer(base: buffer.baseAddress!)
                placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                           uniformThickness: uniformThickness, into: &placed)
                // Hidden items: zero frames (the indicator's slot is cleared below).
                for i in items.count..<total { buffer[i] = .zero }
                initialized = total
            }
        } else {
            var sink = DiscardFrames()
            placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                       uniformThickness: uniformThickness, into: &placed)
        }
        return output(plan, Axis.self, placed, frames: consume frames, laidOut: items.count,
                      visible: items.visibleCount)
    }

    /// The thickest line's cross size, from a measuring pass.
    private static func thickestLine<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ items: Items, _: Axis.Type, _ breaker: Breaker, _ geometry: LogicalGeometry
    ) -> Double {
        var measuring = breaker
        var discard = DiscardFrames()
        var placed = PlacedLines()
        placeLines(items, Axis.self, &measuring, &discard, geometry, uniformThickness: nil, into: &placed)
        return placed.thickestLine
    }

    /// Breaks and places every line. The one loop behind all queries.
    private static func placeLines<Items: ItemSource, Axis: AxisProjection,
                                   Breaker: LineBreaker, Sink: FrameSink>(
        _ items: Items, _: Axis.Type, _ breaker: inout Breaker, _ sink: inout Sink,
        _ geometry: LogicalGeometry, uniformThickness: Double?, into placed: inout PlacedLines
    ) {
        let n = items.count
        var resolver = FlexResolver()
        var longestLine = 0.0, thickestLine = 0.0
        var cross = geometry.crossStart
        var start = 0
        // The line breakers write each item's frame as they take it into the line (packed at the
        // line's start, at the line's cross start): a line's items never move back. Justifying,
        // aligning or filling the line then adjusts frames just written, still in cache, and only
        // a line that grows or shrinks (or aligns baselines) is placed again from its items. So
        // each item is read once.
        let placesWhileBreaking = Sink.writesFrames && !geometry.alignsBaselines
        while start < n {
            let summary = placesWhileBreaking
                ? breaker.nextLinePlacing(from: start, main: geometry.mainStart, cross: cross, into: &sink)
                : breaker.nextLine(from: start)
            let line = resolveLine(summary, from: start, items, Axis.self, geometry,
                                   uniformThickness: uniformThickness, &resolver)
            if Sink.writesFrames {
                placeLine(line, items, Axis.self, cross: cross, placedWhileBreaking: placesWhileBreaking,
                          geometry, &resolver, &sink)
            }
            if placed.lines.count == 0 {
                // Room for as many lines again as the first line suggests, so that appending
                // rarely reallocates.
                placed.lines.reserve(n / line.count + 8)
            }
            placed.lines.append(Range(uncheckedBounds: (start, line.end)))   // a line is never empty
            if line.extent > longestLine { longestLine = line.extent }
            if line.thickness > thickestLine { thickestLine = line.thickness }
            cross += line.thickness
            start = line.end
            if start < n { cross += geometry.lineSpacing }
        }
        placed.crossCursor = cross
        placed.longestLine = longestLine
        placed.thickestLine = thickestLine
    }

    /// Settles a line's main sizes: grow, fill or shrink only when the line calls for it (see
    /// FlexResolver), and its thickness.
    @inline(__always)
    private static func resolveLine<Items: ItemSource, Axis: AxisProjection>(
        _ summary: LineSummary, from start: Int, _ items: Items, _: Axis.Type,
        _ geometry: LogicalGeometry, uniformThickness: Double?, _ resolver: inout FlexResolver
    ) -> ResolvedLine {
        let end = summary.end
        let spacing = geometry.itemSpacing * Double(end &- start &- 1)
        let justification = (end == items.count && !geometry.justifyLastLine)
            ? .start : geometry.justification
        var usedSum = summary.hypotheticalSum
        var flexed = false
        if geometry.inner < .infinity {
            let space = geometry.inner - spacing
            let free = space - summary.hypotheticalSum
            if free < 0 || (free > 0 && (summary.anyGrows || justification == .fill)) {
                usedSum = resolver.resolve(items, Axis.self, line: start..<end, space: space,
                                           equalGrowth: !summary.anyGrows)
                flexed = true
            }
        }
        let thickness = uniformThickness
            ?? (geometry.alignsBaselines ? summary.baseline.thickness : summary.thickest)
        return ResolvedLine(start: start, end: end, flexed: flexed, extent: usedSum + spacing,
                            thickness: thickness, justification: justification,
                            baseline: summary.baseline)
    }

    /// Writes a line's frames at `cross`: justified along the line and aligned across it.
    @inline(__always)
    private static func placeLine<Items: ItemSource, Axis: AxisProjection, Sink: FrameSink>(
        _ line: ResolvedLine, _ items: Items, _: Axis.Type, cross: Double, placedWhileBreaking: Bool,
        _ geometry: LogicalGeometry, _ resolver: inout FlexResolver, _ sink: inout Sink
    ) {
        // A line the breaker placed, packed at its start and aligned to the line's start, is
        // already where it belongs (the common case).
        let packed = placedWhileBreaking && !line.flexed
        if packed && !geometry.adjustsPackedLines { return }
        let free = geometry.inner < .infinity ? geometry.inner - line.extent : 0
        let distribution = LineDistribution(line.justification, freeSpace: free, count: line.count)
        if packed {
            shiftPackedLine(line, Axis.self, distribution, geometry, &sink)
        } else {
            placeLineItems(line, items, Axis.self, cross: cross, distribution, geometry, &resolver, &sink)
        }
    }

    /// Moves the frames of a line placed while it was broken to where justification and alignment
    /// put them.
    @inline(__always)
    private static func shiftPackedLine<Axis: AxisProjection, Sink: FrameSink>(
        _ line: ResolvedLine, _: Axis.Type, _ distribution: LineDistribution,
        _ geometry: LogicalGeometry, _ sink: inout Sink
    ) {
        let factor = geometry.alignment.linearFactor ?? 0
        let fill = geometry.alignment == .fill
        guard distribution.leading != 0 || distribution.between != 0 || factor != 0 || fill,
              let frames = sink.written else { return }
        let thickness = line.thickness
        var shift = distribution.leading
        for i in line.start..<line.end {
            let crossSize = Axis.crossSize(frames[i])
            Axis.offset(&frames[i], main: shift, cross: (thickness - crossSize) * factor)
            if fill { Axis.setCrossSize(&frames[i], thickness) }
            shift += distribution.between
        }
    }

    /// Writes each frame of a line from its item: its used size, its place along the line, and
    /// its place across it.
    @inline(__always)
    private static func placeLineItems<Items: ItemSource, Axis: AxisProjection, Sink: FrameSink>(
        _ line: ResolvedLine, _ items: Items, _: Axis.Type, cross: Double,
        _ distribution: LineDistribution, _ geometry: LogicalGeometry,
        _ resolver: inout FlexResolver, _ sink: inout Sink
    ) {
        let thickness = line.thickness
        let step = geometry.itemSpacing + distribution.between
        var main = geometry.mainStart + distribution.leading
        for i in line.start..<line.end {
            let item = items[i]
            let length = line.flexed ? resolver.sizes[i - line.start] : Axis.hypotheticalMain(item)
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
                offset = line.baseline.ascent - BaselineMetrics.ascent(
                    of: item, crossSize: natural, reversed: geometry.baselineFromBottom)
            }
            sink.write(i, Axis.rect(main: main, cross: cross + offset,
                                    mainSize: length, crossSize: crossSize))
            main += length + step
        }
    }

    // MARK: Output

    /// The container's size, the frames in physical coordinates, the lines, and the indicator's
    /// frame, which was laid out in the first hidden item's slot.
    private static func output<Axis: AxisProjection>(
        _ plan: PassPlan, _: Axis.Type, _ placed: consuming PlacedLines, frames: consuming [FlowRect],
        laidOut: Int, visible: Int
    ) -> Output {
        let geometry = plan.geometry
        // As a CSS box: never narrower than its own insets.
        let mainLength = geometry.inner == .infinity
            ? placed.longestLine + geometry.mainStart + geometry.mainEnd
            : max(geometry.available, geometry.mainStart + geometry.mainEnd)
        let crossLength = placed.crossCursor + geometry.crossEnd
        let size = Axis.axis == .horizontal
            ? FlowSize(width: mainLength, height: crossLength)
            : FlowSize(width: crossLength, height: mainLength)
        if plan.writesFrames && (geometry.mirrorX || geometry.mirrorY) {
            mirror(&frames, count: laidOut, geometry, size: size)
        }
        var lines = placed.lines.array()
        var indicatorFrame: FlowRect?
        if laidOut > visible {
            if plan.writesFrames {
                indicatorFrame = frames[visible]
                frames[visible] = .zero
            }
            let last = lines.count - 1
            lines[last] = lines[last].lowerBound..<min(lines[last].upperBound, visible)
        }
        return Output(frames: frames, size: size, lines: lines, hiddenCount: plan.itemCount - visible,
                      indicatorFrame: indicatorFrame)
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
