// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A list of tag names, kept in chunks that the versions of the list share. The editor keeps
/// several versions of its list at once (what it shows, what the user saw when making each change
/// still being written, what the file held when last read), and an edit makes a new one: with an
/// Array each edit copied (and retained) every name, a million at a time. Here a copy shares the
/// chunks, and an edit copies the table of chunks (a thousand references at a million names) and
/// the one chunk it changes.
///
/// It is a random-access, mutable, range-replaceable collection of `String` indexed from 0, so
/// the code that edits a list reads as it does with an Array. Reading a name by its index
/// searches the chunks (O(log c)); iterating, ``firstIndex(where:)``, ``lastIndex(where:)``,
/// ``map(_:)`` and ``array`` walk them in order.
package struct TagNames: Sendable {
    /// The names, in order, in chunks of 1 to `2 × chunkLength` names.
    private var chunks: [[String]]
    /// `ends[c]`: the index after chunk c's last name.
    private var ends: [Int]
    /// The length chunks are cut to (a chunk that grows past twice this is split in two).
    let chunkLength: Int

    /// An empty list.
    ///
    /// - Parameter chunkLength: the names a chunk is cut to (tests use small ones).
    package init(chunkLength: Int) {
        precondition(chunkLength >= 1, "TagNames: chunks of \(chunkLength) names")
        self.chunkLength = chunkLength
        chunks = []
        ends = []
    }

    /// The names of `names`, in order.
    ///
    /// - Complexity: O(*n*).
    package init<S: Sequence>(_ names: S, chunkLength: Int = 1024) where S.Element == String {
        self.init(chunkLength: chunkLength)
        var chunk: [String] = []
        chunk.reserveCapacity(chunkLength)
        for name in names {
            chunk.append(name)
            if chunk.count == chunkLength {
                appendChunk(chunk)
                chunk = []
                chunk.reserveCapacity(chunkLength)
            }
        }
        if !chunk.isEmpty { appendChunk(chunk) }
    }

    /// The names as one Array.
    ///
    /// - Complexity: O(*n*).
    package var array: [String] {
        ReadCount.add(count)
        var result: [String] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk) }
        return result
    }

    /// Calls `body` with each chunk of names in order: a pass over every name (an encoder)
    /// reads them as plain arrays.
    ///
    /// - Complexity: O(*c*) calls for *c* chunks.
    package func forEachChunk<E: Error>(_ body: ([String]) throws(E) -> Void) throws(E) {
        for chunk in chunks { try body(chunk) }
    }

    /// Whether `self` and `other` are one version of the list (they share their storage), not
    /// only the same names.
    ///
    /// - Complexity: O(1).
    package func isSameStorage(as other: TagNames) -> Bool {
        count == other.count && chunks.withUnsafeBufferPointer { a in
            other.chunks.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress }
        }
    }

    /// How many names `self` and `other` have in common at their start (`prefix`) and, after
    /// those, at their end (`suffix`): what a list shown from one and then the other keeps.
    /// Chunks the two versions share are passed over whole, so two versions of a long list that
    /// an edit or two apart compare a few chunks' names, not every name.
    ///
    /// - Complexity: O(*c* + *m*): *c* chunks, *m* names in the chunks that differ.
    package func commonEnds(with other: TagNames) -> (prefix: Int, suffix: Int) {
        let common = Swift.min(count, other.count)
        var prefix = 0
        var a = Position(chunk: 0, offset: 0), b = Position(chunk: 0, offset: 0)
        while prefix < common {
            if a.offset == 0, b.offset == 0, sharesChunk(a.chunk, with: other, b.chunk) {
                let length = chunks[a.chunk].count
                if prefix + length > common { break }
                prefix += length
                a.chunk += 1
                b.chunk += 1
                continue
            }
            guard chunks[a.chunk][a.offset] == other.chunks[b.chunk][b.offset] else { break }
            prefix += 1
            step(&a)
            other.step(&b)
        }
        // A shared chunk cut short by the end of the shorter list: name by name from there.
        if prefix < common {
            a = position(of: prefix)
            b = other.position(of: prefix)
            while prefix < common, chunks[a.chunk][a.offset] == other.chunks[b.chunk][b.offset] {
                prefix += 1
                step(&a)
                other.step(&b)
            }
        }
        var suffix = 0
        let limit = common - prefix
        guard limit > 0 else { return (prefix, 0) }
        a = position(of: count - 1)
        b = other.position(of: other.count - 1)
        while suffix < limit {
            // Both at a shared chunk's last name: the whole chunk, when it fits.
            if a.offset == chunks[a.chunk].count - 1, b.offset == other.chunks[b.chunk].count - 1,
               sharesChunk(a.chunk, with: other, b.chunk), suffix + chunks[a.chunk].count <= limit {
                suffix += chunks[a.chunk].count
                guard suffix < limit else { break }
                a.chunk -= 1
                a.offset = chunks[a.chunk].count - 1
                b.chunk -= 1
                b.offset = other.chunks[b.chunk].count - 1
                continue
            }
            guard chunks[a.chunk][a.offset] == other.chunks[b.chunk][b.offset] else { break }
            suffix += 1
            guard suffix < limit else { break }
            stepBack(&a)
            other.stepBack(&b)
        }
        return (prefix, suffix)
    }

    /// The first index whose name satisfies `predicate`, walking the chunks in order.
    ///
    /// - Complexity: O(*n*).
    package func firstIndex(where predicate: (String) throws -> Bool) rethrows -> Int? {
        var start = 0
        for chunk in chunks {
            if let offset = try chunk.firstIndex(where: predicate) {
                ReadCount.add(start + offset + 1)
                return start + offset
            }
            start += chunk.count
        }
        ReadCount.add(start)
        return nil
    }

    /// The first index of `name`.
    ///
    /// - Complexity: O(*n*).
    package func firstIndex(of name: String) -> Int? { firstIndex { $0 == name } }

    /// The last index whose name satisfies `predicate`, walking the chunks from the end.
    ///
    /// - Complexity: O(*n*).
    package func lastIndex(where predicate: (String) throws -> Bool) rethrows -> Int? {
        for c in chunks.indices.reversed() {
            if let offset = try chunks[c].lastIndex(where: predicate) {
                ReadCount.add(count - start(of: c) - offset)
                return start(of: c) + offset
            }
        }
        ReadCount.add(count)
        return nil
    }

    /// The names transformed, in order.
    ///
    /// - Complexity: O(*n*).
    package func map<T>(_ transform: (String) throws -> T) rethrows -> [T] {
        ReadCount.add(count)
        var result: [T] = []
        result.reserveCapacity(count)
        for chunk in chunks {
            for name in chunk { result.append(try transform(name)) }
        }
        return result
    }

    /// How many chunks `self` and `other` share (tests: an edit copies one).
    func sharedChunks(with other: TagNames) -> Int {
        var other = Set(other.chunks.map { chunk in chunk.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        other.remove(0)
        return chunks.count { chunk in chunk.withUnsafeBufferPointer { other.contains(UInt(bitPattern: $0.baseAddress)) } }
    }

    /// Whether the chunks hold 1 to twice `chunkLength` names each and the ends count them.
    var isWellFormed: Bool {
        var end = 0
        for (c, chunk) in chunks.enumerated() {
            end += chunk.count
            guard !chunk.isEmpty, chunk.count <= 2 * chunkLength, ends[c] == end else { return false }
        }
        return ends.count == chunks.count
    }

    // MARK: Chunks

    /// A name's place: its chunk and its offset in it.
    private struct Position {
        var chunk: Int
        var offset: Int
    }

    /// Where name `index` is (`0 ≤ index < count`).
    private func position(of index: Int) -> Position {
        // The first chunk that ends after `index`.
        var low = 0, high = ends.count - 1
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] > index { high = mid } else { low = mid + 1 }
        }
        return Position(chunk: low, offset: index - start(of: low))
    }

    private func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }

    private func stepBack(_ position: inout Position) {
        position.offset -= 1
        if position.offset < 0 {
            position.chunk -= 1
            position.offset = chunks[position.chunk].count - 1
        }
    }

    private func step(_ position: inout Position) {
        position.offset += 1
        if position.offset == chunks[position.chunk].count {
            position.chunk += 1
            position.offset = 0
        }
    }

    /// Whether chunk `c` and `other`'s chunk `d` are one array (then they hold the same names).
    private func sharesChunk(_ c: Int, with other: TagNames, _ d: Int) -> Bool {
        c < chunks.count && d < other.chunks.count && chunks[c].count == other.chunks[d].count
            && chunks[c].withUnsafeBufferPointer { a in other.chunks[d].withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
    }

    private mutating func appendChunk(_ chunk: [String]) {
        chunks.append(chunk)
        ends.append((ends.last ?? 0) + chunk.count)
    }

    /// Adds `delta` to the ends of the chunks from `c` on.
    private mutating func shiftEnds(from c: Int, by delta: Int) {
        guard delta != 0 else { return }
        ends.withUnsafeMutableBufferPointer { ends in
            for i in c..<ends.count { ends[i] += delta }
        }
    }

    /// Chunk `c` cut into pieces of `chunkLength` when it grew past twice that, or taken out when
    /// empty, or joined to a neighbour when it is a small part of what the two would hold.
    private mutating func settleChunk(_ c: Int) {
        let length = chunks[c].count
        if length == 0 {
            chunks.remove(at: c)
            ends.remove(at: c)
        } else if length > 2 * chunkLength {
            let names = chunks[c], first = start(of: c)
            let pieces = stride(from: 0, to: names.count, by: chunkLength).map {
                Array(names[$0..<Swift.min($0 + chunkLength, names.count)])
            }
            chunks.replaceSubrange(c...c, with: pieces)
            var end = first
            ends.replaceSubrange(c...c, with: pieces.map { end += $0.count; return end })
        } else if length < chunkLength / 4, c + 1 < chunks.count, length + chunks[c + 1].count <= 2 * chunkLength {
            chunks[c].append(contentsOf: chunks[c + 1])
            ends[c] = ends[c + 1]
            chunks.remove(at: c + 1)
            ends.remove(at: c + 1)
        }
    }
}

