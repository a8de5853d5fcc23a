// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// The items a list shows, over the sizes of every item of its model: all of them, or those a
// filter keeps (a search). As GtkFilterListModel does, the filter is a map from the list's
// positions to model indices over the model as it is; unlike a filter model in front of a list,
// the sizes stay the model's, kept by model index, so an item measured once is never measured
// again when a filter hides it and shows it back, and a new filter is only a change of positions
// (found from both ends of the two maps) for the line table to break again.

/// The sizes of the items shown, by position, over the sizes of every model item.
struct ShownItems {
    /// Every model item's size, by model index.
    private(set) var model = ItemSizes()
    /// The model index of each position, ascending; `nil`: every model item, in order.
    private(set) var filter: [Int]?

    /// A change of the positions shown, in GListModel's terms.
    struct Change: Equatable {
        var position: Int
        var removed: Int
        var added: Int
    }

    /// The number of items shown.
    var count: Int { filter?.count ?? model.count }

    /// The model index of the item at `position`.
    func modelIndex(_ position: Int) -> Int { filter?[position] ?? position }

    /// The size of the item at `position`.
    subscript(position: Int) -> FlowItem { model[modelIndex(position)] }

    /// The sizes shown, in order: the model's own buffer when nothing is filtered out.
    var items: ShownSizes { ShownSizes(model: model.items, filter: filter) }

    var estimate: FlowItem { model.estimate }
    /// The model items whose size is not known (shown or not).
    var unmeasuredCount: Int { model.unmeasuredCount }

    func isKnown(_ position: Int) -> Bool { model.isKnown(modelIndex(position)) }

    /// Gives the item at `position` its measured size. Returns whether its size changed.
    mutating func setMeasured(_ position: Int, _ item: FlowItem) -> Bool {
        model.setMeasured(modelIndex(position), item)
    }

    mutating func replaceEstimates(_ estimate: FlowItem) { model.replaceEstimates(estimate) }

    /// The first position at or after `start` (wrapping around) whose size is not known.
    ///
    /// - Complexity: O(1) amortized without a filter; O(*f*) for *f* items shown with one.
    func firstUnknown(from start: Int) -> Int? {
        guard let filter else { return model.firstUnknown(from: start) }
        guard model.unmeasuredCount > 0, !filter.isEmpty else { return nil }
        let start = min(max(0, start), filter.count)
        return filter[start...].firstIndex { !model.isKnown($0) } ?? filter[..<start].firstIndex { !model.isKnown($0) }
    }

    /// The engine's minimum and natural main-axis length of every model item, filtered out or
    /// not: a search then leaves the list's width, and its window's, as it was.
    mutating func mainLengths(_ options: FlowLayout) -> (minimum: Double, natural: Double) {
        model.mainLengths(options)
    }

    var allocatedByteCount: Int { model.allocatedByteCount + (filter?.capacity ?? 0) * MemoryLayout<Int>.stride }

    /// `removed` model items at model index `position` were replaced by `added` new ones. Without
    /// a filter that is the change of positions; with one, the model items removed are no longer
    /// shown and the added ones not yet (the next ``setFilter(_:)`` says whether they are).
    ///
    /// - Returns: the change of positions.
    /// - Complexity: as ``ItemSizes/replace(at:removed:added:provider:)``, plus O(*f*) for *f*
    ///   items shown with a filter (their model indices move).
    @MainActor
    mutating func replace(at position: Int, removed: Int, added: Int,
                          provider: (@MainActor (Int) -> FlowItem)?) -> Change {
        model.replace(at: position, removed: removed, added: added, provider: provider)
        guard var shown = filter else { return Change(position: position, removed: removed, added: added) }
        filter = nil
        let first = Self.firstPosition(in: shown, atLeast: position)
        let end = Self.firstPosition(in: shown, atLeast: position + removed)
        shown.removeSubrange(first..<end)
        let shift = added - removed
        if shift != 0 { for k in first..<shown.count { shown[k] += shift } }
        filter = shown
        return Change(position: first, removed: end - first, added: 0)
    }

