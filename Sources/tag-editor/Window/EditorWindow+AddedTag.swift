// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// A tag added from the entry goes at the end of the chips, out of sight in a long list: the
// chips scroll to it (the focus stays in the entry, for the next tag), and the status line says
// what was added. GTK 4.8 has no `gtk_accessible_announce` (4.14): the status line is where a
// screen reader reads it.

extension EditorWindow {
    /// After Enter added `count` of `names`: the last one shown scrolled into view, and said.
    func showAdded(_ names: [String], count: Int) {
        let shown = shownEntries
        // New tags go last: only the end of the list is looked at, never a million names.
        let tail = max(0, shown.count - names.count - 1)..<shown.count
        let keys = Set(names.map(TagRules.key))
        guard let index = tail.reversed().first(where: { keys.contains(TagRules.key(shown[$0].name)) }) else {
            // The search leaves it out.
            note(count == 1 ? tr("Added “\(names.last ?? "")”, not among the tags found") : trn("Added \(count) tag", "Added \(count) tags", count))
            return
        }
        chipArea.reveal(index)
        note(count == 1 ? tr("Added “\(shown[index].name)”") : trn("Added \(count) tag", "Added \(count) tags", count))
    }

    private func note(_ text: String) {
        addedNote = text
        shell.setStatus(shortStatusText)
        events.publish(.changed)
    }
}
