// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// First-fit line breaking, computed line by line as the layout asks, so that each line is laid
/// out while its items are still in cache; the line's summary is gathered in the same scan.
struct GreedyLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    let items: Items
    let rules: LineRules
    let needs: LineSummary.Needs

    @inline(__always)
    mutating func nextLine(from start: Int) -> LineSummary {
        greedyLine(items, Axis.self, from: start, rules: rules, needs: needs)
    }

    @inline(__always)
    mutating func nextLinePlacing<Sink: FrameSink>(from start: Int, main: Double, cross: Double, into sink: inout Sink) -> LineSummary {
        greedyLinePlacing(items, Axis.self, from: start, rules: rules, main: main, cross: cross, into: &sink)
    }
}

/// Greedy breaking of the line that starts at `start`: CSS's rule. The first item always stays (an
/// item too long for any line stands alone). The summary is gathered on the way when `needs` is
/// given; without it, only its end is set.
@inline(__always)
func greedyLine<Items: ItemSource, Axis: AxisProjection>(
    _ items: Items, _: Axis.Type, from start: Int, rules: LineRules, needs: LineSummary.Needs?
) -> LineSummary {
    var summary = LineSummary()
    let count = items.count
    let first = items[start]
    var extent = rules.breakingLength(first, Axis.self)
    if let needs { summary.include(first, length: Axis.hypotheticalMain(first), Axis.self, needs) }
    var end = start + 1
    while end < count {
        let item = items[end]
        if item.breakBefore { break }
        let length = rules.breakingLength(item, Axis.self)
        if !rules.accepts(extent: extent, adding: length, count: end - start) { break }
        extent = extent + (rules.spacing + length)   // the sum `accepts` just made
        if let needs { summary.include(item, length: Axis.hypotheticalMain(item), Axis.self, needs) }
        end += 1
    }
    summary.end = end
    return summary
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
