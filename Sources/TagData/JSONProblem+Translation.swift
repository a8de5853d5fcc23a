// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import JSON

// Why a file is not JSON, in the user's language: the JSON module says what is wrong as a value
// (it serves flow-layout too, which is not translated), and the messages are worded here, where
// the editor and filetags word everything else.

extension JSONSyntaxError {
    /// Where the text stops being JSON, and why.
    package var worded: String { tr("invalid JSON at byte \(offset): \(problem.worded)") }
}

extension JSONProblem {
    package var worded: String {
        switch self {
        case .unexpected(let found): tr("unexpected \(found.worded)")
        case .expected(let what, let found): tr("expected \(what.worded), got \(found.worded)")
        case .invalidUTF8(let byte): tr("invalid UTF-8 (byte \(byte))")
        case .controlCharacterInString(let code): tr("control character \(code) in string")
        case .unterminatedString(let start): tr("unterminated string (it starts at byte \(start))")
        case .unterminatedEscape: tr("unterminated escape")
        case .invalidEscape: tr("invalid escape")
        case .loneHighSurrogate: tr("lone high surrogate")
        case .invalidLowSurrogate: tr("invalid low surrogate")
        case .loneLowSurrogate: tr("lone low surrogate")
        case .incompleteUnicodeEscape: tr("incomplete \\u escape")
        case .invalidHexDigitInUnicodeEscape: tr("invalid hex digit in \\u escape")
        case .leadingZero: tr("leading zero in a number")
        case .incompleteNumber: tr("incomplete number")
        case .expectedDigit: tr("expected a digit")
        case .expectedDigitAfterPoint: tr("expected a digit after '.'")
        case .expectedDigitInExponent: tr("expected a digit in the exponent")
        case .expectedLiteral(let word): tr("expected '\(word)'")
        case .nestedTooDeep(let depth): tr("nested more than \(depth) deep")
        case .unterminatedArray: tr("unterminated array")
        case .unterminatedObject: tr("unterminated object")
        case .textAfterValue: tr("unexpected text after the value")
        case .duplicateMember(let name): tr("duplicate member \(name)")
        case .other(let message): message
        }
    }
}

extension JSONExpected {
    package var worded: String {
        switch self {
        case .commaOrEndOfArray: tr("',' or ']' in array")
        case .commaOrEndOfObject: tr("',' or '}' in object")
        case .memberName: tr("a member name in quotes")
        case .colonAfterMemberName: tr("':' after member name")
        case .other(let what): what
        }
    }
}

extension JSONFound {
    package var worded: String {
        switch self {
        case .endOfText: tr("end of text")
        case .character(let character): tr("character '\(character)'")
        case .controlCharacter(let code): tr("character \(code)")
        case .byteOrderMark: tr("byte order mark (U+FEFF), which is allowed only at the start")
        case .otherCharacter(let character, let code): tr("character '\(character)' (\(code))")
        case .invalidUTF8(let byte): tr("invalid UTF-8 (byte \(byte))")
        }
    }
}

extension JSONValue {
    /// ``JSONValue/kindName`` in the user's language.
    package var wordedKind: String {
        switch self {
        case .null: "null"
        case .bool: tr("a boolean")
        case .number: tr("a number")
        case .string: tr("a string")
        case .array: tr("an array")
        case .object: tr("an object")
        }
    }
}
