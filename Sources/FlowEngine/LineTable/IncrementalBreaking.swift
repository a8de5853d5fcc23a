// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A line table brought up to date after items were inserted, removed or resized, from the first
// line the change can affect, by the layout's own loop (`LayoutPass.placeLines`) started at that
// line's cursor; it stops as soon as a new line starts where an old one did after the change, and
// the old lines from there on are kept, moved.
//
// Why that is exact, for greedy breaking: a greedy line that starts at item s ends at the first
// item that does not fit, and reads nothing past it: its end, its own thickness and whatever the
// table keeps of it depend on the items from s to its end (that item included, or the end of the
// items). So every line that ends before the first changed item is unchanged, and is kept. Once a
// new line ends (the next starts) at an item s at or past the changed ones, whose old counterpart
// s − (added − removed) began an old line, the items from s on are the old items from there on,
// so the lines from s on are the old lines, shifted by added − removed. Their cross positions
// are sums along all the lines before them: they stay as they were when the line at s starts
// where the old one did, bit for bit. Otherwise they move by the difference when every sum is
// exact before and after the change (`ExactSums`: then no addition rounds, and the order of the
// additions does not matter), or are summed again from it, as the pass sums them
// (`LayoutPass.cross(after:thickness:spacing:)`). The records sit in chunks (`LineStore`), so
// that moving them is a shift per chunk, not a write per line.
//
// Given a budget, the breaking also stops once it has broken about that many items past the
// change (a million chips that never line up again with the old lines take milliseconds to
// break, and a view needs the lines it shows). The old lines from the first that starts past
// where it stopped are kept, each still a greedy line from its own start; the items between make
// one line of their own (a part of an old line, so they fit): the unsettled line, which alone may
// hold fewer items than greedy breaking puts there. `settle` breaks from it again; a change made
// before then breaks from it too (never resuming at it), so the table has one unsettled line at
// most.
//
// What is not greedy's alone is recomputed whole: balanced breaking (its optimum is global: any
// change may move every break), `maxLines` (the visible items, the indicator and the hidden
// count hang on the first lines together; the table of a truncated layout holds only those, so
// making it again costs only what is shown), and an unbounded length (the container's length is
// its longest line). With `lineHomogeneous` the lines are placed at the thickest line's
// thickness: when a change makes another line the thickest, every line's cross position is
// summed again (the breaks are unaffected).

extension FlowLineTable {
    /// Brings the table up to date after `removed` items at `position` were replaced by `added`
    /// items (an insertion removes none, a removal adds none, a resize replaces one by one), as
    /// GListModel's `items-changed` says it: `items` are all the new items (an array, or any
    /// random-access collection, such as chunks that make inserting cheap), equal to the old ones
    /// outside the change. The table is then equal to ``FlowLayout/lineTable(_:in:)`` of `items`.
    ///
    /// Greedy breaking (without `maxLines`, at a bounded length) breaks again from the line the
    /// change can first affect, and only until a line starts where an old one did; see
    /// `IncrementalBreaking.swift` for why that is exact, and what is recomputed otherwise.
    ///
    /// - Returns: the lines broken again (in the new table): the lines before them hold the same
    ///   items as before, the lines after them the same items moved by `added − removed`. Cross
    ///   offsets may move outside them too: the lines after them when the lines before changed
    ///   thickness or number, every line under wrap-reverse (the first line is at the far edge)
    ///   when the container's cross length changed, or under `lineHomogeneous` when the thickest
    ///   line changed. Every line, when the table was made again.
    /// - Complexity: for greedy breaking, O(m + b + l/256 + log l), m being the items of the
    ///   lines broken again, b the records of the chunks they lie in (a few hundred) and l the
    ///   number of lines (each later chunk is shifted); O(l′) more, l′ the lines after them, when
    ///   their cross offsets move and are not exact sums (see `ExactSums`), or l for every line
    ///   when `lineHomogeneous`'s thickness changes. As ``FlowLayout/lineTable(_:in:)`` when the
    ///   table is made again (balanced breaking; `maxLines`, whose table costs only the items
    ///   shown; an unbounded length).
    @discardableResult
    public mutating func itemsChanged<Items: RandomAccessCollection>(
        at position: Int, removed: Int, added: Int, items: Items
    ) -> Range<Int> where Items.Element == FlowItem, Items.Index == Int {
        itemsChanged(at: position, removed: removed, added: added, items: items, breakingAtMost: nil)
    }

