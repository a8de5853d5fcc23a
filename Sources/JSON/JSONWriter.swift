// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// Compact JSON text as bytes, appended to a buffer the caller may drain as it grows, so a large
// output (a million frames) is written in pieces instead of built as a tree and a string first.

/// Appends JSON text to a byte buffer.
public struct JSONWriter: Sendable {
    /// The text written so far (or since the caller last drained it).
    public var bytes: [UInt8] = []
    /// How infinities are written: as `null` (JSON has no infinity), or, when this is set, as
    /// `1e999` and `-1e999`, which a reader takes as a number too large for a double (infinity).
    public var writesInfinityAsOverflow = false

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII text as it is: punctuation and member names known to need no escaping.
    @inlinable
    public mutating func write(raw text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the shortest text that reads back as the same number; whole numbers without a
    /// fraction. NaN is `null`; infinities as ``writesInfinityAsOverflow`` says.
    public mutating func writeNumber(_ x: Double) {
        guard x.isFinite else {
            if x.isNaN || !writesInfinityAsOverflow { write(raw: "null") } else { write(raw: x < 0 ? "-1e999" : "1e999") }
            return
        }
        if x == x.rounded(), abs(x) < 1e15 {
            writeInteger(Int64(x))
        } else {
            bytes.append(contentsOf: x.description.utf8)
        }
    }

    /// Appends a whole number's decimal digits.
    public mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Digits come out last first: write them into a fixed scratch, then append in order.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var start = 20
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[start..<20]))
        }
    }

    /// Appends a string in quotes, escaping what JSON requires.
    ///
    /// - Complexity: O(n) in the string's UTF-8 length; one copy when nothing needs escaping.
    public mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        let plain = s.utf8.withContiguousStorageIfAvailable { utf8 in
            // The common case: nothing to escape, so the bytes go in at once.
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain != true { writeEscaped(s) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ s: String) {
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): write(raw: "\\\"")
            case UInt8(ascii: "\\"): write(raw: "\\\\")
            case UInt8(ascii: "\n"): write(raw: "\\n")
            case UInt8(ascii: "\r"): write(raw: "\\r")
            case UInt8(ascii: "\t"): write(raw: "\\t")
            case 0..<0x20:
                write(raw: "\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }

    static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends a whole value. Open arrays and objects wait on an explicit stack, so the call stack
    /// stays flat whatever the nesting.
    ///
    /// - Complexity: O(n) in the size of the value.
    public mutating func write(_ value: JSONValue) {
        enum Open {
            case array([JSONValue], next: Int)
            case object([(key: String, value: JSONValue)], next: Int)
        }
        var open: [Open] = []
        var pending: JSONValue? = value
        while true {
            switch pending {
            case .array(let elements)? where !elements.isEmpty:
                bytes.append(UInt8(ascii: "["))
                open.append(.array(elements, next: 0))
            case .object(let members)? where !members.isEmpty:
                bytes.append(UInt8(ascii: "{"))
                open.append(.object(members, next: 0))
            case let scalar?:
                writeScalar(scalar)
            case nil:
                break
            }
            pending = nil
            switch open.popLast() {
            case nil:
                return
            case .array(let elements, let next)?:
                if next == elements.count { bytes.append(UInt8(ascii: "]")); continue }
                if next > 0 { bytes.append(UInt8(ascii: ",")) }
                open.append(.array(elements, next: next + 1))
                pending = elements[next]
            case .object(let members, let next)?:
                if next == members.count { bytes.append(UInt8(ascii: "}")); continue }
                if next > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(members[next].key)
                bytes.append(UInt8(ascii: ":"))
                open.append(.object(members, next: next + 1))
                pending = members[next].value
            }
        }
    }

    /// A value with no members to visit: a scalar, `[]` or `{}`.
    private mutating func writeScalar(_ value: JSONValue) {
        switch value {
        case .null: write(raw: "null")
        case .bool(let b): if b { write(raw: "true") } else { write(raw: "false") }
        case .number(let x): writeNumber(x)
        case .string(let s): writeString(s)
        case .array: write(raw: "[]")
        case .object: write(raw: "{}")
        }
    }
}
