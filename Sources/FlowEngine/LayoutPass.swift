// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The one code path behind every query: `measure`, `naturalLength` and `layout` all run
// `LayoutPass.run`; only the sink differs (frames written or discarded). It reads top to bottom as
// the pass goes: choose the visible items (`maxLines`), choose the line breaker, then break and
// place the lines one at a time (resolve a line's sizes, place it), so that a line's items are
// placed while they are still in cache; last, size the container and mirror the frames. A line
// table (`LineTable/`) runs the same steps with another body: the lines logged instead of kept,
// or a few lines placed from a cursor, or lines broken again from one.

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
                          maxItems: layout.maxItemsPerLine, breaksAtMinimum: geometry.breaksAtMinimum)
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
    /// The cross size it is placed at: its own, or the thickest line's (``FlowLayout/lineHomogeneous``).
    let thickness: Double
    /// The cross size its items need (the thickest, or the baseline group's), whatever
    /// `lineHomogeneous` says.
    let ownThickness: Double
    let justification: Justification
    let baseline: BaselineMetrics

    var count: Int { end &- start }
}

/// What a pass does once its items and line breaker are chosen: lay out every line (the whole
/// layout), or what a line table asks (`LineTable/`). The steps before it are the same for all.
protocol PassBody {
    associatedtype Output
    /// Which items the lines are made of.
    var visibleItems: VisibleItems { get }
    /// The line ends when they are known already (a line table's, for the lines the body places:
    /// balanced ones, and a greedy table's from its unsettled line on), so that the breaker does
    /// not search for them again; `nil` to search.
    var knownEnds: [Int]? { get }
    func run<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker) -> Output
}

/// Which items a pass breaks into lines.
enum VisibleItems {
    /// As ``FlowLayout/maxLines`` chooses (see `Truncation`).
    case chosen
    /// The first `count` items, as a pass chose before (all of them when `count` is the number
    /// of items), followed by the indicator when items are hidden and there is one.
    case known(count: Int)
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

    /// Arrays an earlier result no longer needs, for a pass to write its frames and lines into
    /// (see ``FlowLayout/layout(_:in:into:)``). A pass takes them out, so that they stay uniquely
    /// referenced and are written in place.
    struct Reused {
        var frames: [FlowRect] = []
        var lines: [Range<Int>] = []
    }

    /// - Parameter reused: where the frames and lines may be written, or `nil` to allocate them.
    ///   A pointer, so that no copy of the arrays (which would make them shared) is ever made on
    ///   the way to the pass.
    static func run(_ layout: FlowLayout, _ items: UnsafeBufferPointer<FlowItem>,
                    available: Double, writingFrames: Bool,
                    reusing reused: UnsafeMutablePointer<Reused>? = nil) -> Output {
        let plan = PassPlan(layout, available: available, itemCount: items.count,
                            writesFrames: writingFrames)
        return run(layout, PlainItems(base: items), plan, WholeLayout(reused: reused))
    }

    /// Chooses the items and the line breaker, then runs `body` with them, specialized for the
    /// axis, the items and the breaker.
    static func run<All: ItemSource, Body: PassBody>(_ layout: FlowLayout, _ items: All,
                                                     _ plan: PassPlan, _ body: Body) -> Body.Output {
        switch layout.axis {
        case .horizontal:
            return chooseVisibleItems(layout, items, plan, HorizontalProjection.self, body)
        case .vertical:
            return chooseVisibleItems(layout, items, plan, VerticalProjection.self, body)
        }
    }

