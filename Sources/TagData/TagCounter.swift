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

    /// The colour Finder's attribute gives each tag, by key (the first file's that gives one).
    package var finderColors: [String: TagColor] = [:]

    package func visit(_ file: WalkedFile) {
        var tags: [TagReader.Tag] = []
        if let bytes = file.attribute {
            guard let read = reader.tags(of: bytes) else {
                unreadable.append(WalkProblem(path: file.path, reason: tr("its tags are not valid UTF-8")))
                return
            }
            tags = read
        }
        if let finder = file.finder {
            // One tag whichever attribute carries it.
            var keys = Set(tags.map(\.key))
            for name in finder.tags {
                let tag = reader.intern(name)
                if keys.insert(tag.key).inserted { tags.append(tag) }
            }
            for (key, color) in finder.colors.byKey where finderColors[key] == nil { finderColors[key] = color }
        }
        guard file.attribute != nil || !tags.isEmpty else { return }
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

    /// Every thread's counts together, in tree order of the tags' keys (a parent right before
    /// its sub-tags), each tag with its most common spelling. Memory: a few numbers a distinct
    /// tag and spelling, beside the readers' own text.
    ///
    /// - Complexity: O(*k* log *k*) comparisons of keys (none allocating) for *k* distinct
    ///   tags, and O(*s*) dictionary look-ups for *s* spellings of the threads after the first.
    package static func merged(_ counters: [TagCounter]) -> MergedCounts {
        var merged = MergedCounts()
        var keyIndex: [String: Int32] = [:], nameIndex: [String: Int32] = [:]
        for (number, counter) in counters.enumerated() {
            let reader = counter.reader
            // The first thread's numbers are the merged ones: no look-up for its tags.
            let first = number == 0
            var globalKey = [Int32](repeating: -1, count: reader.keys.count)
            for (key, text) in reader.keys.enumerated() where key < counter.own.count && counter.total[key] > 0 {
                let global: Int32
                if first || counters.count == 1 {
                    global = Int32(merged.keys.count)
                } else if let known = keyIndex[text] {
                    global = known
                } else {
                    global = Int32(merged.keys.count)
                }
                if global == Int32(merged.keys.count) {
                    merged.keys.append(text)
                    merged.own.append(0)
                    merged.total.append(0)
                    if counters.count > 1 { keyIndex[text] = global }
                }
                merged.own[Int(global)] += counter.own[key]
                merged.total[Int(global)] += counter.total[key]
                globalKey[key] = global
            }
            for (name, text) in reader.names.enumerated() where name < counter.spellings.count {
                let key = globalKey[Int(reader.keyOfName[name])]
                guard key >= 0, counter.spellings[name] > 0 || counter.parentSpellings[name] > 0 else { continue }
                let global: Int32
                if counters.count == 1 {
                    global = Int32(merged.spellingName.count)
                } else if let known = nameIndex[text] {
                    global = known
                } else {
                    global = Int32(merged.spellingName.count)
                    nameIndex[text] = global
                }
                if global == Int32(merged.spellingName.count) {
                    merged.spellingName.append(text)
                    merged.spellingKey.append(key)
                    merged.spellingOwn.append(0)
                    merged.spellingParent.append(0)
                }
                merged.spellingOwn[Int(global)] += counter.spellings[name]
                merged.spellingParent[Int(global)] += counter.parentSpellings[name]
            }
        }
        merged.chooseNames()
        merged.order = Array(0..<Int32(merged.keys.count))
        let keys = merged.keys
        merged.order.sort { treeOrder(keys[Int($0)], keys[Int($1)]) }
        return merged
    }

    /// Whether key `a` comes before `b` in tree order: by their parts between `/`, each in
    /// code-point order (a parent right before its sub-tags). Compares the UTF-8 bytes with `/`
    /// taken as lower than any other, without splitting either.
    ///
    /// - Complexity: O(*m*) in the keys' length, allocating nothing for native strings.
    package static func treeOrder(_ a: String, _ b: String) -> Bool {
        // At the first byte that differs (the rest does not matter), `/` is the lowest.
        func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
            let common = min(x.count, y.count)
            var index = 0
            while index < common && x[index] == y[index] { index += 1 }
            if index == common { return x.count < y.count }
            if x[index] == UInt8(ascii: "/") { return true }
            if y[index] == UInt8(ascii: "/") { return false }
            return x[index] < y[index]
        }
        if let answer = a.utf8.withContiguousStorageIfAvailable({ x in b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) } }),
           let answer {
            return answer
        }
        let x = Array(a.utf8), y = Array(b.utf8)
        return x.withUnsafeBufferPointer { left in y.withUnsafeBufferPointer { right in compare(left, right) } }
    }
}

