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
    var tags: [String] {
        var tags: [String] = []
        var keys = Set<String>()
        for part in parts {
            let tag = Self.tag(part)
            if !tag.isEmpty && keys.insert(TagRules.key(tag)).inserted { tags.append(tag) }
        }
        return tags
    }

    /// The attribute after the shown tags went from `tags` to `new` (one change's result: tags
    /// removed, added, or renamed in place; the others in the same order).
    ///
    /// - Complexity: O(*p* + *n*) key computations for *p* parts and *n* tags.
    func changed(to new: [String]) -> FileTagsAttribute {
        let old = tags
        let oldKeys = old.map(TagRules.key), newKeys = new.map(TagRules.key)
        // A rename keeps the tags' count and changes one in place: it takes its first part's place.
        var renamed: [String: String] = [:]
        if old.count == new.count {
            for index in old.indices where oldKeys[index] != newKeys[index] { renamed[oldKeys[index]] = new[index] }
        }
        let kept = Set(newKeys)
        var result: [String] = []
        var replaced = Set<String>()
        for part in parts {
            let tag = Self.tag(part)
            if tag.isEmpty { result.append(part); continue }
            let key = TagRules.key(tag)
            if let successor = renamed[key] {
                // Every spelling goes; the first takes the new name.
                if replaced.insert(key).inserted { result.append(successor) }
            } else if kept.contains(key) {
                result.append(part)
            }
            // A tag removed: every spelling of it goes.
        }
        let present = Set(oldKeys).subtracting(renamed.keys).union(renamed.values.map(TagRules.key))
        for (index, tag) in new.enumerated() {
            let key = newKeys[index]
            if present.contains(key) {
                // A tag renamed to another spelling of itself: its first part takes the new one.
                if let first = result.firstIndex(where: { TagRules.key(Self.tag($0)) == key }),
                   Self.tag(result[first]) != tag {
                    result[first] = tag
                }
                continue
            }
            // A new tag goes right after the first part of the tag before it; a new last tag
            // after every part (not between the spellings of an earlier tag).
            var position = 0
            if index == new.count - 1 && index > 0 {
                position = result.count
            } else if index > 0 {
                let previous = newKeys[index - 1]
                position = (result.firstIndex { TagRules.key(Self.tag($0)) == previous } ?? result.count - 1) + 1
            }
            result.insert(tag, at: position)
        }
        return FileTagsAttribute(parts: result)
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
    /// attribute has fewer parts now): an undone removal gives back the text as it was.
    func restoring(_ removed: [TagChange.Part]) -> FileTagsAttribute {
        var result = parts
        for part in removed.sorted(by: { $0.index < $1.index }) {
            result.insert(part.text, at: min(part.index, result.count))
        }
        return FileTagsAttribute(parts: result)
    }

    private static func tag(_ part: String) -> String {
        part.trimmingWhitespace.precomposedStringWithCanonicalMapping
    }
}
