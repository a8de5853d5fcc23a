// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import JSON

/// A collection file's text, read and written in one pass over its bytes:
/// `{"format": "wraphstack-tags", "version": 1, "tags": [...]}` and whatever else another
/// program put in the object. A member the editor does not know (`"colors": {...}`) is kept as
/// the bytes it was written with, in its place among the others, so saving the tags loses
/// nothing of it.
struct CollectionText: Equatable, Sendable {
    /// A member of the file's object, in the order the file has them.
    enum Member: Equatable, Sendable {
        case format, version, tags
        /// A member the editor does not know: its name and its value as JSON text, byte for byte.
        case other(name: [UInt8], value: [UInt8])
    }

    var tags: TagNames
    var members: [Member] = [.format, .version, .tags]

    /// Reads a collection's text: every tag a string, valid by ``TagRules`` (except the rule
    /// against invisible tags, which is newer than some files), none twice.
    ///
    /// Tags of plain ASCII (the usual case) are taken from the bytes as they are; only others go
    /// through ``TagRules``. A text that is not JSON is read again by ``JSONValue/parse(_:)`` for
    /// its message, so both readers report the same error.
    ///
    /// - Complexity: O(*n*) in the text's length (one set of the tags' keys).
    static func decode(_ bytes: [UInt8]) -> Result<CollectionText, CollectionFile.Corrupt> {
        decodeWithKeys(bytes).map(\.text)
    }

