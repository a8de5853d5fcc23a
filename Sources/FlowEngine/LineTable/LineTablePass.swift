// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The pass bodies behind a line table: the whole table logged (`LineTablePass`), and the log that
// stops after a given number of lines (for the frames of a few lines). Both run the one loop of
// `LayoutPass.placeLines`, so a table's lines are the layout's lines.

/// Every line logged, no frame written: a measuring pass that keeps each line's start, cross
/// position and own thickness.
struct LineTablePass: PassBody {
    var visibleItems: VisibleItems { .chosen }
    var knownEnds: [Int]? { nil }

    func run<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker
    ) -> FlowLineTable.Parts {
        // As a whole layout: lineHomogeneous needs the thickest line before any line is placed.
        let uniformThickness = plan.lineHomogeneous
            ? LayoutPass.thickestLine(items, Axis.self, breaker, plan.geometry) : nil
        var breaker = breaker
        var sink = DiscardFrames()
        var placed = PlacedLines(LineRecords(), from: LineCursor(start: 0, cross: plan.geometry.crossStart))
        LayoutPass.placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                              uniformThickness: uniformThickness, into: &placed)
        let size = LayoutPass.containerSize(plan.geometry, Axis.self, longestLine: placed.longestLine,
                                            crossCursor: placed.crossCursor)
        return FlowLineTable.Parts(records: placed.log.array(), size: size,
                                   visibleCount: items.visibleCount, laidOutCount: items.count,
                                   uniformThickness: uniformThickness)
    }
}

/// A line table's log: each line's record, appended without Array's per-append check.
struct LineRecords: ~Copyable, LineLog {
    private var records = GrowingBuffer<LineRecord>()

    static var stopsEarly: Bool { false }

    @inline(__always)
    mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {
        // Room for as many lines again as the first line suggests (as `LineList`).
        if records.count == 0 { records.reserve(itemCount / line.count + 8) }
        records.append(LineRecord(start: line.start, cross: cross, thickness: line.ownThickness))
    }

    @inline(__always) func isComplete(nextStart: Int) -> Bool { false }

    /// The records, as an array of exactly their count (the log ends here).
    consuming func array() -> [LineRecord] { records.array() }
}
