// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A layout's lines without its frames, for views that show a few lines of very many items (a
// virtualized list): every line's items and cross position, made by the same pass as
// `FlowLayout.layout(_:in:)` with the lines logged instead of the frames written. The frames of
// a few lines come from `FlowLineFrames.swift`, a change of items from `IncrementalBreaking.swift`.

/// One line of a ``FlowLineTable``.
public struct FlowLine: Sendable, Hashable {
    /// The line's items, as in ``FlowResult/lines`` (visible items only: a last line that holds
    /// only the "+N more" indicator has none).
    public var items: Range<Int>
    /// Where the line's box begins across the lines, in the container's coordinates as frames
    /// are: its top edge in a horizontal layout, its left edge in a vertical one (so under
    /// wrap-reverse the first line has the largest offset).
    public var crossOffset: Double
    /// The line's thickness across: its thickest item, or its baseline group, or with
    /// ``FlowLayout/lineHomogeneous`` the thickest line's.
    public var crossSize: Double

    /// A line.
    ///
    /// - Complexity: O(1).
    public init(items: Range<Int>, crossOffset: Double, crossSize: Double) {
        self.items = items
        self.crossOffset = crossOffset
        self.crossSize = crossSize
    }
}

/// Every line of a layout, without the frames: for each line its items, its cross offset and its
/// cross size, and the container's size. Made by ``FlowLayout/lineTable(_:in:)`` in the same pass
/// as ``FlowLayout/layout(_:in:)`` (so its lines, sizes and hidden count are that layout's, to
/// the bit), it holds 24 bytes per line (in chunks of a few hundred lines), not a frame per item.
/// The frames of any lines come from ``frames(ofLines:items:)``, equal to the layout's; a change
/// of the items updates it in place from the first line it can affect
/// (``itemsChanged(at:removed:added:items:)``).
///
/// The table does not keep the items: each query that needs them takes the caller's items (an
/// array, or any random-access collection), which must be those the table was made or last
/// updated with.
public struct FlowLineTable: Sendable, Hashable {
    /// The options the table was made with.
    public let layout: FlowLayout
    /// The main-axis length it was made for, as ``FlowLimits/available(_:)`` sanitizes it.
    public let available: Double
    /// The number of items (hidden ones included).
    public internal(set) var itemCount: Int
    /// The number of items shown: all of them, unless ``FlowLayout/maxLines`` hides some.
    public internal(set) var visibleCount: Int
    /// The container's size, as ``FlowResult/size``.
    public internal(set) var size: FlowSize

    /// Each line's first item, logical cross position and own thickness.
    var records: LineStore
    /// With ``FlowLayout/lineHomogeneous``: the thickness every line is placed at.
    var uniformThickness: Double?
    /// The items the pass broke into lines: the visible ones, and the indicator after them when it
    /// is shown (the last line's end in the pass).
    var laidOutCount: Int
    /// How many lines have a thickness that is not a multiple of 2⁻¹⁰ (see `ExactSums`).
    var unquantizedLines: Int
    /// The line a change's breaking stopped at, when it was given a budget
    /// (``itemsChanged(at:removed:added:items:breakingAtMost:)``): the lines before it are the
    /// layout's; it holds the items up to the next line, which may be fewer than fit; the lines
    /// after it are lines of the layout before the change, which start where greedy breaking
    /// from each would. ``settle(items:breakingAtMost:)`` breaks them again. `nil` when the
    /// table is the layout's.
    public internal(set) var unsettledLine: Int?
    /// Whether the ``unsettledLine`` stands for the lines of items all of one size (a list's
    /// items at its estimate, said by a ``FlowUniformRuns`` collection): its cross size is then
    /// the length those lines take with their spacing, so the table's size is the layout's, and
    /// settling it breaks those lines without moving anything after them. A view may leave such a
    /// line unsettled until it is shown. (Otherwise it stands for its items at the thickness of
    /// the line before it, and settling it changes the table's size.)
    public internal(set) var unsettledLineSpansUniformItems = false

    init(layout: FlowLayout, available: Double, itemCount: Int, parts: Parts) {
        self.layout = layout
        self.available = FlowLimits.available(available)
        self.itemCount = itemCount
        visibleCount = parts.visibleCount
        size = parts.size
        records = LineStore(parts.records)
        uniformThickness = parts.uniformThickness
        laidOutCount = parts.laidOutCount
        unquantizedLines = parts.records.reduce(0) { $0 + (ExactSums.isQuantized($1.thickness) ? 0 : 1) }
        unsettledLine = nil
    }

    /// What a pass makes of a table.
    struct Parts {
        var records: [LineRecord]
        var size: FlowSize
        var visibleCount: Int
        var laidOutCount: Int
        var uniformThickness: Double?
    }

    // MARK: - Lines

    /// The number of lines.
    ///
    /// - Complexity: O(1).
    public var lineCount: Int { records.count }

    /// How many items ``FlowLayout/maxLines`` left out (always the last ones).
    ///
    /// - Complexity: O(1).
    public var hiddenCount: Int { itemCount - visibleCount }

