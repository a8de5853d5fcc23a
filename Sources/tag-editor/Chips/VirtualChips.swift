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
// Not available in the list: maxLines ("+N more") and the chips' glide animation.
// The state report's and `--dump-layout`'s fields of the list: Instruments/.

/// The chips in the virtual list: the WrapListView, the entries it shows, and the chip of each
/// item widget it made. One of ``ChipArea``'s two ways.
@MainActor
final class VirtualChips<Content: ChipContent>: ChipBackend {
    let list: WrapListView
    /// The entries the list shows, in order (the document's as of the last refresh).
    private(set) var shown: Content.Entries = Content.entries([])
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
    var onChipMoved: ((_ name: String, _ after: String?) -> Void)?
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
                guard let owner = box.owner, let chip = owner.chips[widget], owner.shown.indices.contains(index) else { return }
                chip.update(owner.shown[index])
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
                guard let self, shown.indices.contains(index) else { return nil }
                return dragText(shown[index][keyPath: Content.id])
            }
        }
    }

    var reorderable: Bool {
        get { list.reorderable }
        set { if list.reorderable != newValue { list.reorderable = newValue } }
    }

    /// The list moved item `from` to `to` (a drop or the keys): the tags it shows are the app's
    /// own collection, so they move here (the list follows by itself, told nothing), and the
    /// editor is told which tag now follows which once the list is done: it rebinds the moved
    /// items and focuses the moved one after this returns, so a refresh of the chips from here
    /// would update widgets still bound to the old places.
    private func itemMoved(from: Int, to: Int) {
        guard from != to, shown.indices.contains(from), shown.indices.contains(to) else { return }
        var entries = Array(shown)
        let moved = entries.remove(at: from)
        entries.insert(moved, at: to)
        shown = Content.entries(entries)
        let anchor = to == 0 ? nil : entries[to - 1][keyPath: Content.id]
        let name = moved[keyPath: Content.id]
        runWhenIdle { [weak self] in self?.onChipMoved?(name, anchor) }
    }

    /// Shows `entries`: the list is told of the one run that changed between what it showed and
    /// these (found from both ends, O(n) comparisons), so its lines are broken again from there
    /// only; the realized chips outside that run get their entries again (a count may change).
    func show(_ entries: Content.Entries) {
        // The new entries first: the list binds chips to them while it is told.
        let old = shown
        shown = entries
        list.replaceItems(oldCount: old.count, newCount: entries.count, commonEnds: Content.commonEnds(old, entries))
        for (index, chip) in realizedChips where chip.entry != entries[index] { chip.update(entries[index]) }
    }

    /// The realized chips, in order, with their tags' indices.
    var realizedChips: [(index: Int, chip: Content)] {
        list.realizedItems.compactMap { item in
            chips[item.widget].flatMap { shown.indices.contains(item.index) ? (item.index, $0) : nil }
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
        if let realized = realizedChips.first(where: { $0.chip.entry[keyPath: Content.id] == name }),
           shown[realized.index][keyPath: Content.id] == name {
            return realized.index
        }
        if let last = shown.indices.last, shown[last][keyPath: Content.id] == name { return last }
        if let first = shown.indices.first, shown[first][keyPath: Content.id] == name { return first }
        return shown.firstIndex { $0[keyPath: Content.id] == name }
    }

    func contains(_ name: String) -> Bool { index(of: name) != nil }

    func focusChip(at index: Int) -> Bool { shown.indices.contains(index) && list.focus(item: index) }

    var focusedChip: (name: String, index: Int)? {
        guard let index = list.focusedItem, shown.indices.contains(index) else { return nil }
        return (shown[index][keyPath: Content.id], index)
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
        tr("--max-lines \(maxLines) is not available in the virtual list of \(shown.count) tags: every line is shown.")
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
