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

/// Why a text is not JSON, and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// Byte offset from the start of the text.
    public var offset: Int

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
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