    /// ``itemsChanged(at:removed:added:items:)``, breaking at most about `budget` items again
    /// past the change (`nil`: as many as it takes). When greedy breaking would go on, it stops
    /// at the first line that starts past them; the old lines from there on are kept, after an
    /// ``unsettledLine`` that holds the items in between, until ``settle(items:breakingAtMost:)``
    /// (or the next change) breaks them again. A view that shows the lines up to some item asks
    /// for that many: the lines it shows are then the layout's.
    ///
    /// When the change adds many more items than the budget (over 20,000 more: a filter taken
    /// off a long list), the budget counts from the change's start instead, and the unsettled
    /// line stands for the rest of the added items at the thickness of the line before it, without
    /// reading them: a view must not show it before settling it (its items do not fit one line).
    ///
    /// - Returns: as ``itemsChanged(at:removed:added:items:)``; the unsettled line is the last of
    ///   them when there is one.
    /// - Complexity: as ``itemsChanged(at:removed:added:items:)``, with m at most the budget plus
    ///   a line (past the items added, or past the start for many), and the items since an
    ///   earlier change's unsettled line.
    @discardableResult
    public mutating func itemsChanged<Items: RandomAccessCollection>(
        at position: Int, removed: Int, added: Int, items: Items, breakingAtMost budget: Int?
    ) -> Range<Int> where Items.Element == FlowItem, Items.Index == Int {
        precondition(position >= 0 && removed >= 0 && added >= 0 && position <= itemCount
                        && removed <= itemCount - position,
                     "FlowLineTable.itemsChanged: \(removed) items removed at \(position) of \(itemCount)")
        precondition(items.count == itemCount - removed + added,
                     "FlowLineTable.itemsChanged: \(items.count) items given, \(itemCount - removed + added) expected (\(itemCount) − \(removed) + \(added))")
        let change = Change(position: position, removed: removed, added: added)
        if let rebroken = items.withContiguousStorageIfAvailable({ itemsChanged(change, PlainItems(base: $0), budget: budget) }) {
            return rebroken
        }
        return itemsChanged(change, CollectionItems(base: items), budget: budget)
    }

    /// Breaks the lines from ``unsettledLine`` again, at most about `budget` items (`nil`: until
    /// the table is the layout's), as a change there would: `items` are the table's items.
    ///
    /// - Returns: the lines broken again (empty when the table was settled).
    /// - Complexity: as ``itemsChanged(at:removed:added:items:breakingAtMost:)``.
    @discardableResult
    public mutating func settle<Items: RandomAccessCollection>(items: Items, breakingAtMost budget: Int? = nil)
        -> Range<Int> where Items.Element == FlowItem, Items.Index == Int {
        guard let unsettled = unsettledLine else { return 0..<0 }
        precondition(items.count == itemCount,
                     "FlowLineTable.settle: \(items.count) items given, the table was made for \(itemCount)")
        let change = Change(position: records[unsettled].start, removed: 0, added: 0)
        if let rebroken = items.withContiguousStorageIfAvailable({ rebreak(change, PlainItems(base: $0), budget: budget) }) {
            return rebroken
        }
        return rebreak(change, CollectionItems(base: items), budget: budget)
    }

    mutating func itemsChanged<Source: ItemSource>(_ change: Change, _ items: Source, budget: Int?) -> Range<Int> {
        guard rebreaksInPlace, items.count > 0 else {
            self = layout.lineTable(items, in: available)
            return 0..<records.count
        }
        return rebreak(change, items, budget: budget)
    }

    /// Whether a change is handled by breaking some lines again (greedy breaking; see the top of
    /// this file).
    private var rebreaksInPlace: Bool {
        layout.lineBreaking == .greedy && layout.maxLines == nil && available < .infinity
            && !records.isEmpty
    }

    /// A change of items, in GListModel's terms.
    struct Change {
        let position: Int
        let removed: Int
        let added: Int
        /// How far the items after the change moved.
        var shift: Int { added - removed }
    }

