import CSystemCalls
import Glibc
// File access for tag data, on the C library, so that every failure keeps its errno and becomes a
// message that names the file and the cause. Writes are atomic: a temporary file in the same
// directory, flushed to disk, then renamed over the target, so a reader (or a crash) sees the old
// file or the new one, never a mix or an empty file.


/// A file operation that failed.
public struct FileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var code: Int32

    public init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
    }

    public var description: String {
        switch code {
        case EROFS: return "\(path) is on a read-only file system; nothing was changed."
        case EACCES, EPERM: return "\(path) cannot be \(operation == "read" ? "read" : "changed"): permission denied; nothing was changed."
        case ENOSPC: return "The disk holding \(path) is full; nothing was changed."
        case EDQUOT: return "The disk quota for \(path) is used up; nothing was changed."
        case ENOENT: return "\(path) does not exist."
        default: return "Could not \(operation) \(path): \(String(cString: strerror(code)))."
        }
    }
}

enum FileSystem {
    /// The whole content of a file, or `nil` when it does not exist.
    static func read(_ path: String) throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError(path: path, operation: "read", code: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: "read", code: errno)
            }
            if n == 0 { return bytes }
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
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        if isReadOnly(path) { throw FileError(path: path, operation: "write", code: EACCES) }
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { system_mkostemp($0.baseAddress!, O_CLOEXEC) }
        if fd < 0 { throw FileError(path: path, operation: "write", code: errno) }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            var info = stat()
            let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
            fchmod(fd, mode)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileError(path: path, operation: "write", code: errno)
                }
                offset += n
            }
            if fsync(fd) != 0 { throw FileError(path: path, operation: "write", code: errno) }
        }
        if rename(temporary, path) != 0 { throw FileError(path: path, operation: "write", code: errno) }
        succeeded = true
        // Make the rename itself durable.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes the temporary files a save interrupted by a crash or a kill left beside `path`
    /// (`.NAME.tmp-XXXXXX`). The file itself is never among them: the rename that replaces it is
    /// atomic, so it is always a complete old or new version.
    static func removeLeftoverTemporaryFiles(of path: String) {
        let directory = parentDirectory(of: path)
        let prefix = "." + (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-"
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var leftovers: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name.hasPrefix(prefix) && name.count == prefix.count + 6 { leftovers.append(name) }
        }
        for name in leftovers { unlink(directory + "/" + name) }
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