    /// Every line laid out: the queries of `FlowLayout`.
    private struct WholeLayout: PassBody {
        let reused: UnsafeMutablePointer<Reused>?
        var visibleItems: VisibleItems { .chosen }
        var knownEnds: [Int]? { nil }
        func run<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
            _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker
        ) -> Output {
            placeItems(plan, items, Axis.self, breaker, reusing: reused)
        }
    }

    // MARK: Choosing the items (maxLines)

    /// The items the lines are made of: all of them; or, when `maxLines` hides some, the visible
    /// ones, followed by the "+N more" indicator as one more item when there is one.
    private static func chooseVisibleItems<All: ItemSource, Axis: AxisProjection, Body: PassBody>(
        _ layout: FlowLayout, _ all: All, _ plan: PassPlan, _: Axis.Type, _ body: Body
    ) -> Body.Output {
        let visible: Int?   // nil: every item
        switch body.visibleItems {
        case .chosen:
            visible = layout.maxLines.flatMap {
                Truncation.visibleCount(all, Axis.self, rules: plan.rules, maxLines: $0,
                                        indicator: layout.overflowIndicator)
            }
        case .known(let count):
            visible = count < all.count ? count : nil
        }
        guard let visible else { return chooseLineBreaker(plan, all, Axis.self, body) }
        if let indicator = layout.overflowIndicator {
            let source = ItemsWithIndicator(base: all, visibleCount: visible, indicator: indicator)
            return chooseLineBreaker(plan, source, Axis.self, body)
        }
        return chooseLineBreaker(plan, PrefixItems(base: all, count: visible), Axis.self, body)
    }

    // MARK: Choosing the line breaker

    /// Runs the pass with the breaker `lineBreaking` names, specialized for it.
    private static func chooseLineBreaker<Items: ItemSource, Axis: AxisProjection, Body: PassBody>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ body: Body
    ) -> Body.Output {
        let needs = LineSummary.Needs(plan.geometry)
        switch plan.lineBreaking {
        case .greedy:
            if let ends = body.knownEnds {
                return body.run(plan, items, Axis.self, BalancedLineBreaker<Items, Axis>(items, ends: ends, rules: plan.rules, needs: needs))
            }
            let breaker = GreedyLineBreaker<Items, Axis>(items: items, rules: plan.rules, needs: needs)
            return body.run(plan, items, Axis.self, breaker)
        case .balanced:
            let breaker = body.knownEnds.map {
                BalancedLineBreaker<Items, Axis>(items, ends: $0, rules: plan.rules, needs: needs)
            } ?? BalancedLineBreaker<Items, Axis>(items, rules: plan.rules,
                                                  innerLength: plan.geometry.inner, needs: needs)
            return body.run(plan, items, Axis.self, breaker)
        }
    }

    // MARK: Placing

    /// Breaks and places every line, into the frames when the pass writes them, and assembles
    /// the output.
    private static func placeItems<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker,
        reusing reused: UnsafeMutablePointer<Reused>?
    ) -> Output {
        // lineHomogeneous needs the thickest line before any line is placed: measure first.
        let uniformThickness = plan.lineHomogeneous
            ? thickestLine(items, Axis.self, breaker, plan.geometry) : nil
        var breaker = breaker
        var lines = LineList()
        if let reused {
            var earlier: [Range<Int>] = []
            swap(&earlier, &reused.pointee.lines)
            earlier.removeAll(keepingCapacity: true)
            lines = LineList(reusing: consume earlier)
        }
        var placed = PlacedLines(consume lines, from: LineCursor(start: 0, cross: plan.geometry.crossStart))
        var frames: [FlowRect] = []
        if let reused { swap(&frames, &reused.pointee.frames) }
        let total = plan.itemCount
        if plan.writesFrames && total > 0 && frames.capacity >= total {
            // An earlier result's frames, written over in place (every frame is written, hidden
            // items' too); a buffer of another length is first made this pass's length.
            if frames.count != total {
                frames.removeAll(keepingCapacity: true)
                frames.append(contentsOf: repeatElement(FlowRect.zero, count: total))
            }
            frames.withUnsafeMutableBufferPointer { buffer in
                var sink = FrameBuffer(base: buffer.baseAddress!)
                placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                           uniformThickness: uniformThickness, into: &placed)
                for i in items.count..<total { buffer[i] = .zero }
            }
        } else if plan.writesFrames && total > 0 {
            frames = [FlowRect](unsafeUninitializedCapacity: total) { buffer, initialized in
                var sink = FrameBuffer(base: buffer.baseAddress!)
                placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                           uniformThickness: uniformThickness, into: &placed)
                // Hidden items: zero frames (the indicator's slot is cleared below).
                for i in items.count..<total { buffer[i] = .zero }
                initialized = total
            }
        } else {
            frames = []
            var sink = DiscardFrames()
            placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                       uniformThickness: uniformThickness, into: &placed)
        }
        return output(plan, Axis.self, placed, frames: consume frames, laidOut: items.count,
                      visible: items.visibleCount)
    }

    /// The thickest line's cross size, from a measuring pass.
    static func thickestLine<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ items: Items, _: Axis.Type, _ breaker: Breaker, _ geometry: LogicalGeometry
    ) -> Double {
        var measuring = breaker
        var discard = DiscardFrames()
        var placed = PlacedLines(NoLines(), from: LineCursor(start: 0, cross: geometry.crossStart))
        placeLines(items, Axis.self, &measuring, &discard, geometry, uniformThickness: nil, into: &placed)
        return placed.thickestLine
    }

    /// Breaks and places the lines from `placed.cursor` on, to the last item or until the log is
    /// complete. The one loop behind all queries.
    static func placeLines<Items: ItemSource, Axis: AxisProjection,
                           Breaker: LineBreaker, Sink: FrameSink, Log: LineLog & ~Copyable>(
        _ items: Items, _: Axis.Type, _ breaker: inout Breaker, _ sink: inout Sink,
        _ geometry: LogicalGeometry, uniformThickness: Double?, into placed: inout PlacedLines<Log>
    ) {
        let n = items.count
        var resolver = FlexResolver()
        var longestLine = 0.0, thickestLine = 0.0
        var cross = placed.cursor.cross
        var start = placed.cursor.start
        // The line breakers write each item's frame as they take it into the line (packed at the
        // line's start, at the line's cross start): a line's items never move back. Justifying,
        // aligning or filling the line then adjusts frames just written, still in cache, and only
        // a line that grows or shrinks (or aligns baselines) is placed again from its items. So
        // each item is read once.
        // (At the minimum policy the breaker's lengths are not the placed ones.)
        let placesWhileBreaking = Sink.writesFrames && !geometry.alignsBaselines && !geometry.breaksAtMinimum
        while start < n {
            let summary = placesWhileBreaking
                ? breaker.nextLinePlacing(from: start, main: geometry.mainStart, cross: cross, into: &sink)
                : breaker.nextLine(from: start)
            let line = resolveLine(summary, from: start, items, Axis.self, geometry,
                                   uniformThickness: uniformThickness, &resolver)
            if Sink.writesFrames {
                placeLine(line, items, Axis.self, cross: cross, placedWhileBreaking: placesWhileBreaking,
                          geometry, &resolver, &sink)
                if geometry.packsFromEnd { reverseLine(line, Axis.self, &sink) }
            }
            placed.log.record(line, cross: cross, itemCount: n)
            if line.extent > longestLine { longestLine = line.extent }
            if line.thickness > thickestLine { thickestLine = line.thickness }
            start = line.end
            cross = Self.cross(after: cross, thickness: line.thickness,
                               spacing: start < n ? geometry.lineSpacing : 0)
            if Log.stopsEarly && placed.log.isComplete(nextStart: start) { break }
        }
        placed.cursor = LineCursor(start: start, cross: cross)
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
            if free < 0 && geometry.breaksAtMinimum {
                usedSum = resolver.resolveFromMinimum(items, Axis.self, line: start..<end, space: space)
                flexed = true
            } else if free < 0 || (free > 0 && (summary.anyGrows || justification == .fill)) {
                usedSum = resolver.resolve(items, Axis.self, line: start..<end, space: space,
                                           equalGrowth: !summary.anyGrows)
                flexed = true
            }
        }
        let ownThickness = geometry.alignsBaselines ? summary.baseline.thickness : summary.thickest
        return ResolvedLine(start: start, end: end, flexed: flexed, extent: usedSum + spacing,
                            thickness: uniformThickness ?? ownThickness, ownThickness: ownThickness,
                            justification: justification, baseline: summary.baseline)
    }

    /// Where the next line's cross-start edge is, after a line at `cross`: past its thickness
    /// and the line spacing (0 after the last line). The one sum behind every line's position, so
    /// that a line table moved in place (`LineTable/`) agrees with a pass to the last bit.
    @inline(__always)
    static func cross(after cross: Double, thickness: Double, spacing: Double) -> Double {
        cross + thickness + spacing
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

    /// Reverses the order of a placed line's items within the span they cover
    /// (``PackDirection/endToStart``): each frame mirrored about the span's middle, so the line
    /// keeps where justification put it and its gaps mirror too.
    @inline(__always)
    private static func reverseLine<Axis: AxisProjection, Sink: FrameSink>(
        _ line: ResolvedLine, _: Axis.Type, _ sink: inout Sink
    ) {
        guard line.count > 1, let frames = sink.written(from: line.start, count: line.count) else { return }
        let horizontal = Axis.axis == .horizontal
        let first = frames[0], last = frames[line.count - 1]
        let spanStart = horizontal ? first.x : first.y
        let spanEnd = horizontal ? last.x + last.width : last.y + last.height
        for k in 0..<line.count {
            if horizontal {
                frames[k].x = spanStart + spanEnd - frames[k].x - frames[k].width
            } else {
                frames[k].y = spanStart + spanEnd - frames[k].y - frames[k].height
            }
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
              let frames = sink.written(from: line.start, count: line.count) else { return }
        let thickness = line.thickness
        var shift = distribution.leading
        for k in 0..<line.count {
            let crossSize = Axis.crossSize(frames[k])
            Axis.offset(&frames[k], main: shift, cross: (thickness - crossSize) * factor)
            if fill { Axis.setCrossSize(&frames[k], thickness) }
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
        _ plan: PassPlan, _: Axis.Type, _ placed: consuming PlacedLines<LineList>,
        frames: consuming [FlowRect], laidOut: Int, visible: Int
    ) -> Output {
        let geometry = plan.geometry
        let size = containerSize(geometry, Axis.self, longestLine: placed.longestLine,
                                 crossCursor: placed.crossCursor)
        if plan.writesFrames && (geometry.mirrorX || geometry.mirrorY) {
            frames.withUnsafeMutableBufferPointer { buffer in
                mirror(UnsafeMutableBufferPointer(rebasing: buffer[0..<laidOut]), geometry, size: size)
            }
        }
        var lines = placed.log.array()
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

    /// The container's size, from the longest line (when the length is unbounded) and the cross
    /// position after the last line.
    static func containerSize<Axis: AxisProjection>(
        _ geometry: LogicalGeometry, _: Axis.Type, longestLine: Double, crossCursor: Double
    ) -> FlowSize {
        // As a CSS box: never narrower than its own insets.
        let mainLength = geometry.inner == .infinity
            ? longestLine + geometry.mainStart + geometry.mainEnd
            : max(geometry.available, geometry.mainStart + geometry.mainEnd)
        let crossLength = crossCursor + geometry.crossEnd
        return Axis.axis == .horizontal
            ? FlowSize(width: mainLength, height: crossLength)
            : FlowSize(width: crossLength, height: mainLength)
    }

    /// Turns logical frames into physical ones for right-to-left and wrap-reverse layouts.
    static func mirror(_ frames: UnsafeMutableBufferPointer<FlowRect>,
                       _ geometry: LogicalGeometry, size: FlowSize) {
        for i in frames.indices {
            if geometry.mirrorX { frames[i].x = size.width - frames[i].x - frames[i].width }
            if geometry.mirrorY { frames[i].y = size.height - frames[i].y - frames[i].height }
        }
    }
}
