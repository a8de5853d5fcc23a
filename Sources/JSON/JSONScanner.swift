// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// The lexical half of JSON (RFC 8259) over raw UTF-8 bytes: whitespace, strings, numbers and
// literals, each checked as it is read, with exact byte offsets in every error. `JSONValue.parse`
// builds a tree with it; a schema decoder (FlowJSON's) can read a document in one pass with it and
// keep no tree. Both therefore share one set of rules: invalid UTF-8 is an error at its offset, a
// leading byte order mark is skipped, a number too large for a double reads as infinity, and
// error messages quote at most `JSONScanner.quotedLength` characters of a value.

/// A string token: where its content lies (between the quotes), and whether it has escapes.
public struct JSONStringToken: Sendable, Equatable {
    /// Byte offsets of the content, without the quotes.
    public var content: Range<Int>
    /// Whether the content has a backslash escape (if not, the bytes are the string's UTF-8).
    public var hasEscapes: Bool
}

/// The kind of the value that starts at a byte, for messages such as "expected a number, got a
/// string".
public enum JSONValueKind: Sendable {
    case null, boolean, number, string, array, object
}

/// A cursor over UTF-8 JSON text. It does not own the bytes: they must outlive it.
@frozen
public struct JSONScanner {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// Byte offset of the next byte to read.
    public var position: Int

