// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc

/// A path as Linux has it: bytes, any but NUL, not necessarily UTF-8 (a name copied from an old
/// Latin-1 disk, a zip made elsewhere). A Swift `String` would replace the bytes that are not
/// UTF-8 with U+FFFD and name another file, so paths are read, compared, passed to the kernel and
/// printed as bytes; ``description`` is for people (escaped as `ls` escapes such names).
package struct FilePath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    package private(set) var bytes: [UInt8]

    package init(_ string: String) {
        bytes = Array(string.utf8)
    }

    package init(stringLiteral string: String) {
        self.init(string)
    }

    package init<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        self.bytes = Array(bytes)
    }

    /// A C string's bytes (up to its NUL).
    package init(cString: UnsafePointer<CChar>) {
        bytes = Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    package var isEmpty: Bool { bytes.isEmpty }

    /// The path as text when it is UTF-8 (exactly its bytes), else `nil`.
    package var string: String? { String(validating: bytes, as: UTF8.self) }

    /// The path for people: itself when it is UTF-8 without control characters, else quoted as
    /// `ls --quoting-style=shell-escape` quotes it (`'a'$'\377''b'`), which a shell reads back as
    /// the same bytes.
    package var description: String { Self.escaped(bytes) }

    /// `bytes` as ``description`` shows a path.
    package static func escaped<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        // Printable ASCII, most paths: no scalar's Unicode category to look up (the folder
        // view shows 100,000 paths before its first frame).
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self),
           !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return text
        }
        var result = ""
        var printable: [UInt8] = []
        func flushPrintable() {
            guard !printable.isEmpty else { return }
            result += "'" + String(decoding: printable, as: UTF8.self).replacingAll("'", with: "'\\''") + "'"
            printable.removeAll()
        }
        var index = bytes.startIndex
        var escapes = ""
        func flushEscapes() {
            guard !escapes.isEmpty else { return }
            result += "$'" + escapes + "'"
            escapes = ""
        }
        while index < bytes.endIndex {
            let length = Self.validSequenceLength(bytes, at: index)
            let end = bytes.index(index, offsetBy: length ?? 1)
            let sequence = bytes[index..<end]
            let scalar = length.flatMap { _ in String(validating: sequence, as: UTF8.self)?.unicodeScalars.first }
            if let scalar, scalar.properties.generalCategory != .control {
                flushEscapes()
                printable += sequence
            } else {
                flushPrintable()
                for byte in sequence {
                    switch byte {
                    case 0x0A: escapes += "\\n"
                    case 0x09: escapes += "\\t"
                    case 0x0D: escapes += "\\r"
                    default:
                        let octal = String(byte, radix: 8)
                        escapes += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    }
                }
            }
            index = end
        }
        flushPrintable()
        flushEscapes()
        return result
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or `nil`.
    private static func validSequenceLength<Bytes: Collection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, bytes.distance(from: index, to: bytes.endIndex) >= length else { return nil }
        let sequence = bytes[index..<bytes.index(index, offsetBy: length)]
        return String(validating: sequence, as: UTF8.self) != nil ? length : nil
    }

    /// `self/name` (`/name` under the root).
    package func appending<Name: Collection<UInt8>>(_ name: Name) -> FilePath {
        var path = self
        if path.bytes.last != UInt8(ascii: "/") { path.bytes.append(UInt8(ascii: "/")) }
        path.bytes += name
        return path
    }

    package func appending(_ name: String) -> FilePath { appending(name.utf8) }

    /// The folder it is in (`.` for a bare name, `/` for a name at the root).
    package var parent: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : FilePath(bytes: bytes[..<slash])
    }

    /// Its last name (everything after the last `/`).
    package var lastComponent: ArraySlice<UInt8> {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes[...] }
        return bytes[(slash + 1)...]
    }

    /// Whether `self` is `folder` or a path under it.
    package func isWithin(_ folder: FilePath) -> Bool {
        if folder.bytes == [UInt8(ascii: "/")] { return bytes.first == UInt8(ascii: "/") }
        guard bytes.starts(with: folder.bytes) else { return false }
        return bytes.count == folder.bytes.count || bytes[folder.bytes.count] == UInt8(ascii: "/")
    }

    /// The path as a C string, for the system calls that take one.
    package func withCString<T, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> T) throws(E) -> T {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { (buffer) throws(E) -> T in
            try buffer.withMemoryRebound(to: CChar.self) { (chars) throws(E) -> T in try body(chars.baseAddress!) }
        }
    }

    /// Byte order (`LC_ALL=C sort`): for UTF-8 the order of code points.
    package static func < (a: FilePath, b: FilePath) -> Bool {
        // memcmp, not a generic element-by-element comparison: the folder view sorts 100,000
        // paths before its first frame.
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }
}

