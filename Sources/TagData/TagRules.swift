// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What makes a tag name acceptable, and when two names are the same tag. Shared by every kind of
/// tag document, so the editor refuses the same things everywhere.
package enum TagRules {
    /// The longest tag accepted, in characters.
    package static let maximumLength = 200

    /// The name to store for `input`: surrounding white space and invisible characters removed
    /// (a zero-width space before "café" would make a second tag that looks the same),
    /// NFC-normalized (so "café" typed as one code point or as "e" plus a combining accent is
    /// stored the same way).
    ///
    /// - Parameters:
    ///   - existing: the tags already there; a name with the same ``key(_:)`` as one of them is a
    ///     duplicate ("Photo" when "photo" exists).
    ///   - renaming: the tag being renamed, which does not count as a duplicate of itself.
    ///   - allowsComma: `false` for file tags, whose attribute separates tags with commas.
    ///   - allowsInvisible: `true` when reading what is already stored: a tag written before this
    ///     rule existed must not make a whole collection unreadable.
    /// - Throws: ``TagError``.
    /// - Complexity: O(*n*·*m*) for *n* existing tags of length *m*.
    package static func validated(_ input: String, existing: [String], renaming: String? = nil,
                                 allowsComma: Bool = true, allowsInvisible: Bool = false) throws(TagError) -> String {
        let name = try validatedName(input, allowsComma: allowsComma, allowsInvisible: allowsInvisible)
        let same = SameTag(as: name)
        let renamed = renaming.map(SameTag.init(as:))
        if let clash = existing.firstIndexCounted(where: { same.matches($0) && !(renamed?.matches($0) ?? false) }) {
            throw .duplicate(existing[clash])
        }
        return name
    }

    /// ``validated(_:existing:renaming:allowsComma:allowsInvisible:)`` without the duplicate
    /// check, for reading a long list that keeps its own set of keys.
    static func validatedName(_ input: String, allowsComma: Bool, allowsInvisible: Bool) throws(TagError) -> String {
        if let plain = plainASCIIName(input, allowsComma: allowsComma) { return plain }
        let trimmed = input.trimmingWhitespace
        if trimmed.isEmpty { throw .empty }
        let name = (allowsInvisible ? trimmed : trimmingInvisible(trimmed)).precomposedStringWithCanonicalMapping
        if name.isEmpty {
            var seen = Set<Unicode.Scalar>()
            let distinct = trimmed.unicodeScalars.filter { seen.insert($0).inserted }
            throw .invisible(distinct.map(describe).joined(separator: ", "))
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        if !allowsComma && name.contains(",") { throw .comma(name) }
        if name.count > maximumLength { throw .tooLong(maximumLength) }
        return name
    }

    /// The name for `input` when it is printable ASCII with a letter or sign in it and within the
    /// rules: the same name the general path gives (ASCII has no invisible characters but the
    /// space, and is its own NFC form), without its Unicode property look-ups, which made reading
    /// a million-line list take seconds. `nil`: the general path decides (and says what is wrong).
    ///
    /// - Complexity: O(*m*) in the input's length.
    static func plainASCIIName(_ input: String, allowsComma: Bool) -> String? {
        let bytes = input.utf8
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && (allowsComma || $0 != UInt8(ascii: ",")) }),
              let first = bytes.firstIndex(where: { $0 != 0x20 }),
              let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return nil }
        let trimmed = bytes[first...last]
        guard trimmed.count <= maximumLength else { return nil }
        return trimmed.count == bytes.count ? input : String(Substring(trimmed))
    }

    /// What two names must share to be the same tag: the name lower-cased. Swift compares and
    /// hashes strings by canonical equivalence, so two keys are equal exactly when the names are
    /// equal after NFC normalization and lower-casing, without normalizing them here (which,
    /// done for every name of a long list, made reading one quadratic in Foundation's time).
    ///
    /// - Complexity: O(*m*) in the name's length; a name of ASCII without capitals is its own
    ///   key (no copy).
    package static func key(_ name: String) -> String {
        let isOwnKey = name.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        }
        return isOwnKey == true ? name : name.lowercased()
    }

    /// White space, separators, format and control characters, and code points that render as
    /// nothing (zero-width space U+200B, word joiner U+2060, U+FEFF, variation selectors, Hangul
    /// fillers): a tag made only of these would be an empty-looking chip.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return true
        default: return properties.isDefaultIgnorableCodePoint || properties.isWhitespace
        }
    }

    /// `text` without the invisible characters at its ends, except a variation selector that
    /// ends it (U+FE0F after "❤" asks for the emoji form).
    static func trimmingInvisible(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isInvisible($0) }),
              let last = scalars.lastIndex(where: { !isInvisible($0) || $0.properties.isVariationSelector }) else { return "" }
        return first <= last ? String(scalars[first...last]) : ""
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        return "U+\(padded)" + (scalar.properties.name.map { " \($0)" } ?? "")
    }
}

/// Why a tag name was refused, or a change could not be made.
package enum TagError: Error, Equatable, CustomStringConvertible {
    case empty
    /// Only invisible characters; the associated text lists them ("U+200B ZERO WIDTH SPACE").
    case invisible(String)
    case duplicate(String)
    case comma(String)
    case controlCharacter
    case tooLong(Int)
    case notFound(String)

    package var description: String {
        switch self {
        case .empty: return tr("A tag cannot be empty.")
        case .invisible(let characters):
            return tr("A tag cannot be made only of invisible characters (\(characters)).")
        case .duplicate(let existing): return tr("The tag “\(existing)” is already there.")
        case .comma(let name): return tr("File tags cannot contain a comma (“\(name)”): the attribute separates tags with commas.")
        case .controlCharacter: return tr("A tag cannot contain line breaks or control characters.")
        case .tooLong(let limit): return trn("A tag can have at most \(limit) character.", "A tag can have at most \(limit) characters.", limit)
        case .notFound(let name): return tr("There is no tag “\(name)”.")
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}

/// A tag as the editor shows it.
package struct TagEntry: Sendable, Hashable {
    package var name: String
    /// How many of the document's files have it (1 of 1 outside file mode).
    package var count: Int
    /// How many files the document covers.
    package var total: Int

    /// How many of the files without it can be written (adding it to all changes those).
    package var addable: Int

    package init(name: String, count: Int = 1, total: Int = 1, addable: Int? = nil) {
        self.name = name
        self.count = count
        self.total = total
        self.addable = addable ?? total - count
    }

    /// Whether only some of the files have it.
    package var isPartial: Bool { count < total }
}
