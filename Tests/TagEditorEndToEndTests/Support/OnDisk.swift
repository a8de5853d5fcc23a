// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation

/// What is on disk, read and written without the tag editor's code: `getxattr`, `setxattr`,
/// `flock` and Foundation's JSON, so a mistake shared by the editor and its checks cannot hide.
enum OnDisk {
    static let attribute = "user.xdg.tags"

    /// The file's `user.xdg.tags` as it is, or `nil` when it has none.
    static func rawTags(of path: String) -> String? {
        // Asked again when the value grew between asking its size and reading it (ERANGE), as
        // getfattr does: a reader racing a writer must not take a longer value for no value.
        while true {
            let size = getxattr(path, attribute, nil, 0)
            guard size >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBytes { getxattr(path, attribute, $0.baseAddress, size) }
            if read >= 0 { return String(decoding: buffer[0..<read], as: UTF8.self) }
            if errno != ERANGE { return nil }
        }
    }

    /// The file's tags, split at commas (empty when it has none).
    static func tags(of path: String) -> [String] {
        (rawTags(of: path) ?? "").split(separator: ",").map(String.init)
    }

    static func setTags(_ value: String, of path: String) {
        let bytes = Array(value.utf8)
        precondition(bytes.withUnsafeBytes { setxattr(path, attribute, $0.baseAddress, $0.count, 0) } == 0,
                     "setxattr \(path): \(String(cString: strerror(errno)))")
    }

    /// The tags of a collection file, or `nil` when it is missing or not a collection.
    static func collection(at path: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              object["format"] as? String == "wraphstack-tags" else { return nil }
        return object["tags"] as? [String]
    }

    /// Writes a collection as another program would: a new file renamed over the old one.
    static func writeCollection(_ tags: [String], at path: String) throws {
        let object: [String: Any] = ["format": "wraphstack-tags", "version": 1, "tags": tags]
        let data = try JSONSerialization.data(withJSONObject: object)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Holds exclusive `flock`s (on a collection's lock file, or on tagged files themselves), the
    /// locks every cooperating writer takes: while held, nobody that cooperates writes.
    final class Locks {
        private var descriptors: [Int32] = []

        init(_ paths: [String]) throws {
            for path in paths {
                let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw EndToEndError(description: "cannot open \(path) to lock it") }
                descriptors.append(fd)
                try waitUntil("the lock on \(path)") { flock(fd, LOCK_EX | LOCK_NB) == 0 ? true : nil }
            }
        }

        func release() {
            for fd in descriptors { close(fd) }
            descriptors = []
        }

        deinit { release() }
    }
}
