// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
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
    /// Whether items count at their minimum sizes when breaking (``WrapPolicy/minimum``).
    let breaksAtMinimum: Bool

    init(innerLength: Double, spacing: Double, maxItems: Int?, breaksAtMinimum: Bool = false) {
        self.breaksAtMinimum = breaksAtMinimum
        // A hair of tolerance so that sums which are equal in exact arithmetic but differ in the
        // last bits (0.1 + 0.2) still fit: 1e-12 of the length, far below a pixel.
        limit = innerLength == .infinity ? .infinity : innerLength + (innerLength + 1) * 1e-12
        self.spacing = spacing
        self.maxItems = maxItems ?? .max
    }

    /// The length an item takes in a line while lines are broken: its hypothetical size, or its
    /// minimum under ``WrapPolicy/minimum``.
    @inline(__always)
    func breakingLength<Axis: AxisProjection>(_ item: FlowItem, _: Axis.Type) -> Double {
        breaksAtMinimum ? Axis.minimumMain(item) : Axis.hypotheticalMain(item)
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

    /// What to gather besides the sizes: baselines, when the layout aligns them.
    struct Needs {
        var baselines = false
        var baselineFromBottom = false

        init(_ geometry: LogicalGeometry) {
            baselines = geometry.alignsBaselines
            baselineFromBottom = geometry.baselineFromBottom
        }
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
