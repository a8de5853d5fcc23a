/// What makes a tag name acceptable. Shared by every kind of tag document, so the editor refuses
/// the same things everywhere.
public enum TagRules {
    /// The longest tag accepted, in characters.
    public static let maximumLength = 200

    /// The name to store for `input`: surrounding white space removed.
    ///
    /// - Parameters:
    ///   - existing: the tags already there; a name equal to one of them, ignoring case, is a
    ///     duplicate ("Photo" when "photo" exists).
    ///   - renaming: the tag being renamed, which does not count as a duplicate of itself.
    ///   - allowsComma: `false` for file tags, whose attribute separates tags with commas.
    /// - Throws: ``TagError``.
    public static func validated(_ input: String, existing: [String], renaming: String? = nil,
                                 allowsComma: Bool = true) throws(TagError) -> String {
        let name = input.trimmingWhitespace
        if name.isEmpty { throw .empty }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        if !allowsComma && name.contains(",") { throw .comma(name) }
        if name.count > maximumLength { throw .tooLong(maximumLength) }
        let folded = name.lowercased()
        if let clash = existing.first(where: { $0.lowercased() == folded && $0 != renaming }) {
            throw .duplicate(clash)
        }
        return name
    }
}

/// Why a tag name was refused.
public enum TagError: Error, Equatable, CustomStringConvertible {
    case empty
    case duplicate(String)
    case comma(String)
    case controlCharacter
    case tooLong(Int)
    case notFound(String)

    public var description: String {
        switch self {
        case .empty: return "A tag cannot be empty."
        case .duplicate(let existing): return "The tag “\(existing)” is already there."
        case .comma(let name): return "File tags cannot contain a comma (“\(name)”): the attribute separates tags with commas."
        case .controlCharacter: return "A tag cannot contain line breaks or control characters."
        case .tooLong(let limit): return "A tag can have at most \(limit) characters."
        case .notFound(let name): return "There is no tag “\(name)”."
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
public struct TagEntry: Sendable, Hashable {
    public var name: String
    /// How many of the document's files have it (1 of 1 outside file mode).
    public var count: Int
    /// How many files the document covers.
    public var total: Int

    public init(name: String, count: Int = 1, total: Int = 1) {
        self.name = name
        self.count = count
        self.total = total
    }

    /// Whether only some of the files have it.
    public var isPartial: Bool { count < total }
}
