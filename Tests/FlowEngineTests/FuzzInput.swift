// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Bytes → a layout with every option, and the invariants every layout must keep; then a line table
// of it, and one change of its items, which must equal the whole layout bit for bit. Shared by the
// libFuzzer target (Tests/Fuzz, built by Resources/scripts/fuzz.sh with the engine's sources in one
// module) and by FuzzRegressionTests, which replays the inputs the fuzzer once crashed on.

#if canImport(FlowEngine)
import FlowEngine
#endif

/// Reads values from fuzzer bytes; runs out gracefully (zeros).
struct FuzzReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A number from a menu of the awkward ones (NaN, ±∞, negatives, huge, tiny, zero) and of
    /// ordinary sizes.
    mutating func number() -> Double {
        switch byte() % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return -Double(byte())
        case 4: return 1e300
        case 5: return Double.leastNonzeroMagnitude
        case 6: return 0
        case 7: return Double(byte()) * 1e7
        case 8: return Double(byte()) / 7
        default: return Double(byte())
        }
    }

    mutating func choice<T>(_ values: [T]) -> T { values[Int(byte()) % values.count] }
}

struct FuzzCase {
    var layout = FlowLayout()
    var available = 0.0
    var items: [FlowItem] = []
    /// A change of the items for the line table, in GListModel's terms.
    var change = (position: 0, removed: 0, added: [FlowItem]())

    init(_ bytes: [UInt8]) {
        var r = FuzzReader(bytes: bytes)
        layout.axis = r.choice(FlowAxis.allCases)
        layout.itemSpacing = r.number()
        layout.lineSpacing = r.number()
        layout.insets = FlowInsets(top: r.number(), leading: r.number(), bottom: r.number(), trailing: r.number())
        layout.justification = r.choice(Justification.allCases)
        layout.justifyLastLine = r.byte() % 2 == 0
        layout.alignment = r.choice(CrossAlignment.allCases)
        layout.direction = r.choice(FlowDirection.allCases)
        layout.wrapReverse = r.byte() % 4 == 0
        layout.lineBreaking = r.choice(LineBreaking.allCases)
        let maxItems = Int(r.byte()) - 100
        layout.maxItemsPerLine = maxItems > 0 ? maxItems % 8 : (maxItems < -90 ? maxItems : nil)
        let maxLines = Int(r.byte()) - 100
        layout.maxLines = maxLines > 0 ? maxLines % 6 : (maxLines < -90 ? maxLines : nil)
        if r.byte() % 3 == 0 { layout.overflowIndicator = FlowItem(width: r.number(), height: r.number()) }
        layout.lineHomogeneous = r.byte() % 4 == 0
        available = r.number()
        let count = Int(r.byte()) % 48
        for _ in 0..<count { items.append(Self.item(&r)) }
        // Read after everything else, so that older inputs keep their layout.
        let position = Int(r.byte()) % (count + 1)
        let removed = Int(r.byte()) % (count - position + 1)
        change = (position, removed, (0..<Int(r.byte()) % 8).map { _ in Self.item(&r) })
    }

    static func item(_ r: inout FuzzReader) -> FlowItem {
        FlowItem(width: r.number(), height: r.number(),
                 minimumWidth: r.byte() % 2 == 0 ? nil : r.number(),
                 minimumHeight: r.byte() % 2 == 0 ? nil : r.number(),
                 baseline: r.byte() % 2 == 0 ? nil : r.number(),
                 grow: r.byte() % 3 == 0 ? r.number() : 0,
                 breakBefore: r.byte() % 8 == 0)
    }