    /// The container's length across the lines (its height in a horizontal layout).
    ///
    /// - Complexity: O(1).
    public var crossLength: Double { layout.axis == .horizontal ? size.height : size.width }

    /// Line `index` (in item order, from 0).
    ///
    /// - Complexity: O(log l), l being the number of lines (a lookup in the table's chunks).
    public subscript(index: Int) -> FlowLine {
        precondition(index >= 0 && index < records.count,
                     "FlowLineTable: line \(index) asked of a table of \(records.count) lines")
        let record = records[index]
        let thickness = crossSize(of: record)
        return FlowLine(items: record.start..<min(laidOutEnd(ofLine: index), visibleCount),
                        crossOffset: physicalOffset(logical: record.cross, thickness: thickness),
                        crossSize: thickness)
    }

    /// The line that holds item `index`, or `nil` when the item is hidden or out of range.
    ///
    /// - Complexity: O(log l), l being the number of lines.
    public func line(containing index: Int) -> Int? {
        guard index >= 0, index < visibleCount else { return nil }
        // The last line whose first item is at or before `index`.
        return records.firstLine { $0.start > index } - 1
    }

    /// The lines whose box, from ``FlowLine/crossOffset`` to `crossOffset + crossSize`, meets the
    /// band between the cross offsets `from` and `to` (in either order, both included): the lines
    /// a viewport showing that band must show. Empty when no line does, or an offset is NaN.
    ///
    /// - Complexity: O(log l), l being the number of lines.
    public func lines(crossingFrom from: Double, to: Double) -> Range<Int> {
        guard !from.isNaN, !to.isNaN, !records.isEmpty else { return 0..<0 }
        let low = min(from, to), high = max(from, to)
        func meets(_ k: Int) -> Bool {
            let box = self.box(k)
            return box.low <= high && box.high >= low
        }
        // Line boxes follow each other, so the band's lines are found by bisection on the logical
        // positions; the ends are then settled on the physical boxes, which mirroring can round a
        // hair differently.
        let (logicalLow, logicalHigh) = logicalBand(low, high)
        var first = records.firstLine { $0.cross + crossSize(of: $0) >= logicalLow }
        var end = records.firstLine { $0.cross > logicalHigh }
        while first > 0 && meets(first - 1) { first -= 1 }
        while first < records.count && !meets(first) { first += 1 }
        end = max(end, first)
        while end < records.count && meets(end) { end += 1 }
        while end > first && !meets(end - 1) { end -= 1 }
        return first..<end
    }

    /// The line under the cross offset `offset` (as ``FlowLine/crossOffset``): the one whose box
    /// holds it, or else the nearest one (in the line spacing, before the first line or after the
    /// last; ties go to the earlier line). `nil` when there are no lines or the offset is NaN.
    ///
    /// - Complexity: O(log l), l being the number of lines.
    public func line(atCrossOffset offset: Double) -> Int? {
        guard !offset.isNaN, !records.isEmpty else { return nil }
        func distance(_ k: Int) -> Double {
            let box = self.box(k)
            return max(0, box.low - offset, offset - box.high)
        }
        // The first line that ends at or after the point, logically; the nearest is it or a
        // neighbour (mirroring can round a hair differently).
        let point = logicalBand(offset, offset).low
        let after = records.firstLine { $0.cross + crossSize(of: $0) >= point }
        var best = max(0, after - 2)
        for k in best..<min(records.count, after + 2) where distance(k) < distance(best) { best = k }
        return best
    }

    /// The bytes the table's own storage takes (its line records), for memory budgets; the
    /// items are the caller's.
    ///
    /// - Complexity: O(l / 256), the number of chunks of line records.
    public var allocatedByteCount: Int {
        MemoryLayout<Self>.size + records.allocatedByteCount
    }

    // MARK: - Helpers

    /// Where line `index` ends in the pass's items (the indicator counted, when it is shown).
    func laidOutEnd(ofLine index: Int) -> Int {
        index + 1 < records.count ? records[index + 1].start : laidOutCount
    }

    /// The thickness a line is placed at.
    @inline(__always)
    func crossSize(of record: LineRecord) -> Double { uniformThickness ?? record.thickness }

    /// Whether physical cross coordinates run against the logical ones (the first line at the
    /// far edge), as the pass mirrors frames.
    var mirrorsCross: Bool {
        layout.axis == .horizontal ? layout.wrapReverse
                                   : (layout.direction == .rightToLeft) != layout.wrapReverse
    }

    private func physicalOffset(logical cross: Double, thickness: Double) -> Double {
        mirrorsCross ? crossLength - cross - thickness : cross
    }

    /// Line `k`'s box across, as a caller reads it from ``FlowLine``.
    private func box(_ k: Int) -> (low: Double, high: Double) {
        let line = self[k]
        return (line.crossOffset, line.crossOffset + line.crossSize)
    }

    /// A physical band of cross offsets in logical terms.
    private func logicalBand(_ low: Double, _ high: Double) -> (low: Double, high: Double) {
        mirrorsCross ? (crossLength - high, crossLength - low) : (low, high)
    }
}

