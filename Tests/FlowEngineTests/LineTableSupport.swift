// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
@testable import FlowEngine

/// Random layouts for the line table's tests: up to 5,000 items, every option (bad values too),
/// and the comparisons of a table with the whole layout, bit for bit.
enum LineTableCases {
    struct Case {
        var items: [FlowItem]
        var layout: FlowLayout
    }

    /// A number a caller could pass, sometimes a bad one.
    static func length(_ rng: inout SeededGenerator, upTo limit: Int, bad: Bool) -> Double {
        if bad && Int.random(in: 0..<40, using: &rng) == 0 {
            return [Double.nan, -.infinity, .infinity, -3, 1e300, -0.0].randomElement(using: &rng)!
        }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return Double(Int.random(in: 0...limit, using: &rng)) + 0.5
        case 1: return Double.random(in: 0...Double(limit), using: &rng)   // fractions: sums round
        default: return Double(Int.random(in: 0...limit, using: &rng))
        }
    }

    static func item(_ rng: inout SeededGenerator, heights: ClosedRange<Int>) -> FlowItem {
        let w = length(&rng, upTo: 150, bad: true)
        let h = Double(Int.random(in: heights, using: &rng)) + (Int.random(in: 0..<8, using: &rng) == 0 ? 0.25 : 0)
        return FlowItem(width: w, height: h,
                        minimumWidth: Bool.random(using: &rng) ? nil : length(&rng, upTo: 160, bad: true),
                        minimumHeight: Bool.random(using: &rng) ? nil : length(&rng, upTo: 40, bad: true),
                        baseline: Bool.random(using: &rng) ? length(&rng, upTo: 40, bad: true) : nil,
                        grow: Int.random(in: 0..<5, using: &rng) == 0 ? length(&rng, upTo: 3, bad: true) : 0,
                        breakBefore: Int.random(in: 0..<40, using: &rng) == 0)
    }

    /// Items: mostly small sets, some up to 5,000.
    static func items(_ rng: inout SeededGenerator) -> [FlowItem] {
        let count: Int
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: count = Int.random(in: 0...3, using: &rng)
        case 1, 2: count = Int.random(in: 1000...5000, using: &rng)
        default: count = Int.random(in: 4...300, using: &rng)
        }
        // Equal heights in some sets, as chips of one font are (lines then have equal thickness).
        let heights = Bool.random(using: &rng) ? 24...24 : 1...40
        return (0..<count).map { _ in item(&rng, heights: heights) }
    }

    static func layout(_ rng: inout SeededGenerator) -> FlowLayout {
        var layout = FlowLayout()
        layout.axis = Int.random(in: 0..<4, using: &rng) == 0 ? .vertical : .horizontal
        layout.itemSpacing = length(&rng, upTo: 12, bad: true)
        layout.lineSpacing = length(&rng, upTo: 12, bad: true)
        layout.insets = FlowInsets(top: length(&rng, upTo: 6, bad: true), leading: length(&rng, upTo: 6, bad: true),
                                   bottom: length(&rng, upTo: 6, bad: true), trailing: length(&rng, upTo: 6, bad: true))
        layout.justification = Justification.allCases.randomElement(using: &rng)!
        layout.justifyLastLine = Bool.random(using: &rng)
        layout.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
        layout.direction = FlowDirection.allCases.randomElement(using: &rng)!
        layout.wrapReverse = Int.random(in: 0..<3, using: &rng) == 0
        layout.lineBreaking = LineBreaking.allCases.randomElement(using: &rng)!
        layout.maxItemsPerLine = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: -2...6, using: &rng) : nil
        layout.maxLines = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: -1...40, using: &rng) : nil
        if Bool.random(using: &rng) {
            layout.overflowIndicator = FlowItem(width: length(&rng, upTo: 60, bad: true), height: 12,
                                                grow: Int.random(in: 0..<4, using: &rng) == 0 ? 1 : 0)
        }
        layout.lineHomogeneous = Int.random(in: 0..<3, using: &rng) == 0
        return layout
    }

    static func randomCase(_ rng: inout SeededGenerator) -> Case {
        Case(items: items(&rng), layout: layout(&rng))
    }

    /// Lengths to lay a case out at: ordinary ones, and now and then a bad one.
    static func available(_ rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<30, using: &rng) {
        case 0: return [Double.nan, -5, .infinity, 0, 1e300].randomElement(using: &rng)!
        case 1...4: return Double(Int.random(in: 0...160, using: &rng))
        default: return length(&rng, upTo: 1600, bad: false)
        }
    }
}

