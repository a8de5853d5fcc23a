// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// The search over a window's chips, as GNOME apps search: Ctrl+F, or typing while a chip has the
// focus, opens a search bar (GtkSearchBar, its GtkSearchEntry) above the chips; what is typed
// narrows the chips to the tags it finds (TagSearchQuery: substring or word starts, case and
// accents not counting), with the count of them; Enter puts the focus on the first one; Escape
// closes the bar, every chip comes back, and the focus goes back where it was.
//
// The chips are filtered where the chip area is given its entries, so the windows' edits go on
// as before and a tag added while the search is open is shown when it matches. In the virtual
// list, a keystroke makes no chip for the tags it leaves out: the list is given the entries found
// (one `items-changed`), and the names are compared as folded bytes made once when the search
// opens (TagSearchIndex); a keystroke that adds to the text looks only at the tags found before.

/// The tags a search finds among a chip area's entries: the folded names, kept beside the
/// entries as they change, and the indices of those found.
@MainActor
final class ChipFilter<Content: ChipContent> {
    private(set) var query = TagSearchQuery("")
    private var index = TagSearchIndex()
    /// The entries the index is of.
    private var indexed: Content.Entries = Content.entries([])
    /// Where the entries found are among the area's entries, in order.
    private(set) var matches: [Int] = []
    /// Called when the entries found changed with the area's entries (an edit): the count follows.
    var onFollow: (() -> Void)?
    /// How many names the last keystroke or edit compared (for the instruments' counting test).
    private(set) var examined = 0
    /// A move of one entry the next ``follow(_:)`` is to find (``expectMove(from:to:)``).
    fileprivate var expectedMove: (from: Int, to: Int)?

    /// - Complexity: O(*n*) folds, once when a search opens.
    init(_ entries: Content.Entries) {
        index = TagSearchIndex(entries.lazy.map { $0[keyPath: Content.searchedText] })
        indexed = entries
    }

    /// Whether some text is typed: the chips then show only what it finds.
    var isActive: Bool { !query.isEmpty }

    /// Searches for `text`: among the tags found before when it adds to what was typed, else
    /// among all.
    ///
    /// - Complexity: O(*c*) comparisons of folded names, *c* the tags found before or all *n*.
    /// Returns whether the tags found changed (a key that finds the same tags shows nothing new).
    @discardableResult
    func search(_ text: String) -> Bool {
        let next = TagSearchQuery(text)
        guard next != query else { return false }
        let before = (isActive, matches)
        defer { query = next }
        if next.isEmpty {
            matches = []
            examined = 0
        } else {
            matches = index.matches(next, among: next.narrows(query) ? matches : nil)
            examined = index.examined
        }
        return before.0 != !next.isEmpty || before.1 != matches
    }

    /// The area's entries became `entries` (an edit, or another program's): the run that changed
    /// is folded again and compared, the tags found before and after it are kept.
    ///
    /// - Complexity: O(*n*) comparisons of entries to find the run (fewer for a flat list's
    ///   chunks), O(*k*) folds for the *k* entries changed, O(*f*) for the tags found.
    func follow(_ entries: Content.Entries) {
        let oldCount = indexed.count, newCount = entries.count
        let (prefix, suffix) = Content.commonEnds(indexed, entries)
        let move = expectedMove
        expectedMove = nil
        // The one move expected, and no other change: the folded name moves, none is folded.
        if let move, oldCount == newCount, prefix == min(move.from, move.to),
           suffix == oldCount - 1 - max(move.from, move.to),
           entries[move.to][keyPath: Content.id] == indexed[move.from][keyPath: Content.id] {
            indexed = entries
            index.move(from: move.from, to: move.to)
            examined = 0
            guard isActive else { return }
            matches = Self.moving(matches, from: move.from, to: move.to, stillFound: index.matches(query, at: move.to))
            onFollow?()
            return
        }
        indexed = entries
        guard prefix + suffix < max(oldCount, newCount) else { return }
        let removedEnd = oldCount - suffix, addedEnd = newCount - suffix
        index.replace(prefix..<removedEnd, with: (prefix..<addedEnd).map { entries[$0][keyPath: Content.searchedText] })
        guard isActive else { return }
        let shift = newCount - oldCount
        var next = Array(matches.prefix { $0 < prefix })
        next += (prefix..<addedEnd).filter { index.matches(query, at: $0) }
        next += matches.drop { $0 < removedEnd }.map { $0 + shift }
        matches = next
        examined = addedEnd - prefix
        onFollow?()
    }

}

extension ChipFilter {
    /// The entry at `from` is moved to `to` (counted after the move) by the next change of the
    /// area's entries, which then folds no name again (``follow(_:)`` checks that it is that).
    func expectMove(from: Int, to: Int) {
        expectedMove = (from, to)
    }

