// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// Which way items run.
public enum FlowAxis: String, Sendable, Hashable, CaseIterable {
    /// Items run along a line from the leading edge; lines wrap downward.
    /// CSS: `flex-direction: row`.
    case horizontal
    /// Items run from top to bottom; lines wrap toward the trailing edge (rightward in
    /// left-to-right layouts). CSS: `flex-direction: column`.
    case vertical
}

/// The reading direction. It decides where a line starts and which edge the `leading` inset is on.
public enum FlowDirection: String, Sendable, Hashable, CaseIterable {
    /// Lines start at the left edge. CSS: `direction: ltr`.
    case leftToRight
    /// Lines start at the right edge: a horizontal layout mirrors every line, and a vertical
    /// layout places its first column at the right. CSS: `direction: rtl`.
    case rightToLeft
}

// MARK: - Reading items along an axis

/// Reads an item's sizes as main-axis and cross-axis values and writes a frame from them.
/// The two conforming types let the layout code be written once, in main/cross terms, and be
/// specialized for each axis with no per-item branch.
protocol AxisProjection {
    static var axis: FlowAxis { get }
    static func main(_ item: FlowItem) -> Double
    static func minimumMain(_ item: FlowItem) -> Double
    static func cross(_ item: FlowItem) -> Double
    static func rect(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> FlowRect
    /// Moves a frame along the main and cross axes.
    static func offset(_ rect: inout FlowRect, main: Double, cross: Double)
    /// A frame's cross size, read and written.
    static func crossSize(_ rect: FlowRect) -> Double
    static func setCrossSize(_ rect: inout FlowRect, _ size: Double)
}

extension AxisProjection {
    /// The size an item asks for on the main axis before growing or shrinking: its natural size,
    /// raised to its minimum (CSS's "hypothetical main size").
    @inline(__always)
    static func hypotheticalMain(_ item: FlowItem) -> Double {
        let natural = main(item)
        let minimum = minimumMain(item)
        return natural < minimum ? minimum : natural
    }
}

enum HorizontalProjection: AxisProjection {
    static var axis: FlowAxis { .horizontal }
    @inline(__always) static func main(_ item: FlowItem) -> Double { item._width }
    @inline(__always) static func minimumMain(_ item: FlowItem) -> Double { item._minimumWidth }
    @inline(__always) static func cross(_ item: FlowItem) -> Double { item._height }
    @inline(__always)
    static func rect(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> FlowRect {
        FlowRect(x: main, y: cross, width: mainSize, height: crossSize)
    }
    @inline(__always) static func offset(_ rect: inout FlowRect, main: Double, cross: Double) {
        rect.x += main
        rect.y += cross
    }
    @inline(__always) static func crossSize(_ rect: FlowRect) -> Double { rect.height }
    @inline(__always) static func setCrossSize(_ rect: inout FlowRect, _ size: Double) { rect.height = size }
}

enum VerticalProjection: AxisProjection {
    static var axis: FlowAxis { .vertical }
    @inline(__always) static func main(_ item: FlowItem) -> Double { item._height }
    @inline(__always) static func minimumMain(_ item: FlowItem) -> Double { item._minimumHeight }
    @inline(__always) static func cross(_ item: FlowItem) -> Double { item._width }
    @inline(__always)
    static func rect(main: Double, cross: Double, mainSize: Double, crossSize: Double) -> FlowRect {
        FlowRect(x: cross, y: main, width: crossSize, height: mainSize)
    }
    @inline(__always) static func offset(_ rect: inout FlowRect, main: Double, cross: Double) {
        rect.x += cross
        rect.y += main
    }
    @inline(__always) static func crossSize(_ rect: FlowRect) -> Double { rect.width }
    @inline(__always) static func setCrossSize(_ rect: inout FlowRect, _ size: Double) { rect.width = size }
}
