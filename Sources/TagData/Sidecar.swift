// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON

/// Tags where extended attributes cannot go (a vfat or exFAT drive, a network share without
/// them, ramfs): TagSpaces' sidecar, `.ts/NAME.json` beside the file (`.ts/tsm.json` inside a
/// folder), whose `tags` array holds an object a tag with its `title` (TagSpaces' documented
/// format, docs.tagspaces.org/dev/metafileformats). TagData reads and writes it as if it were the
/// attribute: the titles are the parts, and the exact attribute bytes go in a member of our own
/// (`wraphstackAttribute`, used while the titles still are its parts), so that tags that travel
/// through such a drive come back byte for byte.
///
/// Every other member of an existing sidecar (`description`, TagSpaces' `id`, a tag's `style` or
/// `color`) is kept byte for byte; only `tags`, `lastUpdated` and our member are written. A
/// sidecar this project made (`appName` ours) is removed once the file's tags are in an
/// attribute again; TagSpaces' own is never removed (its tags array is emptied when the tags
/// are removed, so that they do not come back).
struct Sidecar {
    static let folderName = ".ts"
    static let appName = "WrapHStack filetags"
    static let exactMember = "wraphstackAttribute"

    /// A member of the sidecar's object, as written.
    struct Member {
        var name: String
        var raw: [UInt8]
    }

    /// The members other than `tags`, in order, as written.
    var members: [(name: String, raw: (key: [UInt8], value: [UInt8]))] = []
    /// The tags' objects as written, with their titles.
    var tags: [(title: String, raw: [UInt8])] = []
    /// Where `tags` was among the members (nil: it had none).
    var tagsPosition: Int?
    var isOurs = false

    /// The attribute it stands for: the exact bytes kept while the titles are still their parts
    /// (TagSpaces may have changed the tags), else the titles joined by commas.
    var attribute: [UInt8] {
        let titles = tags.map(\.title)
        if let exact = members.first(where: { $0.name == Self.exactMember }),
           let text = Self.stringValue(exact.raw.value), Self.titles(of: text) == titles {
            return Array(text.utf8)
        }
        return Array(titles.joined(separator: ",").utf8)
    }

    /// The sidecar of `file`: `.ts/NAME.json` in its folder, or for a folder `.ts/tsm.json` in it.
    static func path(of file: FilePath, isDirectory: Bool) -> FilePath {
        isDirectory ? file.appending(folderName).appending("tsm.json")
            : file.parent.appending(folderName).appending(Array(file.lastComponent) + Array(".json".utf8))
    }

    // MARK: Reading

    /// Reads a sidecar's text; `nil` when it is not a JSON object (left as it is, never written over).
    static func parse(_ bytes: [UInt8]) -> Sidecar? {
        bytes.withUnsafeBytes { raw -> Sidecar? in
            var scanner = JSONScanner(raw)
            var sidecar = Sidecar()
            do {
                scanner.skipByteOrderMark()
                scanner.skipWhitespace()
                guard scanner.skip(UInt8(ascii: "{")) else { return nil }
                scanner.skipWhitespace()
                if scanner.skip(UInt8(ascii: "}")) { return sidecar }
                while true {
                    let keyStart = scanner.position
                    let token = try scanner.scanString()
                    let key = Array(scanner.rawBytes(keyStart..<scanner.position))
                    let name = scanner.string(token)
                    scanner.skipWhitespace()
                    guard scanner.skip(UInt8(ascii: ":")) else { return nil }
                    scanner.skipWhitespace()
                    let valueRange = try scanner.skipValue()
                    let value = Array(scanner.rawBytes(valueRange))
                    if name == "tags" {
                        sidecar.tagsPosition = sidecar.members.count
                        sidecar.tags = try Self.tags(value)
                    } else {
                        if name == "appName" { sidecar.isOurs = Self.stringValue(value) == appName }
                        sidecar.members.append((name, (key, value)))
                    }
                    scanner.skipWhitespace()
                    if scanner.skip(UInt8(ascii: "}")) { break }
                    guard scanner.skip(UInt8(ascii: ",")) else { return nil }
                    scanner.skipWhitespace()
                }
                scanner.skipWhitespace()
                return scanner.isAtEnd ? sidecar : nil
            } catch {
                return nil
            }
        }
    }

