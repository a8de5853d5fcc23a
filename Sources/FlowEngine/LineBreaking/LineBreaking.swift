/// How items are divided into lines.
public enum LineBreaking: String, Sendable, Hashable, CaseIterable {
    /// First fit: each line takes items until the next one would not fit. Exactly CSS's rule for
    /// `flex-wrap: wrap`. O(n).
    case greedy
    /// The same number of lines as ``greedy`` (the fewest that fit), and among all ways of
    /// breaking into that many lines, the one with the smallest sum over all lines (the last one
    /// included) of the squared leftover space. Exact, not a heuristic: a dynamic program in
    /// O(n·k), where k is the most items one line can hold. Ties go to the break that fills
    /// earlier lines more.
    case balanced
}

/// The rules every line must keep, shared by both line breakers so they can never disagree on
/// what fits.
struct LineRules {
    /// The line's inner length (available minus main-axis insets); +∞ when unbounded.
    let limit: Double
    let spacing: Double
    let maxItems: Int

    init(innerLength: Double, spacing: Double, maxItems: Int?) {
        // A hair of tolerance so that sums which are equal in exact arithmetic but differ in the
        // last bits (0.1 + 0.2) still fit: 1e-12 of the length, far below a pixel.
        limit = innerLength == .infinity ? .infinity : innerLength + (innerLength + 1) * 1e-12
        self.spacing = spacing
        self.maxItems = maxItems ?? .max
    }

    /// Whether a line whose items already span `extent` can take one more item of `length`, given
    /// it holds `count` items now. Every line breaker then grows the extent by the same sum,
    /// `extent + (spacing + length)`, so that they all agree to the last bit. (Added in this order,
    /// a line's running extent depends on one addition per item, not two: the greedy loop's
    /// critical path.)
    @inline(__always)
    func accepts(extent: Double, adding length: Double, count: Int) -> Bool {
        count < maxItems && extent + (spacing + length) <= limit
    }
}

/// What the layout needs to know about a line before placing it, gathered while the line is
/// found, so that each item is read once for breaking and once for placing.
struct LineSummary {
    var end = 0
    /// The sum of the items' hypothetical main sizes (spacing excluded).
    var hypotheticalSum = 0.0
    var anyGrows = false
    /// The thickest item's cross size.
    var thickest = 0.0
    var baseline = BaselineMetrics()

    /// What to gather besides the sizes.
    struct Needs {
        var baselines = false
        var baselineFromBottom = false
    }

    @inline(__always)
    mutating func include<Axis: AxisProjection>(_ item: FlowItem, length: Double, _: Axis.Type, _ needs: Needs) {
        hypotheticalSum += length
        if item._grow > 0 { anyGrows = true }
        let thickness = Axis.cross(item)
        if thickness > thickest { thickest = thickness }
        if needs.baselines {
            baseline.include(ascent: BaselineMetrics.ascent(of: item, crossSize: thickness,
                                                           reversed: needs.baselineFromBottom),
                             crossSize: thickness)
        }
    }
}

extension LineSummary {
    /// The summary of a line placed while it was read (`LineBreaker.nextLinePlacing`): no
    /// baselines, which that path never needs. `growth` is the sum of the items' grow weights.
    @inline(__always)
    init(end: Int, hypotheticalSum: Double, growth: Double, thickest: Double) {
        self.init()
        self.end = end
        self.hypotheticalSum = hypotheticalSum
        anyGrows = growth > 0
        self.thickest = thickest
    }
}

/// Produces lines one after another.
protocol LineBreaker {
    /// The line that starts at `start`: its end (exclusive) and its summary.
    mutating func nextLine(from start: Int) -> LineSummary

    /// The same, writing each item's frame on the way: at its hypothetical main size and its own
    /// cross size, packed from `main` with the item spacing between items, at `cross`. (No
    /// baselines in the summary: the layout asks for this only when they do not matter.)
    mutating func nextLinePlacing<Sink: FrameSink>(from start: Int, main: Double, cross: Double, into sink: inout Sink) -> LineSummary
}

/// Where greedy breaking ends a line starting at `start`: CSS's rule. The first item always
/// stays (an item too long for any line stands alone).
@inline(__always)
func greedyLineEnd<Items: ItemSource, Axis: AxisProjection>(
    _ items: Items, _: Axis.Type, from start: Int, rules: LineRules
) -> Int {
    var ignored = LineSummary()
    return greedyLine(items, Axis.self, from: start, rules: rules, needs: nil, into: &ignored)
}

/// Greedy breaking of one line that writes each item's frame as it takes the item (see
/// `LineBreaker.nextLinePlacing`). The same rule as `greedyLine`, in one read of each item, with
/// the per-item work cut to what placing needs (the layout asks for this only when baselines do
/// not matter): this loop is most of a layout's time.
@inline(__always)
func greedyLinePlacing<Items: ItemSource, Axis: AxisProjection, Sink: FrameSink>(
    _ items: Items, _: Axis.Type, from start: Int, rules: LineRules,
    main: Double, cross: Double, into sink: inout Sink
) -> LineSummary {
    let spacing = rules.spacing
    let first = items[start]
    let firstLength = Axis.hypotheticalMain(first)
    sink.write(start, Axis.rect(main: main, cross: cross, mainSize: firstLength, crossSize: Axis.cross(first)))
    var extent = firstLength
    // Where the next item goes, kept by the same sums as the placement loop's (one addition per
    // item, shared with the fit test).
    var position = main + (firstLength + spacing)
    var sum = firstLength
    var thickest = Axis.cross(first)
    var growth = first._grow
    // `maxItems` folded into the loop's bound. (Wrapping arithmetic: positions are within the
    // items, and the checks would run once a line.)
    let bound = start &+ min(items.count &- start, rules.maxItems)
    var end = start &+ 1
    while end < bound {
        let item = items[end]
        if item.breakBefore { break }
        let length = Axis.hypotheticalMain(item)
        // The same sums, in the same order, as `LineRules.accepts` and `greedyLine`, so that a
        // measuring pass and this one break every line in the same place, to the last bit.
        let advance = spacing + length
        let next = extent + advance
        if !(next <= rules.limit) { break }
        sink.write(end, Axis.rect(main: position, cross: cross, mainSize: length,
                                  crossSize: Axis.cross(item)))
        position += advance
        extent = next
        sum += length
        let thickness = Axis.cross(item)
        thickest = thickness > thickest ? thickness : thickest
        growth += item._grow
        end &+= 1
    }
    return LineSummary(end: end, hypotheticalSum: sum, growth: growth, thickest: thickest)
}

/// Greedy breaking of one line, gathering its summary on the way when `needs` is given.
@inline(__always)
func greedyLine<Items: ItemSource, Axis: AxisProjection>(
    _ items: Items, _: Axis.Type, from start: Int, rules: LineRules, needs: LineSummary.Needs?,
    into summary: inout LineSummary
) -> Int {
    let count = items.count
    let first = items[start]
    var extent = Axis.hypotheticalMain(first)
    if let needs { summary.include(first, length: extent, Axis.self, needs) }
    var end = start + 1
    while end < count {
        let item = items[end]
        if item.breakBefore { break }
        let length = Axis.hypotheticalMain(item)
        if !rules.accepts(extent: extent, adding: length, count: end - start) { break }
        extent = extent + (rules.spacing + length)   // the sum `accepts` just made
        if let needs { summary.include(item, length: length, Axis.self, needs) }
        end += 1
    }
    summary.end = end
    return end
}
