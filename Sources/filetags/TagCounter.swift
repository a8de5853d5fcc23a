import TagData

/// The walk's visitor for `list`: how many files carry each tag, by key, and how each is spelled.
final class TagCounter: FolderVisitor {
    struct Count {
        /// Files that carry the tag itself.
        var own = 0
        /// Files that carry the tag or one of its sub-tags.
        var total = 0
        /// How many files spell it each way (as a tag of their own).
        var spellings: [String: Int] = [:]
        /// How sub-tags spell it as their parent, for a parent no file carries itself.
        var parentSpellings: [String: Int] = [:]

        mutating func add(_ other: Count) {
            own += other.own
            total += other.total
            spellings.merge(other.spellings, uniquingKeysWith: +)
            parentSpellings.merge(other.parentSpellings, uniquingKeysWith: +)
        }

        /// The most common spelling (files that carry the tag first, then its sub-tags' parts);
        /// among equally common ones the first in code-point order, so the choice is the same
        /// on every run.
        var name: String {
            let candidates = spellings.isEmpty ? parentSpellings : spellings
            return candidates.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
        }
    }

    let reader = TagReader()
    var counts: [String: Count] = [:]
    /// Files whose tags are not UTF-8.
    var unreadable: [WalkProblem] = []
    /// The parents of each tag name seen, with their keys.
    private var parents: [String: [(name: String, key: String)]] = [:]

    func visit(_ file: WalkedFile) {
        guard let bytes = file.attribute else { return }
        guard let tags = reader.tags(of: bytes) else {
            unreadable.append(WalkProblem(path: file.path, reason: "its tags are not valid UTF-8"))
            return
        }
        var counted: Set<String> = []
        for tag in tags {
            counts[tag.key, default: Count()].own += 1
            counts[tag.key]!.spellings[tag.name, default: 0] += 1
            if counted.insert(tag.key).inserted { counts[tag.key]!.total += 1 }
            for parent in parents(of: tag.name) {
                counts[parent.key, default: Count()].parentSpellings[parent.name, default: 0] += 1
                if counted.insert(parent.key).inserted { counts[parent.key]!.total += 1 }
            }
        }
    }

    private func parents(of name: String) -> [(name: String, key: String)] {
        if let known = parents[name] { return known }
        let found = TagTree.parents(of: name).map { ($0, TagRules.key($0)) }
        parents[name] = found
        return found
    }

    /// Every thread's counts together, in tree order of the tags' keys (a parent right before
    /// its sub-tags).
    static func merged(_ counters: [TagCounter]) -> [(key: String, count: Count)] {
        var all: [String: Count] = [:]
        for counter in counters {
            for (key, count) in counter.counts { all[key, default: Count()].add(count) }
        }
        return all.map { ($0.key, $0.value) }.sorted { treeOrder($0.key, $1.key) }
    }

    static func treeOrder(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/", omittingEmptySubsequences: false)
        let right = b.split(separator: "/", omittingEmptySubsequences: false)
        return left.lexicographicallyPrecedes(right)
    }
}

/// The walk's visitor for `find` and the changes: the files whose tags match.
final class FileMatcher: FolderVisitor {
    let reader = TagReader()
    let matches: ([TagReader.Tag]) -> Bool
    var paths: [String] = []
    var unreadable: [WalkProblem] = []

    init(_ matches: @escaping ([TagReader.Tag]) -> Bool) {
        self.matches = matches
    }

    func visit(_ file: WalkedFile) {
        var tags: [TagReader.Tag] = []
        if let bytes = file.attribute {
            guard let read = reader.tags(of: bytes) else {
                unreadable.append(WalkProblem(path: file.path, reason: "its tags are not valid UTF-8"))
                return
            }
            tags = read
        }
        if matches(tags) { paths.append(file.path) }
    }
}
