// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// One file of a folder tree that carries tags, as the folder view lists it.
package struct FolderFile: Sendable, Equatable {
    /// Its path, as bytes.
    package var filePath: FilePath
    /// Its path for people (``FilePath/description``).
    package var path: String { filePath.description }
    /// Its tags as ``FileTagsAttribute/tags`` reads them (trimmed, NFC, each key once).
    package var tags: [String]
    /// The key of each tag (``TagRules/key(_:)``), in the same order.
    package var keys: [String]
    /// The colours Finder's attribute gives its tags (a tag's own colour is the collection's
    /// first: ``TagColors/color(of:finder:)``).
    package var finderColors = TagColors()

    package init(path: String, tags: [String]) {
        self.init(path: FilePath(path), tags: tags)
    }

    package init(path: FilePath, tags: [String]) {
        filePath = path
        self.tags = tags
        keys = tags.map(TagRules.key)
    }

    package init(path: FilePath, tags: [String], keys: [String]) {
        filePath = path
        self.tags = tags
        self.keys = keys
    }

    /// A file's tags as they are on disk now (none: it has no attribute, or is gone).
    ///
    /// - Throws: ``FileError`` when its tags cannot be read, or are not UTF-8.
    package static func reading(_ path: String) throws(FileError) -> FolderFile {
        try reading(FilePath(path))
    }

    /// ``reading(_:)`` of a path as bytes.
    package static func reading(_ path: FilePath, finder: FinderTagsMode = .keep) throws(FileError) -> FolderFile {
        let bytes: [UInt8]?
        do {
            bytes = try SystemExtendedAttributes().value(of: FileTags.attribute, at: path)
        } catch where error.code == ENOENT {
            bytes = nil
        }
        let reader = TagReader()
        guard let tags = reader.tags(of: bytes ?? []) else {
            throw FileError(path: path, operation: "read the tags of", code: EILSEQ)
        }
        var file = FolderFile(path: path, tags: tags.map { reader.names[Int($0.name)] }, keys: tags.map { reader.keys[Int($0.key)] })
        guard finder != .off else { return file }
        let finderTags: FinderTags
        do {
            finderTags = try FinderTags.read(path, SystemExtendedAttributes())
        } catch where error.code == ENOENT {
            return file
        }
        file.addFinderTags(finderTags)
        return file
    }

    /// Finder's tags of the file beside its own: each one it does not have yet, and their colours.
    mutating func addFinderTags(_ finder: FinderTags) {
        var known = Set(keys)
        for name in finder.tags {
            let key = TagRules.key(name)
            if known.insert(key).inserted {
                tags.append(name)
                keys.append(key)
            }
        }
        finderColors = finder.colors
    }

    /// The folder it is in and its name, for people.
    package var folderAndName: (folder: String, name: String) {
        (filePath.parent.description, FilePath.escaped(filePath.lastComponent))
    }

    /// Its tags' keys with every parent of each, as ``Query/matches(_:)`` takes them (from the
    /// keys, with no normalizing again: a key's parents are its text before each `/`).
    package var keysWithParents: Set<String> {
        var all = Set(keys)
        // The bytes, not Foundation's `contains` (a CFString search for each key).
        for key in keys where key.utf8.contains(UInt8(ascii: "/")) {
            for parent in TagTree.parents(of: key) { all.insert(parent) }
        }
        return all
    }

    /// Whether one of its tags is `key` or a sub-tag of it.
    package func carries(_ key: String) -> Bool {
        keys.contains { TagTree.isWithin($0, key) }
    }
}

/// A tag of a folder tree with its counts, as a chip of the folder view shows it.
package struct FolderTag: Sendable, Equatable {
    package var key: String
    /// Its most common spelling (``TagCounter/Count/name``).
    package var name: String
    /// Files that carry the tag itself.
    package var own: Int
    /// Files that carry it or one of its sub-tags.
    package var files: Int
    /// The key of its nearest parent that some file carries or that has other sub-tags (`a` for
    /// `a/b`), or `nil` for a tag at the top.
    package var parentKey: String?

    package init(key: String, name: String, own: Int, files: Int, parentKey: String?) {
        self.key = key
        self.name = name
        self.own = own
        self.files = files
        self.parentKey = parentKey
    }
}