extension TagNames: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    package typealias Index = Int
    package typealias Indices = Range<Int>

    package init() { self.init(chunkLength: 1024) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.last ?? 0 }
    package var count: Int { ends.last ?? 0 }
    package var isEmpty: Bool { chunks.isEmpty }

    /// Name `index`.
    ///
    /// - Complexity: O(log c), *c* being the number of chunks; setting copies that chunk when
    ///   another version shares it.
    package subscript(index: Int) -> String {
        get {
            precondition(index >= 0 && index < count, "TagNames: index \(index) of \(count) names")
            ReadCount.add(1)
            let at = position(of: index)
            return chunks[at.chunk][at.offset]
        }
        set {
            precondition(index >= 0 && index < count, "TagNames: index \(index) of \(count) names")
            let at = position(of: index)
            chunks[at.chunk][at.offset] = newValue
        }
    }

    package subscript(bounds: Range<Int>) -> Slice<TagNames> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: Array(newValue)) }
    }

    /// Replaces the names in `range` by `names`.
    ///
    /// - Complexity: O(*m* + *c*): the names of the chunks the range lies in and the new names,
    ///   and the chunks' ends after them.
    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with names: C) where C.Element == String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "TagNames: range \(range) of \(count) names")
        let added = names.count
        guard !range.isEmpty || added > 0 else { return }
        if chunks.isEmpty {
            self = TagNames(names, chunkLength: chunkLength)
            return
        }
        // The chunk the range starts in (an insertion at the end: the last chunk), and the one it
        // ends in; both are cut again with the new names between what they keep.
        let first = range.lowerBound < count ? position(of: range.lowerBound) : Position(chunk: chunks.count - 1, offset: chunks[chunks.count - 1].count)
        let last = range.isEmpty ? first
            : { var p = position(of: range.upperBound - 1); p.offset += 1; return p }()
        if first.chunk == last.chunk {
            chunks[first.chunk].replaceSubrange(first.offset..<last.offset, with: names)
            shiftEnds(from: first.chunk, by: added - range.count)
            settleChunk(first.chunk)
            return
        }
        var merged = Array(chunks[first.chunk][..<first.offset])
        merged.append(contentsOf: names)
        merged.append(contentsOf: chunks[last.chunk][last.offset...])
        let before = start(of: first.chunk)
        chunks.replaceSubrange(first.chunk...last.chunk, with: [merged])
        ends.replaceSubrange(first.chunk...last.chunk, with: [before + merged.count])
        shiftEnds(from: first.chunk + 1, by: added - range.count)
        settleChunk(first.chunk)
    }

    package mutating func append(_ name: String) {
        replaceSubrange(count..<count, with: CollectionOfOne(name))
    }

    package mutating func insert(_ name: String, at index: Int) {
        replaceSubrange(index..<index, with: CollectionOfOne(name))
    }

    @discardableResult
    package mutating func remove(at index: Int) -> String {
        let name = self[index]
        replaceSubrange(index..<(index + 1), with: EmptyCollection())
        return name
    }

    package mutating func removeAll(keepingCapacity: Bool = false) {
        chunks.removeAll()
        ends.removeAll()
    }

    package func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// Walks the chunks in order.
    package struct Iterator: IteratorProtocol {
        fileprivate let chunks: [[String]]
        private var chunk = 0
        private var offset = 0

        fileprivate init(chunks: [[String]]) { self.chunks = chunks }

        package mutating func next() -> String? {
            while chunk < chunks.count {
                if offset == 0 { ReadCount.add(chunks[chunk].count) }
                if offset < chunks[chunk].count {
                    defer { offset += 1 }
                    return chunks[chunk][offset]
                }
                chunk += 1
                offset = 0
            }
            return nil
        }
    }
}

extension TagNames: Hashable {
    /// The same names in the same order (whatever their chunks); two versions that share chunks
    /// pass over them whole.
    ///
    /// - Complexity: O(*c* + *m*), as ``commonEnds(with:)``.
    package static func == (a: TagNames, b: TagNames) -> Bool {
        guard a.count == b.count else { return false }
        if a.isSameStorage(as: b) { return true }
        return a.commonEnds(with: b).prefix == a.count
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        ReadCount.add(count)
        for chunk in chunks {
            for name in chunk { hasher.combine(name) }
        }
    }
}

extension TagNames {
    /// Whether the list holds `names`, in order.
    package static func == (list: TagNames, names: [String]) -> Bool {
        list.count == names.count && list.elementsEqual(names)
    }

    package static func == (names: [String], list: TagNames) -> Bool { list == names }
    package static func != (list: TagNames, names: [String]) -> Bool { !(list == names) }
    package static func != (names: [String], list: TagNames) -> Bool { !(list == names) }
}

extension TagNames: ExpressibleByArrayLiteral, CustomStringConvertible {
    package init(arrayLiteral names: String...) {
        self.init(names)
    }

    package var description: String { array.description }
}
