// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CXXHash
import Glibc

/// A file's content, summed: XXH3's 128-bit hash (Debian's libxxhash) of every byte. XXH3 reads
/// several gigabytes a second, faster than a disk gives them, so a fingerprint costs the file's
/// read; 128 bits make two different files of equal size summing alike as unlikely as a disk
/// error. It is not a cryptographic hash: the journal only asks "is this the document that had
/// these tags", never trusts a stranger's file on it (a restore is listed by `check` and can be
/// tried with `--dry-run` first). Computed only when needed (``TagJournal/check(_:attributes:)``,
/// `export`), and kept in the journal by the file's identity (device, inode, size, modification
/// time), so a file is read again only once it changed.
package struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    package var bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// "xxh3-128:" and the hash in hexadecimal.
    package var description: String {
        "xxh3-128:" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The fingerprint written as ``description``, or `nil`.
    package init?(text: String) {
        guard text.hasPrefix("xxh3-128:") else { return nil }
        let hex = Array(text.utf8.dropFirst(9))
        guard hex.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        self.bytes = bytes
    }

    /// The fingerprint of the file open at `fd`, read from its start; `nil` when it cannot be read.
    package static func of(descriptor fd: Int32) -> Fingerprint? {
        guard let state = XXH3_createState() else { return nil }
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { _ = XXH3_128bits_update(state, $0.baseAddress, count) }
            offset += off_t(count)
        }
        let hash = XXH3_128bits_digest(state)
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, hash)
        return Fingerprint(bytes: withUnsafeBytes(of: canonical.digest) { Array($0) })
    }

    /// The fingerprint of the file at `path` now, with the identity it had when read; `nil` when
    /// it cannot be opened or read, or changed while it was read.
    package static func of(_ path: FilePath) -> (fingerprint: Fingerprint, info: stat)? {
        let fd = path.openPieceByPiece(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var before = stat(), after = stat()
        guard fstat(fd, &before) == 0, before.st_mode & S_IFMT == S_IFREG, let fingerprint = of(descriptor: fd),
              fstat(fd, &after) == 0, after.st_mtim.tv_sec == before.st_mtim.tv_sec,
              after.st_mtim.tv_nsec == before.st_mtim.tv_nsec, after.st_size == before.st_size else { return nil }
        return (fingerprint, before)
    }
}
