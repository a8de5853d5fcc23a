// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import TagData

/// Natural order, as file managers sort names: runs of digits by their value (f2 before f10),
/// the rest by the locale's collation, case folded first so that "Beach" sits beside "beach".
///
/// The key is GLib's `g_utf8_collate_key_for_filename` (what Nautilus sorts by) of the
/// case-folded text, then a 0 byte, then the text's own bytes: keys compare as bytes, and two
/// names that differ only by case still have one order (one GLib key a text, not two: making
/// the keys is most of a long list's sort).
enum NaturalOrder {
    /// The key of `text`; compare keys with ``less(_:_:)``.
    ///
    /// - Complexity: O(*n*) for *n* bytes of text.
    nonisolated static func key(_ text: String) -> [UInt8] {
        text.withCString { raw -> [UInt8] in
            guard let folded = g_utf8_casefold(raw, -1) else { return Array(text.utf8) }
            defer { g_free(folded) }
            var bytes = collateKey(folded)
            bytes.append(0)
            bytes += text.utf8
            return bytes
        }
    }

    private nonisolated static func collateKey(_ text: UnsafePointer<CChar>) -> [UInt8] {
        guard let key = g_utf8_collate_key_for_filename(text, -1) else { return [] }
        defer { g_free(key) }
        return Array(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    /// Whether key `a` comes before key `b`.
    nonisolated static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool { compare(a, b) < 0 }

    /// Negative, 0 or positive as key `a` comes before, with or after key `b`.
    nonisolated static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let common = min(x.count, y.count)
                if common > 0, let left = x.baseAddress, let right = y.baseAddress {
                    let result = memcmp(left, right, common)
                    if result != 0 { return Int(result) }
                }
                return x.count - y.count
            }
        }
    }

    /// Whether `a` comes before `b` where each is a list of keys (a path's folders, a tag's
    /// levels): level by level, a parent right before what is under it.
    nonisolated static func less(levels a: [[UInt8]], _ b: [[UInt8]]) -> Bool {
        for (x, y) in zip(a, b) {
            let result = compare(x, y)
            if result != 0 { return result < 0 }
        }
        return a.count < b.count
    }

    /// Tags in tree order (a parent right before its sub-tags), the tags of one parent in
    /// natural order: "f2" before "f10", "beach" beside "Beach".
    ///
    /// - Complexity: O(*t* log *t*) comparisons for *t* tags, each key made once.
    nonisolated static func treeOrdered(_ tags: [FolderTag]) -> [FolderTag] {
        var keyOfLevel: [Substring: [UInt8]] = [:]
        let levels = tags.map { tag in
            tag.key.split(separator: "/", omittingEmptySubsequences: false).map { level in
                if let known = keyOfLevel[level] { return known }
                let made = key(String(level))
                keyOfLevel[level] = made
                return made
            }
        }
        return tags.indices.sorted { less(levels: levels[$0], levels[$1]) }.map { tags[$0] }
    }
}

/// The orders the folder view's file list sorts its rows in, and the sorting itself: a pure
/// function over plain values, so that it can run on a thread of its own for a long list.
struct FolderFileOrder: Sendable {
    enum Column: String, CaseIterable, Sendable {
        case name, folder, tags
    }

    /// How the rows are sorted: by a column (`nil`: by path), ascending or not.
    struct Sorting: Equatable, Sendable {
        var column: Column?
        var descending: Bool

        /// The rows in natural order by path, level by level (`a/deep/f1` before `a/f0`, as
        /// the path's text reads): the order before any header is clicked.
        static let byPath = Sorting(column: nil, descending: false)

        /// Its name in the state report and the sort action: the column's, or `path`.
        var name: String { column?.rawValue ?? "path" }
    }

    /// What a row is sorted by, taken from its file.
    struct Row: Sendable {
        var path: String
        var folder: String
        var name: String
        var tags: String

        init(_ file: FolderFile) {
            let parts = file.folderAndName
            path = file.path
            folder = parts.folder
            name = parts.name
            tags = file.tags.joined(separator: ", ")
        }
    }