extension String {
    /// Every `target` replaced with `replacement` (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

// MARK: - Paths longer than the kernel takes

extension FilePath {
    /// The longest path a system call takes (PATH_MAX, with its NUL).
    static let kernelLimit = Int(PATH_MAX)

    /// Runs `body` with a path the kernel accepts for this one: itself when it is shorter than
    /// PATH_MAX; else `/proc/self/fd/N/NAME`, N its folder opened a piece of at most PATH_MAX
    /// bytes at a time (`openat` from the piece before). `nil` when the folder cannot be opened,
    /// with `errno` saying why. A folder of a deep tree is reached so from the walk, which
    /// reads below it by descriptor anyway.
    package func withKernelPath<T, E: Error>(_ body: (UnsafePointer<CChar>?) throws(E) -> T) throws(E) -> T {
        if bytes.count < Self.kernelLimit { return try withCString(body) }
        let folder = parent
        let fd = folder.openPieceByPiece(SYSTEM_O_PATH | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body(nil) }
        defer {
            let code = errno
            close(fd)
            errno = code
        }
        return try FilePath("/proc/self/fd/\(fd)").appending(lastComponent).withCString(body)
    }

    /// Opens the path with `flags`, walking it in pieces shorter than PATH_MAX (each piece's
    /// folders opened with SYSTEM_O_PATH, the last piece with `flags`). -1 with `errno` on failure.
    package func openPieceByPiece(_ flags: Int32, mode: mode_t = 0) -> Int32 {
        if bytes.count < Self.kernelLimit { return withCString { open($0, flags, mode) } }
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while bytes.count - start >= Self.kernelLimit {
            // The longest piece that ends at a slash.
            let limit = start + Self.kernelLimit - 1
            guard let slash = bytes[start..<limit].lastIndex(of: UInt8(ascii: "/")), slash > start else {
                errno = ENAMETOOLONG
                return -1
            }
            pieces.append(bytes[start..<slash])
            start = slash + 1
        }
        pieces.append(bytes[start...])
        var fd = Int32(AT_FDCWD)
        for (number, piece) in pieces.enumerated() {
            let last = number == pieces.count - 1
            let next = FilePath(bytes: piece.isEmpty ? [UInt8(ascii: "/")] : Array(piece)).withCString {
                openat(fd, $0, last ? flags : SYSTEM_O_PATH | O_DIRECTORY | O_CLOEXEC, mode)
            }
            let code = errno
            if fd != AT_FDCWD { close(fd) }
            guard next >= 0 else {
                errno = code
                return -1
            }
            fd = next
        }
        return fd
    }
}

// MARK: - Base64, for paths in JSON

extension FilePath {
    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes in base64 (RFC 4648): how a path that is not UTF-8 goes into JSON, whose strings
    /// are Unicode.
    package static func base64<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let a = iterator.next() {
            let b = iterator.next(), c = iterator.next()
            let value = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
            out.append(base64Alphabet[Int(value >> 18 & 63)])
            out.append(base64Alphabet[Int(value >> 12 & 63)])
            out.append(b == nil ? UInt8(ascii: "=") : base64Alphabet[Int(value >> 6 & 63)])
            out.append(c == nil ? UInt8(ascii: "=") : base64Alphabet[Int(value & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of base64 text, or `nil` when it is not base64.
    package static func bytes(base64 text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            guard let index = base64Alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(index))
        }
        var out: [UInt8] = []
        var index = 0
        while index + 1 < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var value: UInt32 = 0
            for (offset, six) in chunk.enumerated() { value |= UInt32(six) << (18 - 6 * offset) }
            out.append(UInt8(value >> 16 & 0xFF))
            if chunk.count > 2 { out.append(UInt8(value >> 8 & 0xFF)) }
            if chunk.count > 3 { out.append(UInt8(value & 0xFF)) }
            index += 4
        }
        return out
    }
}
