// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// Where every item goes.
public struct FlowResult: Sendable, Hashable {
    /// One frame per item, in item order. Origin at the container's top-left corner, x to the
    /// right and y downward whatever the direction. Hidden items (see ``hiddenCount``) have
    /// ``FlowRect/zero``.
    public var frames: [FlowRect]

    /// The container's size: the available length on the main axis (or the longest line plus
    /// insets when the available length was unbounded), and on the cross axis the lines, the
    /// line spacing and the insets.
    public var size: FlowSize

    /// The items of each line, in order. Lines hold visible items only; the overflow indicator
    /// is not an item and is not counted in any range.
    public var lines: [Range<Int>]

    /// How many items ``FlowLayout/maxLines`` left out. They are always the last ones.
    public var hiddenCount: Int

    /// The frame of the "+N more" indicator (``FlowLayout/overflowIndicator``), when items are
    /// hidden and an indicator was given; it sits at the end of the last line.
    public var indicatorFrame: FlowRect?

    /// A result (the engine makes these; tests and tools may too).
    ///
    /// - Complexity: O(1).
    public init(frames: [FlowRect], size: FlowSize, lines: [Range<Int>], hiddenCount: Int,
                indicatorFrame: FlowRect?) {
        self.frames = frames
        self.size = size
        self.lines = lines
        self.hiddenCount = hiddenCount
        self.indicatorFrame = indicatorFrame
    }

    /// The number of items shown.
    public var visibleCount: Int { frames.count - hiddenCount }

    /// The line that holds item `index`, or `nil` when the item is hidden.
    ///
    /// - Complexity: O(log l), l being the number of lines.
    public func line(containing index: Int) -> Int? {
        guard index >= 0, index < visibleCount else { return nil }
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].lowerBound <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// A container's size for one available length, without frames.
public struct FlowMeasurement: Sendable, Hashable {
    /// The container's size (see ``FlowResult/size``).
    public var size: FlowSize
    /// The number of lines shown.
    public var lineCount: Int
    /// How many items ``FlowLayout/maxLines`` left out.
    public var hiddenCount: Int

    /// A measurement.
    ///
    /// - Complexity: O(1).
    public init(size: FlowSize, lineCount: Int, hiddenCount: Int) {
        self.size = size
        self.lineCount = lineCount
        self.hiddenCount = hiddenCount
    }
}
