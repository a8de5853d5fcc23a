// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A file's `user.xdg.tags` attribute as written, part by part (split at commas, nothing trimmed
/// or dropped), and the tags the editor shows from it.
///
/// An edit changes only the parts of the tags it is about: every other part stays byte for byte
/// as the program that wrote it left it, a second spelling of a tag ("Two" beside "two", which
/// the editor shows as one tag), older KDE's ", " spacing, a decomposed accent, even an empty part.
/// Removing or renaming a tag changes every spelling of it, since the user saw them as one.
struct FileTagsAttribute: Equatable {
    /// The attribute's text split at commas.
    var parts: [String]

    init(parts: [String]) {
        self.parts = parts
    }

    init(text: String) {
        parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// The text to write (nil: no tag left, remove the attribute).
    var text: String? {
        tags.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// The tags shown: each part trimmed (older KDE wrote ", "), empty ones skipped,
    /// NFC-normalized, and each tag once (by ``TagRules/key(_:)``, first spelling kept).
    var tags: [String] { analysed.tags }

    /// The attribute after the shown tags went from `tags` to `new` (one change's result: tags
    /// removed, added, or renamed in place; the others in the same order). A renamed part keeps
    /// the white space around it (`x, old, y` renamed is `x, new, y`): every separator of the
    /// attribute stays byte for byte.
    ///
    /// - Complexity: O(*p* + *n*) key computations and dictionary look-ups for *p* parts and *n* tags.
    func changed(to new: [String]) -> FileTagsAttribute {
        let read = analysed
        let old = read.tags
        let oldKeys = old.map(TagRules.key), newKeys = new.map(TagRules.key)
        // A rename keeps the tags' count and changes one in place: it takes its first part's place.
        var renamed: [String: String] = [:]
        if old.count == new.count {
            for index in old.indices where oldKeys[index] != newKeys[index] { renamed[oldKeys[index]] = new[index] }
        }
        let kept = Set(newKeys)
        var result: [String] = []
        // The key of each part of `result` (nil: an empty part), and the first part of each key.
        var firstPart: [String: Int] = [:]
        var replaced = Set<String>()
        for (index, part) in parts.enumerated() {
            guard let key = read.keys[index] else { result.append(part); continue }
            if let successor = renamed[key] {
                // Every spelling goes; the first takes the new name, in the old one's white space.
                if replaced.insert(key).inserted {
                    let successorKey = TagRules.key(successor)
                    if firstPart[successorKey] == nil { firstPart[successorKey] = result.count }
                    result.append(Self.respelled(part, as: successor))
                }
            } else if kept.contains(key) {
                if firstPart[key] == nil { firstPart[key] = result.count }
                result.append(part)
            }
            // A tag removed: every spelling of it goes.
        }
        let present = Set(oldKeys).subtracting(renamed.keys).union(renamed.values.map(TagRules.key))
        // New tags, by the part of `result` they follow (-1: the front; `Int.max`: the end).
        var insertions: [Int: [String]] = [:]
        var anchorOfInserted: [String: Int] = [:]
        for (index, tag) in new.enumerated() {
            let key = newKeys[index]
            if present.contains(key) {
                // A tag renamed to another spelling of itself: its first part takes the new one.
                if let first = firstPart[key], Self.tag(result[first]) != tag {
                    result[first] = Self.respelled(result[first], as: tag)
                }
                continue
            }
            // A new tag goes right after the first part of the tag before it; a new last tag
            // after every part (not between the spellings of an earlier tag).
            let anchor: Int
            if index == new.count - 1 && index > 0 {
                anchor = .max
            } else if index > 0 {
                let previous = newKeys[index - 1]
                anchor = anchorOfInserted[previous] ?? firstPart[previous] ?? .max
            } else {
                anchor = -1
            }
            insertions[anchor, default: []].append(tag)
            anchorOfInserted[key] = anchor
        }
        guard !insertions.isEmpty else { return FileTagsAttribute(parts: result) }
        var merged: [String] = insertions[-1] ?? []
        merged.reserveCapacity(result.count + new.count)
        for (index, part) in result.enumerated() {
            merged.append(part)
            if let after = insertions[index] { merged += after }
        }
        merged += insertions[.max] ?? []
        return FileTagsAttribute(parts: merged)
    }

    /// Each part's tag and key, read once (the key `nil` for a part empty once trimmed), and the
    /// tags shown (each key once, first spelling kept).
    var analysed: (tags: [String], keys: [String?]) {
        var tags: [String] = []
        var partKeys: [String?] = []
        partKeys.reserveCapacity(parts.count)
        var seen = Set<String>()
        for part in parts {
            let tag = Self.tag(part)
            guard !tag.isEmpty else { partKeys.append(nil); continue }
            let key = TagRules.key(tag)
            partKeys.append(key)
            if seen.insert(key).inserted { tags.append(tag) }
        }
        return (tags, partKeys)
    }

    /// `part` spelling `name` instead, with the white space it had around its tag kept.
    static func respelled(_ part: String, as name: String) -> String {
        let scalars = part.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return name }
        return String(scalars[..<first]) + name + String(scalars[scalars.index(after: last)...])
    }

    /// The parts that spell `name` (every spelling of the tag), with their places.
    func parts(of name: String) -> [TagChange.Part] {
        let same = TagRules.SameTag(as: name)
        return parts.indices.compactMap { index in
            let tag = Self.tag(parts[index])
            return !tag.isEmpty && same.matches(tag) ? TagChange.Part(text: parts[index], index: index) : nil
        }
    }

    /// The attribute without any spelling of `name` (empty parts stay).
    ///
    /// - Complexity: O(*p*) for *p* parts.
    func without(_ name: String) -> FileTagsAttribute {
        let same = TagRules.SameTag(as: name)
        return FileTagsAttribute(parts: parts.filter { part in
            let tag = Self.tag(part)
            return tag.isEmpty || !same.matches(tag)
        })
    }

    /// The attribute with `removed` parts put back, each at its place (or at the end, when the
    /// attribute has fewer parts now): an undone removal gives back the text as it was. A part
    /// of index -1 is one the change wrote (a tag renamed onto one Finder's attribute has): it is
    /// taken out first.
    func restoring(_ removed: [TagChange.Part]) -> FileTagsAttribute {
        var result = parts
        for part in removed where part.index < 0 {
            if let index = result.firstIndex(of: part.text) { result.remove(at: index) }
        }
        for part in removed.sorted(by: { $0.index < $1.index }) where part.index >= 0 {
            result.insert(part.text, at: min(part.index, result.count))
        }
        return FileTagsAttribute(parts: result)
    }

    /// A part's tag: trimmed and NFC-normalized. A part of printable ASCII (the usual case) is
    /// its own NFC form once its spaces are trimmed: no Foundation call, which made a file of
    /// thousands of tags take milliseconds a change.
    static func tag(_ part: String) -> String {
        if let plain = TagRules.plainASCIIName(part, allowsComma: true) { return plain }
        if part.utf8.allSatisfy({ $0 == 0x20 }) { return "" }
        return part.trimmingWhitespace.precomposedStringWithCanonicalMapping
    }
}
