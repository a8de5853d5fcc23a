/// First-fit line breaking, computed line by line as the layout asks, so that each line is laid
/// out while its items are still in cache.
struct GreedyLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    let items: Items
    let rules: LineRules

    @inline(__always)
    mutating func lineEnd(from start: Int) -> Int {
        greedyLineEnd(items, Axis.self, from: start, rules: rules)
    }
}
