// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read that failed: the file it was and the system's reason.
struct ReadError: Error {
    var name: String
    var code: Int32

    var description: String { "cannot read \(name): \(String(cString: strerror(code)))" }
}

/// Reads a file descriptor in large chunks into one buffer, checking every read: an error is an
/// error, never the end of the input. Memory is bounded by the largest request allowed plus a
/// chunk, whatever the input.
final class InputReader {
    let descriptor: Int32
    /// For messages: "standard input" or the file's path.
    let name: String
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes read and not yet handed out.
    private var start = 0, end = 0
    private var reachedEnd = false
    /// Whether the rest of an over-long line is still to be skipped.
    private var skippingLine = false

    static let chunk = 1 << 18

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    deinit { free(buffer) }

    /// One line of `nextLine`: its bytes (valid until the next call), or the news that it was
    /// longer than allowed (the rest of it is skipped on the next call).
    enum Line {
        case text(UnsafeRawBufferPointer)
        case tooLong
    }

    /// The next line without its "\n" or "\r\n"; `nil` at the end of the input. A line longer
    /// than `maximumBytes` is `.tooLong` as soon as that many bytes have come without a line
    /// break. `beforeWaiting` runs before each read, which may wait for input.
    func nextLine(maximumBytes: Int, beforeWaiting: () -> Void) throws(ReadError) -> Line? {
        if skippingLine { try skipRestOfLine(beforeWaiting: beforeWaiting) }
        var searched = start
        while true {
            if let newline = findNewline(from: searched) {
                let line = start..<newline
                start = newline + 1
                return line.count > maximumBytes ? .tooLong : .text(trimmed(line))
            }
            searched = end
            if end - start > maximumBytes {
                skippingLine = true
                return .tooLong
            }
            if reachedEnd {
                guard start < end else { return nil }
                let line = start..<end
                start = end
                return .text(trimmed(line))
            }
            searched -= start
            makeRoom(upTo: maximumBytes + 1)
            beforeWaiting()
            try readChunk()
        }
    }

    /// The whole input, or `nil` if it is longer than `maximumBytes` (then it is not read further).
    func readAll(maximumBytes: Int) throws(ReadError) -> UnsafeRawBufferPointer? {
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size < maximumBytes {
            // A regular file: its size in one piece, and a chunk more for the read that finds the
            // end, so the buffer is never grown (and copied) along the way.
            reserve(Int(status.st_size) + Self.chunk)
        }
        while !reachedEnd && end <= maximumBytes {
            makeRoom(upTo: maximumBytes + 1)
            try readChunk()
        }
        return end > maximumBytes ? nil : UnsafeRawBufferPointer(start: buffer, count: end)
    }

    /// Frees the buffer (and what `readAll` returned).
    func discardBuffer() {
        free(buffer)
        buffer = nil
        capacity = 0
        start = 0
        end = 0
    }

    // MARK: The buffer

    private func skipRestOfLine(beforeWaiting: () -> Void) throws(ReadError) {
        while true {
            if let newline = findNewline(from: start) {
                start = newline + 1
                skippingLine = false
                return
            }
            start = 0
            end = 0
            if reachedEnd { return }
            makeRoom(upTo: Self.chunk)
            beforeWaiting()
            try readChunk()
        }
    }

    private func findNewline(from offset: Int) -> Int? {
        guard offset < end, let buffer else { return nil }
        guard let found = memchr(buffer + offset, 0x0A, end - offset) else { return nil }
        return buffer.distance(to: found)
    }

    private func trimmed(_ line: Range<Int>) -> UnsafeRawBufferPointer {
        var count = line.count
        if count > 0, buffer!.load(fromByteOffset: line.upperBound - 1, as: UInt8.self) == 0x0D { count -= 1 }
        return UnsafeRawBufferPointer(start: buffer! + line.lowerBound, count: count)
    }

    /// Makes room for a chunk after `end`: moves the unread bytes to the front, and grows the
    /// buffer (doubling) while the unread bytes and a chunk do not fit, never past `limit` bytes
    /// plus a chunk.
    private func makeRoom(upTo limit: Int) {
        if start > 0 {
            if start < end, let buffer { memmove(buffer, buffer + start, end - start) }
            end -= start
            start = 0
        }
        if capacity - end < Self.chunk {
            reserve(min(max(capacity * 2, end + Self.chunk), limit + Self.chunk))
        }
    }

    /// Grows the buffer to `newCapacity` bytes (realloc: large blocks are remapped, not copied).
    private func reserve(_ newCapacity: Int) {
        guard newCapacity > capacity else { return }
        guard let grown = realloc(buffer, newCapacity) else {
            Diagnostics.fail("out of memory for a \(newCapacity)-byte input buffer (see --max-input-bytes)")
        }
        buffer = grown
        capacity = newCapacity
    }

    private func readChunk() throws(ReadError) {
        while true {
            let count = read(descriptor, buffer! + end, capacity - end)
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                Descriptor.waitUntilReady(descriptor, for: POLLIN)
            } else if errno != EINTR {
                throw ReadError(name: name, code: errno)
            }
        }
    }
}