    private mutating func rebreak<Source: ItemSource>(_ change: Change, _ items: Source, budget: Int?) -> Range<Int> {
        // The first line whose end (the item that ended it included) reaches the change: the line
        // before the first line that starts at or after it; or the unsettled line, if earlier.
        var first = max(0, records.firstLine { $0.start >= change.position } - 1)
        let unsettled = unsettledLine
        if let unsettled, unsettled < first { first = unsettled }
        let geometry = LogicalGeometry(layout, available: available)
        // The budget counts past the items added; when they are many more (a filter shown again
        // over a million), from the change's start, so that a view's lines are broken and the
        // rest of the added items wait in the unsettled line (RebreakPass.estimatedGapLength).
        let limit = budget.map { budget in
            change.added > RebreakPass.estimatedGapLength + max(0, budget)
                ? change.position + max(0, budget) : change.position + change.added + max(0, budget)
        }
        let outcome = brokenAgain(from: first, change, items, limit: limit, unsettled: unsettled)
        let replaced = first..<outcome.resumesAt
        let removed = records.records(in: replaced)
        let move = keptLinesMove(outcome, replacing: removed, geometry)
        unquantizedLines += Self.unquantized(outcome.records) - Self.unquantized(removed)
        itemCount = items.count
        visibleCount = items.count
        laidOutCount = items.count
        var crossShift = 0.0
        if case .byShift(let shift) = move { crossShift = shift }
        records.replace(replaced, with: outcome.records, itemShift: change.shift, crossShift: crossShift)
        let kept = first + outcome.records.count
        if settleUniformThickness(replacing: removed, with: outcome.records) {
            records.restack(from: 0, at: geometry.crossStart, spacing: geometry.lineSpacing,
                            uniformThickness: uniformThickness)
        } else if case .summedAgain = move {
            records.restack(from: kept, at: outcome.nextCross, spacing: geometry.lineSpacing,
                            uniformThickness: uniformThickness)
        }
        updateSize(geometry)
        if outcome.stoppedShort {
            unsettledLine = kept - 1
            unsettledLineSpansUniformItems = outcome.spansUniformItems
        } else if let unsettled, outcome.resumesAt <= unsettled {
            unsettledLine = unsettled + outcome.records.count - (outcome.resumesAt - first)
        } else {
            unsettledLine = nil
            unsettledLineSpansUniformItems = false
        }
        return first..<kept
    }

    /// The greedy lines from line `first` on, broken again until one starts where an old line
    /// did after the change (never at the unsettled line), or past `limit`.
    private func brokenAgain<Source: ItemSource>(from first: Int, _ change: Change, _ items: Source,
                                                 limit: Int?, unsettled: Int?) -> RebreakPass.Outcome {
        let line = records[first]
        let plan = PassPlan(layout, available: available, itemCount: items.count, writesFrames: false)
        let body = RebreakPass(cursor: LineCursor(start: line.start, cross: line.cross),
                               uniformThickness: uniformThickness, old: records, firstLine: first, change: change,
                               limit: limit, unsettled: unsettled)
        return LayoutPass.run(layout, items, plan, body)
    }

    /// How the kept lines get to where the pass puts them.
    enum KeptLinesMove {
        /// The first kept line starts where it did: so do all after it.
        case none
        /// Each moves by this difference, exactly (see `ExactSums`).
        case byShift(Double)
        /// Summed again line by line, as the pass sums them.
        case summedAgain
    }

    /// How the kept lines move once `outcome` replaces the lines `removed` (the table not yet
    /// changed): by a shift when the sums are exact before and after (see `ExactSums`).
    private func keptLinesMove(_ outcome: RebreakPass.Outcome, replacing removed: [LineRecord],
                               _ geometry: LogicalGeometry) -> KeptLinesMove {
        guard outcome.resumesAt < records.count, let last = records.last else { return .none }
        let old = records[outcome.resumesAt].cross
        guard old.bitPattern != outcome.nextCross.bitPattern else { return .none }
        let shift = outcome.nextCross - old
        let unquantizedAfter = unquantizedLines + Self.unquantized(outcome.records) - Self.unquantized(removed)
        let exact = sumsAreExact(geometry, crossLength: crossLength, unquantized: unquantizedLines)
            && sumsAreExact(geometry, crossLength: last.cross + shift + crossSize(of: last) + geometry.crossEnd,
                            unquantized: unquantizedAfter)
        return exact ? .byShift(shift) : .summedAgain
    }

    /// Whether every cross position is an exact sum (see `ExactSums`).
    private func sumsAreExact(_ geometry: LogicalGeometry, crossLength: Double, unquantized: Int) -> Bool {
        let thicknesses = uniformThickness.map(ExactSums.isQuantized) ?? (unquantized == 0)
        return thicknesses && ExactSums.isQuantized(geometry.lineSpacing)
            && ExactSums.isQuantized(geometry.crossStart) && crossLength < ExactSums.bound
    }

    private static func unquantized(_ lines: [LineRecord]) -> Int {
        lines.reduce(0) { $0 + (ExactSums.isQuantized($1.thickness) ? 0 : 1) }
    }

