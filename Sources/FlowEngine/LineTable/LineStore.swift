// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A line table's records in chunks of a few hundred lines. A change of items rewrites the records
// of the chunks it touches and moves the later ones by adjusting each chunk's shifts (how far its
// items moved, how far its lines moved across), so that an insert into a million items does not
// rewrite every line after it. Positions moved by a shift are exact only when every sum is exact
// (see `ExactSums`); otherwise they are summed again, line by line, as the pass sums them.

/// Line records, in order, in chunks.
struct LineStore: Sendable {
    /// The records of consecutive lines, before their chunk's shifts.
    struct Chunk: Sendable {
        var records: [LineRecord]
        /// Added to every record's first item.
        var itemShift = 0
        /// Added to every record's cross position (only ever nonzero when the sums are exact).
        var crossShift = 0.0

        init(_ records: [LineRecord]) { self.records = records }

        /// Record `i`, with the shifts applied.
        @inline(__always)
        func record(_ i: Int) -> LineRecord {
            let stored = records[i]
            return LineRecord(start: stored.start &+ itemShift, cross: stored.cross + crossShift,
                              thickness: stored.thickness)
        }

        /// The records from `i` on, shifted further by a change before them.
        func records(from i: Int, itemShift extraItems: Int, crossShift extraCross: Double) -> [LineRecord] {
            records[i...].map {
                LineRecord(start: $0.start &+ itemShift &+ extraItems, cross: $0.cross + crossShift + extraCross,
                           thickness: $0.thickness)
            }
        }
    }

    /// Lines per chunk when records are chunked; a chunk that grows past twice this is split, and
    /// one that shrinks below half of it takes in the next one. (Tests use small ones.)
    let chunkLength: Int

    private(set) var chunks: [Chunk] = []
    /// `firstLines[c]`: the index of chunk c's first line; one entry more, the number of lines.
    private(set) var firstLines: [Int] = [0]

    init(_ records: [LineRecord], chunkLength: Int = 256) {
        self.chunkLength = chunkLength
        chunks = chunked(records)
        renumber(from: 0)
    }

    var count: Int { firstLines[chunks.count] }
    var isEmpty: Bool { count == 0 }
    var last: LineRecord? { chunks.last.map { $0.record($0.records.count - 1) } }

    /// Line `k`'s record.
    ///
    /// - Complexity: O(log c), c being the number of chunks.
    subscript(k: Int) -> LineRecord {
        let c = chunk(holding: k)
        return chunks[c].record(k - firstLines[c])
    }

    /// The chunk that holds line `k` (`0 ≤ k < count`).
    func chunk(holding k: Int) -> Int { firstLines.prefix(chunks.count).lastPosition(notAbove: k) }

