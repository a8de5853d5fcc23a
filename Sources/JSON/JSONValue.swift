// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A small, strict JSON value (RFC 8259), in pure Swift so the engine's command and tests need no
// Foundation. Objects keep their key order, and duplicate keys are an error rather than a silent
// "last one wins". Reading is in JSONParser.swift (over JSONScanner), writing in JSONWriter.swift.

/// A JSON value.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order.
    case object([(key: String, value: JSONValue)])

    /// Compares member by member, keeping the pairs still to compare on an explicit stack (no
    /// recursion, whatever the nesting).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        var pending = [(a, b)]
        while let pair = pending.popLast() {
            switch pair {
            case (.null, .null): continue
            case let (.bool(x), .bool(y)) where x == y: continue
            case let (.number(x), .number(y)) where x == y: continue
            case let (.string(x), .string(y)) where x == y: continue
            case let (.array(x), .array(y)) where x.count == y.count:
                pending.append(contentsOf: zip(x, y))
            case let (.object(x), .object(y)) where x.count == y.count && zip(x, y).allSatisfy({ $0.key == $1.key }):
                pending.append(contentsOf: zip(x, y).map { ($0.value, $1.value) })
            default: return false
            }
        }
        return true
    }

    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Why a text is not JSON, and where: ``problem`` says what is wrong in a form a program can
/// word in its user's language (TagData does); ``message`` is its English wording.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problem: JSONProblem
    /// Byte offset from the start of the text.
    public var offset: Int

    public init(_ problem: JSONProblem, offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    /// An error worded by its maker (``JSONProblem/other(_:)``).
    public init(message: String, offset: Int) {
        self.init(.other(message), offset: offset)
    }

    public var message: String { problem.english }
    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}

/// What is wrong with a text that is not JSON.
public enum JSONProblem: Sendable, Equatable {
    /// Something that cannot be where it is.
    case unexpected(JSONFound)
    /// Something other than what was expected there.
    case expected(JSONExpected, JSONFound)
    /// A byte that does not start well-formed UTF-8, in hexadecimal (`0xFF`).
    case invalidUTF8(byte: String)
    case controlCharacterInString(codePoint: String)
    case unterminatedString(startingAt: Int)
    case unterminatedEscape, invalidEscape, loneHighSurrogate, invalidLowSurrogate, loneLowSurrogate
    case incompleteUnicodeEscape, invalidHexDigitInUnicodeEscape
    case leadingZero, incompleteNumber, expectedDigit, expectedDigitAfterPoint, expectedDigitInExponent
    /// A literal (`true`, `false`, `null`) begun and not finished.
    case expectedLiteral(String)
    case nestedTooDeep(Int)
    case unterminatedArray, unterminatedObject
    case textAfterValue
    /// A member name given twice (quoted as ``JSONScanner/quote(_:inQuotes:)`` does).
    case duplicateMember(String)
    /// A reader's own wording.
    case other(String)

    /// The problem in English.
    public var english: String {
        switch self {
        case .unexpected(let found): "unexpected \(found.english)"
        case .expected(let what, let found): "expected \(what.english), got \(found.english)"
        case .invalidUTF8(let byte): "invalid UTF-8 (byte \(byte))"
        case .controlCharacterInString(let code): "control character \(code) in string"
        case .unterminatedString(let start): "unterminated string (it starts at byte \(start))"
        case .unterminatedEscape: "unterminated escape"
        case .invalidEscape: "invalid escape"
        case .loneHighSurrogate: "lone high surrogate"
        case .invalidLowSurrogate: "invalid low surrogate"
        case .loneLowSurrogate: "lone low surrogate"
        case .incompleteUnicodeEscape: "incomplete \\u escape"
        case .invalidHexDigitInUnicodeEscape: "invalid hex digit in \\u escape"
        case .leadingZero: "leading zero in a number"
        case .incompleteNumber: "incomplete number"
        case .expectedDigit: "expected a digit"
        case .expectedDigitAfterPoint: "expected a digit after '.'"
        case .expectedDigitInExponent: "expected a digit in the exponent"
        case .expectedLiteral(let word): "expected '\(word)'"
        case .nestedTooDeep(let depth): "nested more than \(depth) deep"
        case .unterminatedArray: "unterminated array"
        case .unterminatedObject: "unterminated object"
        case .textAfterValue: "unexpected text after the value"
        case .duplicateMember(let name): "duplicate member \(name)"
        case .other(let message): message
        }
    }
}

/// What a reader expected where a ``JSONProblem/expected(_:_:)`` is.
public enum JSONExpected: Sendable, Equatable {
    case commaOrEndOfArray, commaOrEndOfObject, memberName, colonAfterMemberName
    /// A reader's own wording of it.
    case other(String)

    public var english: String {
        switch self {
        case .commaOrEndOfArray: "',' or ']' in array"
        case .commaOrEndOfObject: "',' or '}' in object"
        case .memberName: "a member name in quotes"
        case .colonAfterMemberName: "':' after member name"
        case .other(let what): what
        }
    }
}

/// What stands where a ``JSONProblem`` is.
public enum JSONFound: Sendable, Equatable {
    case endOfText
    /// A printable ASCII character.
    case character(String)
    /// An ASCII control character, as its code point (`U+0007`).
    case controlCharacter(codePoint: String)
    /// A byte order mark past the start of the text.
    case byteOrderMark
    /// Another character, and its code point.
    case otherCharacter(String, codePoint: String)
    /// A byte that does not start well-formed UTF-8, in hexadecimal (`0xFF`).
    case invalidUTF8(byte: String)

    public var english: String {
        switch self {
        case .endOfText: "end of text"
        case .character(let character): "character '\(character)'"
        case .controlCharacter(let code): "character \(code)"
        case .byteOrderMark: "byte order mark (U+FEFF), which is allowed only at the start"
        case .otherCharacter(let character, let code): "character '\(character)' (\(code))"
        case .invalidUTF8(let byte): "invalid UTF-8 (byte \(byte))"
        }
    }
}

// MARK: - Writing

extension JSONValue {
    /// Compact JSON text. Whole numbers are written without a fraction; NaN and infinities, which
    /// JSON cannot express, are written as `null`.
    ///
    /// - Complexity: O(n) in the size of the value.
    public var text: String {
        var out = JSONWriter()
        out.write(self)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The shortest text that reads back as the same number.
    public static func numberText(_ x: Double) -> String {
        var out = JSONWriter()
        out.writeNumber(x)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// Appends the value's compact text to `out`.
    public func write(to out: inout String) { out += text }
}
