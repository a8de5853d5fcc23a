// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine
import JSON

// Reads `flow-layout`'s request schema straight from the bytes, in one pass, keeping no JSON tree:
// each member is matched by its name's bytes and its value read into the item or option it sets.
// Decoding is strict: a missing required field, a field of the wrong type, an unknown or repeated
// field (a misspelt option would otherwise be silently ignored) or an unknown enum value is an
// error naming the field and its byte offset. The schema has a fixed depth (request, items, item),
// so nothing here recurses, whatever the input's nesting.

/// Limits on one request, so a hostile one is refused before it costs unbounded memory.
public struct FlowDecodingLimits: Sendable, Equatable {
    /// More items than this are an error (`flow-layout --max-items`).
    public var maximumItems: Int

    public static let defaultMaximumItems = 10_000_000

    public init(maximumItems: Int = FlowDecodingLimits.defaultMaximumItems) {
        self.maximumItems = maximumItems
    }
}

extension FlowRequest {
    /// Decodes one request from UTF-8 JSON text (a leading byte order mark is skipped).
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func decode(utf8 bytes: UnsafeRawBufferPointer,
                              limits: FlowDecodingLimits = FlowDecodingLimits()) throws(FlowSchemaError) -> FlowRequest {
        var decoder = FlowRequestDecoder(scanner: JSONScanner(bytes), limits: limits)
        return try decoder.decodeDocument()
    }

    /// Decodes one request from JSON text.
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func decode(json text: String,
                              limits: FlowDecodingLimits = FlowDecodingLimits()) throws(FlowSchemaError) -> FlowRequest {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(FlowSchemaError) in try decode(utf8: UnsafeRawBufferPointer(bytes), limits: limits) }
        }.get()
    }

    /// Decodes a request already parsed (for example, a member of a larger document). It is
    /// written out and read by the same decoder as text, so the two cannot disagree; errors name
    /// the field but no offset.
    ///
    /// - Complexity: O(n) in the size of the value.
    public static func decode(_ value: JSONValue) throws(FlowSchemaError) -> FlowRequest {
        var text = JSONWriter()
        text.writesInfinityAsOverflow = true   // so 1e999 (unbounded) survives the round trip
        text.write(value)
        do {
            return try text.bytes.withUnsafeBytes { bytes in
                Result { () throws(FlowSchemaError) in try decode(utf8: bytes) }
            }.get()
        } catch {
            throw FlowSchemaError(field: error.field, message: error.message)
        }
    }
}

struct FlowRequestDecoder {
    var scanner: JSONScanner
    let limits: FlowDecodingLimits

