// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A document's tags as ``TagEntry`` values, in order. A flat list (the collection, a `--tags`
/// list) keeps only its names and makes each entry when it is read: the editor reads the entries
/// after every change, and a million stored entries were 40 MB made again each time.
package struct TagEntries: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    private enum Storage: Sendable {
        case names(TagNames)
        case entries([TagEntry])
    }

    private let storage: Storage

    package init(_ entries: [TagEntry]) {
        storage = .entries(entries)
    }

    package init(arrayLiteral entries: TagEntry...) {
        storage = .entries(entries)
    }

    /// A flat list's names: each is one tag on its one place (``TagEntry/init(name:count:total:addable:)``'s defaults).
    package init(names: TagNames) {
        storage = .names(names)
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .names(let names): return names.count
        case .entries(let entries): return entries.count
        }
    }

    package subscript(position: Int) -> TagEntry {
        ReadCount.add(1)
        switch storage {
        case .names(let names): return TagEntry(name: names[position])
        case .entries(let entries): return entries[position]
        }
    }

    /// The names, in order: a flat list's own, without a copy.
    ///
    /// - Complexity: O(1) for a flat list, O(*n*) otherwise.
    package var names: TagNames {
        switch storage {
        case .names(let names): return names
        case .entries(let entries): return TagNames(entries.lazy.map(\.name))
        }
    }

    /// How many entries `self` and `other` have in common at their start (`prefix`) and, after
    /// those, at their end (`suffix`): what a list shown from one and then the other keeps. Two
    /// flat lists compare their names directly, without making an entry for each (at a million
    /// tags, making them was most of an edit's update of the virtual list), passing over the
    /// chunks two versions share (``TagNames/commonEnds(with:)``).
    ///
    /// - Complexity: O(*n*); for two versions of a flat list, O(*c* + *m*) as TagNames'.
    package func commonEnds(with other: TagEntries) -> (prefix: Int, suffix: Int) {
        if case .names(let x) = storage, case .names(let y) = other.storage { return x.commonEnds(with: y) }
        return TagData.commonEnds(self, other)
    }

    /// The entries at `indices` (in order), a flat list's as a flat list: what a search shows.
    ///
    /// - Complexity: O(*k*) for *k* indices.
    package func subset(_ indices: [Int]) -> TagEntries {
        switch storage {
        case .names(let names): return TagEntries(names: TagNames(indices.lazy.map { names[$0] }))
        case .entries(let entries): return TagEntries(indices.map { entries[$0] })
        }
    }

    /// The entries with the one at `from` moved to `to` (counted after the move): a chip the user
    /// moved. A flat list stays one, sharing the chunks the move does not touch.
    ///
    /// - Complexity: O(*c* + *m*) for a flat list (TagNames' removal and insertion), O(*n*)
    ///   otherwise; no name is read.
    package func moving(from: Int, to: Int) -> TagEntries {
        switch storage {
        case .names(var names):
            let moved = names.remove(at: from)
            names.insert(moved, at: to)
            return TagEntries(names: names)
        case .entries(var entries):
            let moved = entries.remove(at: from)
            entries.insert(moved, at: to)
            return TagEntries(entries)
        }
    }

    /// - Complexity: O(*n*); O(1) for two flat lists sharing one array.
    package static func == (a: TagEntries, b: TagEntries) -> Bool {
        if case .names(let x) = a.storage, case .names(let y) = b.storage { return x == y }
        return a.elementsEqual(b)
    }
}