    /// With `lineHomogeneous`, once the lines `removed` gave way to `added` in the records: the
    /// thickness every line is placed at, set in the table; whether it changed (every line then
    /// moves).
    private mutating func settleUniformThickness(replacing removed: [LineRecord], with added: [LineRecord]) -> Bool {
        guard let thickest = uniformThickness else { return false }
        // As the pass finds it: the largest own thickness, from 0.
        let addedThickest = added.reduce(0.0) { max($0, $1.thickness) }
        var now = thickest
        if addedThickest >= thickest {
            now = addedThickest
        } else if removed.contains(where: { $0.thickness == thickest })
                    && !records.contains(where: { $0.thickness == thickest }) {
            // The thickest lines went: the thickest of the others.
            now = 0
            records.forEach { now = max(now, $0.thickness) }
        }
        uniformThickness = now
        return now != thickest
    }

    /// The container's size from the last line, as the pass sizes it (the length is bounded here).
    private mutating func updateSize(_ geometry: LogicalGeometry) {
        let cursor = records.last.map {
            LayoutPass.cross(after: $0.cross, thickness: crossSize(of: $0), spacing: 0)
        } ?? geometry.crossStart
        switch layout.axis {
        case .horizontal:
            size = LayoutPass.containerSize(geometry, HorizontalProjection.self, longestLine: 0, crossCursor: cursor)
        case .vertical:
            size = LayoutPass.containerSize(geometry, VerticalProjection.self, longestLine: 0, crossCursor: cursor)
        }
    }
}

/// Greedy lines broken again from `cursor` until one starts where an old line did after the
/// change.
struct RebreakPass: PassBody {
    let cursor: LineCursor
    let uniformThickness: Double?
    let old: LineStore
    let firstLine: Int
    let change: FlowLineTable.Change
    /// Stop at the first line that starts at or past this item, with an unsettled line.
    let limit: Int?
    /// The old table's unsettled line.
    let unsettled: Int?
    /// Past this many items, the unsettled line's thickness is the line before it's instead of
    /// its items' (which would be read to place it).
    static let estimatedGapLength = 20_000

    /// The new lines, and where the old ones take over.
    struct Outcome {
        var records: [LineRecord]
        /// The first old line kept (the number of old lines when none is).
        var resumesAt: Int
        /// The cross position of the line after the new ones.
        var nextCross: Double
        /// Whether the breaking stopped at the limit: the last record is the unsettled line.
        var stoppedShort = false
        /// Whether that unsettled line spans the lines of items all of one size (see
        /// ``FlowLineTable/unsettledLineSpansUniformItems``).
        var spansUniformItems = false
    }

