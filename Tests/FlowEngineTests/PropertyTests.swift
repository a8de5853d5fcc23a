// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// Invariants over thousands of random layouts with every option.
@Suite struct PropertyTests {
    struct Case {
        var items: [FlowItem]
        var layout: FlowLayout
        var available: Double
    }

    static func randomCase(_ rng: inout SeededGenerator) -> Case {
        let n = Int.random(in: 0...40, using: &rng)
        let items = (0..<n).map { _ -> FlowItem in
            let w = Double(Int.random(in: 0...120, using: &rng)) + (Bool.random(using: &rng) ? 0.5 : 0)
            let h = Double(Int.random(in: 1...40, using: &rng))
            return FlowItem(width: w, height: h,
                            minimumWidth: Bool.random(using: &rng) ? nil : Double.random(in: 0...w + 20, using: &rng),
                            minimumHeight: Bool.random(using: &rng) ? nil : Double.random(in: 0...h, using: &rng),
                            baseline: Bool.random(using: &rng) ? Double.random(in: 0...h, using: &rng) : nil,
                            grow: Int.random(in: 0..<4, using: &rng) == 0 ? Double.random(in: 0...3, using: &rng) : 0,
                            breakBefore: Int.random(in: 0..<15, using: &rng) == 0)
        }
        var layout = FlowLayout()
        layout.axis = Int.random(in: 0..<4, using: &rng) == 0 ? .vertical : .horizontal
        layout.itemSpacing = Double(Int.random(in: 0...12, using: &rng))
        layout.lineSpacing = Double(Int.random(in: 0...12, using: &rng))
        layout.insets = FlowInsets(top: Double(Int.random(in: 0...6, using: &rng)), leading: Double(Int.random(in: 0...6, using: &rng)),
                                   bottom: Double(Int.random(in: 0...6, using: &rng)), trailing: Double(Int.random(in: 0...6, using: &rng)))
        layout.justification = Justification.allCases.randomElement(using: &rng)!
        layout.justifyLastLine = Bool.random(using: &rng)
        layout.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
        layout.direction = FlowDirection.allCases.randomElement(using: &rng)!
        layout.wrapReverse = Int.random(in: 0..<4, using: &rng) == 0
        layout.lineBreaking = LineBreaking.allCases.randomElement(using: &rng)!
        layout.maxItemsPerLine = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 1...6, using: &rng) : nil
        layout.maxLines = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 1...4, using: &rng) : nil
        if Bool.random(using: &rng) { layout.overflowIndicator = FlowItem(width: 25, height: 12) }
        layout.lineHomogeneous = Int.random(in: 0..<4, using: &rng) == 0
        let available = Double(Int.random(in: 0...400, using: &rng))
        return Case(items: items, layout: layout, available: available)
    }

    func main(_ r: FlowRect, _ axis: FlowAxis) -> (start: Double, end: Double) {
        axis == .horizontal ? (r.minX, r.maxX) : (r.minY, r.maxY)
    }

    @Test func invariantsHoldForRandomLayouts() {
        var rng = SeededGenerator(seed: 2024)
        for _ in 0..<5000 {
            let c = Self.randomCase(&rng)
            let result = c.layout.layout(c.items, in: c.available)
            let axis = c.layout.axis
            let horizontal = axis == .horizontal
            let mainLength = horizontal ? result.size.width : result.size.height
            let forward = !(horizontal && c.layout.direction == .rightToLeft)
            // Physical insets at the low and high ends of the main axis (leading is on the right in rtl).
            let mainStart = horizontal ? (forward ? c.layout.insets.leading : c.layout.insets.trailing) : c.layout.insets.top
            let mainEnd = horizontal ? (forward ? c.layout.insets.trailing : c.layout.insets.leading) : c.layout.insets.bottom
            let tolerance = 1e-6

            // No NaN anywhere; one frame per item; lines cover the visible items in order.
            #expect(result.frames.count == c.items.count)
            #expect(result.frames.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) })
            var expected = 0
            for line in result.lines {
                #expect(line.lowerBound == expected)
                expected = line.upperBound
            }
            #expect(expected == result.visibleCount)
            if c.layout.maxLines == nil { #expect(result.hiddenCount == 0) }
            if let maxLines = c.layout.maxLines { #expect(result.lines.count <= maxLines) }

            // Inside the main-axis bounds, except a lone item longer than the line.
            for line in result.lines {
                for i in line {
                    let (start, end) = main(result.frames[i], axis)
                    let loneOversize = line.count == 1
                        && max(horizontal ? c.items[i].minimumWidth : c.items[i].minimumHeight, 0) > mainLength - mainStart - mainEnd
                    if !loneOversize && c.layout.justification != .center && c.layout.justification != .end {
                        #expect(start >= mainStart - tolerance && end <= mainLength - mainEnd + tolerance,
                                "item \(i) of line \(line) at \(result.frames[i]) in \(c.available): \(c.layout) \(c.items)")
                    }
                }
                // Reading order along the line: each item starts after the previous one ends.
                for (a, b) in zip(line, line.dropFirst()) {
                    let (aStart, aEnd) = main(result.frames[a], axis)
                    let (bStart, bEnd) = main(result.frames[b], axis)
                    if forward { #expect(bStart >= aEnd - tolerance) } else { #expect(bEnd <= aStart + tolerance) }
                }
            }
            // Lines follow each other on the cross axis and inside the container.
            let visible = Array(result.frames[0..<result.visibleCount])
            for i in visible.indices {
                let f = visible[i]
                #expect(horizontal ? (f.minY >= -tolerance && f.maxY <= result.size.height + tolerance)
                                   : (f.minX >= -tolerance && f.maxX <= result.size.width + tolerance))
            }
            // No two visible items overlap (zero-area items cannot); floating-point noise aside.
            let shrunk = visible.map { FlowRect(x: $0.x + tolerance, y: $0.y + tolerance,
                                                width: $0.width - 2 * tolerance, height: $0.height - 2 * tolerance) }
            for i in visible.indices {
                for j in (i + 1)..<visible.count where shrunk[i].overlaps(shrunk[j]) {
                    Issue.record("items \(i) and \(j) overlap: \(visible[i]) \(visible[j])")
                }
                if let indicator = result.indicatorFrame, shrunk[i].overlaps(indicator) {
                    Issue.record("item \(i) overlaps the indicator")
                }
            }
        }
    }

    @Test func greedyUsesTheFewestLinesAndBalancedTheSameCount() {
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<3000 {
            var c = Self.randomCase(&rng)
            c.layout.maxLines = nil
            c.layout.lineBreaking = .greedy
            let greedy = c.layout.layout(c.items, in: c.available)
            c.layout.lineBreaking = .balanced
            let balanced = c.layout.layout(c.items, in: c.available)
            #expect(greedy.lines.count == fewestLines(c))
            #expect(balanced.lines.count == greedy.lines.count)
            if c.layout.axis == .horizontal && c.available.isFinite {
                let inner = max(0, c.available - c.layout.insets.leading - c.layout.insets.trailing)
                let g = leftoverCost(c.items, lines: greedy.lines, inner: inner, spacing: c.layout.itemSpacing)
                let b = leftoverCost(c.items, lines: balanced.lines, inner: inner, spacing: c.layout.itemSpacing)
                #expect(b <= g * (1 + 1e-9) + 1e-6)
            }
        }
    }

    /// The fewest lines, by dynamic programming over every break (independent of greedy).
    func fewestLines(_ c: Case) -> Int {
        let items = c.items
        let n = items.count
        if n == 0 { return 0 }
        let horizontal = c.layout.axis == .horizontal
        let inner = max(0, c.available - (horizontal ? c.layout.insets.leading + c.layout.insets.trailing
                                                     : c.layout.insets.top + c.layout.insets.bottom))
        func length(_ i: Int) -> Double {
            horizontal ? max(items[i].width, items[i].minimumWidth) : max(items[i].height, items[i].minimumHeight)
        }
        var best = [Int](repeating: .max, count: n + 1)
        best[0] = 0
        for end in 1...n {
            var extent = 0.0
            for start in stride(from: end - 1, through: 0, by: -1) {
                let count = end - start
                extent += length(start) + (count > 1 ? c.layout.itemSpacing : 0)
                if count > 1 {
                    if items[start + 1].breakBefore { break }
                    if extent > inner + 1e-9 || count > (c.layout.maxItemsPerLine ?? .max) { break }
                }
                if best[start] != .max { best[end] = min(best[end], best[start] + 1) }
            }
        }
        return best[n]
    }
}
