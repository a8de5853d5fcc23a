// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// A line table against the whole layout it stands for: the same lines, size and counts, and the
/// frames of any lines equal to the layout's, bit for bit, for random items and options.
@Suite struct LineTableTests {
    @Test func tableAndFramesEqualTheWholeLayout() {
        var rng = SeededGenerator(seed: 18)
        for round in 0..<400 {
            let c = LineTableCases.randomCase(&rng)
            for _ in 0..<4 {
                let available = LineTableCases.available(&rng)
                let result = c.layout.layout(c.items, in: available)
                let table = c.layout.lineTable(c.items, in: available)
                if let difference = tableDifference(table, result) {
                    Issue.record("round \(round), \(c.items.count) items at \(available): \(difference) — \(c.layout)")
                    continue
                }
                for lines in Self.lineRanges(table.lineCount, &rng) {
                    if let difference = framesDifference(table, lines: lines, items: c.items, result) {
                        Issue.record("round \(round), \(c.items.count) items at \(available): \(difference) — \(c.layout)")
                        break
                    }
                }
            }
        }
    }

    /// Every line, a few single lines, a few pages, the first and the last.
    static func lineRanges(_ count: Int, _ rng: inout SeededGenerator) -> [Range<Int>] {
        var ranges = [0..<count, 0..<0, count..<count]
        guard count > 0 else { return ranges }
        ranges += [0..<1, (count - 1)..<count]
        for _ in 0..<6 {
            let start = Int.random(in: 0..<count, using: &rng)
            ranges.append(start..<min(count, start + Int.random(in: 1...20, using: &rng)))
        }
        return ranges
    }

    @Test func linesAnswerWhereEachItemAndOffsetIs() {
        var rng = SeededGenerator(seed: 1818)
        for _ in 0..<300 {
            let c = LineTableCases.randomCase(&rng)
            let available = LineTableCases.available(&rng)
            let result = c.layout.layout(c.items, in: available)
            let table = c.layout.lineTable(c.items, in: available)
            for _ in 0..<20 {
                let index = Int.random(in: -2...(c.items.count + 2), using: &rng)
                #expect(table.line(containing: index) == result.line(containing: index))
            }
            checkLineBoxes(table, result, c.layout.axis)
            checkOffsets(table, &rng)
        }
    }

    /// Each line's box holds its frames; boxes follow each other in order across the container.
    func checkLineBoxes(_ table: FlowLineTable, _ result: FlowResult, _ axis: FlowAxis) {
        let tolerance = max(1, table.size.width, table.size.height) * 1e-9
        for k in 0..<table.lineCount {
            let line = table[k]
            #expect(line.crossSize >= 0 && line.crossOffset >= -tolerance
                    && line.crossOffset + line.crossSize <= table.crossLength + tolerance)
            for i in line.items {
                let frame = result.frames[i]
                let (low, high) = axis == .horizontal ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
                #expect(low >= line.crossOffset - tolerance && high <= line.crossOffset + line.crossSize + tolerance,
                        "item \(i) at \(frame) outside line \(k) \(line)")
            }
        }
    }

    /// `lines(crossingFrom:to:)` and `line(atCrossOffset:)` against a scan of every line.
    func checkOffsets(_ table: FlowLineTable, _ rng: inout SeededGenerator) {
        #expect(table.lines(crossingFrom: .nan, to: 10).isEmpty)
        #expect(table.line(atCrossOffset: .nan) == nil)
        for _ in 0..<10 {
            let a = Double.random(in: -20...(table.crossLength + 20), using: &rng).rounded()
            let b = a + Double(Int.random(in: 0...300, using: &rng))
            let crossing = (0..<table.lineCount).filter { (k: Int) -> Bool in
                let line = table[k]
                let end: Double = line.crossOffset + line.crossSize
                return line.crossOffset <= b && end >= a
            }
            let found = table.lines(crossingFrom: b, to: a)
            #expect(Array(found) == crossing, "lines crossing \(a)...\(b)")
            guard let at = table.line(atCrossOffset: a) else {
                #expect(table.lineCount == 0)
                continue
            }
            let distance = { (k: Int) -> Double in
                let line = table[k]
                return max(0, line.crossOffset - a, a - (line.crossOffset + line.crossSize))
            }
            let nearest = (0..<table.lineCount).map(distance).min()!
            #expect(distance(at) == nearest, "line at \(a): \(at)")
        }
    }

    @Test func itemsInChunksGiveTheArraysTableAndFrames() {
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<150 {
            var c = LineTableCases.randomCase(&rng)
            let available = LineTableCases.available(&rng)
            var table = c.layout.lineTable(ChunkedItems(c.items), in: available)
            #expect(table == c.layout.lineTable(c.items, in: available))
            let result = c.layout.layout(c.items, in: available)
            for lines in Self.lineRanges(table.lineCount, &rng) {
                let page = table.frames(ofLines: lines, items: ChunkedItems(c.items))
                #expect(page == table.frames(ofLines: lines, items: c.items))
            }
            #expect(tableDifference(table, result) == nil)
            for _ in 0..<4 {
                let change = IncrementalBreakingTests.randomChange(&c.items, &rng)
                table.itemsChanged(at: change.position, removed: change.removed, added: change.added,
                                   items: ChunkedItems(c.items))
                #expect(table == c.layout.lineTable(c.items, in: available))
            }
        }
    }

    @Test func anEmptyTableAnswersEveryQuery() {
        let layout = FlowLayout(insets: FlowInsets(all: 3))
        let table = layout.lineTable([], in: 100)
        #expect(table.lineCount == 0 && table.itemCount == 0 && table.hiddenCount == 0)
        #expect(bits(table.size) == bits(layout.layout([], in: 100).size))
        #expect(table.lines(crossingFrom: 0, to: 100).isEmpty)
        #expect(table.line(atCrossOffset: 0) == nil)
        #expect(table.line(containing: 0) == nil)
        let page = table.frames(ofLines: 0..<5, items: [])
        #expect(page.frames.isEmpty && page.items.isEmpty && page.indicatorFrame == nil)
    }

    @Test func theIndicatorComesWithTheLastLine() {
        var layout = FlowLayout(itemSpacing: 4, maxLines: 2, overflowIndicator: FlowItem(width: 30, height: 10))
        layout.lineHomogeneous = true
        let items = (0..<50).map { (i: Int) -> FlowItem in
            FlowItem(width: Double(20 + i % 7), height: Double(10 + i % 5))
        }
        let result = layout.layout(items, in: 100)
        let table = layout.lineTable(items, in: 100)
        #expect(result.hiddenCount > 0 && table.hiddenCount == result.hiddenCount)
        #expect(table.frames(ofLines: 0..<1, items: items).indicatorFrame == nil)
        #expect(table.frames(ofLines: 1..<2, items: items).indicatorFrame.map(bits) == result.indicatorFrame.map(bits))
    }

    @Test func theTableIsSmallerThanItsItems() {
        let items = (0..<100_000).map { (i: Int) -> FlowItem in FlowItem(width: Double(30 + i % 120), height: 24) }
        let table = FlowLayout(itemSpacing: 6, lineSpacing: 6).lineTable(items, in: 1200)
        // About 13 items a line: two bytes an item, against the 56 an item takes itself.
        #expect(table.allocatedByteCount < 3 * items.count)
        #expect(table.allocatedByteCount >= table.lineCount * MemoryLayout<LineRecord>.stride)
    }
}
