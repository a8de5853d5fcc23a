// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON
import TagData

/// Standard output, buffered, every write checked: a full disk or a closed pipe is an error
/// (status 2), never output cut short in silence.
struct Output {
    var writer = JSONWriter(reservingCapacity: 1 << 16)

    mutating func write(_ text: String) {
        writer.bytes.append(contentsOf: text.utf8)
        if writer.bytes.count >= 1 << 16 { flush() }
    }

    mutating func write(bytes: [UInt8]) {
        writer.bytes.append(contentsOf: bytes)
        if writer.bytes.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < writer.bytes.count {
            let written = writer.bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                Diagnostics.fail(tr("cannot write to standard output: \(String(cString: strerror(errno)))"), status: 2)
            }
            offset += written
        }
        writer.bytes.removeAll(keepingCapacity: true)
    }
}

enum Diagnostics {
    static func warn(_ message: String) {
        let line = Array("filetags: \(message)\n".utf8)
        var offset = 0
        while offset < line.count {
            let written = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        warn(message)
        exit(status)
    }
}
