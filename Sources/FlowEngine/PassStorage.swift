// Where a layout pass writes: the frames (or nowhere, when it only measures) and the lines.

/// Receives the frames of a pass.
protocol FrameSink {
    /// `false` lets a measuring pass skip computing positions altogether.
    static var writesFrames: Bool { get }
    mutating func write(_ index: Int, _ frame: FlowRect)
    /// The frames written so far, for adjusting a line already placed.
    var written: UnsafeMutablePointer<FlowRect>? { get }
}

/// A measuring pass: no frames.
struct DiscardFrames: FrameSink {
    static var writesFrames: Bool { false }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) {}
    var written: UnsafeMutablePointer<FlowRect>? { nil }
}

/// A layout pass: frames written in place.
struct FrameBuffer: FrameSink {
    let base: UnsafeMutablePointer<FlowRect>
    static var writesFrames: Bool { true }
    @inline(__always) mutating func write(_ index: Int, _ frame: FlowRect) { base[index] = frame }
    var written: UnsafeMutablePointer<FlowRect>? { base }
}

/// The lines found by a pass, appended one by one: an Array's append checks uniqueness through a
/// call for every line, a cost a large layout pays once per dozen items. Not copyable, so its
/// memory has one owner and is released when the list ends.
struct LineList: ~Copyable {
    private var base: UnsafeMutablePointer<Range<Int>>
    private(set) var count = 0
    private var capacity = 8

    init() { base = .allocate(capacity: capacity) }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ line: Range<Int>) {
        if count == capacity { reserve(2 * capacity) }
        (base + count).initialize(to: line)
        count &+= 1
    }

    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let larger = UnsafeMutablePointer<Range<Int>>.allocate(capacity: minimum)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = minimum
    }

    /// The lines, as an array (the list ends here).
    consuming func array() -> [Range<Int>] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

/// What placing the lines produced besides the frames.
struct PlacedLines: ~Copyable {
    var lines = LineList()
    /// The cross position after the last line (the first line starts at the cross-start inset).
    var crossCursor = 0.0
    /// The longest line's extent, spacing included.
    var longestLine = 0.0
    /// The thickest line's cross size.
    var thickestLine = 0.0
}
