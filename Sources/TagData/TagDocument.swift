/// What the tag editor edits: the user's collection, the tags of some files, or a list read from a
/// file (in memory only). Every change either happens completely (and is saved) or throws and
/// changes nothing.
public protocol TagDocument: AnyObject {
    /// What the window title says.
    var title: String { get }
    /// The tags, in order.
    var entries: [TagEntry] { get }
    /// Something to tell the user when the document was opened.
    var notices: [String] { get }
    /// Whether changes stay in memory (nothing is written).
    var isInMemoryOnly: Bool { get }

    /// Adds a tag; returns the name stored (trimmed).
    func add(_ name: String) throws -> String
    func remove(_ name: String) throws
    /// Renames a tag; returns the new name stored.
    func rename(_ old: String, to new: String) throws -> String
}

/// Shared bookkeeping of the documents that hold one flat list.
public class TagListDocument: TagDocument {
    public let title: String
    public private(set) var tags: [String]
    public var notices: [String]
    public var isInMemoryOnly: Bool { true }

    init(title: String, tags: [String], notices: [String]) {
        self.title = title
        self.tags = tags
        self.notices = notices
    }

    public var entries: [TagEntry] { tags.map { TagEntry(name: $0) } }

    /// Stores a new list; overridden to save it first.
    func store(_ new: [String]) throws {
        tags = new
    }

    public func add(_ input: String) throws -> String {
        let name = try TagRules.validated(input, existing: tags)
        try store(tags + [name])
        return name
    }

    public func remove(_ name: String) throws {
        guard tags.contains(name) else { throw TagError.notFound(name) }
        try store(tags.filter { $0 != name })
    }

    public func rename(_ old: String, to input: String) throws -> String {
        guard let index = tags.firstIndex(of: old) else { throw TagError.notFound(old) }
        let name = try TagRules.validated(input, existing: tags, renaming: old)
        var new = tags
        new[index] = name
        try store(new)
        return name
    }
}

/// The user's collection (``CollectionFile``): every change is saved before it is shown.
public final class CollectionDocument: TagListDocument {
    public let file: CollectionFile
    override public var isInMemoryOnly: Bool { false }

    public init(file: CollectionFile, sample: [String]) throws {
        self.file = file
        let loaded = try file.load(sample: sample)
        super.init(title: "Tags", tags: loaded.tags, notices: loaded.notice.map { [$0] } ?? [])
    }

    override func store(_ new: [String]) throws {
        try file.save(new)
        try super.store(new)
    }
}

/// A list read with `--tags FILE`: edits stay in memory, the file is never written.
public final class ListFileDocument: TagListDocument {
    public init(path: String) throws {
        super.init(title: "Tags from \(path) (not saved)", tags: try TagListFile.read(path), notices: [])
    }
}

/// The tags of files given on the command line (``FileTags``).
public final class FileTagsDocument: TagDocument {
    public private(set) var fileTags: FileTags
    public let notices: [String]
    public var isInMemoryOnly: Bool { false }

    public init(paths: [String], attributes: any ExtendedAttributes = SystemExtendedAttributes()) {
        fileTags = FileTags(paths: paths, attributes: attributes)
        notices = fileTags.problems.map(\.message)
    }

    public var title: String {
        let count = fileTags.files.count
        if count == 1 { return "Tags of \(fileTags.files[0].path.split(separator: "/").last.map(String.init) ?? "")" }
        return "Tags of \(count) files"
    }

    public var entries: [TagEntry] { fileTags.entries }

    public func add(_ name: String) throws -> String { try fileTags.add(name) }
    public func remove(_ name: String) throws { try fileTags.remove(name) }
    public func rename(_ old: String, to new: String) throws -> String { try fileTags.rename(old, to: new) }
}
