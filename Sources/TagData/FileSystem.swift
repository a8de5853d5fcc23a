// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc
// File access for tag data, on the C library, so that every failure keeps its errno and becomes a
// message that names the file and the cause. Writes are atomic: a temporary file in the same
// directory, flushed to disk, then renamed over the target, so a reader (or a crash) sees the old
// file or the new one, never a mix or an empty file.


/// A file operation that failed.
package struct FileError: Error, Equatable, CustomStringConvertible {
    package var path: String
    package var operation: String
    package var code: Int32
    /// The size of the attribute value that was refused (ENOSPC with room left on the disk:
    /// the file's own room for attributes is full; E2BIG: past the kernel's limit).
    package var attributeSize: Int?
    /// The whole message, when the cause is not an errno's (a sidecar that is not one).
    package var detail: String?

    package init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    package init(path: FilePath, operation: String, code: Int32, attributeSize: Int? = nil) {
        self.init(path: path.description, operation: operation, code: code)
        self.attributeSize = attributeSize
    }

    package var description: String {
        if let detail { return detail }
        switch code {
        case EROFS: return tr("\(path) is on a read-only file system; nothing was changed.")
        case EACCES where operation == "read": return tr("\(path) cannot be read: permission denied; nothing was changed.")
        case EACCES: return tr("\(path) cannot be changed: permission denied; nothing was changed.")
        case EPERM where operation == "read":
            return tr("\(path) cannot be read: the system does not permit it, as for an immutable file (lsattr shows an i); nothing was changed.")
        case EPERM:
            return tr("\(path) cannot be changed: the system does not permit it, as for an immutable file (lsattr shows an i); nothing was changed.")
        case ENOSPC where attributeSize != nil:
            return tr("The tags of \(path) do not fit in the room its file system keeps for one file's extended attributes (\(attributeSize!) bytes asked; ext4 keeps them in one block of about 4 KB, shared with the file's other attributes, unless it was made with -O ea_inode); the disk itself has room. Nothing was changed.")
        case ENOSPC: return tr("The disk holding \(path) is full; nothing was changed.")
        case E2BIG:
            guard let attributeSize else {
                return tr("The tags of \(path) would be more than the 65,536 bytes (64 KiB) Linux takes for one extended attribute; nothing was changed.")
            }
            return tr("The tags of \(path) would be \(attributeSize) bytes, more than the 65,536 bytes (64 KiB) Linux takes for one extended attribute; nothing was changed.")
        case EDQUOT: return tr("The disk quota for \(path) is used up; nothing was changed.")
        case ENOENT: return tr("\(path) does not exist.")
        // `operation` is the limit that was reached (FileSystem.read's).
        case EFBIG: return tr("\(path) is larger than \(operation), the most that is read; nothing was read.")
        case ENOTSUP: return tr("\(path) is on a file system without extended attributes, so it cannot have tags.")
        case EILSEQ: return tr("The tags of \(path) are not valid UTF-8; the file is left unchanged.")
        case EWOULDBLOCK where operation == "lock":
            // EWOULDBLOCK is EAGAIN on Linux: the operation tells a busy lock from the next case.
            return tr("\(path) is being changed by another program that has held its lock for over \(Int(FileSystem.lockTimeoutSeconds)) seconds; nothing was changed.")
        case EAGAIN: return tr("The tags of \(path) kept changing while they were being written; nothing was changed.")
        default: return tr("Could not \(operationText) \(path): \(String(cString: strerror(code))).")
        }
    }

    /// The operation as the verb of "Could not … PATH", in the user's language (it is an English
    /// word for the code that compares it, "read" or "lock").
    private var operationText: String {
        switch operation {
        case "read": trc("Could not … PATH", "read")
        case "read the tags of": trc("Could not … PATH", "read the tags of")
        case "read as UTF-8 text": trc("Could not … PATH", "read as UTF-8 text")
        case "change the tags of": trc("Could not … PATH", "change the tags of")
        case "create": trc("Could not … PATH", "create")
        case "lock": trc("Could not … PATH", "lock")
        case "move": trc("Could not … PATH", "move")
        case "open": trc("Could not … PATH", "open")
        case "remove": trc("Could not … PATH", "remove")
        case "start": trc("Could not … PATH", "start")
        case "write": trc("Could not … PATH", "write")
        default: operation
        }
    }

    /// Why a file cannot be written, in a few words for a list of files.
    package var shortReason: String {
        switch code {
        case EROFS: return tr("on a read-only file system")
        case EACCES: return FileSystem.isReadOnly(path) ? tr("its permissions allow nobody to write it")
                                                      : tr("no permission to change it")
        case EPERM: return tr("not permitted by the system, as for an immutable file")
        case ENOSPC where attributeSize != nil: return tr("its tags do not fit in its file system's room for one file's attributes")
        case E2BIG: return tr("its tags would be more than the 64 KiB Linux takes for one attribute")
        default: return String(cString: strerror(code))
        }
    }

    /// Whether the failure means that the file cannot be written at all (rather than this once).
    package var meansReadOnly: Bool { code == EROFS || code == EACCES || code == EPERM }
}