    mutating func decodeDocument() throws(FlowSchemaError) -> FlowRequest {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        if scanner.isAtEnd {
            throw FlowSchemaError(field: "", message: "no request: the text is empty or blank (expected a JSON object)",
                                  offset: scanner.position)
        }
        let request = try decodeRequest()
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw FlowSchemaError(scanner.error("unexpected text after the object"), in: "")
        }
        return request
    }

    mutating func decodeRequest() throws(FlowSchemaError) -> FlowRequest {
        guard scanner.current == UInt8(ascii: "{") else {
            throw try wrongKind(FieldPath(container: .request), expected: "a JSON object")
        }
        var layout = FlowLayout()
        var available = 0.0
        var items: [FlowItem] = []
        let (seen, end) = try readObject(.request) { (d: inout Self, field: RequestField) throws(FlowSchemaError) in
            let path = FieldPath(container: .request, name: field.rawValue)
            switch field {
            case .axis: if let v = try d.enumeration(path, OptionValues.axis) { layout.axis = v }
            case .available: available = try d.number(path, required: true)!
            case .itemSpacing: if let v = try d.number(path) { layout.itemSpacing = v }
            case .lineSpacing: if let v = try d.number(path) { layout.lineSpacing = v }
            case .justify: if let v = try d.enumeration(path, OptionValues.justification) { layout.justification = v }
            case .justifyLastLine: if let v = try d.bool(path) { layout.justifyLastLine = v }
            case .align: if let v = try d.enumeration(path, OptionValues.alignment) { layout.alignment = v }
            case .direction: if let v = try d.enumeration(path, OptionValues.direction) { layout.direction = v }
            case .wrapReverse: if let v = try d.bool(path) { layout.wrapReverse = v }
            case .lineBreaking: if let v = try d.enumeration(path, OptionValues.lineBreaking) { layout.lineBreaking = v }
            case .maxItemsPerLine: layout.maxItemsPerLine = try d.wholeNumber(path)
            case .maxLines: layout.maxLines = try d.wholeNumber(path)
            case .lineHomogeneous: if let v = try d.bool(path) { layout.lineHomogeneous = v }
            case .naturalLineLength: layout.naturalLineLength = try d.number(path)
            case .insets: layout.insets = try d.decodeInsets()
            case .items: items = try d.decodeItems()
            case .overflowIndicator:
                if try !d.null(path) { layout.overflowIndicator = try d.decodeItem(.overflowIndicator) }
            }
        }
        for field in [RequestField.available, .items] where !RequestField.isSet(field, in: seen) {
            throw FlowSchemaError(field: field.rawValue, message: "missing (required)", offset: end)
        }
        return FlowRequest(layout: layout, available: available, items: items)
    }

    mutating func decodeItems() throws(FlowSchemaError) -> [FlowItem] {
        guard scanner.current == UInt8(ascii: "[") else {
            throw try wrongKind(FieldPath(container: .request, name: "items"), expected: "an array")
        }
        scanner.position += 1
        var items: [FlowItem] = []
        // Every item starts with a '{', so their count bounds the items: reserving it once keeps
        // the array from growing by copies (which would briefly need half as much again).
        items.reserveCapacity(min(countOpeningBraces(), limits.maximumItems))
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "]")) { return items }
        while true {
            scanner.skipWhitespace()
            if items.count == limits.maximumItems {
                throw FlowSchemaError(field: "items", message: "more than \(limits.maximumItems) items, the limit (--max-items)",
                                      offset: scanner.position)
            }
            items.append(try decodeItem(.item(items.count)))
            scanner.skipWhitespace()
            if scanner.skip(UInt8(ascii: ",")) { continue }
            if scanner.skip(UInt8(ascii: "]")) { return items }
            throw FlowSchemaError(scanner.isAtEnd ? scanner.error("unterminated array")
                                                  : scanner.expected(.commaOrEndOfArray), in: "items")
        }
    }

    func countOpeningBraces() -> Int {
        var count = 0
        for byte in scanner.rawBytes(scanner.position..<scanner.count) {
            count &+= byte == UInt8(ascii: "{") ? 1 : 0
        }
        return count
    }

    mutating func decodeItem(_ container: FieldPath.Container) throws(FlowSchemaError) -> FlowItem {
        guard scanner.current == UInt8(ascii: "{") else {
            throw try wrongKind(FieldPath(container: container), expected: "an object")
        }
        var width = 0.0, height = 0.0, grow = 0.0, breakBefore = false
        var minimumWidth: Double?, minimumHeight: Double?, baseline: Double?
        let (seen, end) = try readObject(container) { (d: inout Self, field: ItemField) throws(FlowSchemaError) in
            let path = FieldPath(container: container, name: field.rawValue)
            switch field {
            case .width: width = try d.number(path, required: true)!
            case .height: height = try d.number(path, required: true)!
            case .minWidth: minimumWidth = try d.number(path)
            case .minHeight: minimumHeight = try d.number(path)
            case .baseline: baseline = try d.number(path)
            case .grow: grow = try d.number(path) ?? 0
            case .breakBefore: breakBefore = try d.bool(path) ?? false
            }
        }
        for field in [ItemField.width, .height] where !ItemField.isSet(field, in: seen) {
            throw FlowSchemaError(field: FieldPath(container: container, name: field.rawValue).description,
                                  message: "missing (required)", offset: end)
        }
        return FlowItem(width: width, height: height, minimumWidth: minimumWidth, minimumHeight: minimumHeight,
                        baseline: baseline, grow: grow, breakBefore: breakBefore)
    }

    mutating func decodeInsets() throws(FlowSchemaError) -> FlowInsets {
        guard scanner.current == UInt8(ascii: "{") else {
            throw try wrongKind(FieldPath(container: .insets), expected: "an object")
        }
        var insets = FlowInsets()
        _ = try readObject(.insets) { (d: inout Self, field: InsetField) throws(FlowSchemaError) in
            let value = try d.number(FieldPath(container: .insets, name: field.rawValue)) ?? 0
            switch field {
            case .top: insets.top = value
            case .leading: insets.leading = value
            case .bottom: insets.bottom = value
            case .trailing: insets.trailing = value
            }
        }
        return insets
    }
}

// MARK: - Objects and values

