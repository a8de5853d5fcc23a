// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// Several chips at once (ChipSelection.swift): a click, Ctrl+click, Shift+click and Ctrl+A on a
// chip select; Delete or Backspace on a chip removes every selected tag, Ctrl+C copies them
// (comma-separated, as a paste reads them back), a drag carries them, and a drag within a
// collection moves them together; one removal or move of several tags is one undo step. The
// keyboard moving the focus to a chip outside the selection ends it, so that Delete never
// removes a tag the focus has left.

extension EditorWindow {
    /// The shown tags' names, in order: read only for what is about every tag (Ctrl+A, or a
    /// selection too large to find tag by tag).
    private var shownNames: [String] { shownEntries.map(\.name) }

    /// The selected tags in the order shown, with their places. Each is found where the chip
    /// area finds a tag (its chips made, the list's ends: ``ChipArea/index(of:)``) rather than
    /// by reading the whole list, which at a million tags was a visible stall at every click
    /// (a click selects, and the drag it may start carries the selection).
    var orderedSelection: [(name: String, index: Int)] {
        let names = chipSelection.names
        // Many selected (Ctrl+A): one pass over the list is the selection's own size.
        if names.count > 64 {
            return shownEntries.enumerated().compactMap { index, entry in names.contains(entry.name) ? (entry.name, index) : nil }
        }
        return names.compactMap { name in chipArea.index(of: name).map { (name, $0) } }.sorted { $0.index < $1.index }
    }

    /// A chip's selection gesture; returns whether it was used (Escape with nothing selected is
    /// not, and goes on).
    func selectChips(_ name: String, _ gesture: Chip.SelectionGesture) -> Bool {
        let before = chipSelection
        switch gesture {
        case .click:
            // A press on a selected chip keeps the selection: it may start a drag of them all.
            guard !chipSelection.contains(name) else { return true }
            chipSelection.select(only: name)
        case .release:
            guard chipSelection.contains(name), chipSelection.names.count > 1 else { return true }
            chipSelection.select(only: name)
        case .focused:
            guard !chipSelection.isEmpty, !chipSelection.contains(name) else { return false }
            chipSelection.clear(anchor: name)
        case .toggle: chipSelection.toggle(name)
        case .extend:
            // The run between the anchor and this chip, read from the list; not the whole list.
            guard let end = chipArea.index(of: name) else { return true }
            let start = chipSelection.anchor.flatMap { chipArea.index(of: $0) } ?? end
            chipSelection.extend(to: name, in: shownEntries[min(start, end)...max(start, end)].map(\.name))
        case .all: chipSelection.selectAll(shownNames)
        case .clear:
            guard !chipSelection.isEmpty else { return false }
            chipSelection.clear(anchor: name)
        }
        showSelectionChange(from: before)
        return true
    }

    /// The keyboard moved the focus to a chip (Tab, the arrows, a removal's neighbour): the
    /// selection ends unless that chip is in it (a press selects as the pointer does, itself).
    func connectSelectionFollowsFocus() {
        connectSignal(window, "notify::focus-widget") { [weak self] (_: gpointer?) in
            guard let self, !Chip.focusingByPointer, !self.chipSelection.isEmpty,
                  let focused = self.chipArea.focusedChip else { return }
            _ = self.selectChips(focused.name, .focused)
        }
    }

    /// Draws the chips whose selection changed (only those: the virtual list may hold a
    /// million tags).
    func showSelectionChange(from before: ChipSelection) {
        guard before != chipSelection else { return }
        for name in before.names.symmetricDifference(chipSelection.names) {
            chip(for: name)?.setSelected(chipStatus(name).selected)
        }
    }

    /// After the tags changed: a tag that is gone is no longer selected (asked of the
    /// document's keys for each selected tag, not of a set of every tag's name).
    func selectionFollowsTags() {
        guard !chipSelection.isEmpty else { return }
        chipSelection.keep { [document] in document.hasTag(sameAs: $0) }
    }

    /// What a drag from the chip `name` carries: every selected tag when it is one of them,
    /// else its own.
    func dragText(for name: String) -> String {
        chipSelection.contains(name) ? selectedText : name
    }

    /// Ctrl+C on a chip: the selected tags, or the chip's own when none is selected.
    func copyChips(_ name: String) {
        copyToClipboard(chipSelection.isEmpty ? name : selectedText)
    }

    /// The selected tags, comma-separated in the order shown: the list a paste splits again.
    private var selectedText: String {
        orderedSelection.map(\.name).joined(separator: ", ")
    }