    /// The first line for which `isPast` holds, given that it holds for every line after one for
    /// which it does; `count` when none.
    func firstLine(where isPast: (LineRecord) -> Bool) -> Int {
        // The first chunk whose last line is past, then the first line in it.
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if isPast(chunks[mid].record(chunks[mid].records.count - 1)) { high = mid } else { low = mid + 1 }
        }
        guard low < chunks.count else { return count }
        let chunk = chunks[low]
        var first = 0, end = chunk.records.count - 1
        while first < end {
            let mid = (first + end) / 2
            if isPast(chunk.record(mid)) { end = mid } else { first = mid + 1 }
        }
        return firstLines[low] + first
    }

    /// Reads the records in order from a line on, each in O(1): a walk through the lines after a
    /// change reads them one after another, where the subscript would search the chunks each time.
    struct Cursor {
        private let chunks: [Chunk]
        private var chunk: Int
        private var offset: Int
        /// The line the cursor is at (`count` past the last).
        private(set) var line: Int

        init(_ store: LineStore, at line: Int) {
            chunks = store.chunks
            self.line = line
            if line < store.count {
                chunk = store.chunk(holding: line)
                offset = line - store.firstLines[chunk]
            } else {
                chunk = store.chunks.count
                offset = 0
            }
        }

        /// The record at ``line``, or `nil` past the last line.
        var record: LineRecord? { chunk < chunks.count ? chunks[chunk].record(offset) : nil }

        /// On to the next line.
        mutating func advance() {
            guard chunk < chunks.count else { return }
            line += 1
            offset += 1
            if offset == chunks[chunk].records.count {
                chunk += 1
                offset = 0
            }
        }
    }

    /// The records of `lines`, in order.
    ///
    /// - Complexity: O(log c + lines.count).
    func records(in lines: Range<Int>) -> [LineRecord] {
        var result: [LineRecord] = []
        result.reserveCapacity(lines.count)
        var cursor = Cursor(self, at: lines.lowerBound)
        while cursor.line < lines.upperBound, let record = cursor.record {
            result.append(record)
            cursor.advance()
        }
        return result
    }

    /// Every record, with the shifts applied, in order.
    func forEach(_ body: (LineRecord) -> Void) {
        for chunk in chunks {
            for i in chunk.records.indices { body(chunk.record(i)) }
        }
    }

    /// Whether any record (with the shifts applied) satisfies `predicate`; stops at the first.
    func contains(where predicate: (LineRecord) -> Bool) -> Bool {
        for chunk in chunks {
            for i in chunk.records.indices where predicate(chunk.record(i)) { return true }
        }
        return false
    }

    /// The bytes the records take, chunk bookkeeping included.
    var allocatedByteCount: Int {
        let records = chunks.reduce(0) { $0 + $1.records.capacity } * MemoryLayout<LineRecord>.stride
        return records + chunks.capacity * MemoryLayout<Chunk>.stride + firstLines.capacity * MemoryLayout<Int>.stride
    }

    // MARK: - Changes

    /// Replaces the lines `lines` by `new` (records as the pass made them, no shift), and shifts
    /// every line after them: their first items by `itemShift`, their cross positions by
    /// `crossShift` (exact sums only; see `ExactSums`).
    ///
    /// - Complexity: O(b + c): the records of the chunks touched (b lines, a few hundred unless
    ///   the lines replaced span more) and the chunks' shifts.
    mutating func replace(_ lines: Range<Int>, with new: [LineRecord], itemShift: Int, crossShift: Double) {
        guard !chunks.isEmpty else {
            self = LineStore(new, chunkLength: chunkLength)
            return
        }
        // The chunks that hold the lines replaced (or, for an insertion, the line after them, or
        // the last chunk at the end), taken out as plain records and chunked again.
        let firstChunk = chunk(holding: min(lines.lowerBound, count - 1))
        var lastChunk = lines.isEmpty ? firstChunk : chunk(holding: lines.upperBound - 1)
        let head = chunks[firstChunk]
        var merged = head.records(from: 0, itemShift: 0, crossShift: 0)
        merged.removeSubrange((lines.lowerBound - firstLines[firstChunk])...)
        merged += new
        let tailStart = lines.upperBound - firstLines[lastChunk]
        if tailStart < chunks[lastChunk].records.count {
            merged += chunks[lastChunk].records(from: tailStart, itemShift: itemShift, crossShift: crossShift)
        }
        // Too few lines left for a chunk of their own: take in the next chunk.
        while merged.count < chunkLength / 2 && lastChunk + 1 < chunks.count {
            lastChunk += 1
            merged += chunks[lastChunk].records(from: 0, itemShift: itemShift, crossShift: crossShift)
        }
        for c in (lastChunk + 1)..<chunks.count {
            chunks[c].itemShift &+= itemShift
            chunks[c].crossShift += crossShift
        }
        chunks.replaceSubrange(firstChunk...lastChunk, with: chunked(merged))
        renumber(from: firstChunk)
    }

    /// Sets line `k`'s cross position to `cross` and sums every later line's again from it, as
    /// the pass does (`LayoutPass.cross(after:thickness:spacing:)`), the shifts folded in.
    ///
    /// - Complexity: O(count − k).
    mutating func restack(from k: Int, at cross: Double, spacing: Double, uniformThickness: Double?) {
        guard k < count else { return }
        var c = chunk(holding: k)
        var i = k - firstLines[c]
        var next = cross
        while c < chunks.count {
            var chunk = chunks[c]
            chunks[c].records = []   // the records are written in place, not copied
            chunk.records.withUnsafeMutableBufferPointer { records in
                for j in records.indices {
                    records[j].start &+= chunk.itemShift
                    if j < i {
                        records[j].cross += chunk.crossShift   // before line k: as it was
                    } else {
                        records[j].cross = next
                        next = LayoutPass.cross(after: next, thickness: uniformThickness ?? records[j].thickness,
                                                spacing: spacing)
                    }
                }
            }
            chunk.itemShift = 0
            chunk.crossShift = 0
            chunks[c] = chunk
            c += 1
            i = 0
        }
    }

    /// Records cut into chunks of `chunkLength` (one chunk when they fit in two).
    private func chunked(_ records: [LineRecord]) -> [Chunk] {
        guard records.count > 2 * chunkLength else { return records.isEmpty ? [] : [Chunk(records)] }
        return stride(from: 0, to: records.count, by: chunkLength).map {
            Chunk(Array(records[$0..<min($0 + chunkLength, records.count)]))
        }
    }

    private mutating func renumber(from firstChunk: Int) {
        firstLines.removeSubrange((firstChunk + 1)...)
        for c in firstChunk..<chunks.count { firstLines.append(firstLines[c] + chunks[c].records.count) }
    }
}

/// When sums of cross positions are exact, so that a position may be moved by a difference
/// instead of summed again: every thickness, the line spacing and the cross-start inset are
/// multiples of 2⁻¹⁰ (whole pixels, quarter pixels, Pango's 1/1024 of a point), and the whole cross
/// length stays below 2⁴³. Every partial sum is then a multiple of 2⁻¹⁰ below 2⁴³, which a
/// `Double` holds exactly, so every addition is exact and the result does not depend on the order
/// of the additions: a line's position moved by (new − old position of an earlier line) is the
/// position the pass sums, to the bit.
enum ExactSums {
    static let bound = 8_796_093_022_208.0   // 2⁴³

    /// Whether `value` is a multiple of 2⁻¹⁰ (scaling by a power of two is exact).
    @inline(__always)
    static func isQuantized(_ value: Double) -> Bool {
        let scaled = value * 1024
        return scaled == scaled.rounded(.towardZero)
    }
}
