import CSystemCalls
import Glibc
// Freedesktop file tags: the extended attribute `user.xdg.tags`, a comma-separated UTF-8 list
// (what KDE's Dolphin and Baloo read and write).


/// Reads and writes extended attributes. The system implementation calls the C library; tests
/// substitute one that fails on purpose.
public protocol ExtendedAttributes: Sendable {
    /// The attribute's value, or `nil` when the file does not have it.
    func value(of name: String, at path: String) throws(FileError) -> [UInt8]?
    func setValue(_ value: [UInt8], of name: String, at path: String) throws(FileError)
    /// Removes the attribute; no error when it is absent.
    func removeValue(of name: String, at path: String) throws(FileError)
}

/// Extended attributes through `getxattr`, `setxattr` and `removexattr`.
public struct SystemExtendedAttributes: ExtendedAttributes {
    public init() {}

    public func value(of name: String, at path: String) throws(FileError) -> [UInt8]? {
        while true {
            let size = getxattr(path, name, nil, 0)
            if size < 0 {
                if errno == ENODATA { return nil }
                throw FileError(path: path, operation: "read the tags of", code: errno)
            }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = buffer.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, size) }
            if read < 0 {
                if errno == ERANGE { continue }   // it grew in between: ask again
                if errno == ENODATA { return nil }
                throw FileError(path: path, operation: "read the tags of", code: errno)
            }
            return Array(buffer[0..<read])
        }
    }

    public func setValue(_ value: [UInt8], of name: String, at path: String) throws(FileError) {
        let result = value.withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) }
        if result != 0 { throw FileError(path: path, operation: "change the tags of", code: errno) }
    }

    public func removeValue(of name: String, at path: String) throws(FileError) {
        if removexattr(path, name) != 0 && errno != ENODATA {
            throw FileError(path: path, operation: "change the tags of", code: errno)
        }
    }
}

/// The tags of a set of files, edited together.
public struct FileTags: Sendable {
    public static let attribute = "user.xdg.tags"

    /// One file and its tags.
    public struct File: Sendable, Equatable {
        public var path: String
        public var tags: [String]
    }

    /// The files that could be read; only these are edited.
    public private(set) var files: [File]
    /// Files left out, with the reason (no extended attributes, unreadable, invalid UTF-8...).
    public private(set) var problems: [(path: String, message: String)]
    let attributes: any ExtendedAttributes

    /// Reads the tags of `paths`. A file whose tags cannot be read is left out and reported in
    /// ``problems``; it is never written.
    public init(paths: [String], attributes: any ExtendedAttributes = SystemExtendedAttributes()) {
        self.attributes = attributes
        files = []
        problems = []
        for path in paths {
            do {
                files.append(File(path: path, tags: try Self.readTags(path, attributes)))
            } catch {
                problems.append((path, error.message))
            }
        }
    }

    struct ReadProblem: Error { var message: String }

    static func readTags(_ path: String, _ attributes: any ExtendedAttributes) throws(ReadProblem) -> [String] {
        var info = stat()
        if stat(path, &info) != 0 {
            throw ReadProblem(message: FileError(path: path, operation: "read", code: errno).description)
        }
        let bytes: [UInt8]?
        do {
            bytes = try attributes.value(of: attribute, at: path)
        } catch {
            if error.code == ENOTSUP {
                throw ReadProblem(message: "\(path) is on a file system without extended attributes, so it cannot have tags; it is left out.")
            }
            throw ReadProblem(message: error.description)
        }
        guard let bytes else { return [] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadProblem(message: "The tags of \(path) are not valid UTF-8; the file is left unchanged.")
        }
        var tags: [String] = []
        for part in text.split(separator: ",") {
            let tag = String(part).trimmingWhitespace
            if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// Every tag, in first-seen order, with how many files have it.
    public var entries: [TagEntry] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for file in files {
            for tag in file.tags {
                if counts[tag] == nil { order.append(tag) }
                counts[tag, default: 0] += 1
            }
        }
        return order.map { TagEntry(name: $0, count: counts[$0]!, total: files.count) }
    }

    /// Adds a tag to every file.
    public mutating func add(_ input: String) throws -> String {
        let name = try TagRules.validated(input, existing: entries.map(\.name), allowsComma: false)
        try commit(files.map { File(path: $0.path, tags: $0.tags.contains(name) ? $0.tags : $0.tags + [name]) })
        return name
    }

    /// Removes a tag from every file that has it.
    public mutating func remove(_ name: String) throws {
        guard entries.contains(where: { $0.name == name }) else { throw TagError.notFound(name) }
        try commit(files.map { File(path: $0.path, tags: $0.tags.filter { $0 != name }) })
    }

    /// Renames a tag in every file that has it.
    public mutating func rename(_ old: String, to input: String) throws -> String {
        guard entries.contains(where: { $0.name == old }) else { throw TagError.notFound(old) }
        let name = try TagRules.validated(input, existing: entries.map(\.name), renaming: old, allowsComma: false)
        try commit(files.map { file in
            var tags: [String] = []
            for tag in file.tags {
                let renamed = tag == old ? name : tag
                if !tags.contains(renamed) { tags.append(renamed) }
            }
            return File(path: file.path, tags: tags)
        })
        return name
    }

    /// Writes the files whose tags change. All or nothing: if one write fails, the files already
    /// written get their old tags back and the error is thrown.
    mutating func commit(_ updated: [File]) throws(FileError) {
        var written: [File] = []
        do {
            for (old, new) in zip(files, updated) where old.tags != new.tags {
                try write(new)
                written.append(old)
            }
        } catch {
            for old in written { try? write(old) }
            throw error
        }
        files = updated
    }

    private func write(_ file: File) throws(FileError) {
        if file.tags.isEmpty {
            try attributes.removeValue(of: Self.attribute, at: file.path)
        } else {
            try attributes.setValue(Array(file.tags.joined(separator: ",").utf8), of: Self.attribute, at: file.path)
        }
    }
}

extension Error {
    /// The message to show for any error of the tag data layer.
    var message: String { (self as? CustomStringConvertible)?.description ?? "\(self)" }
}
