// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import FlowBridge
import TagData

/// Where a window's chips are: one chip widget per entry in a WrapHStack, or chips only for the
/// entries on screen in the virtual list, chosen by one threshold (``ChipListChoice/threshold``). The editor
/// and the folder view both show their chips through it and never ask which of the two it has.
///
/// The editor chooses when the window opens (`--virtual`, `--no-virtual`, or by the count);
/// the folder view's tag count changes with every reading, so its area follows the count
/// (``followsCount``): past the threshold it shows the list, below it the box.
@MainActor
final class ChipArea<Content: ChipContent> {
    /// What the window puts in its layout: the scrolled area around the chips (for an area that
    /// follows the count, a box holding both, one shown).
    let area: Widget
    /// The box's way, when there is one; the list's, when there is one.
    private let stack: StackChips<Content>?
    private let list: VirtualChips<Content>?
    /// The way shown now.
    private var current: any ChipBackend<Content>
    private let followsCount: Bool

    /// - Parameter choice: box or list (``ChipListChoice``); with ``ChipListChoice/automatic`` by
    ///   the count when the area is made, or at every ``show(_:)`` when `followsCount`.
    /// - Parameter overflows: "+N more" and "Show less" when the options' `maxLines` hides entries
    ///   (the box only).
    /// - Parameter margin: around the chips, inside the scrolled area.
    /// - Parameter dragText: what a reordering drag of a chip carries, besides moving it.
    init(_ choice: ChipListChoice, count: Int, followsCount: Bool = false, options: ChipLayoutOptions,
         actions: Content.Actions, overflows: Bool = false, margin: Int32 = 0,
         dragText: (@MainActor (String) -> String)? = nil) throws {
        self.followsCount = followsCount
        let virtual = choice.usesVirtualList(forTagCount: count)
        stack = followsCount || !virtual
            ? try StackChips(actions: actions, options: options, overflows: overflows, dragText: dragText) : nil
        list = followsCount || virtual ? VirtualChips(options: options, actions: actions, dragText: dragText) : nil
        let ways = [stack as (any ChipBackend<Content>)?, list].compactMap { $0 }
        current = virtual ? list! : stack!
        for way in ways {
            // A screen reader names them "Tags".
            cgtk_accessible_set_label(way.container, trc("the chips' group, for a screen reader", "Tags"))
            gtk_widget_set_vexpand(way.area, 1)
            for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                         gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
                side(way.container, margin)
            }
        }
        if followsCount {
            area = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            for way in ways {
                gtk_box_append(cgtk_box(area), way.area)
                gtk_widget_set_visible(way.area, way === current ? 1 : 0)
            }
        } else {
            area = current.area
        }
    }

    /// Every way this area has (the folder view's both, the editor's one).
    private var ways: [any ChipBackend<Content>] { [stack as (any ChipBackend<Content>)?, list].compactMap { $0 } }

    /// Whether the chips are in the virtual list now (for the instruments; the windows never ask).
    var usesVirtualList: Bool { current === list }
    /// The box's way and the list's, for the instruments and the tests.
    var boxChips: StackChips<Content>? { stack }
    var listChips: VirtualChips<Content>? { list }

    /// The GtkScrolledWindow the chips scroll in now.
    var scrolledWindow: Widget { current.scrolledWindow }
    /// The widget the chips are in now.
    var container: Widget { current.container }
    /// The entries as the chips show them now, in order (with a search, those it found).
    ///
    /// - Complexity: O(*f*) for the *f* entries a search found in the virtual list (they are
    ///   gathered): read ``shownCount`` and ``shownEntry(at:)`` where that is all it takes.
    var shown: Content.Entries { current.shown }
    /// How many entries the chips show.
    var shownCount: Int { current.shownCount }
    /// The entry shown at `index`.
    func shownEntry(at index: Int) -> Content.Entry { current.shownEntry(at: index) }
    /// Where the entry shown at `index` is among every entry the window gave (``all``): what a
    /// document is given as the place of a tag, to spare it a scan.
    func indexInAll(ofShown index: Int) -> Int {
        guard let filter, filter.isActive else { return index }
        return filter.matches[index]
    }
    /// Where `name` is among every entry the window gave, when it is shown (a hint for an edit,
    /// which the document checks).
    func indexInAll(of name: String) -> Int? { index(of: name).map(indexInAll(ofShown:)) }
    /// Every entry the window gave, found by a search or not (ChipSearch.swift).
    private(set) var all: Content.Entries = Content.entries([])
    /// The entry at `index` among ``all``.
    func allEntry(at index: Int) -> Content.Entry { all[index] }
    /// The search's filter while a search is open (ChipSearch.swift).
    var filter: ChipFilter<Content>?

    /// Shows `entries` (the same chips, updated, for the entries that stay); an area that follows
    /// the count first turns to the list past the threshold, to the box below it.
    func show(_ entries: Content.Entries) throws {
        all = entries
        let found = following(entries)
        if followsCount, let stack, let list {
            let next: any ChipBackend<Content> = (found?.count ?? entries.count) > ChipListChoice.threshold ? list : stack
            if next !== current {
                try current.show(Content.entries([]), found: nil)
                gtk_widget_set_visible(current.area, 0)
                gtk_widget_set_visible(next.area, 1)
                current = next
            }
        }
        try current.show(entries, found: found)
    }

    /// Whether `name` is among the entries shown (it may have no chip now in the virtual list).
    func contains(_ name: String) -> Bool { current.contains(name) }
    /// Where `name` is among the entries shown.
    func index(of name: String) -> Int? { current.index(of: name) }
    /// The chip showing `name`, when it has one now.
    func chip(named name: String) -> Content? { current.chip(named: name) }
    /// The chips that exist now, in order, with their entries' indices.
    var realizedChips: [(index: Int, chip: Content)] { current.realizedChips }
    /// Puts the focus on the chip of the entry at `index` (scrolled into view); `false` when
    /// there is none.
    func focusChip(at index: Int) -> Bool { current.focusChip(at: index) }
    /// The chip that holds the focus (on itself or a button of it), and its entry's index.
    var focusedChip: (name: String, index: Int)? { current.focusedChip }
    /// Left and Right on the chip of `name`: whether the key was used (the virtual list moves
    /// the focus itself, and says `false`).
    func stepFocus(from name: String, forward: Bool) -> Bool { current.stepFocus(from: name, forward: forward) }

    /// Lays the chips out with `options`, scrolling across the lines whichever way those run.
    func apply(_ options: ChipLayoutOptions) {
        let vertical = options.layout.axis == .vertical
        for way in ways {
            gtk_scrolled_window_set_policy(cgtk_scrolled_window(way.scrolledWindow),
                                           vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                           vertical ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC)
            way.apply(options)
        }
    }

    /// The smallest height the chips' scrolled area keeps however little room there is.
    func setMinimumHeight(_ height: Int32) {
        for way in ways { gtk_scrolled_window_set_min_content_height(cgtk_scrolled_window(way.scrolledWindow), height) }
    }

    /// How many entries `maxLines` hides now.
    var hiddenCount: Int { current.hiddenCount }
    /// Why `--max-lines maxLines` cannot be used here, or `nil` when it can.
    func whyNoMaxLines(_ maxLines: Int) -> String? { current.whyNoMaxLines(maxLines) }
    /// The last layout's figures, for the options panel.
    var figures: [String] { current.figures }

    /// Called after each layout of the chips.
    var onLayout: (() -> Void)? {
        get { current.onLayout }
        set { for way in ways { way.onLayout = newValue } }
    }
    /// Called when chips moved where a popover pointing at one would not follow them (a
    /// relayout of the WrapHStack; the list moves its chips only by scrolling, which the window
    /// follows on its own).
    var onChipsMoved: (() -> Void)? {
        get { current.onChipsMoved }
        set { for way in ways { way.onChipsMoved = newValue } }
    }
    /// Called when a chip stops showing its entry (the list gives it to another).
    var onUnbind: ((Content) -> Void)? {
        get { current.onUnbind }
        set { for way in ways { way.onUnbind = newValue } }
    }
    /// Called after "Show less" (the chips then show fewer entries; none has the focus).
    var onShowLess: (() -> Void)? {
        get { current.onShowLess }
        set { for way in ways { way.onShowLess = newValue } }
    }
    /// Whether the user can put the chips in a new order: dragged with the pointer, or moved with
    /// Ctrl+Shift (or Alt+Shift) and an arrow, Home or End (the widgets' own reordering). On for an ordered list
    /// (the collection, a `--tags` file); off for files' tags, which keep no order.
    var reorderable: Bool {
        get { current.reorderable }
        set { for way in ways { way.reorderable = newValue } }
    }
    /// Called when the user moved a chip (``ChipMove``: its entry's id, the one it now follows,
    /// and where both were among every entry). The chips already show the new order; the window
    /// makes it a change of its data and shows the data's order, which is the one that counts.
    var onChipMoved: ((ChipMove) -> Void)? {
        didSet {
            for way in ways {
                way.onChipMoved = { [weak self] name, from, to in
                    guard let self, let move = self.move(name, from: from, to: to) else { return }
                    self.onChipMoved?(move)
                }
            }
        }
    }

    /// The move among every entry of the chip shown at `from` to shown place `to` (counted after
    /// the move): while a search shows some chips, it goes just before the chip found at `to`
    /// when it moves back, just after it when it moves on, as the list moves its items
    /// (WrapListView.modelMove), so that the tags hidden between keep their places. Read from
    /// the entries as they were before the move (``all``, the search's matches).
    ///
    /// - Complexity: O(1); no name is looked for.
    private func move(_ name: String, from: Int, to: Int) -> ChipMove? {
        let matches = filter?.isActive == true ? filter?.matches : nil
        let count = matches?.count ?? all.count
        guard from != to, from >= 0, to >= 0, from < count, to < count else { return nil }
        let modelFrom = matches?[from] ?? from, modelTo = matches?[to] ?? to
        // What precedes it once moved, by its place before the move (the entries after the one
        // that leaves were one further on).
        let anchorPlace: Int? = modelTo == 0 ? nil : modelTo - 1 < modelFrom ? modelTo - 1 : modelTo
        let anchor = anchorPlace.map { all[$0][keyPath: Content.id] }
        // Places that do not hold what was moved (the entries changed meanwhile) are no hint.
        guard all[modelFrom][keyPath: Content.id] == name else { return ChipMove(name: name, after: anchor, places: [:]) }
        var places = [name: modelFrom]
        if let anchor, let anchorPlace { places[anchor] = anchorPlace }
        return ChipMove(name: name, after: anchor, places: places, from: from, to: to, placeAfter: modelTo)
    }

    /// Where the chip `move` moved is shown now, until the window shows the data again: the
    /// list shows the move already, the box's data not yet.
    func shownIndex(of move: ChipMove) -> Int { current === list ? move.to : move.from }

    /// Where the entry shown at `index` was among every entry before `move`, until the window
    /// shows the data again: the list's chips show the move already, the box's data not yet.
    func indexInAll(ofShown index: Int, before move: ChipMove) -> Int {
        var shown = index
        if current === list {
            if index == move.to {
                shown = move.from
            } else if move.from < move.to, index >= move.from, index < move.to {
                shown = index + 1
            } else if move.to < move.from, index > move.to, index <= move.from {
                shown = index - 1
            }
        }
        return indexInAll(ofShown: shown)
    }

    /// Lets go of what the area keeps alive, when the window goes.
    func release() { for way in ways { way.release() } }
}