    /// ``decode(_:)``, and the set of the tags' keys it made to find a tag given twice (kept for
    /// ``TagKeys``: at a million tags, making them again is most of a tenth of a second).
    static func decodeWithKeys(_ bytes: [UInt8]) -> Result<(text: CollectionText, keys: Set<String>), CollectionFile.Corrupt> {
        if bytes.isEmpty { return .failure(.init(reason: tr("it is empty"))) }
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in
                var reader = Reader(buffer)
                return try reader.read()
            }
        }
        switch outcome {
        case .success(let read):
            return read
        case .failure(let syntaxError):
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(.init(reason: tr("it is not valid UTF-8 text")))
            }
            do {
                _ = try JSONValue.parse(text)
            } catch {
                return .failure(.init(reason: error.worded))
            }
            // JSON, but not an object: not a collection. (An error this reader alone finds, such
            // as a nesting limit of its own, is said as it is.)
            if text.utf8.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }) != UInt8(ascii: "{") {
                return .failure(.init(reason: tr("it is not a tag collection (no \"format\": \"wraphstack-tags\")")))
            }
            return .failure(.init(reason: syntaxError.worded))
        }
    }

    /// The file's text: the members in their order, the known ones written as this version
    /// writes them, the others as they were read.
    ///
    /// - Complexity: O(*n*) in the text's length.
    func encoded() -> [UInt8] {
        var text: [UInt8] = []
        encode { text += $0 }
        return text
    }

    /// ``encoded()`` in pieces of about 64 KiB, each handed to `emit` as it is made.
    func encode<E: Error>(_ emit: ([UInt8]) throws(E) -> Void) throws(E) {
        let piece = 1 << 16
        var writer = JSONWriter(reservingCapacity: piece + 1024)
        func drain(_ writer: inout JSONWriter) throws(E) {
            try emit(writer.bytes)
            writer.bytes.removeAll(keepingCapacity: true)
        }
        writer.write(raw: "{")
        for (index, member) in members.enumerated() {
            if index > 0 { writer.write(raw: ",") }
            switch member {
            case .format: writer.write(raw: "\"format\":\"wraphstack-tags\"")
            case .version: writer.write(raw: "\"version\":1")
            case .tags:
                writer.write(raw: "\"tags\":[")
                try drain(&writer)
                try Self.encode(tags, piece: piece, emit)
                writer.write(raw: "]")
            case .other(let name, let value):
                writer.bytes.append(contentsOf: name)
                writer.write(raw: ":")
                writer.bytes.append(contentsOf: value)
            }
        }
        writer.write(raw: "}\n")
        try drain(&writer)
    }

    /// The tags, as JSON strings separated by commas, in pieces of about `piece` bytes. A name
    /// with nothing to escape (the usual case) is checked and copied in one loop into a buffer
    /// made once; others go through ``JSONWriter``. At a million tags this halved the encoding
    /// of a save, which JSONWriter's appends to a growing array made most of.
    ///
    /// - Complexity: O(*n*) in the text's length.
    private static func encode<E: Error>(_ tags: TagNames, piece: Int, _ emit: ([UInt8]) throws(E) -> Void) throws(E) {
        // Room for a piece and one more name escaped at its longest (200 characters of 4 bytes,
        // or 6 bytes for a control character).
        var buffer = [UInt8](repeating: 0, count: piece + 4 * 1024)
        var used = 0
        var index = 0
        try tags.forEachChunk { (chunk: [String]) throws(E) in
          for tag in chunk {
            defer { index += 1 }
            if used >= piece {
                try emit(Array(buffer[..<used]))
                used = 0
            }
            let copied = buffer.withUnsafeMutableBufferPointer { out -> Bool in
                guard let base = out.baseAddress else { return false }
                var at = used
                if index > 0 { base[at] = UInt8(ascii: ","); at += 1 }
                base[at] = UInt8(ascii: "\""); at += 1
                let plain = tag.utf8.withContiguousStorageIfAvailable { name -> Bool in
                    guard at + name.count + 1 <= out.count else { return false }
                    for byte in name {
                        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                        base[at] = byte
                        at += 1
                    }
                    return true
                } ?? false
                guard plain else { return false }
                base[at] = UInt8(ascii: "\""); at += 1
                used = at
                return true
            }
            if !copied {
                var writer = JSONWriter()
                if index > 0 { writer.write(raw: ",") }
                writer.writeString(tag)
                if used + writer.bytes.count > buffer.count {
                    try emit(Array(buffer[..<used]))
                    used = 0
                }
                // A name of many combining marks can be longer than the buffer: written alone.
                if writer.bytes.count > buffer.count {
                    try emit(writer.bytes)
                    continue
                }
                buffer.replaceSubrange(used..<(used + writer.bytes.count), with: writer.bytes)
                used += writer.bytes.count
            }
          }
        }
        if used > 0 { try emit(Array(buffer[..<used])) }
    }

    /// One pass over the text. Errors about the collection's content (a tag that is not text, a
    /// duplicate) wait until the whole text is known to be JSON, and are said in the order the
    /// tree reader said them: format, version, the tags list, then the first bad tag.
    private struct Reader {
        var scanner: JSONScanner
        var members: [Member] = []
        var names = Set<String>()
        var format: Bool?
        var version: Bool?
        var tags: TagNames?
        /// The keys of `tags`.
        var keys = Set<String>()
        var firstBadTag: CollectionFile.Corrupt?

        init(_ bytes: UnsafeRawBufferPointer) {
            scanner = JSONScanner(bytes)
        }

        mutating func read() throws(JSONSyntaxError) -> Result<(text: CollectionText, keys: Set<String>), CollectionFile.Corrupt> {
            scanner.skipByteOrderMark()
            scanner.skipWhitespace()
            guard scanner.skip(UInt8(ascii: "{")) else { throw scanner.expected(tr("an object")) }
            scanner.skipWhitespace()
            if !scanner.skip(UInt8(ascii: "}")) {
                while true {
                    try readMember()
                    scanner.skipWhitespace()
                    if scanner.skip(UInt8(ascii: "}")) { break }
                    guard scanner.skip(UInt8(ascii: ",")) else { throw scanner.expected(.commaOrEndOfObject) }
                    scanner.skipWhitespace()
                }
            }
            scanner.skipWhitespace()
            if !scanner.isAtEnd { throw scanner.error(.textAfterValue) }

            guard format == true else {
                return .failure(.init(reason: tr("it is not a tag collection (no \"format\": \"wraphstack-tags\")")))
            }
            guard version == true else { return .failure(.init(reason: tr("it has an unknown version"))) }
            guard let tags else { return .failure(.init(reason: tr("it has no \"tags\" list"))) }
            if let firstBadTag { return .failure(firstBadTag) }
            return .success((CollectionText(tags: tags, members: members), keys))
        }

        private mutating func readMember() throws(JSONSyntaxError) {
            guard scanner.current == UInt8(ascii: "\"") else { throw scanner.expected(.memberName) }
            let nameStart = scanner.position
            let token = try scanner.scanString()
            let nameBytes = Array(scanner.rawBytes(nameStart..<scanner.position))
            let name = scanner.string(token)
            if !names.insert(name).inserted {
                throw scanner.error(.duplicateMember(scanner.quote(token)), at: nameStart)
            }
            scanner.skipWhitespace()
            guard scanner.skip(UInt8(ascii: ":")) else { throw scanner.expected(.colonAfterMemberName) }
            scanner.skipWhitespace()
            switch name {
            case "format":
                let value = try scanner.skipValue()
                format = scanner.rawBytes(value).elementsEqual("\"wraphstack-tags\"".utf8)
                members.append(.format)
            case "version":
                let isNumber = scanner.kindOfValue == .number
                let value = isNumber ? try scanner.scanNumber() : 0
                if !isNumber { _ = try scanner.skipValue() }
                version = isNumber && value == 1
                members.append(.version)
            case "tags" where scanner.current == UInt8(ascii: "["):
                tags = try readTags()
                members.append(.tags)
            default:
                let value = try scanner.skipValue()
                members.append(.other(name: nameBytes, value: Array(scanner.rawBytes(value))))
            }
        }

        /// The tags list, at its '['.
        private mutating func readTags() throws(JSONSyntaxError) -> TagNames {
            scanner.position += 1
            scanner.skipWhitespace()
            var tags = TagNames()
            if scanner.skip(UInt8(ascii: "]")) { return tags }
            keys = []
            while true {
                if scanner.current == UInt8(ascii: "\"") {
                    let token = try scanner.scanString()
                    if firstBadTag == nil { take(token, into: &tags) }
                } else {
                    _ = try scanner.skipValue()
                    if firstBadTag == nil { firstBadTag = .init(reason: tr("tag \(tags.count + 1) is not text")) }
                }
                scanner.skipWhitespace()
                if scanner.skip(UInt8(ascii: "]")) { return tags }
                if scanner.isAtEnd { throw scanner.error(.unterminatedArray) }
                guard scanner.skip(UInt8(ascii: ",")) else { throw scanner.expected(.commaOrEndOfArray) }
                scanner.skipWhitespace()
            }
        }

        private mutating func take(_ token: JSONStringToken, into tags: inout TagNames) {
            let name: String, key: String
            if !token.hasEscapes, let plain = TagRules.plainASCIIName(scanner.rawBytes(token.content)) {
                name = plain.name
                // A name without capitals is its own key: no second string for it.
                key = plain.hasCapitals ? TagRules.key(name) : name
            } else {
                do throws(TagError) {
                    name = try TagRules.validatedName(scanner.string(token), allowsComma: true, allowsInvisible: true)
                } catch {
                    firstBadTag = .init(reason: tr("tag \(tags.count + 1): \(error.description)"))
                    return
                }
                key = TagRules.key(name)
            }
            guard keys.insert(key).inserted else {
                let first = tags.first { TagRules.key($0) == key } ?? name
                firstBadTag = .init(reason: tr("tag \(tags.count + 1): \(TagError.duplicate(first).description)"))
                return
            }
            tags.append(name)
        }
    }
}