/// A file as the kernel knows it: device and inode. Two paths name the same file (a link, `a.txt`
/// and `./a.txt`) exactly when their identities are equal.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64

    /// The identity of the file `path` names, following symbolic links.
    package init(of path: String) throws(FileError) {
        try self.init(of: FilePath(path))
    }

    /// The identity of the file `path` names, following symbolic links.
    package init(of path: FilePath) throws(FileError) {
        var info = stat()
        if path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) != 0 { throw FileError(path: path, operation: "read", code: errno) }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// What tells one version of a file from another without reading it: its identity, size and
/// modification time (to the nanosecond). An atomic replace gives a new inode; a write in place
/// a new time. A reader that keeps what it read with the stamp it had can skip reading a file
/// whose stamp has not changed (the collection of a million tags, after the editor's own save).
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
    }

    /// The stamp of `path` now, or `nil` when it cannot be had (missing, say).
    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of an open file.
    init?(descriptor fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}

package enum FileSystem {
    /// The whole content of a file, or `nil` when it does not exist.
    ///
    /// - Parameter limit: the most bytes accepted; a longer file (or one that never ends)
    ///   throws EFBIG once that much was read.
    static func read(_ path: String, limit: Int = .max) throws(FileError) -> [UInt8]? {
        try readStamped(path, limit: limit)?.bytes
    }

    /// ``read(_:limit:)``, with the file's stamp taken before reading it: a change made while
    /// it is read gives a later stamp, so the bytes are never taken for a version they are not.
    static func readStamped(_ path: String, limit: Int = .max) throws(FileError) -> (bytes: [UInt8], stamp: FileStamp?)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError(path: path, operation: "read", code: errno)
        }
        defer { close(fd) }
        let stamp = FileStamp(descriptor: fd)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: "read", code: errno)
            }
            if n == 0 { return (bytes, stamp) }
            if bytes.count + n > limit {
                throw FileError(path: path, operation: "\(limit >> 20) MiB", code: EFBIG)
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Whether `path` exists and its permission bits allow nobody to write it. Checked before
    /// replacing a file: a rename would otherwise replace a read-only file without complaint
    /// (only its directory's permissions matter to rename).
    static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 == 0
    }

    /// Replaces `path` with `bytes` atomically, keeping the old file's permission bits.
    ///
    /// - Parameter synced: whether the file and the rename are made durable (`fsync`) before
    ///   this returns; without, a crash may leave the old version (never a mix of the two).
    /// - Returns: the new file's stamp (the rename keeps it).
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String, synced: Bool = true) throws(FileError) -> FileStamp? {
        try writeAtomically(to: path, synced: synced) { (file: inout OpenFile) throws(FileError) in try file.write(bytes) }
    }

    /// A file being written by ``writeAtomically(to:_:)``.
    struct OpenFile {
        let fd: Int32
        let path: String

        /// Appends `bytes`, all of them.
        func write(_ bytes: [UInt8]) throws(FileError) {
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileError(path: path, operation: "write", code: errno)
                }
                offset += n
            }
        }
    }

    /// Replaces `path` atomically with what `produce` writes, piece by piece: a large file is
    /// never held whole in memory (a million tags' 15 MB, made in fresh pages for every save,
    /// spent most of a save in page faults).
    ///
    /// - Returns: the new file's stamp (the rename keeps it).
    @discardableResult
    static func writeAtomically(to path: String, synced: Bool = true,
                                _ produce: (inout OpenFile) throws(FileError) -> Void) throws(FileError) -> FileStamp? {
        if isReadOnly(path) { throw FileError(path: path, operation: "write", code: EACCES) }
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { system_mkostemp($0.baseAddress!, O_CLOEXEC) }
        if fd < 0 { throw FileError(path: path, operation: "write", code: errno) }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var succeeded = false
        var stamp: FileStamp?
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            var info = stat()
            let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            fchmod(fd, mode)
            var file = OpenFile(fd: fd, path: path)
            try produce(&file)
            if synced, fsync(fd) != 0 { throw FileError(path: path, operation: "write", code: errno) }
            stamp = FileStamp(descriptor: fd)
        }
        if rename(temporary, path) != 0 { throw FileError(path: path, operation: "write", code: errno) }
        succeeded = true
        guard synced else { return stamp }
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
        return stamp
    }

    /// The temporary files that saves interrupted by a crash or a kill left beside `path`
    /// (`.NAME.tmp-XXXXXX`), or that a save in progress is writing. The file itself is never among
    /// them: the rename that replaces it is atomic, so it is always a complete old or new version.
    static func leftoverTemporaryFiles(of path: String) -> [String] {
        let directory = parentDirectory(of: path)
        let prefix = "." + (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var leftovers: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix(prefix) && name.count == prefix.count + 6 { leftovers.append(directory + "/" + name) }
        }
        return leftovers
    }

    /// Removes ``leftoverTemporaryFiles(of:)``; call it only when no save can be in progress.
    static func removeLeftoverTemporaryFiles(of path: String) {
        for leftover in leftoverTemporaryFiles(of: path) { unlink(leftover) }
    }

    /// Creates a directory and its parents (mode 0700 for new ones, as XDG asks for data dirs).
    static func makeDirectories(_ path: String) throws(FileError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw FileError(path: current, operation: "create", code: errno)
            }
        }
    }

    /// Renames a file to a name not yet taken: `path.corrupt-N`.
    static func moveAside(_ path: String, suffix: String) throws(FileError) -> String {
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? "\(path).\(suffix)" : "\(path).\(suffix)-\(attempt)"
            var info = stat()
            if stat(candidate, &info) == 0 { continue }
            if rename(path, candidate) != 0 { throw FileError(path: path, operation: "move", code: errno) }
            return candidate
        }
        throw FileError(path: path, operation: "move", code: EEXIST)
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