/// A chip the user moved: its entry's id, the one it now follows (`nil`: it is first), and where
/// both were among every entry before the move (hints for the document, which checks them).
struct ChipMove {
    var name: String
    var after: String?
    var places: [String: Int]
    /// Its places among the chips shown, before and after the move.
    var from = 0, to = 0
    /// Its place among every entry after the move.
    var placeAfter: Int?
}

/// One of a ``ChipArea``'s two ways of showing chips: ``StackChips`` (a widget per entry) and
/// ``VirtualChips`` (widgets for the entries on screen).
@MainActor
protocol ChipBackend<Content>: AnyObject {
    associatedtype Content: ChipContent
    var area: Widget { get }
    var scrolledWindow: Widget { get }
    var container: Widget { get }
    var shown: Content.Entries { get }
    var shownCount: Int { get }
    func shownEntry(at index: Int) -> Content.Entry
    /// Shows `entries`, or those at `found` (ascending indices) while a search finds some.
    func show(_ entries: Content.Entries, found: [Int]?) throws
    func contains(_ name: String) -> Bool
    func index(of name: String) -> Int?
    func chip(named name: String) -> Content?
    var realizedChips: [(index: Int, chip: Content)] { get }
    func focusChip(at index: Int) -> Bool
    var focusedChip: (name: String, index: Int)? { get }
    func stepFocus(from name: String, forward: Bool) -> Bool
    func apply(_ options: ChipLayoutOptions)
    var hiddenCount: Int { get }
    func whyNoMaxLines(_ maxLines: Int) -> String?
    var figures: [String] { get }
    var onLayout: (() -> Void)? { get set }
    var onChipsMoved: (() -> Void)? { get set }
    var onUnbind: ((Content) -> Void)? { get set }
    var onShowLess: (() -> Void)? { get set }
    var reorderable: Bool { get set }
    /// The user moved the chip shown at `from` to `to` (places among the chips shown, `to`
    /// counted after the move).
    var onChipMoved: ((_ name: String, _ from: Int, _ to: Int) -> Void)? { get set }
    func release()
}
