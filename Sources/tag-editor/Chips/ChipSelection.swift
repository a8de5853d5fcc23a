// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Several chips selected at once, as in a file manager: a plain click selects one chip alone,
/// Ctrl+click adds or takes away one chip, Shift+click selects the run from the anchor (the chip
/// clicked last) to the one clicked, Ctrl+A on a chip selects them all, Escape selects none. A
/// plain press on a selected chip keeps the selection, so that a drag can carry them all; its
/// release without a drag then selects that chip alone. Delete, Ctrl+C and a drag act on every
/// selected tag (`EditorWindow+Selection.swift`). No GTK here: the editor shows it.
struct ChipSelection: Equatable {
    /// The selected tags, in no particular order (``ordered(in:)`` gives the tags' order).
    private(set) var names: Set<String> = []
    /// Where a Shift+click's run starts.
    private(set) var anchor: String?

    var isEmpty: Bool { names.isEmpty }
    func contains(_ name: String) -> Bool { names.contains(name) }

    /// A plain click: the chip alone, and the anchor.
    mutating func select(only name: String) {
        names = [name]
        anchor = name
    }

    /// Ctrl+click: the chip joins the selection, or leaves it; it becomes the anchor.
    mutating func toggle(_ name: String) {
        if names.remove(name) == nil { names.insert(name) }
        anchor = name
    }

    /// Shift+click: the run of `shown` from the anchor (or the first chip) to `name`.
    mutating func extend(to name: String, in shown: [String]) {
        guard let end = shown.firstIndex(of: name) else { return }
        let start = anchor.flatMap { shown.firstIndex(of: $0) } ?? end
        names = Set(shown[min(start, end)...max(start, end)])
        if anchor == nil { anchor = name }
    }

    /// Ctrl+A on a chip.
    mutating func selectAll(_ shown: [String]) {
        names = Set(shown)
        anchor = shown.first
    }

    /// A plain click or Escape: nothing selected; `anchor` is where a later Shift+click starts.
    mutating func clear(anchor: String? = nil) {
        names = []
        self.anchor = anchor
    }

    /// After the tags changed: tags no longer shown are no longer selected.
    mutating func keep(_ shown: Set<String>) {
        keep(where: shown.contains)
    }

    /// After the tags changed: only the tags for which `isShown` holds stay selected (a question
    /// asked of the few selected, not a set made of every tag shown).
    mutating func keep(where isShown: (String) -> Bool) {
        names = names.filter(isShown)
        if let anchor, !isShown(anchor) { self.anchor = nil }
    }

    /// The selected tags in the order they are shown.
    func ordered(in shown: [String]) -> [String] {
        shown.filter(names.contains)
    }
}