/// The tagged files of folder trees, and their tags counted: what the folder view shows, kept as
/// the reading hands it over and as changes and reloads replace files.
package struct FolderIndex: Sendable {
    package private(set) var files: [FolderFile] = []
    private var indexByPath: [FilePath: Int] = [:]

    package init() {}

    /// Puts each file's tags as read now: a path already there is replaced, a new one added at
    /// the end, and a file with no tag left leaves the list (all of them in one pass, so that a
    /// change that empties many files does not move the rest once for each).
    package mutating func set(_ batch: [FolderFile]) {
        var emptied = false
        for file in batch {
            if let index = indexByPath[file.filePath] {
                files[index] = file
                emptied = emptied || file.tags.isEmpty
            } else if !file.tags.isEmpty {
                indexByPath[file.filePath] = files.count
                files.append(file)
            }
        }
        guard emptied else { return }
        files.removeAll { $0.tags.isEmpty }
        indexByPath = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.filePath, $0) })
    }

    /// Adds the files of a reading, each path once (the walk reads each file once): no look-up
    /// of each path until ``sort()``, which must follow before any other change.
    package mutating func addRead(_ batch: [FolderFile]) {
        files += batch.filter { !$0.tags.isEmpty }
    }

    /// Sorts the files by path, in byte order (code-point order for UTF-8: the list's order).
    ///
    /// - Complexity: O(*n* log *n*) comparisons.
    package mutating func sort() {
        // The positions are sorted, not the files: a file is a large value (its path, tags and
        // keys), each move of which retains and releases them.
        let order = files.indices.sorted { files[$0].filePath < files[$1].filePath }
        files = order.map { files[$0] }
        indexByPath = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.filePath, $0) })
    }

    package func file(at path: String) -> FolderFile? { file(at: FilePath(path)) }

    package func file(at path: FilePath) -> FolderFile? { indexByPath[path].map { files[$0] } }

    /// Every tag with its counts, in tree order (a parent right before its sub-tags). A parent no
    /// file carries itself appears with `own` 0 and the files of its sub-tags, spelled as they
    /// spell it.
    ///
    /// - Complexity: O(*t*) dictionary updates for *t* tags of all files, with their parents.
    package func tags() -> [FolderTag] {
        // Each key gets a slot once; per occurrence a tag then costs a key and a spelling look-up.
        var slotOfKey: [String: Int] = [:]
        var keys: [String] = [], own: [Int] = [], total: [Int] = [], lastFile: [Int] = []
        var spellings: [String: (slot: Int, own: Int, parent: Int)] = [:]
        // The parents' keys of each spelling, worked out once (a key normalizes its text).
        var parentKeys: [String: [(name: String, key: String)]] = [:]
        func slot(_ key: String) -> Int {
            if let known = slotOfKey[key] { return known }
            slotOfKey[key] = keys.count
            keys.append(key)
            own.append(0)
            total.append(0)
            lastFile.append(-1)
            return keys.count - 1
        }
        for (number, file) in files.enumerated() {
            for (name, key) in zip(file.tags, file.keys) {
                let index = slot(key)
                own[index] += 1
                spellings[name, default: (index, 0, 0)].own += 1
                if lastFile[index] != number { lastFile[index] = number; total[index] += 1 }
                // The bytes, not Foundation's `contains` (a CFString search: a twentieth of the
                // first frame's main-thread work at 100,000 files).
                guard name.utf8.contains(UInt8(ascii: "/")) else { continue }
                if parentKeys[name] == nil { parentKeys[name] = TagTree.parents(of: name).map { ($0, TagRules.key($0)) } }
                for (parent, parentKey) in parentKeys[name]! {
                    let parentIndex = slot(parentKey)
                    spellings[parent, default: (parentIndex, 0, 0)].parent += 1
                    if lastFile[parentIndex] != number { lastFile[parentIndex] = number; total[parentIndex] += 1 }
                }
            }
        }
        var counts = [TagCounter.Count](repeating: TagCounter.Count(), count: keys.count)
        for (name, spelling) in spellings {
            if spelling.own > 0 { counts[spelling.slot].spellings[name] = spelling.own }
            if spelling.parent > 0 { counts[spelling.slot].parentSpellings[name] = spelling.parent }
        }
        return keys.indices.map { index in
            FolderTag(key: keys[index], name: counts[index].name, own: own[index], files: total[index],
                      parentKey: TagTree.parents(of: keys[index]).last)
        }.sorted { TagCounter.treeOrder($0.key, $1.key) }
    }

    /// The positions of the files `query` matches (a tag matches its sub-tags), in list order;
    /// every file's when `query` is `nil`.
    ///
    /// - Complexity: O(*n* · *k*) for *n* files of *k* tags each, with the query's size.
    package func matching(_ query: Query?) -> [Int] {
        guard let query else { return Array(files.indices) }
        return files.indices.filter { query.matches(files[$0].keysWithParents) }
    }

    /// The paths of the files a change would touch, in list order.
    package func paths(touchedBy change: TagTreeChange) -> [String] {
        files.filter { $0.carries(change.oldKey) }.map(\.path)
    }

    /// ``paths(touchedBy:)`` as bytes.
    package func filePaths(touchedBy change: TagTreeChange) -> [FilePath] {
        files.filter { $0.carries(change.oldKey) }.map(\.filePath)
    }
}