    /// The tags array's objects (or plain strings) with their titles.
    private static func tags(_ value: [UInt8]) throws(JSONSyntaxError) -> [(title: String, raw: [UInt8])] {
        guard case .array(let items)? = try? JSONValue.parse(utf8: value) else { return [] }
        var result: [(String, [UInt8])] = []
        // The raw text of each item, for keeping its other members as written.
        let raws: [[UInt8]] = value.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            var raws: [[UInt8]] = []
            scanner.skipWhitespace()
            _ = scanner.skip(UInt8(ascii: "["))
            scanner.skipWhitespace()
            if scanner.skip(UInt8(ascii: "]")) { return raws }
            while let range = try? scanner.skipValue() {
                raws.append(Array(scanner.rawBytes(range)))
                scanner.skipWhitespace()
                guard scanner.skip(UInt8(ascii: ",")) else { break }
                scanner.skipWhitespace()
            }
            return raws
        }
        for (item, raw) in zip(items, raws) {
            switch item {
            case .string(let title): result.append((title, raw))
            case .object:
                if case .string(let title)? = item["title"] { result.append((title, raw)) }
            default: continue
            }
        }
        return result
    }

    /// The titles an attribute's text is written as: each part trimmed, empty ones left out.
    static func titles(of text: String) -> [String] {
        FileTagsAttribute(text: text).parts.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    }

    static func stringValue(_ raw: [UInt8]) -> String? {
        if case .string(let text)? = try? JSONValue.parse(utf8: raw) { return text }
        return nil
    }

    // MARK: Writing

    /// The sidecar with the tags of `attribute` (its parts trimmed, empty ones left out), each tag
    /// that was there keeping its object as written; `lastUpdated` set to `now`.
    func replacingTags(with attribute: [UInt8], now: Double) -> [UInt8] {
        let text = String(decoding: attribute, as: UTF8.self)
        let titles = Self.titles(of: text)
        var available = tags
        var objects: [[UInt8]] = []
        for title in titles {
            if let index = available.firstIndex(where: { $0.title == title }) {
                objects.append(available.remove(at: index).raw)
            } else {
                var writer = JSONWriter()
                writer.write(raw: "{\"title\":")
                writer.writeString(title)
                writer.write(raw: ",\"type\":\"sidecar\"}")
                objects.append(writer.bytes)
            }
        }
        var tagsText: [UInt8] = Array("[".utf8)
        for (index, object) in objects.enumerated() {
            if index > 0 { tagsText.append(UInt8(ascii: ",")) }
            tagsText += object
        }
        tagsText.append(UInt8(ascii: "]"))
        var out: [(key: [UInt8], value: [UInt8])] = members.map(\.raw)
        func set(_ name: String, _ value: [UInt8]) {
            if let index = members.firstIndex(where: { $0.name == name }) {
                out[index].value = value
            } else {
                var key = JSONWriter()
                key.writeString(name)
                out.append((key.bytes, value))
            }
        }
        var exact = JSONWriter()
        exact.writeString(text)
        set("lastUpdated", Self.quoted(Self.isoTime(now)))
        set(Self.exactMember, exact.bytes)
        var tagsKey = JSONWriter()
        tagsKey.writeString("tags")
        out.insert((tagsKey.bytes, tagsText), at: min(tagsPosition ?? out.count, out.count))
        var bytes = Array("{".utf8)
        for (index, member) in out.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += member.key + Array(":".utf8) + member.value
        }
        bytes += Array("}\n".utf8)
        return bytes
    }

    /// A new sidecar of ours.
    static func new(with attribute: [UInt8], now: Double) -> [UInt8] {
        var app = JSONWriter()
        app.writeString(appName)
        var key = JSONWriter()
        key.writeString("appName")
        let sidecar = Sidecar(members: [("appName", (key.bytes, app.bytes))], tags: [], tagsPosition: nil, isOurs: true)
        return sidecar.replacingTags(with: attribute, now: now)
    }

    /// Whether it holds nothing but what this project writes (a sidecar of ours with no
    /// description or other member another program added): removed rather than emptied.
    var holdsOnlyTags: Bool {
        isOurs && members.allSatisfy { ["appName", "lastUpdated", Self.exactMember, "appVersionCreated"].contains($0.name) }
    }

    private static func quoted(_ text: String) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeString(text)
        return writer.bytes
    }

    /// `2026-12-07T05:30:00.000Z`, as TagSpaces writes `lastUpdated`.
    static func isoTime(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = Int((seconds - seconds.rounded(.down)) * 1000)
        let millis = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
    }
}

// MARK: - The sidecar of a file on disk

extension Sidecar {
    /// What is at a file's sidecar path.
    enum Found {
        case none
        case sidecar(Sidecar)
        /// A file that is not a sidecar (not a JSON object): left as it is.
        case unreadable
    }

    /// Reads the sidecar at `path` (`.none` when there is none).
    static func read(at path: FilePath) -> Found {
        guard let bytes = try? readFile(path) else { return .none }
        return parse(bytes).map { .sidecar($0) } ?? .unreadable
    }

    /// Reads the sidecar `name` (bytes) of `.ts` in the folder open at `folder`.
    static func read(in folder: Int32, sidecarName: [UInt8]) -> Found {
        let fd = FilePath(bytes: Array(folderName.utf8) + [UInt8(ascii: "/")] + sidecarName).withCString {
            openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        }
        guard fd >= 0 else { return .none }
        defer { close(fd) }
        guard let bytes = readAll(fd) else { return .none }
        return parse(bytes).map { .sidecar($0) } ?? .unreadable
    }