    /// A chip dragged to a new place in a collection while several are selected, the dragged
    /// one among them: all of them go there together, in the order shown, as one change and one
    /// undo step (the chip area has moved only the dragged one). Returns `false` otherwise.
    ///
    /// With the chip area's `move` (where the dragged chip was and went), each tag's place among
    /// all is given to the document, which checks it: a few names compared, not the collection.
    func moveSelection(with name: String, after anchor: String?, move: ChipMove? = nil) -> Bool {
        guard chipSelection.names.count > 1, chipSelection.contains(name) else { return false }
        // The dragged chip where the move shows it (the list may have no chip for it yet).
        var ordered = move.map { move in
            chipSelection.names.count > 64 ? orderedSelection : chipSelection.names.compactMap { tag in
                tag == name ? (tag, chipArea.shownIndex(of: move)) : chipArea.index(of: tag).map { (tag, $0) }
            }
        } ?? orderedSelection
        var places: [String: Int] = [:]
        if let move {
            for (tag, index) in ordered { places[tag] = chipArea.indexInAll(ofShown: index, before: move) }
            places.merge(move.places) { _, given in given }
            // In the order they were shown before the drag (the list shows the dragged one moved).
            ordered.sort { places[$0.name, default: $0.index] < places[$1.name, default: $1.index] }
        }
        let moved = ordered.map(\.name)
        // The chip area shows the dragged chip after `anchor` already; the others follow it. An
        // anchor that is itself selected moves too: the run goes after the nearest unselected
        // chip before the drop place.
        var target = anchor
        if let anchor, chipSelection.contains(anchor), var index = chipArea.index(of: anchor) {
            target = nil
            while index > 0 {
                index -= 1
                let tag = chipArea.shownEntry(at: index).name
                if !chipSelection.contains(tag) {
                    target = tag
                    if let move { places[tag] = chipArea.indexInAll(ofShown: index, before: move) }
                    break
                }
            }
        }
        var changes: [TagChange] = []
        var previous = target
        for tag in moved {
            changes.append(.move(tag, after: previous))
            previous = tag
        }
        let label = tr("move \(moved.count) tags") + " (" + moved.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
            + (moved.count > 3 ? ", …)" : ")")
        perform("move", name, label: label) { try document.apply(.all(changes), places: places) }
        refresh(focus: Self.placeAfterMoving(moved, after: target, places: places, focusing: name,
                                             filtered: chipArea.filter?.isActive == true))
        return true
    }

    /// Where the chip of `name`, one of `moved`, is once they all went after `target` (`nil`:
    /// first): from the places they had (every tag's given), without a search (its places
    /// shown are not those among all); else found by its name.
    static func placeAfterMoving(_ moved: [String], after target: String?, places: [String: Int], focusing name: String,
                                 filtered: Bool) -> FocusTarget {
        guard !filtered, let rank = moved.firstIndex(of: name), moved.allSatisfy({ places[$0] != nil }) else { return .chip(name) }
        let targetPlace: Int
        if let target {
            guard let place = places[target] else { return .chip(name) }
            targetPlace = place
        } else {
            targetPlace = -1
        }
        let movedBefore = moved.count { places[$0]! < targetPlace }
        return .place(targetPlace - movedBefore + 1 + rank)
    }

    /// Delete or Backspace on a chip while chips are selected: every selected tag goes, as one
    /// change and one step of the undo history; the focus goes to the chip that takes the first one's place.
    /// Returns `false` when nothing is selected.
    func removeSelection() -> Bool {
        // Before the names are read: a million of them for a Delete that selects nothing.
        guard !chipSelection.isEmpty else { return false }
        let ordered = orderedSelection
        let names = ordered.map(\.name)
        guard let first = ordered.first?.index else { return false }
        let before = chipSelection
        chipSelection.clear()
        showSelectionChange(from: before)
        let label = trn("remove \(names.count) tag", "remove \(names.count) tags", names.count) + " ("
            + names.prefix(3).map { "“\($0)”" }.joined(separator: ", ") + (names.count > 3 ? ", …)" : ")")
        // One change, written once to each place: the tags go together or not at all.
        // Their places among all the tags spare the document a scan for each.
        let places = ordered.map { chipArea.indexInAll(ofShown: $0.index) }
        let removed = perform("remove", label, label: label) { try document.remove(all: names, at: places) }
        refresh(focus: .place(first))
        // Several tags gone at one key (Ctrl+A then Backspace empties the collection): said, with
        // the way back at hand, unless the change already has a message of its own to show.
        if names.count > 1, let removed, removed.message == nil, removed.changedFiles > 0 {
            show(trn("Removed \(names.count.formatted()) tag.", "Removed \(names.count.formatted()) tags.", names.count), isError: false, seconds: 12,
                 action: (tr("Undo"), { [weak self] in self?.undo() }))
        }
        return true
    }
}
