// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

/// Standard output through one buffer, every write checked: a failed write stops the command at
/// once (exit status 2), and a reader that went away stops it quietly.
struct StandardOutput {
    var writer = JSONWriter(reservingCapacity: 2 * drainThreshold)

    /// The buffer is written out when it holds this much.
    static let drainThreshold = 1 << 16

    /// Ends an output line, and writes the buffer out if it is full.
    mutating func endLine() {
        writer.bytes.append(0x0A)
        if writer.bytes.count >= Self.drainThreshold { flush() }
    }

    mutating func flush() { Self.drain(&writer) }

    /// Writes out and empties `writer`'s bytes.
    static func drain(_ writer: inout JSONWriter) {
        writer.bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    Descriptor.waitUntilReady(1, for: POLLOUT)
                } else if errno != EINTR {
                    failed(errno)
                }
            }
        }
        writer.bytes.removeAll(keepingCapacity: true)
    }

    private static func failed(_ code: Int32) -> Never {
        // A broken pipe is the reader's choice (`| head`), not a fault to report; it gets here
        // only when SIGPIPE is ignored, as the signal would have ended the process otherwise.
        if code == EPIPE { exit(2) }
        Diagnostics.fail("cannot write standard output: \(String(cString: strerror(code)))")
    }
}