    /// Values in messages are quoted up to this many characters, then cut with an ellipsis and
    /// their length, so a huge value never makes a huge message.
    public static let quotedLength = 80

    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        position = 0
    }

    /// The number of bytes in the text.
    @inlinable public var count: Int { bytes.count }
    @inlinable public var isAtEnd: Bool { position >= bytes.count }
    /// The byte at the cursor, or `nil` at the end.
    @inlinable public var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    @inlinable
    public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Skips a UTF-8 byte order mark at the cursor (RFC 8259 §8.1 lets a parser ignore one at
    /// the start of a text).
    public mutating func skipByteOrderMark() {
        if position + 3 <= bytes.count, bytes[position] == 0xEF, bytes[position + 1] == 0xBB,
           bytes[position + 2] == 0xBF {
            position += 3
        }
    }

    /// Moves past `byte` if it is at the cursor.
    @inlinable
    public mutating func skip(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// The kind of the value starting at the cursor, judged by its first byte; `nil` if no value
    /// can start there.
    public var kindOfValue: JSONValueKind? {
        guard let current else { return nil }
        switch current {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: return nil
        }
    }

    // MARK: Errors

    public func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset ?? position)
    }

    public func error(_ problem: JSONProblem, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(problem, offset: offset ?? position)
    }

    /// The error for the byte at the cursor, which cannot be where it is: names it exactly
    /// (a character, a control code, a misplaced byte order mark, invalid UTF-8 or the end).
    public func unexpected() -> JSONSyntaxError {
        let found = foundHere()
        if case .invalidUTF8(let byte) = found { return error(.invalidUTF8(byte: byte)) }
        return error(.unexpected(found))
    }

    /// The error for something other than `what` at the cursor, naming what is there instead.
    public func expected(_ what: JSONExpected) -> JSONSyntaxError {
        error(.expected(what, foundHere()))
    }

    /// The same, with `what` in the reader's own words.
    public func expected(_ what: String) -> JSONSyntaxError {
        expected(.other(what))
    }

    /// What is at the cursor, for a message.
    func foundHere() -> JSONFound {
        guard position < bytes.count else { return .endOfText }
        let byte = bytes[position]
        switch byte {
        case 0x21...0x7E:
            return .character(String(Character(Unicode.Scalar(byte))))
        case 0..<0x80:
            return .controlCharacter(codePoint: Self.codePoint(UInt32(byte)))
        default:
            guard let length = utf8SequenceLength(at: position) else { return .invalidUTF8(byte: Self.hexByte(byte)) }
            let scalar = String(decoding: rawBytes(position..<position + length), as: UTF8.self)
            if scalar == "\u{FEFF}" { return .byteOrderMark }
            return .otherCharacter(scalar, codePoint: Self.codePoint(scalar.unicodeScalars.first!.value))
        }
    }

    func invalidUTF8(at offset: Int) -> JSONSyntaxError {
        error(.invalidUTF8(byte: Self.hexByte(bytes[offset])), at: offset)
    }

    static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" : "") + hex
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The text of `range` for a message: at most ``quotedLength`` characters, and past that an
    /// ellipsis and the whole length in bytes. `range` must be valid UTF-8 (scanned).
    public func quote(_ range: Range<Int>, inQuotes: Bool = false) -> String {
        var end = range.lowerBound
        var characters = 0
        while end < range.upperBound {
            if bytes[end] & 0xC0 != 0x80 {   // not a continuation byte: a new character starts
                if characters == Self.quotedLength { break }
                characters += 1
            }
            end += 1
        }
        let text = String(decoding: rawBytes(range.lowerBound..<end), as: UTF8.self)
        let quote = inQuotes ? "\"" : ""
        return end == range.upperBound ? quote + text + quote : "\(quote)\(text)…\(quote) (\(range.count) bytes)"
    }

    /// A string as a message shows it: in quotes, as written, cut as ``quote(_:inQuotes:)`` cuts.
    public func quote(_ token: JSONStringToken) -> String { quote(token.content, inQuotes: true) }

    /// The bytes of `range`, which must lie within the text.
    @inlinable
    public func rawBytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    // MARK: Strings

    /// Reads a string at the cursor (which must be at its opening quote), checking its UTF-8 and
    /// its escapes, and returns where its content lies.
    ///
    /// - Complexity: O(n) in the string's length.
    public mutating func scanString() throws(JSONSyntaxError) -> JSONStringToken {
        position += 1   // the opening quote
        let start = position
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return JSONStringToken(content: start..<position - 1, hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                try scanEscape()
                hasEscapes = true
            } else if byte < 0x20 {
                throw error(.controlCharacterInString(codePoint: Self.codePoint(UInt32(byte))))
            } else if byte < 0x80 {
                position += 1
            } else {
                guard let length = utf8SequenceLength(at: position) else { throw invalidUTF8(at: position) }
                position += length
            }
        }
        throw error(.unterminatedString(startingAt: start - 1))
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode 15, table 3-7), or `nil`.
    func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count, (low...high).contains(bytes[offset + 1]) else { return nil }
        for next in offset + 2 ..< offset + length where bytes[next] & 0xC0 != 0x80 { return nil }
        return length
    }

    mutating func scanEscape() throws(JSONSyntaxError) {
        let start = position
        position += 1
        guard let escape = current else { throw error(.unterminatedEscape, at: start) }
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard skip(UInt8(ascii: "\\")), skip(UInt8(ascii: "u")) else {
                    throw error(.loneHighSurrogate, at: start)
                }
                guard (0xDC00...0xDFFF).contains(try hex4()) else { throw error(.invalidLowSurrogate, at: start) }
            } else if (0xDC00...0xDFFF).contains(code) {
                throw error(.loneLowSurrogate, at: start)
            }
        default:
            throw error(.invalidEscape, at: start)
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.incompleteUnicodeEscape) }
        guard let value = hexValue(at: position) else { throw error(.invalidHexDigitInUnicodeEscape) }
        position += 4
        return value
    }

    /// The four hex digits at `offset` as a number, or `nil` if they are not hex digits.
    func hexValue(at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            switch byte {
            case 0x30...0x39: value = value * 16 + UInt32(byte - 0x30)
            case 0x41...0x46: value = value * 16 + UInt32(byte - 0x41 + 10)
            case 0x61...0x66: value = value * 16 + UInt32(byte - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    /// The content of a string token read by ``scanString()``, escapes applied.
    ///
    /// - Complexity: O(n) in the string's length.
    public func string(_ token: JSONStringToken) -> String {
        let content = rawBytes(token.content)
        guard token.hasEscapes else { return String(decoding: content, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(content.count)
        var reader = JSONScanner(content)
        while let byte = reader.current {
            reader.position += 1
            guard byte == UInt8(ascii: "\\"), let escape = reader.current else {
                decoded.append(byte)
                continue
            }
            reader.position += 1
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                // scanString checked it: four hex digits of a code point, or of a surrogate pair.
                var code = reader.hexValue(at: reader.position)!
                reader.position += 4
                if (0xD800...0xDBFF).contains(code) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (reader.hexValue(at: reader.position + 2)! - 0xDC00)
                    reader.position += 6
                }
                decoded.append(contentsOf: String(Unicode.Scalar(code)!).utf8)
            default: decoded.append(escape)   // \" \\ \/
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether a string token's content is exactly `name` (compared as UTF-8, escapes applied).
    public func token(_ token: JSONStringToken, equals name: UnsafeRawBufferPointer) -> Bool {
        if token.hasEscapes { return string(token).utf8.elementsEqual(name) }
        guard token.content.count == name.count else { return false }
        return rawBytes(token.content).elementsEqual(name)
    }

    // MARK: Numbers and literals

    /// Reads a number at the cursor (a '-' or a digit). One too large for a double is infinite,
    /// as most JSON readers take it; one too small is zero.
    ///
    /// - Complexity: O(n) in the number's length.
    @inlinable
    public mutating func scanNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        let negative = skip(UInt8(ascii: "-"))
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        // Integer part: a single 0, or digits not starting with 0.
        if skip(UInt8(ascii: "0")) {
            if let byte = current, byte >= 0x30, byte <= 0x39 { throw error(.leadingZero, at: start) }
        } else {
            let from = position
            scanDigits(into: &mantissa, count: &significantDigits)
            if position == from { throw isAtEnd ? error(.incompleteNumber) : error(.expectedDigit) }
        }
        if skip(UInt8(ascii: ".")) {
            let from = position
            scanDigits(into: &mantissa, count: &significantDigits)
            if position == from { throw error(.expectedDigitAfterPoint) }
            exponent = from - position
        }
        if let byte = current, byte | 0x20 == UInt8(ascii: "e") {
            position += 1
            let exponentNegative = skip(UInt8(ascii: "-"))
            if !exponentNegative { _ = skip(UInt8(ascii: "+")) }
            let from = position
            var written = 0
            while let byte = current, byte >= 0x30, byte <= 0x39 {
                if written < 100_000 { written = written * 10 + Int(byte - 0x30) }
                position += 1
            }
            if position == from { throw error(.expectedDigitInExponent) }
            exponent += exponentNegative ? -written : written
        }
        // Clinger's fast path: both the digits and the power of ten are exact doubles, so one
        // multiplication or division is correctly rounded. Anything else goes to the standard
        // library's correctly rounded conversion.
        if significantDigits <= 15, exponent >= -22, exponent <= 22 {
            let magnitude = exponent < 0 ? Double(mantissa) / Self.powersOfTen[-exponent]
                                         : Double(mantissa) * Self.powersOfTen[exponent]
            return negative ? -magnitude : magnitude
        }
        return slowNumber(start..<position)
    }

    @inlinable
    mutating func scanDigits(into mantissa: inout UInt64, count: inout Int) {
        while position < bytes.count {
            let digit = bytes[position] &- 0x30
            guard digit < 10 else { return }
            if count > 0 || digit != 0 { count += 1 }
            if count <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
            position += 1
        }
    }

    @usableFromInline
    static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    @usableFromInline
    func slowNumber(_ range: Range<Int>) -> Double {
        Double(String(decoding: rawBytes(range), as: UTF8.self))!   // scanNumber checked the grammar
    }

    /// Reads `true`, `false` or `null` at the cursor; `nil` for `null`.
    public mutating func scanLiteral() throws(JSONSyntaxError) -> Bool? {
        switch current {
        case UInt8(ascii: "t"): try expectWord("true"); return true
        case UInt8(ascii: "f"): try expectWord("false"); return false
        case UInt8(ascii: "n"): try expectWord("null"); return nil
        default: throw unexpected()
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let text = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in text {
            guard skip(byte) else { throw error(.expectedLiteral("\(word)"), at: start) }
        }
    }
}

// MARK: Whole values

extension JSONScanner {
    /// Reads one value at the cursor, checking it as ``JSONValue/parse(_:)`` would (but not
    /// whether an object inside it names a member twice), and returns its bytes' range: a reader
    /// that keeps a value it does not know as the text it was can write it back byte for byte.
    ///
    /// - Parameter maximumDepth: nesting deeper than this is an error.
    /// - Complexity: O(n) in the value's length; no recursion.
    public mutating func skipValue(maximumDepth: Int = 128) throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        // The closing bracket each open container waits for.
        var closers: [UInt8] = []
        repeat {
            skipWhitespace()
            switch kindOfValue {
            case .object?, .array?:
                let closer = current == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                position += 1
                skipWhitespace()
                if skip(closer) { break }
                if closers.count == maximumDepth { throw error(.nestedTooDeep(maximumDepth)) }
                closers.append(closer)
                if closer == UInt8(ascii: "}") { try skipMemberName() }
                continue
            case .string?: _ = try scanString()
            case .number?: _ = try scanNumber()
            case .boolean?, .null?: _ = try scanLiteral()
            case nil: throw unexpected()
            }
            // A value ended: close what it ends, up to the next member's value.
            while let closer = closers.last {
                skipWhitespace()
                if skip(closer) {
                    closers.removeLast()
                    continue
                }
                if isAtEnd { throw error(closer == UInt8(ascii: "]") ? JSONProblem.unterminatedArray : .unterminatedObject) }
                guard skip(UInt8(ascii: ",")) else {
                    throw expected(closer == UInt8(ascii: "]") ? JSONExpected.commaOrEndOfArray : .commaOrEndOfObject)
                }
                if closer == UInt8(ascii: "}") {
                    skipWhitespace()
                    try skipMemberName()
                }
                break
            }
        } while !closers.isEmpty
        return start..<position
    }

    /// Reads a member's name and the ':' after it.
    mutating func skipMemberName() throws(JSONSyntaxError) {
        guard current == UInt8(ascii: "\"") else { throw expected(.memberName) }
        _ = try scanString()
        skipWhitespace()
        guard skip(UInt8(ascii: ":")) else { throw expected(.colonAfterMemberName) }
    }
}