/// What ``TagCounter/merged(_:)`` gives: each distinct tag's key, shown name and counts, in tree
/// order (``order``).
package struct MergedCounts: Sequence {
    /// By tag: its key, files that carry it, files that carry it or a sub-tag, its name shown.
    package internal(set) var keys: [String] = []
    package internal(set) var own: [Int] = []
    package internal(set) var total: [Int] = []
    package internal(set) var names: [String] = []
    /// Tags by number in tree order.
    package internal(set) var order: [Int32] = []
    /// By spelling: its text, its tag, files that spell it so, sub-tags that spell their parent so.
    var spellingName: [String] = []
    var spellingKey: [Int32] = []
    var spellingOwn: [Int] = []
    var spellingParent: [Int] = []

    /// One tag, as the list shows it.
    package struct Tag {
        package var key: String
        package var name: String
        package var own: Int
        package var total: Int
    }

    package var count: Int { keys.count }

    package func makeIterator() -> AnyIterator<Tag> {
        var position = 0
        return AnyIterator {
            guard position < order.count else { return nil }
            let tag = Int(order[position])
            position += 1
            return Tag(key: keys[tag], name: names[tag], own: own[tag], total: total[tag])
        }
    }

    /// Each tag's most common spelling (files that carry the tag first, then its sub-tags'
    /// parts); among equally common ones the first in code-point order, so the choice is the
    /// same on every run (``TagCounter/Count/name``'s rule). The spellings' tables are let go.
    mutating func chooseNames() {
        var best = [Int32](repeating: -1, count: keys.count)
        for spelling in spellingName.indices {
            let key = Int(spellingKey[spelling])
            let current = best[key]
            if current < 0 || beats(spelling, Int(current)) { best[key] = Int32(spelling) }
        }
        names = best.map { spellingName[Int($0)] }
        spellingName = []
        spellingKey = []
        spellingOwn = []
        spellingParent = []
    }

    private func beats(_ a: Int, _ b: Int) -> Bool {
        let aOwn = spellingOwn[a] > 0, bOwn = spellingOwn[b] > 0
        if aOwn != bOwn { return aOwn }
        let aCount = aOwn ? spellingOwn[a] : spellingParent[a], bCount = bOwn ? spellingOwn[b] : spellingParent[b]
        if aCount != bCount { return aCount > bCount }
        return spellingName[a] < spellingName[b]
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
    /// The attribute each matching file had when read, by path, when `keepsAttributes` (what a
    /// tree change records before it starts, to be taken back byte for byte).
    package var attributes: [FilePath: [UInt8]] = [:]
    package var keepsAttributes = false
    package var unreadable: [WalkProblem] = []

    /// Whether a file matches, given its tags and the colours Finder's attribute gives them
    /// (for `color:` queries); replaces ``matches`` when given.
    package let matchesColored: (([String], TagColors) -> Bool)?

    package init(_ matches: @escaping ([String]) -> Bool) {
        self.matches = matches
        matchesColored = nil
    }

    package init(colored matches: @escaping ([String], TagColors) -> Bool) {
        self.matches = { matches($0, TagColors()) }
        matchesColored = matches
    }

    package func visit(_ file: WalkedFile) {
        var names: [String] = []
        if let bytes = file.attribute {
            guard let tags = reader.tags(of: bytes) else {
                unreadable.append(WalkProblem(path: file.path, reason: tr("its tags are not valid UTF-8")))
                return
            }
            names = tags.map { reader.names[Int($0.name)] }
        }
        if let finder = file.finder {
            var keys = Set(names.map(TagRules.key))
            names += finder.tags.filter { keys.insert(TagRules.key($0)).inserted }
        }
        let matched = matchesColored.map { $0(names, file.finder?.colors ?? TagColors()) } ?? matches(names)
        if matched {
            let path = file.path
            paths.append(path)
            if keepsIdentities { identities[path] = file.identity }
            if keepsAttributes, let bytes = file.attribute { attributes[path] = Array(bytes) }
        }
    }
}