    /// Shows the model items at `modelIndices` (ascending, each below the model's count), or
    /// every one (`nil`).
    ///
    /// - Returns: the one run of positions that changed (found from both ends), or `nil` when
    ///   nothing did: what a narrowing search removes between its first and last change.
    /// - Complexity: O(*p* + *s*) comparisons for the *p* and *s* positions the two maps share at
    ///   their ends; no size is read or measured.
    mutating func setFilter(_ modelIndices: [Int]?) -> Change? {
        if let modelIndices {
            precondition(modelIndices.last.map { $0 < model.count } ?? true && (modelIndices.first ?? 0) >= 0,
                         "WrapListView.setFilter: model indices outside 0..<\(model.count)")
        }
        let old = filter, oldCount = count
        filter = modelIndices
        let newCount = count
        let common = min(oldCount, newCount)
        func oldIndex(_ k: Int) -> Int { old?[k] ?? k }
        var prefix = 0
        while prefix < common, oldIndex(prefix) == modelIndex(prefix) { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix, oldIndex(oldCount - 1 - suffix) == modelIndex(newCount - 1 - suffix) { suffix += 1 }
        let change = Change(position: prefix, removed: oldCount - prefix - suffix, added: newCount - prefix - suffix)
        return change.removed == 0 && change.added == 0 ? nil : change
    }

    /// The positions that show model items `range` (those the filter keeps).
    ///
    /// - Complexity: O(log *f*).
    func positions(ofModel range: Range<Int>) -> Range<Int> {
        guard let filter else { return range }
        return Self.firstPosition(in: filter, atLeast: range.lowerBound)..<Self.firstPosition(in: filter, atLeast: range.upperBound)
    }

    /// Where the model item shown at `from` goes when the user moves it to shown position `to`
    /// (counted after the move): just before the model item shown at `to` when it moves back,
    /// just after it when it moves on, so that it lands next to the item it was dropped by and
    /// the items hidden between keep their order. Without a filter, the positions themselves.
    ///
    /// - Returns: the model index it leaves and the one it takes (after its removal), and the
    ///   filter that then shows it at `to` (`nil` without one).
    /// - Complexity: O(*f*) for the *f* items shown with a filter, O(1) without.
    static func move(from: Int, to: Int, through filter: [Int]?) -> (from: Int, to: Int, filter: [Int]?) {
        guard var shown = filter else { return (from, to, nil) }
        let modelFrom = shown[from], modelTo = shown[to]
        shown.remove(at: from)
        // The items between the two places move by one, as they do in the model.
        if modelFrom < modelTo {
            for k in from..<to { shown[k] -= 1 }
        } else {
            for k in to..<from { shown[k] += 1 }
        }
        shown.insert(modelTo, at: to)
        return (modelFrom, modelTo, shown)
    }

    /// The first position whose model index is `index` or more.
    private static func firstPosition(in shown: [Int], atLeast index: Int) -> Int {
        var low = 0, high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if shown[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The sizes shown, as the engine reads them: in place when nothing is filtered out, through
/// the map otherwise. Runs of items at one estimate are told to the engine (FlowUniformRuns),
/// filtered or not: positions whose model indices lie in one estimated run are all at it.
package struct ShownSizes: RandomAccessCollection, FlowUniformRuns {
    let model: SizeRuns
    let filter: [Int]?

    package typealias Indices = Range<Int>

    package var startIndex: Int { 0 }
    package var endIndex: Int { filter?.count ?? model.count }

    package subscript(position: Int) -> FlowItem {
        model[filter?[position] ?? position]
    }

    package func uniformItem(in range: Range<Int>) -> FlowItem? {
        guard let filter else { return model.uniformItem(in: range) }
        guard !range.isEmpty, range.upperBound <= filter.count else { return nil }
        return model.uniformItem(in: filter[range.lowerBound]..<(filter[range.upperBound - 1] + 1))
    }

    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<FlowItem>) throws -> R) rethrows -> R? {
        guard filter == nil else { return nil }
        return try model.withContiguousStorageIfAvailable(body)
    }
}