    /// The whole of a file, or `nil` when it cannot be opened (missing).
    static func readFile(_ path: FilePath) throws -> [UInt8]? {
        let fd = path.openPieceByPiece(O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readAll(fd)
    }

    static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // A sidecar is small; a huge file at its name is not one.
            if bytes.count > 16 << 20 { return nil }
        }
    }

    /// Writes `bytes` at `path` atomically (a temporary file in `.ts`, synced, renamed over),
    /// making `.ts` when missing.
    static func write(_ bytes: [UInt8], at path: FilePath) throws(FileError) {
        let folder = path.parent
        if folder.withKernelPath({ $0.map { mkdir($0, 0o755) } ?? -1 }) != 0 && errno != EEXIST {
            throw FileError(path: folder, operation: "create", code: errno)
        }
        let fd = folder.openPieceByPiece(O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: folder, operation: "open", code: errno) }
        defer { close(fd) }
        let temporary = FilePath(bytes: Array(".".utf8) + Array(path.lastComponent) + Array(".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))".utf8))
        let file = temporary.withCString { openat(fd, $0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard file >= 0 else { throw FileError(path: path, operation: "write", code: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(file)
                _ = temporary.withCString { unlinkat(fd, $0, 0) }
                throw FileError(path: path, operation: "write", code: code)
            }
            offset += written
        }
        let synced = fsync(file) == 0
        let code = errno
        close(file)
        let renamed = synced && temporary.withCString({ old in FilePath(bytes: Array(path.lastComponent)).withCString { renameat(fd, old, fd, $0) } }) == 0
        if !renamed {
            let failure = synced ? errno : code
            _ = temporary.withCString { unlinkat(fd, $0, 0) }
            throw FileError(path: path, operation: "write", code: failure)
        }
        fsync(fd)
    }

    /// The attribute a file's sidecar stands for, or `nil` when it has none.
    ///
    /// - Throws: ``FileError`` when a file at the sidecar's place is not a sidecar.
    static func attribute(of file: FilePath, isDirectory: Bool) throws(FileError) -> [UInt8]? {
        switch read(at: path(of: file, isDirectory: isDirectory)) {
        case .none: return nil
        case .sidecar(let sidecar): return sidecar.tags.isEmpty ? nil : sidecar.attribute
        case .unreadable: throw notASidecar(file, isDirectory: isDirectory)
        }
    }

    static func notASidecar(_ file: FilePath, isDirectory: Bool) -> FileError {
        var error = FileError(path: file, operation: "read the tags of", code: EINVAL)
        let sidecar = path(of: file, isDirectory: isDirectory)
        error.detail = tr("The tags of \(file) are kept in \(sidecar) (its file system has no extended attributes), which is not a sidecar (a JSON object); it is left as it is.")
        return error
    }

    /// Writes a file's tags in its sidecar (`nil`: no tags: a sidecar of ours removed, another
    /// program's emptied of tags).
    static func setAttribute(_ attribute: [UInt8]?, of file: FilePath, isDirectory: Bool) throws(FileError) {
        let path = path(of: file, isDirectory: isDirectory)
        let now = FileSystem.now()
        switch read(at: path) {
        case .unreadable: throw notASidecar(file, isDirectory: isDirectory)
        case .none:
            guard let attribute else { return }
            try write(new(with: attribute, now: now), at: path)
        case .sidecar(let sidecar):
            if attribute == nil && sidecar.holdsOnlyTags {
                if path.withKernelPath({ $0.map { unlink($0) } ?? -1 }) != 0 && errno != ENOENT {
                    throw FileError(path: path, operation: "remove", code: errno)
                }
                return
            }
            try write(sidecar.replacingTags(with: attribute ?? [], now: now), at: path)
        }
    }

    /// Once a file's tags are in its attribute: a sidecar of ours goes, another program's is
    /// emptied of tags when `emptyOthers` (so that a removal does not bring them back).
    static func retire(of file: FilePath, isDirectory: Bool, emptyOthers: Bool) {
        let path = path(of: file, isDirectory: isDirectory)
        guard case .sidecar(let sidecar) = read(at: path) else { return }
        if sidecar.isOurs {
            if sidecar.holdsOnlyTags {
                _ = path.withKernelPath { $0.map { unlink($0) } ?? -1 }
            } else {
                try? write(sidecar.replacingTags(with: [], now: FileSystem.now()), at: path)
            }
        } else if emptyOthers && !sidecar.tags.isEmpty {
            try? write(sidecar.replacingTags(with: [], now: FileSystem.now()), at: path)
        }
    }
}
