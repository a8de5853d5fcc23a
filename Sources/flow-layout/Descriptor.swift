// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command checks of the descriptors it was given, and how it waits on them.
enum Descriptor {
    /// Stops the command (exit status 2) unless `descriptor` is open for reading (or writing):
    /// a shell can hand over a closed or wrong-way descriptor (`<&-`, `0>file`, `>&-`).
    static func requireOpen(_ descriptor: Int32, forWriting: Bool, name: String) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags < 0 { Diagnostics.fail("\(name) is closed") }
        if flags & O_ACCMODE == (forWriting ? O_RDONLY : O_WRONLY) {
            Diagnostics.fail("\(name) is not open for \(forWriting ? "writing" : "reading")")
        }
    }

    /// Waits until `descriptor` can be read or written (`events`), however long that takes: a
    /// non-blocking descriptor (some parents give one) says EAGAIN instead of waiting itself.
    static func waitUntilReady(_ descriptor: Int32, for events: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }
}
