// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
@testable import FlowEngine

typealias SeededGenerator = SplitMix64

func item(_ width: Double, _ height: Double = 10, min: Double? = nil, baseline: Double? = nil,
          grow: Double = 0, breakBefore: Bool = false) -> FlowItem {
    FlowItem(width: width, height: height, minimumWidth: min, baseline: baseline, grow: grow,
             breakBefore: breakBefore)
}

func xs(_ result: FlowResult) -> [Double] { result.frames.map(\.x) }
func ys(_ result: FlowResult) -> [Double] { result.frames.map(\.y) }
func widths(_ result: FlowResult) -> [Double] { result.frames.map(\.width) }
func lineSizes(_ result: FlowResult) -> [Int] { result.lines.map(\.count) }

/// The balanced objective of a result: Σ over lines of (inner − extent)², extents from the
/// items' hypothetical main sizes.
func leftoverCost(_ items: [FlowItem], lines: [Range<Int>], inner: Double, spacing: Double) -> Double {
    lines.reduce(0) { sum, line in
        let extent = line.reduce(0) { $0 + max(items[$1].width, items[$1].minimumWidth) }
            + spacing * Double(line.count - 1)
        let leftover = max(0, inner - extent)
        return sum + leftover * leftover
    }
}