    /// The cross length of the greedy lines that the items from `cursor` to `end` make, when the
    /// items say they are all one size (``FlowUniformRuns``): the first line is broken by the
    /// pass's own breaker, and every other holds as many items at the same thickness, the last
    /// one the rest. `nil` when they are not known to be one size, or make a single line.
    ///
    /// - Complexity: O(k) for k items on a line.
    static func uniformGap<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ items: Items, _: Axis.Type, _ breaker: Breaker, _ geometry: LogicalGeometry,
        from cursor: LineCursor, end: Int
    ) -> Double? {
        guard end > cursor.start, items.uniformItem(in: cursor.start..<end) != nil else { return nil }
        var breaker = breaker
        var sink = DiscardFrames()
        var first = PlacedLines(RebrokenLines.OneLine(), from: cursor)
        LayoutPass.placeLines(items, Axis.self, &breaker, &sink, geometry, uniformThickness: nil, into: &first)
        let count = end - cursor.start, perLine = first.cursor.start - cursor.start
        guard let line = first.log.records.first, perLine > 0, perLine < count else { return nil }
        let lines = (count + perLine - 1) / perLine
        return Double(lines) * line.thickness + Double(lines - 1) * geometry.lineSpacing
    }

    var visibleItems: VisibleItems { .chosen }   // no maxLines: every item
    var knownEnds: [Int]? { nil }

    func run<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker
    ) -> Outcome {
        var breaker = breaker
        var sink = DiscardFrames()
        let log = RebrokenLines(old: old, next: firstLine, changeEnd: change.position + change.added,
                                shift: change.shift, limit: limit, unsettled: unsettled)
        var placed = PlacedLines(log, from: cursor)
        LayoutPass.placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                              uniformThickness: uniformThickness, into: &placed)
        var outcome = Outcome(records: placed.log.records, resumesAt: placed.log.resumesAt ?? old.count,
                              nextCross: placed.cursor.cross, stoppedShort: placed.log.stoppedShort)
        guard outcome.stoppedShort else { return outcome }
        // The items up to the first old line kept make the unsettled line, placed by the pass's
        // own loop with its end given.
        let end = outcome.resumesAt < old.count ? old[outcome.resumesAt].start + change.shift : items.count
        let gapStart = placed.cursor.start
        if end - gapStart > Self.estimatedGapLength, uniformThickness == nil,
           let gap = Self.uniformGap(items, Axis.self, breaker, plan.geometry, from: placed.cursor, end: end) {
            // Items all of one size (a list's items at its estimate): the lines they make are
            // known without breaking them, and the unsettled line spans them all.
            outcome.records.append(LineRecord(start: gapStart, cross: placed.cursor.cross, thickness: gap))
            outcome.nextCross = LayoutPass.cross(after: placed.cursor.cross, thickness: gap,
                                                 spacing: end < items.count ? plan.geometry.lineSpacing : 0)
            outcome.spansUniformItems = true
            return outcome
        }
        if end - gapStart > Self.estimatedGapLength, let last = outcome.records.last {
            // Many items (a filter's, shown again): one line at the last line's thickness stands
            // for them until they are settled, without reading them (the view shows the lines
            // before it; settling breaks them a budget at a time).
            outcome.records.append(LineRecord(start: gapStart, cross: placed.cursor.cross, thickness: last.thickness))
            outcome.nextCross = LayoutPass.cross(after: placed.cursor.cross, thickness: uniformThickness ?? last.thickness,
                                                 spacing: end < items.count ? plan.geometry.lineSpacing : 0)
            return outcome
        }
        var gapBreaker = BalancedLineBreaker<Items, Axis>(items, ends: [end], rules: plan.rules,
                                                          needs: LineSummary.Needs(plan.geometry))
        var gap = PlacedLines(RebrokenLines.OneLine(), from: placed.cursor)
        LayoutPass.placeLines(items, Axis.self, &gapBreaker, &sink, plan.geometry,
                              uniformThickness: uniformThickness, into: &gap)
        outcome.records += gap.log.records
        outcome.nextCross = gap.cursor.cross
        return outcome
    }
}

/// The lines broken again, and the test that ends them: the next line starts at or past the
/// changed items, where an old line started (moved by the shift).
struct RebrokenLines: LineLog {
    /// At the first old line that may still start where a new one does (they are met in order).
    var next: LineStore.Cursor
    let changeEnd: Int
    let shift: Int
    /// See ``RebreakPass``.
    let limit: Int?
    let unsettled: Int?
    var records: [LineRecord] = []
    private(set) var resumesAt: Int?
    private(set) var stoppedShort = false

    init(old: LineStore, next: Int, changeEnd: Int, shift: Int, limit: Int? = nil, unsettled: Int? = nil) {
        self.next = LineStore.Cursor(old, at: next)
        self.changeEnd = changeEnd
        self.shift = shift
        self.limit = limit
        self.unsettled = unsettled
    }

    /// Records one line, and is complete then.
    struct OneLine: LineLog {
        var records: [LineRecord] = []
        static var stopsEarly: Bool { true }
        mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {
            records.append(LineRecord(start: line.start, cross: cross, thickness: line.ownThickness))
        }
        func isComplete(nextStart: Int) -> Bool { !records.isEmpty }
    }

    static var stopsEarly: Bool { true }

    mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {
        records.append(LineRecord(start: line.start, cross: cross, thickness: line.ownThickness))
        self.itemCount = itemCount
    }

    private var itemCount = 0

    mutating func isComplete(nextStart: Int) -> Bool {
        if nextStart >= changeEnd {
            let oldStart = nextStart - shift
            while let record = next.record, record.start < oldStart { next.advance() }
            // The old unsettled line may hold fewer items than fit: never kept as it is.
            if next.record?.start == oldStart, next.line != unsettled {
                resumesAt = next.line
                return true
            }
        } else if let limit, nextStart >= limit, nextStart < itemCount {
            // Past the limit among the items added: the old lines kept are those after them.
            while let record = next.record, record.start < changeEnd - shift { next.advance() }
        } else {
            return false
        }
        // Past the limit, and past the old unsettled line (so that there is one at most).
        if let limit, nextStart >= limit, nextStart < itemCount, unsettled.map({ next.line > $0 }) ?? true {
            resumesAt = next.line
            stoppedShort = true
            return true
        }
        return false
    }
}
