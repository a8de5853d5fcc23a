// JSON text to a JSONValue tree, over JSONScanner (which reads and checks each token).

extension JSONValue {
    /// Parses one JSON value; only whitespace may surround it (and a byte order mark precede it).
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in try parse(utf8: UnsafeRawBufferPointer(bytes)) }
        }.get()
    }

    /// Parses one JSON value from UTF-8 bytes, which are checked: invalid UTF-8 is an error at its
    /// offset (a `String` has had it replaced already).
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func parse(utf8 bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(scanner: JSONScanner(bytes))
        return try parser.parseDocument()
    }

    /// Parses one JSON value from UTF-8 bytes.
    public static func parse(utf8 bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in try parse(utf8: buffer) }
        }.get()
    }
}

private struct JSONParser {
    var scanner: JSONScanner
    /// Nesting deeper than this is refused: parsing, comparing, writing and freeing a value all
    /// recurse once per level, and this many levels fit a 64 KB thread stack (a test checks it).
    static let maximumDepth = 512

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        let value = try parseValue(depth: 0)
        scanner.skipWhitespace()
        if !scanner.isAtEnd { throw scanner.error("unexpected text after the value") }
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        if depth > Self.maximumDepth { throw scanner.error("nested more than \(Self.maximumDepth) deep") }
        switch scanner.kindOfValue {
        case .object?: return try parseObject(depth: depth)
        case .array?: return try parseArray(depth: depth)
        case .string?: return .string(scanner.string(try scanner.scanString()))
        case .number?: return .number(try scanner.scanNumber())
        case .boolean?, .null?: return try scanner.scanLiteral().map(JSONValue.bool) ?? .null
        case nil: throw scanner.unexpected()
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        scanner.position += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "}")) { return .object(members) }
        while true {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "\"") else { throw scanner.error("expected a member name in quotes") }
            let keyOffset = scanner.position
            let token = try scanner.scanString()
            let key = scanner.string(token)
            if !seen.insert(key).inserted {
                throw scanner.error("duplicate member \(scanner.quote(token))", at: keyOffset)
            }
            scanner.skipWhitespace()
            guard scanner.skip(UInt8(ascii: ":")) else { throw scanner.error("expected ':' after member name") }
            scanner.skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            scanner.skipWhitespace()
            if scanner.isAtEnd { throw scanner.error("unterminated object") }
            if scanner.skip(UInt8(ascii: ",")) { continue }
            if scanner.skip(UInt8(ascii: "}")) { return .object(members) }
            throw scanner.error("expected ',' or '}' in object")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        scanner.position += 1
        var elements: [JSONValue] = []
        scanner.skipWhitespace()
        if scanner.skip(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            scanner.skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            scanner.skipWhitespace()
            if scanner.isAtEnd { throw scanner.error("unterminated array") }
            if scanner.skip(UInt8(ascii: ",")) { continue }
            if scanner.skip(UInt8(ascii: "]")) { return .array(elements) }
            throw scanner.error("expected ',' or ']' in array")
        }
    }
}