/// A frame's four numbers as bits: `==` would take 0 for −0.
func bits(_ frame: FlowRect) -> [UInt64] {
    [frame.x.bitPattern, frame.y.bitPattern, frame.width.bitPattern, frame.height.bitPattern]
}

func bits(_ frames: some Sequence<FlowRect>) -> [UInt64] { frames.flatMap(bits) }

func bits(_ size: FlowSize) -> [UInt64] { [size.width.bitPattern, size.height.bitPattern] }

/// The first way `table` differs from `result` (lines, size, counts), or `nil`.
func tableDifference(_ table: FlowLineTable, _ result: FlowResult) -> String? {
    if table.itemCount != result.frames.count { return "item count \(table.itemCount) ≠ \(result.frames.count)" }
    if table.lineCount != result.lines.count { return "\(table.lineCount) lines ≠ \(result.lines.count)" }
    for k in 0..<table.lineCount where table[k].items != result.lines[k] {
        return "line \(k): \(table[k].items) ≠ \(result.lines[k])"
    }
    if bits(table.size) != bits(result.size) { return "size \(table.size) ≠ \(result.size)" }
    if table.hiddenCount != result.hiddenCount { return "hidden \(table.hiddenCount) ≠ \(result.hiddenCount)" }
    return nil
}

/// The first way the frames of `lines` differ from `result`'s, or `nil`.
func framesDifference(_ table: FlowLineTable, lines: Range<Int>, items: [FlowItem],
                      _ result: FlowResult) -> String? {
    let page = table.frames(ofLines: lines, items: items)
    let expected = lines.isEmpty ? page.items : result.lines[lines.lowerBound].lowerBound..<result.lines[lines.upperBound - 1].upperBound
    if page.items != expected { return "lines \(lines): items \(page.items) ≠ \(expected)" }
    let wanted = Array(result.frames[expected])
    if bits(page.frames) != bits(wanted) {
        guard page.frames.count == wanted.count else { return "lines \(lines): \(page.frames.count) frames" }
        let k = page.frames.indices.first { bits(page.frames[$0]) != bits(wanted[$0]) }!
        return "lines \(lines): item \(expected.lowerBound + k) at \(page.frames[k]), not \(wanted[k])"
    }
    let lastIncluded = !lines.isEmpty && lines.upperBound == result.lines.count
    let indicator = lastIncluded ? result.indicatorFrame : nil
    if page.indicatorFrame.map(bits) != indicator.map(bits) {
        return "lines \(lines): indicator \(String(describing: page.indicatorFrame)) ≠ \(String(describing: indicator))"
    }
    let snapped = page.snapped(), snappedResult = result.snapped()
    if bits(snapped.frames) != bits(snappedResult.frames[expected]) { return "lines \(lines): snapped frames differ" }
    if snapped.indicatorFrame.map(bits) != (lastIncluded ? snappedResult.indicatorFrame : nil).map(bits) {
        return "lines \(lines): snapped indicator differs"
    }
    return nil
}

/// Items kept in chunks, as a view may keep them so that inserting one does not move all the
/// others; indexed from 7, so that a collection's own start index is honoured. Not one buffer:
/// the engine reads it through the collection.
struct ChunkedItems: RandomAccessCollection {
    private(set) var chunks: [[FlowItem]] = []
    let startIndex = 7
    private(set) var endIndex = 7

    init(_ items: [FlowItem]) {
        chunks = stride(from: 0, to: items.count, by: 64).map { Array(items[$0..<Swift.min($0 + 64, items.count)]) }
        endIndex = startIndex + items.count
    }

    subscript(index: Int) -> FlowItem {
        let offset = index - startIndex
        return chunks[offset / 64][offset % 64]
    }
}
