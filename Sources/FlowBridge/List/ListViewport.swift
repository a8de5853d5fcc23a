// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// Where a WrapListView's viewport goes at each allocation, as GtkListBase keeps its anchor: the
// first item on screen, and one state that says whether the table moved, the user scrolled, or
// neither since the last allocation. Pure arithmetic on the line table; no widget.

/// The scroll state of a list: what the last allocation showed and what happened since.
struct ListViewport {
    /// What decides the next allocation's offset.
    enum State: Equatable {
        /// Nothing since the last allocation: the adjustment's value stays. `showingEnd`: that
        /// allocation showed the end of the content.
        case settled(showingEnd: Bool)
        /// The table changed since (sizes, a resize, items-changed): the viewport follows the
        /// anchor, or stays at the end if it showed the end (the lines after the first visible
        /// item can break differently once sizes above are measured, so keeping that item alone
        /// would let the end slide away).
        case tableMoved(showingEnd: Bool)
        /// The user scrolled since: the adjustment's value wins, or the end when the user
        /// scrolled to it, even if the lines grew in between (a scrollbar dragged to the bottom).
        case userScrolled(toEnd: Bool)
    }

    private(set) var state = State.settled(showingEnd: false)
    /// The first item on screen and how far the viewport's start was past its line's start, as
    /// of the last allocation: when the table changes the viewport follows that item, so nothing
    /// the user is looking at jumps.
    private(set) var anchor: (index: Int, delta: Double)?
    /// An item to bring on screen at the next allocation (keyboard moves, `scroll(toItem:)`).
    private(set) var pendingReveal: Int?
    /// The offset the last allocation placed the items at.
    private(set) var shownOffset: Double = 0

    /// The lines changed: the anchor applies at the next allocation (unless the user scrolled).
    mutating func tableMoved() {
        if case .settled(let showingEnd) = state { state = .tableMoved(showingEnd: showingEnd) }
    }

    /// The user (or the app) moved the adjustment; `toEnd`: to the very end.
    mutating func userScrolled(toEnd: Bool) {
        state = .userScrolled(toEnd: toEnd)
    }

    /// Brings item `index` on screen at the next allocation.
    mutating func reveal(_ index: Int) {
        pendingReveal = index
    }

    /// Forgets the anchor (every item was replaced).
    mutating func forgetAnchor() {
        anchor = nil
    }

    /// `removed` items at `position` were replaced by `added` new ones: the anchor and the item
    /// to reveal move with their items (to `position` when theirs went away).
    mutating func itemsChanged(at position: Int, removed: Int, added: Int) {
        if let current = anchor {
            if current.index >= position + removed { anchor = (current.index + added - removed, current.delta) }
            else if current.index >= position { anchor = (position, current.delta) }
        }
        if let reveal = pendingReveal, reveal >= position {
            pendingReveal = reveal >= position + removed ? reveal + added - removed : nil
        }
        tableMoved()
    }

    /// An item was moved (taken out and put in elsewhere; `state` is the one from before): the
    /// viewport stays at its offset instead of following its first item, which the move may have
    /// shifted onto the line before. The lines keep their places; the items between flow by one.
    mutating func itemMoved(restoring state: State) {
        self.state = state
    }

    /// Where the viewport starts in `table` for a viewport `page` long: `current` (the
    /// adjustment's value), or the end, or the anchor's place, as the state says; moved to show
    /// an item being revealed, clamped to the content, in whole pixels.
    func offset(in table: FlowLineTable, page: Double, current: Double) -> Double {
        var offset = current
        switch state {
        case .userScrolled(toEnd: true), .tableMoved(showingEnd: true):
            offset = table.crossLength - page
        case .tableMoved(showingEnd: false):
            if let anchor, anchor.index < table.visibleCount, let line = table.line(containing: anchor.index) {
                offset = table[line].crossOffset + anchor.delta
            }
        case .settled, .userScrolled(toEnd: false):
            break
        }
        if let reveal = pendingReveal, let line = table.line(containing: min(reveal, table.visibleCount - 1)) {
            let box = table[line]
            if box.crossOffset < offset { offset = box.crossOffset }
            else if box.crossOffset + box.crossSize > offset + page { offset = box.crossOffset + box.crossSize - page }
        }
        return min(max(0, table.crossLength - page), max(0, offset)).rounded()
    }

    /// An allocation showed `table` from `offset`: the first item on screen becomes the anchor,
    /// the state settles, and the reveal is done.
    mutating func shown(at offset: Double, page: Double, in table: FlowLineTable) {
        let lines = table.lines(crossingFrom: offset, to: offset + max(page, 1))
        if lines.isEmpty {
            anchor = nil
        } else {
            let line = table[lines.lowerBound]
            anchor = line.items.isEmpty ? nil : (line.items.lowerBound, offset - line.crossOffset)
        }
        state = .settled(showingEnd: table.crossLength > page && offset >= table.crossLength - page - 0.5)
        pendingReveal = nil
        shownOffset = offset
    }
}