    /// The invariants; returns the first one broken.
    func violation() -> String? {
        let result = layout.layout(items, in: available)
        let numbers = result.frames.flatMap { [$0.x, $0.y, $0.width, $0.height] }
            + [result.size.width, result.size.height]
        if !numbers.allSatisfy(\.isFinite) { return "a frame or the size is not finite" }
        if let indicator = result.indicatorFrame,
           ![indicator.x, indicator.y, indicator.width, indicator.height].allSatisfy(\.isFinite) {
            return "the indicator frame is not finite"
        }
        if result.frames.count != items.count { return "\(result.frames.count) frames for \(items.count) items" }
        if result.frames.contains(where: { $0.width < 0 || $0.height < 0 }) { return "a negative size" }
        var next = 0
        for line in result.lines {
            if line.lowerBound != next { return "lines do not follow item order" }
            next = line.upperBound
        }
        if next != result.visibleCount { return "lines cover \(next) items, \(result.visibleCount) visible" }
        let measured = layout.measure(items, in: available)
        if measured.size != result.size || measured.lineCount != result.lines.count {
            return "measure and layout disagree"
        }
        // Balanced breaking keeps greedy's number of lines (the fewest), whatever the numbers.
        if layout.lineBreaking == .balanced && layout.maxLines == nil {
            var greedy = layout
            greedy.lineBreaking = .greedy
            if greedy.layout(items, in: available).lines.count != result.lines.count {
                return "balanced and greedy break into different numbers of lines"
            }
        }
        let horizontal = layout.axis == .horizontal
        let forward = !(horizontal && layout.direction == .rightToLeft)
        let mainLength = horizontal ? result.size.width : result.size.height
        // Relative tolerance: values reach a billion points.
        let scale = max(1, mainLength, horizontal ? result.size.height : result.size.width)
        let tolerance = scale * 1e-9
        for line in result.lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let fa = result.frames[a], fb = result.frames[b]
                let (aStart, aEnd) = horizontal ? (fa.minX, fa.maxX) : (fa.minY, fa.maxY)
                let (bStart, bEnd) = horizontal ? (fb.minX, fb.maxX) : (fb.minY, fb.maxY)
                if forward ? bStart < aEnd - tolerance : bEnd > aStart + tolerance {
                    return "items \(a) and \(b) are out of order or overlap"
                }
            }
            // Inside the main axis, unless one item overflows a line by itself (documented), or
            // center/end justification pushes an overflowing line out at the start (as CSS).
            let overflowing = line.count == 1 || layout.justification == .center || layout.justification == .end
            if !overflowing {
                for i in line {
                    let f = result.frames[i]
                    let (start, end) = horizontal ? (f.minX, f.maxX) : (f.minY, f.maxY)
                    if start < -tolerance || end > mainLength + tolerance { return "item \(i) leaves the container" }
                }
            }
        }
        // Lines do not overlap each other (touching, or a line of zero thickness on another's
        // edge, is not overlapping).
        let extents = result.lines.filter { !$0.isEmpty }.map { line -> (Double, Double) in
            let frames = line.map { result.frames[$0] }
            return horizontal ? (frames.map(\.minY).min()!, frames.map(\.maxY).max()!)
                              : (frames.map(\.minX).min()!, frames.map(\.maxX).max()!)
        }
        for i in extents.indices {
            for j in extents.indices where j > i {
                if max(extents[i].0, extents[j].0) < min(extents[i].1, extents[j].1) - tolerance {
                    return "lines \(i) and \(j) overlap"
                }
            }
        }
        return lineTableViolation(result)
    }

    /// The line table of these items, and the same after `change`, against the whole layout:
    /// the same lines, size and counts, and every frame to the bit.
    func lineTableViolation(_ result: FlowResult) -> String? {
        var table = layout.lineTable(items, in: available)
        if let problem = Self.difference(table, result, items) { return "line table: \(problem)" }
        var changed = items
        changed.replaceSubrange(change.position..<(change.position + change.removed), with: change.added)
        table.itemsChanged(at: change.position, removed: change.removed, added: change.added.count, items: changed)
        if table != layout.lineTable(changed, in: available) { return "a changed line table differs from a new one" }
        if let problem = Self.difference(table, layout.layout(changed, in: available), changed) {
            return "changed line table: \(problem)"
        }
        return nil
    }

    static func difference(_ table: FlowLineTable, _ result: FlowResult, _ items: [FlowItem]) -> String? {
        func same(_ a: FlowRect, _ b: FlowRect) -> Bool {
            a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
                && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
        }
        if table.lineCount != result.lines.count || table.hiddenCount != result.hiddenCount
            || table.size.width.bitPattern != result.size.width.bitPattern
            || table.size.height.bitPattern != result.size.height.bitPattern {
            return "\(table.lineCount) lines, \(table.size), \(table.hiddenCount) hidden; the layout: \(result.lines.count), \(result.size), \(result.hiddenCount)"
        }
        if let k = (0..<table.lineCount).first(where: { table[$0].items != result.lines[$0] }) {
            return "line \(k) holds \(table[k].items), not \(result.lines[k])"
        }
        let page = table.frames(ofLines: 0..<table.lineCount, items: items)
        let visible = result.frames[0..<result.visibleCount]
        if page.frames.count != visible.count || !zip(page.frames, visible).allSatisfy(same) {
            return "the frames of its lines differ from the layout's"
        }
        switch (page.indicatorFrame, table.lineCount > 0 ? result.indicatorFrame : nil) {
        case (nil, nil): return nil
        case let (a?, b?) where same(a, b): return nil
        default: return "the indicator differs"
        }
    }
}
