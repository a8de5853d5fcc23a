// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The walk's visitor for `list`: how many files carry each tag, by key, and how each is spelled.
package final class TagCounter: FolderVisitor {
    package struct Count {
        /// Files that carry the tag itself.
        package var own = 0
        /// Files that carry the tag or one of its sub-tags.
        package var total = 0
        /// How many files spell it each way (as a tag of their own).
        package var spellings: [String: Int] = [:]
        /// How sub-tags spell it as their parent, for a parent no file carries itself.
        package var parentSpellings: [String: Int] = [:]

        package init() {}

        init(own: Int, total: Int) {
            self.own = own
            self.total = total
        }

        package mutating func add(_ other: Count) {
            own += other.own
            total += other.total
            spellings.merge(other.spellings, uniquingKeysWith: +)
            parentSpellings.merge(other.parentSpellings, uniquingKeysWith: +)
        }

        /// The most common spelling (files that carry the tag first, then its sub-tags' parts);
        /// among equally common ones the first in code-point order, so the choice is the same
        /// on every run.
        package var name: String {
            let candidates = spellings.isEmpty ? parentSpellings : spellings
            return candidates.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }!.key
        }
    }

    package let reader = TagReader()
    /// By key number (the reader's): files that carry the tag, files that carry it or a sub-tag.
    private var own: [Int] = [], total: [Int] = []
    /// By key number: the last file counted in `total`, so that a file counts once for a parent
    /// of several of its tags.
    private var countedFor: [Int] = []
    /// By spelling number: files that spell it so, sub-tags that spell their parent so.
    private var spellings: [Int] = [], parentSpellings: [Int] = []
    /// By spelling number: the parents of the tag so spelled.
    private var parents: [[TagReader.Tag]?] = []
    private var fileNumber = 0
    /// Files whose tags are not UTF-8.
    package var unreadable: [WalkProblem] = []

    package init() {}

    package func visit(_ file: WalkedFile) {
        guard let bytes = file.attribute else { return }
        guard let tags = reader.tags(of: bytes) else {
            unreadable.append(WalkProblem(path: file.path, reason: "its tags are not valid UTF-8"))
            return
        }
        fileNumber += 1
        for tag in tags {
            let tagParents = parents(of: tag)
            makeRoom()
            own[Int(tag.key)] += 1
            spellings[Int(tag.name)] += 1
            count(tag.key)
            for parent in tagParents {
                parentSpellings[Int(parent.name)] += 1
                count(parent.key)
            }
        }
    }

    private func count(_ key: Int32) {
        if countedFor[Int(key)] != fileNumber {
            countedFor[Int(key)] = fileNumber
            total[Int(key)] += 1
        }
    }

    /// Grows the arrays to the reader's numbers.
    private func makeRoom() {
        let keys = reader.keys.count, names = reader.names.count
        if own.count < keys {
            let more = keys - own.count
            own += repeatElement(0, count: more)
            total += repeatElement(0, count: more)
            countedFor += repeatElement(0, count: more)
        }
        if spellings.count < names {
            let more = names - spellings.count
            spellings += repeatElement(0, count: more)
            parentSpellings += repeatElement(0, count: more)
            parents += repeatElement(nil, count: more)
        }
    }

    private func parents(of tag: TagReader.Tag) -> [TagReader.Tag] {
        makeRoom()
        if let known = parents[Int(tag.name)] { return known }
        let found = TagTree.parents(of: reader.names[Int(tag.name)]).map(reader.intern)
        makeRoom()
        parents[Int(tag.name)] = found
        return found
    }

    /// This thread's counts, by key.
    package var counts: [String: Count] {
        var counts: [String: Count] = [:]
        for (key, name) in reader.keys.enumerated() where key < own.count && total[key] > 0 {
            counts[name] = Count(own: own[key], total: total[key])
        }
        for (number, name) in reader.names.enumerated() where number < spellings.count {
            let key = reader.keys[Int(reader.keyOfName[number])]
            if spellings[number] > 0 { counts[key]?.spellings[name, default: 0] += spellings[number] }
            if parentSpellings[number] > 0 { counts[key]?.parentSpellings[name, default: 0] += parentSpellings[number] }
        }
        return counts
    }

    /// Every thread's counts together, in tree order of the tags' keys (a parent right before
    /// its sub-tags).
    package static func merged(_ counters: [TagCounter]) -> [(key: String, count: Count)] {
        var all: [String: Count] = [:]
        for counter in counters {
            for (key, count) in counter.counts { all[key, default: Count()].add(count) }
        }
        return all.map { ($0.key, $0.value) }.sorted { treeOrder($0.key, $1.key) }
    }

    package static func treeOrder(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: "/", omittingEmptySubsequences: false)
        let right = b.split(separator: "/", omittingEmptySubsequences: false)
        return left.lexicographicallyPrecedes(right)
    }
}

/// The walk's visitor for `find` and the changes: the files whose tags match.
package final class FileMatcher: FolderVisitor {
    package let reader = TagReader()
    /// Whether a file whose tags are spelled so (each once) matches.
    package let matches: ([String]) -> Bool
    package var paths: [FilePath] = []
    /// The identity each matching file had when read, by path.
    package var identities: [FilePath: FileIdentity] = [:]
    /// Whether `identities` is kept (for the changes, not for `find`).
    package var keepsIdentities = false
    package var unreadable: [WalkProblem] = []

    package init(_ matches: @escaping ([String]) -> Bool) {
        self.matches = matches
    }

    package func visit(_ file: WalkedFile) {
        var names: [String] = []
        if let bytes = file.attribute {
            guard let tags = reader.tags(of: bytes) else {
                unreadable.append(WalkProblem(path: file.path, reason: "its tags are not valid UTF-8"))
                return
            }
            names = tags.map { reader.names[Int($0.name)] }
        }
        if matches(names) {
            let path = file.path
            paths.append(path)
            if keepsIdentities { identities[path] = file.identity }
        }
    }
}
