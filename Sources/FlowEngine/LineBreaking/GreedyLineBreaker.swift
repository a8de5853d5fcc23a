/// First-fit line breaking, computed line by line as the layout asks, so that each line is laid
/// out while its items are still in cache; the line's summary is gathered in the same scan.
struct GreedyLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    let items: Items
    let rules: LineRules
    let needs: LineSummary.Needs

    @inline(__always)
    mutating func nextLine(from start: Int) -> LineSummary {
        var summary = LineSummary()
        _ = greedyLine(items, Axis.self, from: start, rules: rules, needs: needs, into: &summary)
        return summary
    }

    @inline(__always)
    mutating func nextLinePlacing<Sink: FrameSink>(from start: Int, main: Double, cross: Double, into sink: inout Sink) -> LineSummary {
        greedyLinePlacing(items, Axis.self, from: start, rules: rules, main: main, cross: cross, into: &sink)
    }
}