extension FlowLineTable {
    /// Tables are equal when they hold the same lines and sizes for the same options, however
    /// their records are chunked.
    ///
    /// - Complexity: O(l), l being the number of lines.
    public static func == (a: FlowLineTable, b: FlowLineTable) -> Bool {
        guard a.layout == b.layout, a.available == b.available, a.itemCount == b.itemCount,
              a.visibleCount == b.visibleCount, a.size == b.size, a.laidOutCount == b.laidOutCount,
              a.uniformThickness == b.uniformThickness, a.unsettledLine == b.unsettledLine,
              a.unsettledLineSpansUniformItems == b.unsettledLineSpansUniformItems,
              a.records.count == b.records.count else { return false }
        return (0..<a.records.count).allSatisfy { a.records[$0] == b.records[$0] }
    }

    /// - Complexity: O(l), l being the number of lines.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(layout)
        hasher.combine(available)
        hasher.combine(itemCount)
        hasher.combine(size)
        records.forEach { hasher.combine($0) }
    }
}

/// What a line table keeps of a line: where it starts, where it lies across (logical, from the
/// cross-start edge, as the pass placed it) and the thickness its items need.
struct LineRecord: Sendable, Hashable {
    var start: Int
    var cross: Double
    /// The line's own thickness (``ResolvedLine/ownThickness``): kept under `lineHomogeneous`
    /// too, so that a change can tell whether the thickest line changed.
    var thickness: Double
}

extension FlowLayout {
    /// The lines of ``layout(_:in:)`` without its frames: each line's items, cross offset and
    /// cross size, the container's size and the hidden count, all equal to that layout's. For a
    /// view that shows a few lines of very many items (see ``FlowLineTable``). The items may be
    /// in any random-access collection: an array is read in place; a view that keeps its items in
    /// chunks (so that inserting one into a million is cheap) passes those.
    ///
    /// - Complexity: as ``measure(_:in:)``: O(n) for greedy breaking, O(n·k) for balanced (n
    ///   items, at most k on a line), one more pass when ``lineHomogeneous`` is set; O(l) memory
    ///   for l lines and no frame array.
    public func lineTable<Items: RandomAccessCollection>(_ items: Items, in available: Double) -> FlowLineTable
    where Items.Element == FlowItem, Items.Index == Int {
        if let table = items.withContiguousStorageIfAvailable({ lineTable(PlainItems(base: $0), in: available) }) {
            return table
        }
        return lineTable(CollectionItems(base: items), in: available)
    }

    /// ``lineTable(_:in:)``, breaking only the lines of about the first `budget` items when the
    /// items after them are all one size (a ``FlowUniformRuns`` collection says so: a list's
    /// items at its estimate): those make the table's ``FlowLineTable/unsettledLine``, whose
    /// cross size is the length of the lines they make
    /// (``FlowLineTable/unsettledLineSpansUniformItems``), so the table's size is the layout's.
    /// ``FlowLineTable/settle(items:breakingAtMost:)`` breaks them a budget at a time, as a view
    /// comes to show them. Otherwise, or when the items past the budget are not many (20,000 or
    /// fewer), or with ``lineHomogeneous``, balanced breaking, ``maxLines`` or an unbounded
    /// length, the table is ``lineTable(_:in:)``'s.
    ///
    /// - Complexity: O(b + k) for b = `budget` items and k on a line when the rest is one size
    ///   (a million items at an estimate cost a page of lines, not a million items); as
    ///   ``lineTable(_:in:)`` otherwise.
    public func lineTable<Items: RandomAccessCollection>(_ items: Items, in available: Double,
                                                         breakingAtMost budget: Int) -> FlowLineTable
    where Items.Element == FlowItem, Items.Index == Int {
        if let table = items.withContiguousStorageIfAvailable({ lineTable(PlainItems(base: $0), in: available, breakingAtMost: budget) }) {
            return table
        }
        return lineTable(CollectionItems(base: items), in: available, breakingAtMost: budget)
    }

    func lineTable<Source: ItemSource>(_ items: Source, in available: Double, breakingAtMost budget: Int) -> FlowLineTable {
        let first = max(1, budget)
        guard lineBreaking == .greedy, maxLines == nil, !lineHomogeneous, FlowLimits.available(available) < .infinity,
              items.count > first + RebreakPass.estimatedGapLength,
              items.uniformItem(in: first..<items.count) != nil else { return lineTable(items, in: available) }
        // The first items' lines, then the rest added to them as a change adds items: the lines
        // are broken a budget past the first ones, and the rest span one unsettled line.
        var table = lineTable(PrefixItems(base: items, count: first), in: available)
        table.itemsChanged(FlowLineTable.Change(position: first, removed: 0, added: items.count - first), items, budget: 0)
        return table
    }

    func lineTable<Source: ItemSource>(_ items: Source, in available: Double) -> FlowLineTable {
        let plan = PassPlan(self, available: available, itemCount: items.count, writesFrames: false)
        let parts = LayoutPass.run(self, items, plan, LineTablePass())
        return FlowLineTable(layout: self, available: available, itemCount: items.count, parts: parts)
    }
}