// MARK: - Times

extension FileSystem {
    /// Seconds since the epoch now (CLOCK_REALTIME, as file times are).
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// When the file at `path` was made (statx's birth time, not following a link at it), or `nil`.
    static func birthTime(of path: FilePath) -> Double? {
        var seconds: Int64 = 0, nanoseconds: UInt32 = 0
        let result = path.withKernelPath { $0.map { system_birth_time(AT_FDCWD, $0, AT_SYMLINK_NOFOLLOW, &seconds, &nanoseconds) } ?? -1 }
        guard result == 0 else { return nil }
        return Double(seconds) + Double(nanoseconds) / 1e9
    }

    /// When the file `name` in the folder open at `folder` was made, or `nil`.
    static func birthTime(in folder: Int32, name: FilePath) -> Double? {
        var seconds: Int64 = 0, nanoseconds: UInt32 = 0
        guard name.withCString({ system_birth_time(folder, $0, AT_SYMLINK_NOFOLLOW, &seconds, &nanoseconds) }) == 0 else { return nil }
        return Double(seconds) + Double(nanoseconds) / 1e9
    }

    /// When the open file was made (statx's birth time), or `nil` when its file system keeps none.
    static func birthTime(descriptor fd: Int32) -> Double? {
        var seconds: Int64 = 0, nanoseconds: UInt32 = 0
        guard system_birth_time(fd, "", SYSTEM_AT_EMPTY_PATH, &seconds, &nanoseconds) == 0 else { return nil }
        return Double(seconds) + Double(nanoseconds) / 1e9
    }
}

