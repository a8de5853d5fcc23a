// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Where a layout pass writes: the frames (or nowhere, when it only measures) and the lines.

/// Receives the frames of a pass.
protocol FrameSink {
    /// `false` lets a measuring pass skip computing positions altogether.
    static var writesFrames: Bool { get }
    mutating func write(_ index: Int, _ frame: FlowRect)
    /// The frames written so far of the `count` items from item `index` on, for adjusting a line
    /// already placed.
    func written(from index: Int, count: Int) -> UnsafeMutablePointer<FlowRect>?
}

/// A measuring pass: no frames.
struct DiscardFrames: FrameSink {
    static var writesFrames: Bool { false }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) {}
    @inline(__always) func written(from index: Int, count: Int) -> UnsafeMutablePointer<FlowRect>? { nil }
}

/// A layout pass: frames written in place.
struct FrameBuffer: FrameSink {
    let base: UnsafeMutablePointer<FlowRect>
    static var writesFrames: Bool { true }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) { base[index] = frame }
    @inline(__always) func written(from index: Int, count: Int) -> UnsafeMutablePointer<FlowRect>? { base + index }
}

/// The frames of some lines only: item `first`'s frame is written at `base`, and nothing outside
/// the `count` frames there (items that are not a table's could make a line run past them).
struct PartialFrameBuffer: FrameSink {
    let base: UnsafeMutablePointer<FlowRect>
    let first: Int
    let count: Int
    static var writesFrames: Bool { true }

    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) {
        let offset = index &- first
        if offset >= 0 && offset < count { base[offset] = frame }
    }

    @inline(__always) func written(from index: Int, count lineCount: Int) -> UnsafeMutablePointer<FlowRect>? {
        let offset = index &- first
        return offset >= 0 && lineCount <= count &- offset ? base + offset : nil
    }
}

/// Values appended one by one: an Array's append checks uniqueness through a call for every
/// value, a cost a large layout pays once per dozen items when it appends a line. Not copyable, so
/// its memory has one owner and is released when the buffer ends.
struct GrowingBuffer<Element>: ~Copyable {
    /// `nil` until the first value when the buffer was made ``init(unallocated:)``.
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    /// A buffer that allocates nothing until a value is appended or room reserved.
    init(unallocated: Void) {
        capacity = 0
        base = nil
    }

    deinit {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { reserve(max(8, 2 * capacity)) }
        (base.unsafelyUnwrapped + count).initialize(to: value)
        count &+= 1
    }

    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: minimum)
        if let base {
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = larger
        capacity = minimum
    }

    /// The values, as an array of exactly their count (the buffer ends here).
    consuming func array() -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

/// Where a pass records each line it places, and whether it may stop before the last item: the
/// whole layout keeps the lines' ranges; a line table (`LineTable/`) keeps their cross positions
/// and thicknesses; the frames of a few lines stop after those lines.
protocol LineLog: ~Copyable {
    /// Whether ``isComplete(nextStart:)`` can ever be true: when not, the pass never asks (the
    /// test is compiled out of the whole layout's loop).
    static var stopsEarly: Bool { get }
    /// A line placed at `cross` (its cross-start edge, logical), of `itemCount` items in all.
    mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int)
    /// Asked after each line, with the item the next line would start at.
    mutating func isComplete(nextStart: Int) -> Bool
}

/// The whole layout's lines: each line's items.
///
/// Given an earlier result's lines, it appends to that array instead (see
/// `FlowLayout.layout(_:in:into:)`): its storage is reused, and nothing is allocated while its
/// capacity suffices. That matters more than the appends' calls: glibc answers a request of about
/// a kilobyte or more (a thousand chips' lines) by first consolidating the small blocks freed
/// since (its fastbins), and GTK has just freed a transform for each child it allocated.
struct LineList: ~Copyable, LineLog {
    private var ranges: GrowingBuffer<Range<Int>>
    /// The earlier result's lines, emptied, which the lines go to when ``appendsToReused``.
    private var reused: [Range<Int>]
    private let appendsToReused: Bool

    static var stopsEarly: Bool { false }

    /// A list in a buffer of its own.
    init() {
        ranges = GrowingBuffer()
        reused = []
        appendsToReused = false
    }

    /// A list appended to `reused`, an empty array whose capacity an earlier result's lines left
    /// (it is emptied by its owner first: emptied here, it would have two owners).
    init(reusing reused: consuming [Range<Int>]) {
        ranges = GrowingBuffer(unallocated: ())
        self.reused = reused
        appendsToReused = true
    }

    @inline(__always)
    mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {
        let range = Range(uncheckedBounds: (line.start, line.end))   // a line is never empty
        // Room for as many lines again as the first line suggests, so that appending rarely
        // reallocates.
        if appendsToReused {
            if reused.isEmpty { reused.reserveCapacity(itemCount / line.count + 8) }
            reused.append(range)
        } else {
            if ranges.count == 0 { ranges.reserve(itemCount / line.count + 8) }
            ranges.append(range)
        }
    }

    @inline(__always) func isComplete(nextStart: Int) -> Bool { false }

    /// The lines, as an array (the list ends here).
    consuming func array() -> [Range<Int>] {
        appendsToReused ? reused : ranges.array()
    }
}

/// No record at all: a measuring pass that only needs the totals (the thickest line).
struct NoLines: LineLog {
    static var stopsEarly: Bool { false }
    @inline(__always) mutating func record(_ line: ResolvedLine, cross: Double, itemCount: Int) {}
    @inline(__always) func isComplete(nextStart: Int) -> Bool { false }
}

/// Where the next line begins: its first item and its cross-start edge (logical).
struct LineCursor {
    var start: Int
    var cross: Double
}

/// What placing the lines produced besides the frames: the log, and the totals.
struct PlacedLines<Log: LineLog & ~Copyable>: ~Copyable {
    var log: Log
    /// Where the pass begins (the first line at the cross-start inset, for a whole layout), and
    /// after it, where the line after the last one placed would begin: after the last line, the
    /// cross position past it (no line spacing).
    var cursor: LineCursor
    /// The longest line's extent, spacing included.
    var longestLine = 0.0
    /// The thickest line's cross size.
    var thickestLine = 0.0

    init(_ log: consuming Log, from cursor: LineCursor) {
        self.log = log
        self.cursor = cursor
    }

    /// The cross position after the last line.
    var crossCursor: Double { cursor.cross }
}
