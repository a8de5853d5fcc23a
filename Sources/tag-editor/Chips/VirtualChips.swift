// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import FlowEngine
import GObjectSupport
import TagData

// The virtual chip list: past `ChipArea.threshold` entries (or with --virtual) a window shows
// its chips in a WrapListView, which makes Chip widgets only for the tags on screen and recycles
// them as the list scrolls, instead of one Chip per tag in the WrapHStack. The chips are the
// editor's own (same CSS, buttons, keys and accessible names); every edit still goes through
// `perform` and TagData, and the list is told only what changed (one `items-changed` per refresh).
// The list's model is every entry the window gave; a search sets the list's filter to the indices
// it found (WrapListView.setFilter), so a key costs a change of positions, not a new list, and
// the sizes measured stay (closing the search measures nothing again).
// Not available in the list: maxLines ("+N more") and the chips' glide animation.
// The state report's and `--dump-layout`'s fields of the list: Instruments/.

/// The chips in the virtual list: the WrapListView, the entries it shows, and the chip of each
/// item widget it made. One of ``ChipArea``'s two ways.
@MainActor
final class VirtualChips<Content: ChipContent>: ChipBackend {
    let list: WrapListView
    /// Every entry the window gave, in order (the document's as of the last refresh): the list's
    /// model.
    private(set) var all: Content.Entries = Content.entries([])
    /// The indices in ``all`` of the entries a search found (the list's filter), or `nil`.
    private(set) var found: [Int]?
    /// The chip behind each item widget the list's factory made.
    private var chips: [Widget: Content] = [:]
    /// Called when a chip is unbound (it scrolled away, or its tag went): the editor closes a
    /// rename popover that points at it.
    var onUnbind: ((Content) -> Void)?
    var onLayout: (() -> Void)?
    /// Never called: the list's chips move only when it scrolls.
    var onChipsMoved: (() -> Void)?
    /// Never called: the list has no maxLines.
    var onShowLess: (() -> Void)?
    var onChipMoved: ((_ name: String, _ from: Int, _ to: Int) -> Void)?
    let area: Widget
    var scrolledWindow: Widget { area }
    var container: Widget { list.widget }

    init(options layoutOptions: ChipLayoutOptions, actions: Content.Actions, dragText: (@MainActor (String) -> String)?) {
        var options = layoutOptions.layout
        options.maxLines = nil
        // The factory reaches the chips through this box: the list is made before `self` exists.
        let box = WeakOwner<VirtualChips>()
        list = WrapListView(layout: options, factory: WrapListItemFactory(
            setup: {
                let chip = Content(Content.placeholder, actions: actions)
                box.owner?.chips[chip.widget] = chip
                return chip.widget
            },
            bind: { widget, index in
                guard let owner = box.owner, let chip = owner.chips[widget], index >= 0, index < owner.shownCount else { return }
                chip.update(owner.shownEntry(at: index))
            },
            unbind: { widget, _ in
                guard let owner = box.owner, let chip = owner.chips[widget] else { return }
                owner.onUnbind?(chip)
            },
            teardown: { widget in
                box.owner?.chips[widget] = nil
            }))
        area = list.makeScrolledWindow()
        box.owner = self
        gtk_widget_add_css_class(list.widget, "chips")
        list.onLayout = { [weak self] _ in self?.onLayout?() }
        list.onItemMoved = { [weak self] from, to in self?.itemMoved(from: from, to: to) }
        // The list's drag (reordering) is the chip's drag then: it carries the chip's text too.
        if let dragText {
            list.reorderDragText = { [weak self] index in
                guard let self, index >= 0, index < shownCount else { return nil }
                return dragText(shownEntry(at: index)[keyPath: Content.id])
            }
        }
    }

    /// On while a search shows some chips too: a chip moved among the ones found goes next to
    /// the one it was dropped by among all (``itemMoved(from:to:)``).
    var reorderable: Bool {
        get { list.reorderable }
        set { if list.reorderable != newValue { list.reorderable = newValue } }
    }

    /// The entries the list shows, in order.
    ///
    /// - Complexity: O(1) without a search; O(*f*) with one (the *f* found are gathered).
    var shown: Content.Entries { found.map { Content.subset(all, $0) } ?? all }
    var shownCount: Int { found?.count ?? all.count }
    func shownEntry(at index: Int) -> Content.Entry { all[found?[index] ?? index] }