    /// The keys made so far, by text: kept from one sort to the next, so that sorting again (a
    /// header clicked, a filter changed, a tag renamed on some files) makes only the keys of
    /// texts not seen yet.
    struct Keys: Sendable {
        var texts: [String: [UInt8]] = [:]
        var folders: [String: [[UInt8]]] = [:]

        mutating func of(_ text: String) -> [UInt8] {
            if let known = texts[text] { return known }
            let made = NaturalOrder.key(text)
            texts[text] = made
            return made
        }

        mutating func of(folder: String) -> [[UInt8]] {
            if let known = folders[folder] { return known }
            let made = folder.split(separator: "/", omittingEmptySubsequences: true).map { of(String($0)) }
            folders[folder] = made
            return made
        }

        /// Forgets every key when far more are kept than a list of `rows` needs (texts of files
        /// long gone, tags renamed away).
        mutating func trim(toServe rows: Int) {
            if texts.count > 4 * rows + 1_000 { self = Keys() }
        }
    }

    /// `rows` sorted; ties (same name in two folders, same tags) broken by path, then by the
    /// path's bytes, so that the order is total and descending is ascending reversed.
    ///
    /// - Complexity: O(*n* log *n*) key comparisons for *n* rows, plus a key for each text not
    ///   in `keys` yet.
    static func sorted(_ rows: [Row], by sorting: Sorting, keys: inout Keys) -> [String] {
        keys.trim(toServe: rows.count)
        // The folders ranked once: rows of one folder compare their names alone, rows of two by
        // the folders' ranks (by folder) or level by level (by path).
        let folders = Array(Set(rows.map(\.folder)))
        let folderLevels = folders.map { keys.of(folder: $0) }
        var rankOfFolder: [String: Int] = [:]
        for (rank, position) in folders.indices.sorted(by: { NaturalOrder.less(levels: folderLevels[$0], folderLevels[$1]) }).enumerated() {
            rankOfFolder[folders[position]] = rank
        }
        var levelsOfRank = [[[UInt8]]](repeating: [], count: folders.count)
        for (position, folder) in folders.enumerated() { levelsOfRank[rankOfFolder[folder]!] = folderLevels[position] }
        let folderRank = rows.map { rankOfFolder[$0.folder]! }
        let nameKeys = rows.map { keys.of($0.name) }
        func bytes(_ a: Int, _ b: Int) -> Bool { rows[a].path.utf8.lexicographicallyPrecedes(rows[b].path.utf8) }
        func byFolder(_ a: Int, _ b: Int) -> Bool {
            if folderRank[a] != folderRank[b] { return folderRank[a] < folderRank[b] }
            let names = NaturalOrder.compare(nameKeys[a], nameKeys[b])
            return names != 0 ? names < 0 : bytes(a, b)
        }
        // Level by level, the name being the last level; a file before a folder of its name.
        func byPath(_ a: Int, _ b: Int) -> Bool {
            if folderRank[a] == folderRank[b] { return byFolder(a, b) }
            let (x, y) = (levelsOfRank[folderRank[a]], levelsOfRank[folderRank[b]])
            var level = 0
            while true {
                let left = level < x.count ? x[level] : nameKeys[a], right = level < y.count ? y[level] : nameKeys[b]
                let result = NaturalOrder.compare(left, right)
                if result != 0 { return result < 0 }
                if level >= x.count || level >= y.count { return level >= x.count }
                level += 1
            }
        }
        var order: [Int]
        switch sorting.column {
        case nil:
            order = rows.indices.sorted(by: byPath)
        case .folder?:
            order = rows.indices.sorted(by: byFolder)
        case .name?:
            order = rows.indices.sorted { a, b in
                let names = NaturalOrder.compare(nameKeys[a], nameKeys[b])
                return names != 0 ? names < 0 : byPath(a, b)
            }
        case .tags?:
            let tagKeys = rows.map { keys.of($0.tags) }
            order = rows.indices.sorted { a, b in
                let tags = NaturalOrder.compare(tagKeys[a], tagKeys[b])
                return tags != 0 ? tags < 0 : byPath(a, b)
            }
        }
        if sorting.descending { order.reverse() }
        return order.map { rows[$0].path }
    }
}
