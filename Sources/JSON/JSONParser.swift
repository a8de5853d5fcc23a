// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
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

/// Builds the tree without recursion: open arrays and objects wait on an explicit stack, so the
/// call stack stays flat whatever the nesting.
private struct JSONParser {
    var scanner: JSONScanner
    /// Nesting deeper than this is refused: a value this deep can still be freed (which recurses
    /// once per level, in the runtime) on a 64 KB thread stack; a test checks it.
    static let maximumDepth = 128

    /// An array or object whose members are still being read. Each is a class so that a member
    /// is appended to the one buffer in place: a value copy of the open array held beside it made
    /// every append copy the whole array, and reading a list of n members O(n²).
    enum Open {
        case array(OpenArray)
        case object(OpenObject)
    }

    final class OpenArray {
        var elements: [JSONValue] = []
    }

    final class OpenObject {
        var members: [(key: String, value: JSONValue)] = []
        var seen: Set<String> = []
        /// The name of the member whose value is being read.
        var key = ""
    }

    var open: [Open] = []

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        while true {
            guard var value = try readValueOrOpen() else { continue }
            // A value is complete: hand it to the containers it closes, until one wants more.
            while true {
                guard let container = open.popLast() else {
                    scanner.skipWhitespace()
                    if !scanner.isAtEnd { throw scanner.error(.textAfterValue) }
                    return value
                }
                guard let closed = try add(value, to: container) else { break }
                value = closed
            }
        }
    }

    /// Reads a scalar or an empty container and returns it, or opens a container (and reads its
    /// first member's name) and returns `nil`.
    mutating func readValueOrOpen() throws(JSONSyntaxError) -> JSONValue? {
        switch scanner.kindOfValue {
        case .object?:
            scanner.position += 1
            scanner.skipWhitespace()
            if scanner.skip(UInt8(ascii: "}")) { return .object([]) }
            let object = OpenObject()
            try push(.object(object))
            try readKey(into: object)
            return nil
        case .array?:
            scanner.position += 1
            scanner.skipWhitespace()
            if scanner.skip(UInt8(ascii: "]")) { return .array([]) }
            try push(.array(OpenArray()))
            return nil
        case .string?: return .string(scanner.string(try scanner.scanString()))
        case .number?: return .number(try scanner.scanNumber())
        case .boolean?, .null?: return try scanner.scanLiteral().map(JSONValue.bool) ?? .null
        case nil: throw scanner.unexpected()
        }
    }

    mutating func push(_ container: Open) throws(JSONSyntaxError) {
        if open.count == Self.maximumDepth { throw scanner.error(.nestedTooDeep(Self.maximumDepth)) }
        open.append(container)
    }

    /// Adds a member to `container`: returns the container, closed, if it ends there; otherwise
    /// leaves it open (with the cursor at its next member's value) and returns `nil`.
    mutating func add(_ value: JSONValue, to container: Open) throws(JSONSyntaxError) -> JSONValue? {
        scanner.skipWhitespace()
        switch container {
        case .array(let array):
            array.elements.append(value)
            if scanner.skip(UInt8(ascii: "]")) { return .array(array.elements) }
            if scanner.isAtEnd { throw scanner.error(.unterminatedArray) }
            guard scanner.skip(UInt8(ascii: ",")) else { throw scanner.expected(.commaOrEndOfArray) }
            open.append(container)
        case .object(let object):
            object.members.append((object.key, value))
            if scanner.skip(UInt8(ascii: "}")) { return .object(object.members) }
            if scanner.isAtEnd { throw scanner.error(.unterminatedObject) }
            guard scanner.skip(UInt8(ascii: ",")) else { throw scanner.expected(.commaOrEndOfObject) }
            open.append(container)
            try readKey(into: object)
        }
        scanner.skipWhitespace()
        return nil
    }

    /// Reads the next member's name and its ':' into `object`, the innermost open object.
    mutating func readKey(into object: OpenObject) throws(JSONSyntaxError) {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw scanner.expected(.memberName) }
        let keyOffset = scanner.position
        let token = try scanner.scanString()
        let key = scanner.string(token)
        if !object.seen.insert(key).inserted {
            throw scanner.error(.duplicateMember(scanner.quote(token)), at: keyOffset)
        }
        scanner.skipWhitespace()
        guard scanner.skip(UInt8(ascii: ":")) else { throw scanner.expected(.colonAfterMemberName) }
        scanner.skipWhitespace()
        object.key = key
    }
}