    /// `matches` (ascending) once the entry at `from` moved to `to`: the ones between shift by
    /// one, and the moved one is found at its new place when `stillFound`.
    ///
    /// - Complexity: O(*f*) for the *f* found; no name compared.
    static func moving(_ matches: [Int], from: Int, to: Int, stillFound: Bool) -> [Int] {
        var next: [Int] = []
        next.reserveCapacity(matches.count + 1)
        for match in matches where match != from {
            if from < to, match > from, match <= to {
                next.append(match - 1)
            } else if to < from, match >= to, match < from {
                next.append(match + 1)
            } else {
                next.append(match)
            }
        }
        if stillFound {
            var low = 0, high = next.count
            while low < high {
                let middle = (low + high) / 2
                if next[middle] < to { low = middle + 1 } else { high = middle }
            }
            next.insert(to, at: low)
        }
        return next
    }
}

extension ChipArea {
    /// The indices of the entries the search finds among `entries` while one is typed (the
    /// filter follows them first), else `nil`: every entry is shown.
    func following(_ entries: Content.Entries) -> [Int]? {
        guard let filter else { return nil }
        filter.follow(entries)
        return filter.isActive ? filter.matches : nil
    }

    /// Opens the search: the names are folded once, for every keystroke to come.
    func beginSearch(onFollow: (() -> Void)? = nil) {
        if filter == nil { filter = ChipFilter(all) }
        if let onFollow { filter?.onFollow = onFollow }
    }

    /// Shows what `text` finds (every chip for empty text).
    func search(_ text: String) throws {
        beginSearch()
        if filter?.search(text) == true { try show(all) }
    }

    /// Closes the search: every chip again, and the folded names let go.
    func endSearch() throws {
        guard filter != nil else { return }
        filter = nil
        try show(all)
    }

    /// "12 of 100,000 tags" while a search narrows the chips, else `nil`.
    var searchCount: String? {
        guard let filter, filter.isActive else { return nil }
        let found = filter.matches.count, total = all.count
        return trn("\(found.formatted()) of \(total.formatted()) tag", "\(found.formatted()) of \(total.formatted()) tags", total)
    }
}

/// The search bar over a window's chips (see the top of this file): the bar and its entry, the
/// count, the keys that open and close it, and where the focus goes back to.
@MainActor
final class ChipSearch<Content: ChipContent> {
    /// The bar above the chip area: what the window puts where the area was.
    let widget: Widget
    let bar: Widget
    let entry: Widget
    let countLabel: Widget
    private let area: ChipArea<Content>
    /// The bar's description (`chip-search.ui`), kept with it.
    private let ui = UIDescription("chip-search")
    /// Called after each change of what the chips show (the window's status line, its report).
    var onChange: (() -> Void)?
    /// Called when the chips could not be shown (the window shows the error).
    var onError: ((Error) -> Void)?
    /// The chip (by its entry's id) or the widget that had the focus before the search took it.
    private var returnChip: String?
    private var returnWidget: Widget?
    /// Set while the search changes what the chips show: the list may then move the focus to a
    /// chip of its own accord (the focused one went), which is not where the user had it.
    private var changingChips = false

    /// - Parameter window: the window whose focus the search follows, to give it back.
    init(over area: ChipArea<Content>, in window: Widget) {
        self.area = area
        (widget, bar, entry, countLabel) = (ui.widget("search"), ui.widget("bar"), ui.widget("entry"), ui.widget("count"))
        gtk_search_bar_connect_entry(OpaquePointer(bar), cgtk_editable(entry))
        // Typing while a chip (or anything in the chips' area) has the focus starts a search;
        // typing in the tag entry stays there (the entry takes its keys first).
        gtk_search_bar_set_key_capture_widget(OpaquePointer(bar), area.area)
        // The bar shows at once: while it slid in, its entry could not take the focus, and keys
        // typed right after Ctrl+F went to the widget that had it.
        if let revealer = gtk_widget_get_first_child(bar), typeName(of: revealer) == "GtkRevealer" {
            gtk_revealer_set_transition_duration(cgtk_revealer(revealer), 0)
        }
        gtk_box_append(cgtk_box(widget), area.area)
        connect(window: window)
    }

