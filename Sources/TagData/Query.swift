// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A `find` query: tags combined with `and`, `or`, `not` and parentheses. A tag matches files
/// that carry it or any of its sub-tags.
package indirect enum Query: Equatable, Sendable {
    /// A tag, by its key (``TagRules/key(_:)`` of its NFC form).
    case tag(String)
    /// A file with a tag of this colour (`color:red`): the collection's colour of the tag, or
    /// Finder's on that file where the collection gives it none.
    case color(TagColor)
    case not(Query)
    case and(Query, Query)
    case or(Query, Query)

    /// Whether a file whose tags, with every parent of each (``TagTree/keysWithParents(_:)``),
    /// are `keys` matches.
    package func matches(_ keys: Set<String>, colors: Set<TagColor> = []) -> Bool {
        switch self {
        case .tag(let key): return keys.contains(key)
        case .color(let color): return colors.contains(color)
        case .not(let query): return !query.matches(keys, colors: colors)
        case .and(let left, let right): return left.matches(keys, colors: colors) && right.matches(keys, colors: colors)
        case .or(let left, let right): return left.matches(keys, colors: colors) || right.matches(keys, colors: colors)
        }
    }

    /// Whether the query asks for a colour anywhere (a walk then needs the tags' colours).
    package var asksForColor: Bool {
        switch self {
        case .tag: false
        case .color: true
        case .not(let query): query.asksForColor
        case .and(let left, let right), .or(let left, let right): left.asksForColor || right.asksForColor
        }
    }
}

/// A query that cannot be read, and where: `column` counts characters from 1.
package struct QueryError: Error, Equatable {
    package var message: String
    package var column: Int

    /// The message, the query, and a caret under the place.
    package func report(for query: String) -> String {
        let shown = query.map { $0 == "\t" || $0 == "\n" ? " " : $0 }
        return tr("malformed query at column \(column): \(message)") + "\n  \(String(shown))\n  "
            + String(repeating: " ", count: column - 1) + "^"
    }
}

/// Reads a query. Grammar (keywords in any case; `not` binds tightest, then `and`, then `or`):
///
///     or      := and ("or" and)*
///     and     := not ("and" not)*
///     not     := "not" not | primary
///     primary := TAG | "(" or ")"
///
/// TAG is a word (no white space, quotes or parentheses) or text in single or double quotes.
package struct QueryParser {
    package enum Token: Equatable {
        case tag(String)
        case color(TagColor)
        case and, or, not, open, close
        case end
    }

    private var tokens: [(token: Token, column: Int)] = []
    private var position = 0

    package static func parse(_ text: String) throws(QueryError) -> Query {
        var parser = QueryParser()
        parser.tokens = try tokenize(text)
        if parser.tokens.count == 1 { throw QueryError(message: tr("the query is empty"), column: 1) }
        let query = try parser.parseOr()
        let (token, column) = parser.tokens[parser.position]
        switch token {
        case .end: return query
        case .close: throw QueryError(message: tr("“)” closes no “(”"), column: column)
        default: throw QueryError(message: tr("expected “and” or “or” before \(describe(token))"), column: column)
        }
    }

    private mutating func parseOr() throws(QueryError) -> Query {
        var query = try parseAnd()
        while tokens[position].token == .or {
            position += 1
            query = .or(query, try parseAnd())
        }
        return query
    }

    private mutating func parseAnd() throws(QueryError) -> Query {
        var query = try parseNot()
        while tokens[position].token == .and {
            position += 1
            query = .and(query, try parseNot())
        }
        return query
    }

    private mutating func parseNot() throws(QueryError) -> Query {
        if tokens[position].token == .not {
            position += 1
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(QueryError) -> Query {
        let (token, column) = tokens[position]
        switch token {
        case .tag(let key):
            position += 1
            return .tag(key)
        case .color(let color):
            position += 1
            return .color(color)
        case .open:
            position += 1
            let inner = try parseOr()
            let (next, nextColumn) = tokens[position]
            guard next == .close else {
                if next == .end { throw QueryError(message: tr("this “(” is never closed"), column: column) }
                throw QueryError(message: tr("expected “)”, “and” or “or” before \(Self.describe(next))"), column: nextColumn)
            }
            position += 1
            return inner
        default:
            let after = position > 0 ? Self.describe(tokens[position - 1].token) : nil
            let message = if token != .end { tr("expected a tag, “not” or “(” before \(Self.describe(token))") }
                          else if let after { tr("the query ends where a tag was expected after \(after)") }
                          else { tr("the query ends where a tag was expected") }
            throw QueryError(message: message, column: column)
        }
    }

    /// A word of the query as typed, in the quotation marks of the user's language.
    private static func quoted(_ word: String) -> String { tr("“\(word)”") }

    package static func describe(_ token: Token) -> String {
        switch token {
        case .tag(let key): return tr("the tag “\(key)”")
        case .color(let color): return quoted("color:\(color.name)")
        case .and: return quoted("and")
        case .or: return quoted("or")
        case .not: return quoted("not")
        case .open: return quoted("(")
        case .close: return quoted(")")
        case .end: return tr("the end")
        }
    }

    /// The tokens of `text`, each with its column, then `.end`.
    package static func tokenize(_ text: String) throws(QueryError) -> [(token: Token, column: Int)] {
        let characters = Array(text)
        var tokens: [(token: Token, column: Int)] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace { index += 1; continue }
            if character == "(" || character == ")" {
                tokens.append((character == "(" ? .open : .close, column))
                index += 1
                continue
            }
            let word: String
            if character == "'" || character == "\"" {
                guard let close = characters[(index + 1)...].firstIndex(of: character) else {
                    throw QueryError(message: tr("this quote is never closed"), column: column)
                }
                word = String(characters[(index + 1)..<close])
                index = close + 1
                tokens.append((.tag(try key(word, column: column)), column))
                continue
            }
            var end = index
            while end < characters.count, !characters[end].isWhitespace, !"()'\"".contains(characters[end]) { end += 1 }
            word = String(characters[index..<end])
            index = end
            switch word.lowercased() {
            case "and": tokens.append((.and, column))
            case "or": tokens.append((.or, column))
            case "not": tokens.append((.not, column))
            case let colored where colored.hasPrefix("color:") || colored.hasPrefix("colour:"):
                // An unquoted color:NAME is a colour; quoted, it is a tag of that name.
                let name = String(colored[colored.index(after: colored.firstIndex(of: ":")!)...])
                guard let color = TagColor(named: name), color != .none else {
                    let names = TagColor.allCases.dropFirst().map(\.name).joined(separator: ", ")
                    throw QueryError(message: tr("“\(word)” names no colour (color: takes one of \(names))"), column: column)
                }
                tokens.append((.color(color), column))
            default: tokens.append((.tag(try key(word, column: column)), column))
            }
        }
        tokens.append((.end, characters.count + 1))
        return tokens
    }

    /// The key of a tag as the query names it; the tag must be one a file could carry.
    private static func key(_ word: String, column: Int) throws(QueryError) -> String {
        do {
            return TagRules.key(try TagRules.validated(word, existing: [], allowsComma: false, allowsInvisible: true))
        } catch {
            throw QueryError(message: error.description, column: column)
        }
    }
}
