// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The frames of a few lines of a line table (the ones a view shows), placed by the one loop of
// `LayoutPass.placeLines` started at the first of those lines' item and cross position, with what
// the whole layout would know there: the table's thickness for lineHomogeneous, balanced
// breaking's ends, the container's size for mirroring. So they are the layout's frames to the bit.

/// The frames of some lines of a ``FlowLineTable``: what ``FlowResult/frames`` holds for their
/// items, and the indicator's frame when the last line is among them.
public struct FlowLineFrames: Sendable, Hashable {
    /// The lines.
    public var lines: Range<Int>
    /// Their items: `frames[k]` is item `items.lowerBound + k`'s frame.
    public var items: Range<Int>
    /// One frame per item of ``items``, equal to ``FlowResult/frames``'s for those items.
    public var frames: [FlowRect]
    /// The "+N more" indicator's frame (``FlowResult/indicatorFrame``), when it is shown and the
    /// last line is among ``lines``.
    public var indicatorFrame: FlowRect?

    /// Frames of some lines (the table makes these; tests and tools may too).
    ///
    /// - Complexity: O(1).
    public init(lines: Range<Int>, items: Range<Int>, frames: [FlowRect], indicatorFrame: FlowRect?) {
        self.lines = lines
        self.items = items
        self.frames = frames
        self.indicatorFrame = indicatorFrame
    }

    /// Item `index`'s frame; `index` must be one of ``items``.
    ///
    /// - Complexity: O(1).
    public subscript(item index: Int) -> FlowRect {
        precondition(items.contains(index), "FlowLineFrames: item \(index) is not among \(items)")
        return frames[index - items.lowerBound]
    }

    /// The frames rounded to whole pixels, each as ``FlowResult/snapped(scale:)`` rounds it, so
    /// that they equal a snapped whole layout's.
    ///
    /// - Complexity: O(m), m being the number of frames.
    public func snapped(scale: Double = 1) -> FlowLineFrames {
        var copy = self
        copy.frames = frames.map { $0.snapped(scale: scale) }
        copy.indicatorFrame = indicatorFrame?.snapped(scale: scale)
        return copy
    }
}

extension FlowLineTable {
    /// The frames of the lines `lines` (clamped to the table's lines), equal to those
    /// ``FlowLayout/layout(_:in:)`` gives their items with this table's options and length.
    /// `items` must be the items the table was made or last updated with, in any random-access
    /// collection (an array, or chunks that a view keeps so that inserting is cheap).
    ///
    /// - Complexity: O(m + log l) for greedy and balanced breaking alike (the table keeps the
    ///   balanced ends), m being the number of items on those lines and l the number of lines.
    public func frames<Items: RandomAccessCollection>(ofLines lines: Range<Int>, items: Items) -> FlowLineFrames
    where Items.Element == FlowItem, Items.Index == Int {
        if let frames = items.withContiguousStorageIfAvailable({ frames(ofLines: lines, PlainItems(base: $0)) }) {
            return frames
        }
        return frames(ofLines: lines, CollectionItems(base: items))
    }

    func frames<Source: ItemSource>(ofLines lines: Range<Int>, _ items: Source) -> FlowLineFrames {
        precondition(items.count == itemCount,
                     "FlowLineTable.frames(ofLines:items:): \(items.count) items given, the table was made for \(itemCount)")
        let clamped = lines.clamped(to: 0..<records.count)
        guard !clamped.isEmpty else {
            let at = clamped.lowerBound < records.count ? records[clamped.lowerBound].start : visibleCount
            return FlowLineFrames(lines: clamped, items: at..<at, frames: [], indicatorFrame: nil)
        }
        let plan = PassPlan(layout, available: available, itemCount: itemCount, writesFrames: true)
        return LayoutPass.run(layout, items, plan, LineFramesPass(table: self, lines: clamped))
    }
}

/// Places the lines `lines` of `table`.
struct LineFramesPass: PassBody {
    let table: FlowLineTable
    let lines: Range<Int>

    var visibleItems: VisibleItems { .known(count: table.visibleCount) }

    /// Balanced lines, and lines from the unsettled one on, break where the table says.
    var knownEnds: [Int]? {
        let unsettled = table.unsettledLine.map { lines.upperBound > $0 } ?? false
        guard table.layout.lineBreaking == .balanced || unsettled else { return nil }
        return lines.map { table.laidOutEnd(ofLine: $0) }
    }

    func run<Items: ItemSource, Axis: AxisProjection, Breaker: LineBreaker>(
        _ plan: PassPlan, _ items: Items, _: Axis.Type, _ breaker: Breaker
    ) -> FlowLineFrames {
        let first = table.records[lines.lowerBound]
        let end = table.laidOutEnd(ofLine: lines.upperBound - 1)
        let count = end - first.start
        var frames = [FlowRect](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: .zero)
            var sink = PartialFrameBuffer(base: buffer.baseAddress!, first: first.start, count: count)
            var breaker = breaker
            var placed = PlacedLines(CheckedLines(table: table, lines: lines),
                                     from: LineCursor(start: first.start, cross: first.cross))
            LayoutPass.placeLines(items, Axis.self, &breaker, &sink, plan.geometry,
                                  uniformThickness: table.uniformThickness, into: &placed)
            precondition(placed.log.isComplete(nextStart: end),
                         "FlowLineTable.frames(ofLines:items:): the items are not those the table was made with")
            if plan.geometry.mirrorX || plan.geometry.mirrorY {
                LayoutPass.mirror(buffer, plan.geometry, size: table.size)
            }
            initialized = count
        }
        var indicatorFrame: FlowRect?
        if end > items.visibleCount { indicatorFrame = frames.removeLast() }
        return FlowLineFrames(lines: lines, items: first.start..<min(end, items.visibleCount),
                              frames: frames, indicatorFrame: indicatorFrame)
    }
}

/// Stops after the lines asked for, and checks that each broke where the table says: should the
/// caller's items not be the table's, the pass stops with a clear error instead of placing lines
/// the table does not have.
struct CheckedLines: LineLog {
    let lines: Range<Int>
    let laidOutCount: Int
    private var placed = 0
    /// At the line to be placed next: the table's lines are read in order, not looked up.
    private var next: LineStore.Cursor

    init(table: FlowLineTable, lines: Range<Int>) {
        self.lines = lines
        laidOutCount = table.laidOutCount
        next = LineStore.Cursor(table.records, at: lines.lowerBound)
    }

    static var stopsEarly: Bool { true }

    mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {
        let index = lines.lowerBound + placed
        let start = next.record?.start
        next.advance()
        let end = next.record?.start ?? laidOutCount
        precondition(placed < lines.count && line.start == start && line.end == end,
                     "FlowLineTable.frames(ofLines:items:): line \(index) broke at \(line.start)..<\(line.end), not where the table says: the items are not those the table was made with")
        placed += 1
    }

    func isComplete(nextStart: Int) -> Bool { placed == lines.count }
}