    var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(bar)) != 0 }
    var text: String { String(cString: gtk_editable_get_text(cgtk_editable(entry))) }

    private func connect(window: Widget) {
        // "changed", not "search-changed": the filter follows each key, without the entry's
        // delay, so a keystroke's frame shows what it found.
        connectSignal(entry, "changed") { [weak self] in self?.textChanged() }
        connectSignal(entry, "activate") { [weak self] in self?.focusFirstFound() }
        connectSignal(bar, "notify::search-mode-enabled") { [weak self] (_: gpointer?) in self?.modeChanged() }
        connectSignal(window, "notify::focus-widget") { [weak self] (_: gpointer?) in self?.focusMoved(in: window) }
        // Escape on a found chip (one the chip itself has no use for) closes the search too; the
        // focus stays on that chip, among all the chips again.
        let keys = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, _ in
            guard let self, Int32(bitPattern: keyval) == GDK_KEY_Escape, self.isOpen else { return false }
            self.close()
            return true
        }
        gtk_widget_add_controller(area.area, keys)
        // The entry takes the focus as soon as it is shown (a search started by typing on a chip).
        connectSignal(entry, "map") { [weak self] in
            runWhenIdle { self?.takeFocusForTyping() }
        }
    }

    private var focusIsInBar: Bool {
        guard let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root) else { return false }
        return EditorWindow.focus(focus, isWithin: bar)
    }

    /// Ctrl+F: opens the bar, or takes the focus back to its entry with the text selected.
    func open() {
        if isOpen {
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(cgtk_editable(entry), 0, -1)
            return
        }
        beginSearch()
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 1)
    }

    func close() {
        let wasChanging = changingChips
        changingChips = true
        defer { changingChips = wasChanging }
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 0)
    }

    private func textChanged() {
        // The bar empties its entry as it closes: nothing to search then.
        if area.filter == nil && text.isEmpty { return }
        let wasChanging = changingChips
        changingChips = true
        defer { changingChips = wasChanging }
        beginSearch()
        do {
            try area.search(text)
        } catch {
            onError?(error)
        }
        showCount()
        takeFocusForTyping()
    }

    /// Typing on a chip started the search (or added to it): the entry takes the focus, the caret
    /// after what was typed, so that the next keys (a space, Backspace, which the capture leaves
    /// to the focused chip) edit the search.
    private func takeFocusForTyping() {
        guard !text.isEmpty, !focusIsInBar, gtk_widget_get_mapped(entry) != 0 else { return }
        gtk_widget_grab_focus(entry)
        gtk_editable_set_position(cgtk_editable(entry), -1)
    }

    private func modeChanged() {
        guard !isOpen else {
            beginSearch()
            showCount()
            return
        }
        let wasChanging = changingChips
        changingChips = true
        defer { changingChips = wasChanging }
        do {
            try area.endSearch()
        } catch {
            onError?(error)
        }
        showCount()
        giveFocusBack()
    }

    private func beginSearch() {
        area.beginSearch { [weak self] in self?.showCount() }
    }

    private func showCount() {
        let count: String
        if let text = area.searchCount {
            count = text
        } else {
            let total = area.all.count
            count = trn("\(total.formatted()) tag", "\(total.formatted()) tags", total)
        }
        gtk_label_set_text(cgtk_label(countLabel), count)
        onChange?()
    }

    /// Enter: the focus on the first tag found (scrolled into view).
    private func focusFirstFound() {
        guard area.shownCount > 0 else {
            gtk_widget_error_bell(entry)
            return
        }
        // A chip that is not itself a focus stop (the folder view's) gives it to its first button.
        if !area.focusChip(at: 0) || focusIsInBar, let chip = area.chip(named: area.shownEntry(at: 0)[keyPath: Content.id]) {
            _ = gtk_widget_child_focus(chip.widget, GTK_DIR_TAB_FORWARD)
        }
    }

    /// Remembers where the focus is when it is outside the bar.
    private func focusMoved(in window: Widget) {
        guard !changingChips, let focus = gtk_root_get_focus(cgtk_root(window)),
              !EditorWindow.focus(focus, isWithin: bar) else { return }
        if let chip = area.focusedChip {
            returnChip = chip.name
            setReturnWidget(nil)
        } else {
            returnChip = nil
            setReturnWidget(focus)
        }
    }

    private func setReturnWidget(_ widget: Widget?) {
        if let old = returnWidget { g_object_unref(UnsafeMutableRawPointer(old)) }
        returnWidget = widget
        if let widget { g_object_ref(UnsafeMutableRawPointer(widget)) }
    }

    /// After the search closed: the focus on the chip that had it (scrolled into view), or the
    /// widget that had it.
    private func giveFocusBack() {
        if let name = returnChip, let index = area.index(of: name), area.focusChip(at: index) { return }
        if let widget = returnWidget, gtk_widget_get_root(widget) != nil, gtk_widget_is_sensitive(widget) != 0 {
            gtk_widget_grab_focus(widget)
        }
    }

    // For the instruments (ChipSearch+StateReport.swift).
    var areaShownCount: Int { area.shownCount }
    var areaTotalCount: Int { area.all.count }
    var examined: Int { area.filter?.examined ?? 0 }
    var chipWidgets: Int { area.listChips?.chipWidgetCount ?? 0 }
    var firstFound: String? { area.shownCount > 0 ? area.shownEntry(at: 0)[keyPath: Content.id] : nil }

    /// Lets go of the widget kept to give the focus back, when the window goes.
    func release() { setReturnWidget(nil) }
}
