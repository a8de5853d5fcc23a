// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import TagData

/// A fresh directory for one test, removed afterwards.
final class TemporaryDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "tagdata-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String, contents: String = "") -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(contents.utf8))
        return file
    }

    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }
}

func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

func xattr(_ path: String) -> String? {
    (try? SystemExtendedAttributes().value(of: FileTags.attribute, at: path)).flatMap { $0 }
        .map { String(decoding: $0, as: UTF8.self) }
}

func setXattr(_ path: String, _ value: [UInt8]) {
    try! SystemExtendedAttributes().setValue(value, of: FileTags.attribute, at: path)
}

/// A small tmpfs, for the faults a normal directory cannot produce (a full disk, a read-only file
/// system). Needs root, as CI and the development machines have; `nil` elsewhere.
final class ScratchMount {
    let path: String

    init?(sizeKiB: Int) {
        guard getuid() == 0 else { return nil }
        path = NSTemporaryDirectory() + "tagdata-mount-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeKiB)k", "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    func remountReadOnly() -> Bool {
        Self.run("/bin/mount", ["-o", "remount,ro", path])
    }

    deinit {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A file system made for one test in an image file and mounted through a loop device (ext4 with
/// the given mkfs options, or ramfs, which refuses user extended attributes). Needs root; `nil`
/// elsewhere (the test says it was skipped and why).
final class LoopMount {
    let path: String
    private let image: String?

    static var whyUnavailable: String? {
        getuid() == 0 ? nil : "mounting a file system needs root"
    }

    init?(ext4 sizeMiB: Int, options: [String] = []) {
        guard getuid() == 0 else { return nil }
        let base = NSTemporaryDirectory() + "tagdata-loop-\(UUID().uuidString)"
        path = base + "-mnt"
        image = base + ".img"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image!, contents: nil), truncate(image!, off_t(sizeMiB) << 20) == 0,
              ScratchMount.run("/sbin/mkfs.ext4", ["-q", "-F"] + options + [image!]),
              ScratchMount.run("/bin/mount", ["-o", "loop", image!, path]) else {
            unlink(image!)
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    /// ramfs: a real file system without user extended attributes (there is no vfat here).
    init?(ramfs: Void) {
        guard getuid() == 0 else { return nil }
        path = NSTemporaryDirectory() + "tagdata-ramfs-\(UUID().uuidString)"
        image = nil
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard ScratchMount.run("/bin/mount", ["-t", "ramfs", "ramfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    deinit {
        _ = ScratchMount.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
        if let image { unlink(image) }
    }
}