// MARK: - Locks

extension FileSystem {
    /// How long a writer waits for another one to finish before giving up.
    static let lockTimeoutSeconds = 5.0

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created when missing), so that
    /// writers that take the same lock (every tag editor, and any program that follows the same
    /// rule) take turns. Failures name `path`, the file the lock protects.
    ///
    /// - Throws: ``FileError`` when the lock cannot be had (`EWOULDBLOCK` after
    ///   ``lockTimeoutSeconds``), or what `body` throws.
    static func withExclusiveLock<T>(_ lockPath: String, protecting path: String,
                                     _ body: () throws -> T) throws -> T {
        var fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd < 0 { fd = open(lockPath, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { throw FileError(path: path, operation: "lock", code: errno) }
        defer { close(fd) }
        try waitForLock(fd, path: path)
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Runs `body` holding an exclusive `flock` on the file `path` itself, when it is a regular
    /// file or a directory that can be opened for reading; otherwise (no read permission, a
    /// device) without a lock. Opening for reading never changes the file.
    static func withExclusiveLockIfPossible<T>(onFile path: String, _ body: () throws -> T) throws -> T {
        try withExclusiveLockIfPossible(onFile: FilePath(path)) { _ in try body() }
    }

    /// ``withExclusiveLockIfPossible(onFile:_:)`` of a path as bytes; `body` gets the descriptor
    /// locked (-1 when there is none).
    static func withExclusiveLockIfPossible<T>(onFile path: FilePath, _ body: (Int32) throws -> T) throws -> T {
        var info = stat()
        let lockable = path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) == 0
            && (info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR)
        let fd = lockable ? path.openPieceByPiece(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) : -1
        guard fd >= 0 else { return try body(-1) }
        defer { close(fd) }
        try waitForLock(fd, path: path.description)
        defer { flock(fd, LOCK_UN) }
        return try body(fd)
    }

    private static func waitForLock(_ fd: Int32, path: String) throws(FileError) {
        let deadline = monotonicSeconds() + lockTimeoutSeconds
        var pause: UInt32 = 500
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw FileError(path: path, operation: "lock", code: code) }
            if monotonicSeconds() > deadline { throw FileError(path: path, operation: "lock", code: EWOULDBLOCK) }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Why `path` cannot be written, or `nil` when it can: no write permission bits at all (a
    /// user's "read-only", honoured even for root), or what `access(W_OK)` says (permission,
    /// an immutable file, a read-only file system). Nothing is written to find out.
    static func writeProblem(_ path: String) -> FileError? {
        writeProblem(FilePath(path))
    }

    /// ``writeProblem(_:)`` of a path as bytes.
    static func writeProblem(_ path: FilePath) -> FileError? {
        var info = stat()
        if path.withKernelPath({ $0.map { stat($0, &info) } ?? -1 }) == 0 && info.st_mode & 0o222 == 0 {
            return FileError(path: path, operation: "write", code: EACCES)
        }
        if path.withKernelPath({ $0.map { access($0, W_OK) } ?? -1 }) != 0 { return FileError(path: path, operation: "write", code: errno) }
        return nil
    }
}