extension FlowRequestDecoder {
    /// Reads the object at the cursor (at its '{'), handing each member to `member` with the cursor
    /// at its value. Returns which members were seen (see `SchemaField.isSet`) and the offset of
    /// the closing brace.
    mutating func readObject<Field: SchemaField>(
        _ container: FieldPath.Container, _ member: (inout Self, Field) throws(FlowSchemaError) -> Void
    ) throws(FlowSchemaError) -> (seen: UInt32, end: Int) {
        let here = FieldPath(container: container)
        scanner.position += 1
        var seen: UInt32 = 0
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "}")) { return (seen, scanner.position - 1) }
        while true {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "\"") else {
                throw FlowSchemaError(scanner.isAtEnd ? scanner.error("unterminated object")
                                                      : scanner.expected(.memberName), in: here.description)
            }
            let nameOffset = scanner.position
            let name = try syntax(here) { scanner throws(JSONSyntaxError) in try scanner.scanString() }
            guard let index = Field.names.index(of: name, in: scanner) else {
                throw FlowSchemaError(field: FieldPath(container: container, name: scanner.quote(name.content)).description,
                                      message: "unknown field; known: \(Field.names.list)", offset: nameOffset)
            }
            let field = Field.names.values[index]
            if seen & (1 << index) != 0 {
                throw FlowSchemaError(field: FieldPath(container: container, name: field.rawValue).description,
                                      message: "given twice", offset: nameOffset)
            }
            seen |= 1 << index
            scanner.skipWhitespace()
            guard scanner.skip(UInt8(ascii: ":")) else {
                throw FlowSchemaError(scanner.expected(.colonAfterMemberName), in: here.description)
            }
            scanner.skipWhitespace()
            try member(&self, field)
            scanner.skipWhitespace()
            if scanner.skip(UInt8(ascii: ",")) { continue }
            if scanner.skip(UInt8(ascii: "}")) { return (seen, scanner.position - 1) }
            throw FlowSchemaError(scanner.isAtEnd ? scanner.error("unterminated object")
                                                  : scanner.expected(.commaOrEndOfObject), in: here.description)
        }
    }

    /// Runs a scanner step, a syntax error in it reported in the field at `path`.
    mutating func syntax<T>(_ path: FieldPath,
                            _ step: (inout JSONScanner) throws(JSONSyntaxError) -> T) throws(FlowSchemaError) -> T {
        do {
            return try step(&scanner)
        } catch {
            throw FlowSchemaError(error, in: path.description)
        }
    }

    /// Moves past a `null` at the cursor, if there is one.
    mutating func null(_ path: FieldPath) throws(FlowSchemaError) -> Bool {
        guard scanner.current == UInt8(ascii: "n") else { return false }
        _ = try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanLiteral() }
        return true
    }

    /// A number, or `nil` for `null` (an error too when `required`).
    mutating func number(_ path: FieldPath, required: Bool = false) throws(FlowSchemaError) -> Double? {
        if let byte = scanner.current, byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
            return try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanNumber() }
        }
        if !required, try null(path) { return nil }
        throw try wrongKind(path, expected: "a number")
    }

    /// A whole number or `nil` for `null`; those too large for an `Int` count as the largest.
    mutating func wholeNumber(_ path: FieldPath) throws(FlowSchemaError) -> Int? {
        let start = scanner.position
        guard let x = try number(path) else { return nil }
        guard x.isFinite, x == x.rounded(.towardZero) else {
            throw FlowSchemaError(field: path.description,
                                  message: "expected a whole number or null, got \(scanner.quote(start..<scanner.position))",
                                  offset: start)
        }
        if x >= Double(Int.max) { return .max }
        if x <= Double(Int.min) { return .min }
        return Int(x)
    }

    /// `true`, `false`, or `nil` for `null`.
    mutating func bool(_ path: FieldPath) throws(FlowSchemaError) -> Bool? {
        guard let byte = scanner.current, byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n") else {
            throw try wrongKind(path, expected: "true or false")
        }
        return try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanLiteral() }
    }

    /// One of the names in `table`, or `nil` for `null`.
    mutating func enumeration<T>(_ path: FieldPath, _ table: NameTable<T>) throws(FlowSchemaError) -> T? {
        if try null(path) { return nil }
        guard scanner.current == UInt8(ascii: "\"") else { throw try wrongKind(path, expected: "a string") }
        let start = scanner.position
        let token = try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanString() }
        guard let index = table.index(of: token, in: scanner) else {
            throw FlowSchemaError(field: path.description,
                                  message: "unknown value \(scanner.quote(token)); expected one of: \(table.list)", offset: start)
        }
        return table.values[index]
    }

    /// The error for a value of the wrong kind at the cursor, quoting it (a scalar) or naming its
    /// kind; a syntax error instead if it is not JSON.
    mutating func wrongKind(_ path: FieldPath, expected: String) throws(FlowSchemaError) -> FlowSchemaError {
        let start = scanner.position
        let got: String
        switch scanner.kindOfValue {
        case .string?:
            got = "a string " + scanner.quote(try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanString() })
        case .number?:
            _ = try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanNumber() }
            got = scanner.quote(start..<scanner.position)
        case .boolean?, .null?:
            got = try syntax(path) { scanner throws(JSONSyntaxError) in try scanner.scanLiteral() }.map { $0 ? "true" : "false" } ?? "null"
        case .object?: got = "an object"
        case .array?: got = "an array"
        case nil: throw FlowSchemaError(scanner.unexpected(), in: path.description)
        }
        return FlowSchemaError(field: path.description, message: "expected \(expected), got \(got)", offset: start)
    }
}

extension SchemaField {
    /// Whether `field` is in a set of seen members, as `readObject` returns it.
    static func isSet(_ field: Self, in seen: UInt32) -> Bool {
        let index = names.values.firstIndex { $0.rawValue == field.rawValue }!
        return seen & (1 << index) != 0
    }
}
