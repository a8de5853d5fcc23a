// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a search for tags looks for: the typed text folded as names are (``TagSearchIndex``),
/// whole and cut into words.
///
/// A name matches when it contains the whole text, or when every word of the text starts one of
/// its words (in any order): "beach 5" finds "beach 5", "beach 51" and "5 beach", "tr be" finds
/// "beach trip". Case and accents do not count: "CAFE" finds "café".
package struct TagSearchQuery: Equatable, Sendable {
    /// The folded text, spaces at its ends removed.
    package let folded: [UInt8]
    /// Its words (split at spaces), folded.
    package let words: [[UInt8]]

    package init(_ text: String) {
        let folded = TagSearchIndex.fold(text)
        let start = folded.firstIndex { $0 != 0x20 } ?? folded.endIndex
        let end = folded.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? start
        self.folded = Array(folded[start..<max(start, end)])
        words = self.folded.split(separator: 0x20).map(Array.init)
    }

    /// Whether nothing but spaces was typed: every name matches.
    package var isEmpty: Bool { folded.isEmpty }

    /// Whether every name this query matches is matched by `wider` too, so that a search for
    /// this one need look only at what `wider` found (typing one more character).
    package func narrows(_ wider: TagSearchQuery) -> Bool {
        !wider.isEmpty && folded.starts(with: wider.folded)
    }

    /// Whether `name`, folded here as the index folds its names, matches: one name asked
    /// (a selected tag: is it still shown?) without an index.
    ///
    /// - Complexity: O(*m*) in the name's length (folded, then matched).
    package func matches(_ name: String) -> Bool {
        isEmpty || TagSearchIndex.fold(name).withUnsafeBufferPointer { matches($0) }
    }

    /// Whether `name` (folded) matches.
    ///
    /// - Complexity: O(*m* · *k*) in the name's and the query's lengths (in practice O(*m*)).
    func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if Self.contains(name, folded) { return true }
        guard words.count > 1 else { return false }
        return words.allSatisfy { Self.startsAWord(name, $0) }
    }

    private static func contains(_ name: UnsafeBufferPointer<UInt8>, _ part: [UInt8]) -> Bool {
        guard part.count <= name.count, let first = part.first else { return part.isEmpty }
        var start = 0
        let last = name.count - part.count
        while start <= last {
            if name[start] == first && matchesAt(name, start, part) { return true }
            start += 1
        }
        return false
    }

    private static func startsAWord(_ name: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard word.count <= name.count else { return false }
        for start in 0...(name.count - word.count) where start == 0 || isSeparator(name[start - 1]) {
            if matchesAt(name, start, word) { return true }
        }
        return false
    }

    private static func matchesAt(_ name: UnsafeBufferPointer<UInt8>, _ start: Int, _ part: [UInt8]) -> Bool {
        for offset in part.indices where name[start + offset] != part[offset] { return false }
        return true
    }

    /// ASCII that is neither a letter nor a digit ends a word ("beach-trip/2023" has three);
    /// the bytes of other characters never do.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte < 0x80 && !(byte >= 0x30 && byte <= 0x39) && !(byte >= 0x61 && byte <= 0x7A)
    }
}

/// The names of a list of tags folded for a search, in one buffer: each keystroke of a search
/// then compares bytes, not strings, and a million names take one pass over about ten
/// megabytes. Kept beside the list and changed with it (``replace(_:with:)``), so that an edit
/// folds only the names it changed.
///
/// Folding: the tag rules' key (``TagRules/key(_:)``: lower-cased, so equal after NFC), then
/// decomposed with the accents (combining marks) left out, in UTF-8.
package struct TagSearchIndex: Sendable {
    /// The folded names one after another.
    private var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []

    /// How many names the last ``matches(_:among:)`` looked at: what a test counts to tell a
    /// keystroke that looks only at the previous matches from one that looks at every name.
    package private(set) var examined = 0

    package init() {}

    /// - Complexity: O(*n*) in the names' total length.
    package init(_ names: some Sequence<String>) {
        append(names)
    }

    package var count: Int { ends.count }

    /// `text` folded as names are.
    ///
    /// - Complexity: O(*m*); a name of ASCII only is lower-cased without Foundation.
    package static func fold(_ text: String) -> [UInt8] {
        let key = TagRules.key(text)
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return Array(key.utf8) }
        var folded: [UInt8] = []
        for scalar in key.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            folded.append(contentsOf: String(scalar).utf8)
        }
        return folded
    }

    private mutating func append(_ names: some Sequence<String>) {
        for name in names {
            bytes.append(contentsOf: Self.fold(name))
            ends.append(bytes.count)
        }
    }

    /// The names at `range` replaced by `names` (an edit of the list), the others kept.
    ///
    /// - Complexity: O(*n*) moves of bytes and offsets, O(*k*) folds for the *k* names given.
    package mutating func replace(_ range: Range<Int>, with names: some Collection<String>) {
        let byteStart = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
        let byteEnd = range.isEmpty ? byteStart : ends[range.upperBound - 1]
        var added = TagSearchIndex()
        added.append(names)
        bytes.replaceSubrange(byteStart..<byteEnd, with: added.bytes)
        let shift = added.bytes.count - (byteEnd - byteStart)
        var newEnds = added.ends.map { $0 + byteStart }
        newEnds.append(contentsOf: ends[range.upperBound...].lazy.map { $0 + shift })
        ends.replaceSubrange(range.lowerBound..., with: newEnds)
    }

    /// The name at `from` moved to `to` (counted after the move): a tag the user moved. Its
    /// folded bytes move; no name is folded again.
    ///
    /// - Complexity: O(*d*) moves of bytes and offsets, *d* the names between the two places.
    package mutating func move(from: Int, to: Int) {
        guard from != to, ends.indices.contains(from), ends.indices.contains(to) else { return }
        let start = from == 0 ? 0 : ends[from - 1], length = ends[from] - start
        if from < to {
            // The bytes from the moved name to the end of the name at `to` turn left by its length.
            let end = ends[to]
            let moved = Array(bytes[start..<start + length])
            bytes.replaceSubrange(start..<end, with: Array(bytes[start + length..<end]) + moved)
            for k in from..<to { ends[k] = ends[k + 1] - length }
        } else {
            let first = to == 0 ? 0 : ends[to - 1], end = ends[from]
            let moved = Array(bytes[start..<end])
            bytes.replaceSubrange(first..<end, with: moved + Array(bytes[first..<start]))
            for k in stride(from: from, to: to, by: -1) { ends[k] = ends[k - 1] + length }
            ends[to] = first + length
        }
    }

    /// The indices of the names `query` matches, in order, among `candidates` (indices in order)
    /// or among all.
    ///
    /// - Complexity: O(*c* · *m*) for *c* candidates (all *n* names when `nil`) of length *m*.
    package mutating func matches(_ query: TagSearchQuery, among candidates: [Int]? = nil) -> [Int] {
        examined = candidates?.count ?? count
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { all in
            func test(_ index: Int) {
                let start = index == 0 ? 0 : ends[index - 1]
                let name = UnsafeBufferPointer(rebasing: all[start..<ends[index]])
                if query.matches(name) { found.append(index) }
            }
            if let candidates {
                for index in candidates { test(index) }
            } else {
                for index in ends.indices { test(index) }
            }
        }
        return found
    }

    /// Whether the name at `index` matches `query`.
    package func matches(_ query: TagSearchQuery, at index: Int) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            let start = index == 0 ? 0 : ends[index - 1]
            return query.matches(UnsafeBufferPointer(rebasing: all[start..<ends[index]]))
        }
    }
}
