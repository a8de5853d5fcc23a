import CSystemCalls
import Glibc
import JSON

/// The user's own tag collection: a JSON file in the XDG data directory,
/// `{"format": "wraphstack-tags", "version": 1, "tags": [...]}`.
///
/// Nothing is lost: the file is replaced atomically on every save, a file that cannot be read as
/// a collection is moved aside (never overwritten) and reported, and a read-only file refuses
/// changes with a message.
public struct CollectionFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_DATA_HOME/wraphstack-tag-editor/tags.json`, with XDG's default
    /// `~/.local/share` when `XDG_DATA_HOME` is unset, empty or relative.
    public static func defaultPath(environment: [String: String]) -> String {
        var base = environment["XDG_DATA_HOME"] ?? ""
        if !base.hasPrefix("/") {
            base = (environment["HOME"] ?? "/tmp") + "/.local/share"
        }
        return base + "/wraphstack-tag-editor/tags.json"
    }

    /// What loading found.
    public struct Loaded: Equatable, Sendable {
        public var tags: [String]
        /// Something the user should be told (a new collection, a corrupt file kept aside).
        public var notice: String?
    }

    /// Reads the collection. A missing file is created from `sample`. A file that is not a valid
    /// collection is moved aside to `tags.json.corrupt`, reported, and a new collection is
    /// started from `sample`.
    ///
    /// - Throws: ``FileError`` when the file or its directory cannot be read or written.
    public func load(sample: [String]) throws(FileError) -> Loaded {
        FileSystem.removeLeftoverTemporaryFiles(of: path)
        guard let bytes = try FileSystem.read(path) else {
            try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
            try save(sample)
            return Loaded(tags: sample, notice: "Started your tag collection at \(path) from the sample list.")
        }
        switch Self.decode(bytes) {
        case .success(let tags):
            return Loaded(tags: tags, notice: nil)
        case .failure(let problem):
            let aside = try FileSystem.moveAside(path, suffix: "corrupt")
            try save(sample)
            return Loaded(tags: sample, notice: "Your tag collection could not be read (\(problem.reason)). "
                          + "It was kept as \(aside); a new collection was started from the sample list.")
        }
    }

    /// Replaces the collection with `tags`, atomically.
    ///
    /// - Throws: ``FileError``; the file on disk is then unchanged.
    public func save(_ tags: [String]) throws(FileError) {
        try FileSystem.writeAtomically(Array(Self.encode(tags).utf8), to: path)
    }

    struct Corrupt: Error { var reason: String }

    static func encode(_ tags: [String]) -> String {
        let value = JSONValue.object([
            ("format", .string("wraphstack-tags")),
            ("version", .number(1)),
            ("tags", .array(tags.map { .string($0) })),
        ])
        return value.text + "\n"
    }

    static func decode(_ bytes: [UInt8]) -> Result<[String], Corrupt> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Corrupt(reason: "it is not valid UTF-8 text"))
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            return .failure(Corrupt(reason: bytes.isEmpty ? "it is empty" : error.description))
        }
        guard value["format"] == .string("wraphstack-tags") else {
            return .failure(Corrupt(reason: "it is not a tag collection (no \"format\": \"wraphstack-tags\")"))
        }
        guard value["version"] == .number(1) else {
            return .failure(Corrupt(reason: "it has an unknown version"))
        }
        guard case .array(let elements)? = value["tags"] else {
            return .failure(Corrupt(reason: "it has no \"tags\" list"))
        }
        var tags: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let raw) = element else {
                return .failure(Corrupt(reason: "tag \(index + 1) is not text"))
            }
            do {
                tags.append(try TagRules.validated(raw, existing: tags))
            } catch {
                return .failure(Corrupt(reason: "tag \(index + 1): \(error.description)"))
            }
        }
        return .success(tags)
    }
}

/// A plain list of tags, one per line (`tag-editor --tags FILE`): read once, never written.
public enum TagListFile {
    /// The tags of the file, in order; blank lines and repeats are skipped.
    ///
    /// - Throws: ``FileError`` when it cannot be read, or is missing, or is not UTF-8 text.
    public static func read(_ path: String) throws(FileError) -> [String] {
        guard let bytes = try FileSystem.read(path) else {
            throw FileError(path: path, operation: "read", code: ENOENT)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path, operation: "read as UTF-8 text", code: EILSEQ)
        }
        var tags: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            if let tag = try? TagRules.validated(String(line), existing: tags) { tags.append(tag) }
        }
        return tags
    }
}