    /// The list moved the chip shown at `from` to `to` (a drop or the keys; with a search, among
    /// the chips found): the tags it shows are the app's own collection, so they move here as the
    /// list moves its items (WrapListView.modelMove: next to the chip it was dropped by), the list
    /// following by itself, told nothing; the editor is told of the move once the list is done:
    /// it rebinds the moved items and focuses the moved one after this returns, so a refresh of
    /// the chips from here would update widgets still bound to the old places.
    private func itemMoved(from: Int, to: Int) {
        guard from != to, from >= 0, to >= 0, from < shownCount, to < shownCount else { return }
        let move = WrapListView.modelMove(from: from, to: to, filter: found)
        let name = all[move.from][keyPath: Content.id]
        all = Content.moving(all, from: move.from, to: move.to)
        found = move.filter
        runWhenIdle { [weak self] in self?.onChipMoved?(name, from, to) }
    }

    /// Shows `entries`, or those at `found`: the list is told of the one run of its model that
    /// changed (found from both ends, O(n) comparisons, fewer for a flat list's shared chunks),
    /// then of the filter, which changes only the positions between the first and the last that
    /// differ; the realized chips outside them get their entries again (a count may change).
    func show(_ entries: Content.Entries, found: [Int]?) {
        // The new entries first: the list binds chips to them while it is told.
        let old = all
        all = entries
        if old.isEmpty || entries.isEmpty {
            // A model of its own each time (the count set anew), so that no filter survives.
            self.found = nil
            list.setItemCount(entries.count)
        } else {
            self.found = nil
            list.replaceItems(oldCount: old.count, newCount: entries.count, commonEnds: Content.commonEnds(old, entries))
        }
        self.found = found
        list.setFilter(found)
        for (index, chip) in realizedChips where chip.entry != shownEntry(at: index) { chip.update(shownEntry(at: index)) }
    }

    /// The realized chips, in order, with their tags' indices.
    var realizedChips: [(index: Int, chip: Content)] {
        list.realizedItems.compactMap { item in
            chips[item.widget].flatMap { item.index < shownCount ? (item.index, $0) : nil }
        }
    }

    /// The realized chip showing `name`, if it has one now.
    func chip(named name: String) -> Content? {
        realizedChips.first { $0.chip.entry[keyPath: Content.id] == name }?.chip
    }

    /// Where `name` is in the list: the tag a user acts on has a chip made, or is at an end of
    /// the list (Backspace in the empty entry takes the last one, an added tag goes last), so
    /// the few made and the two ends are looked at before the whole list (a million entries made
    /// to read their names).
    func index(of name: String) -> Int? {
        let realized = realizedChips
        if let chip = realized.first(where: { $0.chip.entry[keyPath: Content.id] == name }),
           shownEntry(at: chip.index)[keyPath: Content.id] == name {
            return chip.index
        }
        // The chips may not show their entries yet (a chip moved just now, the list not yet
        // drawn): the entries at the places they stand.
        if let index = realized.lazy.map(\.index).first(where: { self.shownEntry(at: $0)[keyPath: Content.id] == name }) {
            return index
        }
        let count = shownCount
        guard count > 0 else { return nil }
        if shownEntry(at: count - 1)[keyPath: Content.id] == name { return count - 1 }
        if shownEntry(at: 0)[keyPath: Content.id] == name { return 0 }
        return (0..<count).first { shownEntry(at: $0)[keyPath: Content.id] == name }
    }

    func contains(_ name: String) -> Bool { index(of: name) != nil }

    func focusChip(at index: Int) -> Bool { index >= 0 && index < shownCount && list.focus(item: index) }

    var focusedChip: (name: String, index: Int)? {
        guard let index = list.focusedItem, index >= 0, index < shownCount else { return nil }
        return (shownEntry(at: index)[keyPath: Content.id], index)
    }

    func stepFocus(from name: String, forward: Bool) -> Bool { false }

    /// The options without maxLines, which the list does not have.
    func apply(_ options: ChipLayoutOptions) {
        var layout = options.layout
        layout.maxLines = nil
        if list.layout != layout { list.layout = layout }
        if gtk_widget_get_direction(list.widget) != options.direction { gtk_widget_set_direction(list.widget, options.direction) }
    }

    var hiddenCount: Int { 0 }

    func whyNoMaxLines(_ maxLines: Int) -> String? {
        tr("--max-lines \(maxLines) is not available in the virtual list of \(shownCount) tags: every line is shown.")
    }

    var figures: [String] {
        guard let report = list.lastLayout else { return [tr("virtual list")] }
        return [tr("width \(report.allocatedWidth) px"),
                trn("\(report.lineCount) line", "\(report.lineCount) lines", report.lineCount),
                tr("content \(Int(report.contentLength.rounded(.up))) px"),
                tr("\(report.realizedIndices.count) chips made"),
                tr("virtual list")]
    }

    func release() {}

    /// How many chip widgets the list's factory has made and not yet torn down.
    var chipWidgetCount: Int { chips.count }
}


/// A weak reference to an object made after the closures that reach it through this.
final class WeakOwner<Owner: AnyObject> {
    weak var owner: Owner?
}
