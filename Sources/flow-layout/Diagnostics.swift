// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages on standard error, and the exit statuses that go with them.
enum Diagnostics {
    /// Writes "flow-layout: message" to standard error (file descriptor 2: the C `stderr` global
    /// is not concurrency-safe). A failure to write it is ignored: there is nowhere left to say so.
    static func say(_ message: String) {
        var text = "flow-layout: \(message)\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Input or output failed: says why, exit status 2.
    static func fail(_ message: String) -> Never {
        say(message)
        exit(2)
    }

    static func usage(_ message: String) -> Never {
        say("\(message)\nTry 'flow-layout --help'.")
        exit(64)
    }
}
