// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// A chip widget a ``ChipArea`` shows one entry with: the editor's ``Chip`` (a tag) and the folder
/// view's ``FolderChip`` (a tag with its files' count). The area makes, updates and recycles them;
/// what a chip does is the chip's own.
@MainActor
protocol ChipContent: AnyObject {
    associatedtype Entry: Equatable
    /// The list of entries an area shows (the editor's chunked `TagEntries`, the folder view's array).
    associatedtype Entries: RandomAccessCollection<Entry> where Entries.Index == Int
    associatedtype Actions

    init(_ entry: Entry, actions: Actions)
    var widget: Widget { get }
    var entry: Entry { get }
    func update(_ entry: Entry)

    /// What identifies an entry among those shown (a tag's name, or its key).
    static var id: KeyPath<Entry, String> { get }
    /// What a search looks in (ChipSearch.swift): the tag's name.
    static var searchedText: KeyPath<Entry, String> { get }
    /// What a chip the virtual list has just made shows until it is bound.
    static var placeholder: Entry { get }
    /// How many entries two lists share at their start and at their end.
    static func commonEnds(_ old: Entries, _ new: Entries) -> (prefix: Int, suffix: Int)
    static func entries(_ array: [Entry]) -> Entries
    /// The entries at `indices`, in order (what a search shows).
    static func subset(_ entries: Entries, _ indices: [Int]) -> Entries
    /// The entries with the one at `from` moved to `to` (counted after the move).
    static func moving(_ entries: Entries, from: Int, to: Int) -> Entries
}

extension ChipContent {
    static func subset(_ entries: Entries, _ indices: [Int]) -> Entries { Self.entries(indices.map { entries[$0] }) }
    static func moving(_ entries: Entries, from: Int, to: Int) -> Entries {
        var array = Array(entries)
        array.insert(array.remove(at: from), at: to)
        return Self.entries(array)
    }
}

extension Chip: ChipContent {
    static var id: KeyPath<TagEntry, String> { \.name }
    static var searchedText: KeyPath<TagEntry, String> { \.name }
    static var placeholder: TagEntry { TagEntry(name: " ") }
    /// The names' own comparison passes over the chunks two versions share.
    static func commonEnds(_ old: TagEntries, _ new: TagEntries) -> (prefix: Int, suffix: Int) { old.commonEnds(with: new) }
    static func entries(_ array: [TagEntry]) -> TagEntries { TagEntries(array) }
    /// A flat list's found tags stay a flat list: their names only, compared through chunks.
    static func subset(_ entries: TagEntries, _ indices: [Int]) -> TagEntries { entries.subset(indices) }
    /// A flat list stays one: no name read, the chunks the move leaves alone shared.
    static func moving(_ entries: TagEntries, from: Int, to: Int) -> TagEntries { entries.moving(from: from, to: to) }
}

extension FolderChip: ChipContent {
    static var id: KeyPath<FolderChipEntry, String> { \.key }
    static var searchedText: KeyPath<FolderChipEntry, String> { \.tag.name }
    static var placeholder: FolderChipEntry {
        FolderChipEntry(tag: FolderTag(key: " ", name: " ", own: 0, files: 0, parentKey: nil))
    }
    static func commonEnds(_ old: [FolderChipEntry], _ new: [FolderChipEntry]) -> (prefix: Int, suffix: Int) {
        TagData.commonEnds(old, new)
    }
    static func entries(_ array: [FolderChipEntry]) -> [FolderChipEntry] { array }
}
