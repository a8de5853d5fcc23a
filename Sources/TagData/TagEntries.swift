/// A document's tags as ``TagEntry`` values, in order. A flat list (the collection, a `--tags`
/// list) keeps only its names and makes each entry when it is read: the editor reads the entries
/// after every change, and a million stored entries were 40 MB made again each time.
package struct TagEntries: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    private enum Storage: Sendable {
        case names([String])
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
    package init(names: [String]) {
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
        switch storage {
        case .names(let names): return TagEntry(name: names[position])
        case .entries(let entries): return entries[position]
        }
    }

    /// The names, in order: a flat list's own array, without a copy.
    ///
    /// - Complexity: O(1) for a flat list, O(*n*) otherwise.
    package var names: [String] {
        switch storage {
        case .names(let names): return names
        case .entries(let entries): return entries.map(\.name)
        }
    }

    /// - Complexity: O(*n*); O(1) for two flat lists sharing one array.
    package static func == (a: TagEntries, b: TagEntries) -> Bool {
        if case .names(let x) = a.storage, case .names(let y) = b.storage { return x == y }
        return a.elementsEqual(b)
    }
}
