// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The known tags the entry offers while the user types: prefix matches first, then matches
/// anywhere in the name, each group in the order the tags were given (so the caller puts the
/// most useful first: recently used, then the open files', then the collection's).
///
/// Matching ignores case and accents ("cafe" finds "Café", "ÉTÉ" finds "été"): both the query
/// and the names are ``folded(_:)``. The names are folded once, when the suggestions are made, and
/// kept as UTF-8 in one buffer, so that a keystroke costs one pass of byte comparisons over it.
package struct TagSuggestions: Sendable {
    /// The known tags, without repeats (by ``TagRules/key(_:)``, the first one kept).
    package let tags: [String]
    /// Every tag's folded name, one after another, and where each starts (`starts[i]` to
    /// `starts[i + 1]`).
    private let bytes: [UInt8]
    private let starts: [Int]

    /// - Complexity: O(*n*·*m*) for *n* names of length *m* (each is folded once).
    package init<Known: Sequence>(known: Known) where Known.Element == String {
        var seen = Set<String>()
        var tags: [String] = []
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        for name in known where seen.insert(TagRules.key(name)).inserted {
            tags.append(name)
            Self.appendFolded(name, to: &bytes)
            starts.append(bytes.count)
        }
        self.tags = tags
        self.bytes = bytes
        self.starts = starts
    }

    /// One suggested tag, and whether its name starts with the query.
    package struct Match: Sendable, Equatable {
        package var tag: String
        package var isPrefix: Bool
    }

    /// Up to `limit` known tags that contain `query`, prefix matches first. An empty query
    /// (or one of white space only) matches nothing.
    ///
    /// - Parameter shown: the ``TagRules/key(_:)`` of the tags already shown, left out.
    /// - Complexity: O(*b*·*q*) byte comparisons at worst, for *b* bytes of folded names and a
    ///   query of *q* bytes; O(*b*) for the usual query, whose first byte is rare in the names.
    package func suggestions(for query: String, excluding shown: Set<String> = [], limit: Int = 8) -> [String] {
        matches(for: query, excluding: shown, limit: limit).map(\.tag)
    }

    /// ``suggestions(for:excluding:limit:)`` with whether each is a prefix match, for callers
    /// that merge the suggestions of several sets.
    package func matches(for query: String, excluding shown: Set<String> = [], limit: Int = 8) -> [Match] {
        matches(for: query, excludingWhere: { shown.contains(TagRules.key($0)) }, limit: limit)
    }

    /// ``matches(for:excluding:limit:)``, leaving out the tags for which `isShown` is true: a
    /// caller whose shown tags are a million asks its own keys of the few that match, instead of
    /// making a set of them all.
    package func matches(for query: String, excludingWhere isShown: (String) -> Bool, limit: Int = 8) -> [Match] {
        var needle: [UInt8] = []
        Self.appendFolded(query.trimmingWhitespace, to: &needle)
        guard !needle.isEmpty, limit > 0 else { return [] }
        var prefixed: [Match] = []
        var inside: [Match] = []
        bytes.withUnsafeBufferPointer { buffer in
            for index in tags.indices {
                guard let position = Self.firstMatch(of: needle, in: buffer, from: starts[index],
                                                     to: starts[index + 1]) else { continue }
                let isPrefix = position == starts[index]
                if !isPrefix && inside.count >= limit { continue }
                let tag = tags[index]
                if isShown(tag) { continue }
                if isPrefix {
                    prefixed.append(Match(tag: tag, isPrefix: true))
                    if prefixed.count == limit { break }
                } else {
                    inside.append(Match(tag: tag, isPrefix: false))
                }
            }
        }
        return Array((prefixed + inside).prefix(limit))
    }

    /// Several sets' matches as one list: every prefix match before any other, each kind in the
    /// order of the sets, a name that two sets have kept once.
    package static func merged(_ lists: [[Match]], limit: Int = 8) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for wantsPrefix in [true, false] {
            for match in lists.joined() where match.isPrefix == wantsPrefix && result.count < limit {
                if seen.insert(TagRules.key(match.tag)).inserted { result.append(match.tag) }
            }
        }
        return result
    }

    /// Appends `text` folded, as UTF-8. Most tags are ASCII, whose folding is lower-casing each
    /// byte: that path skips Unicode decomposition, which costs ten times as much per name.
    private static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in utf8 { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
        } else {
            bytes.append(contentsOf: folded(text).utf8)
        }
    }

    /// `text` lower-cased with its accents and other combining marks removed (after canonical
    /// decomposition), so that names differing only in those compare equal.
    ///
    /// - Complexity: O(*m*) in the length of `text`.
    package static func folded(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Where `needle` first occurs in `buffer[start..<end]`. Folded names are valid UTF-8 and so
    /// is the needle, so a byte match is a match of whole characters' scalars.
    private static func firstMatch(of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>,
                                   from start: Int, to end: Int) -> Int? {
        let first = needle[0], count = needle.count
        guard end - start >= count else { return nil }
        var position = start
        while position <= end - count {
            if buffer[position] == first {
                var matched = 1
                while matched < count && buffer[position + matched] == needle[matched] { matched += 1 }
                if matched == count { return position }
            }
            position += 1
        }
        return nil
    }
}
