// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// What the entry does besides adding the typed tag (EditorWindow+Editing.swift): Backspace,
// the comma key and Ctrl+C, suggestions, and adding a list of several tags. Every change goes
// through `perform`, the one edit path.

extension EditorWindow {
    func connectEntryActions() {
        entryField.connect(NewTagEntry.Actions(
            lastTag: { [weak self] in
                guard let self, self.document.whyNotEditable == nil else { return nil }
                let count = self.chipArea.shownCount
                return count > 0 ? self.chipArea.shownEntry(at: count - 1).name : nil
            },
            select: { [weak self] name, selected in self?.showSelected(name, selected) },
            remove: { [weak self] name in self?.removeSelected(name) ?? false },
            separate: { [weak self] before in self?.addTags(before) },
            copyAll: { [weak self] in
                guard let self else { return }
                self.copyToClipboard(self.document.entries.map(\.name).joined(separator: "\n"))
            },
            accept: { [weak self] tag in self?.addSuggested(tag) },
            suggest: { [weak self] text in self?.suggestions(for: text) ?? [] }))
        entryField.suggestions.onChange = { [weak self] in self?.events.publish(.changed) }
    }

    /// The known tags to suggest for `text`: none that would be refused here (a name with a comma
    /// in file mode, say, remembered from elsewhere).
    func suggestions(for text: String) -> [String] {
        known.suggestions(for: text).filter { name in
            (try? TagRules.validated(name, existing: [], allowsComma: document.allowsComma)) != nil
        }
    }

    /// Backspace in the empty entry selected a chip (or the selection ended).
    func showSelected(_ name: String, _ selected: Bool) {
        // In the virtual list a chip off screen has no widget: it shows the selection when bound.
        chip(for: name)?.setSelected(selected)
    }

    /// The second Backspace: the selected chip's tag goes; the focus stays in the entry. Returns
    /// `false` when the tag is no longer shown.
    @discardableResult
    func removeSelected(_ name: String) -> Bool {
        guard chipArea.contains(name) else { return false }
        remove(name, focus: .keep)
        return true
    }

    /// A suggestion accepted (Enter or Tab on it, or a click): that one tag is added (a name with
    /// a comma, where tags may have one, is not split). When it is refused it stays in the entry,
    /// the caret at its end, to be fixed.
    func addSuggested(_ tag: String) {
        if perform("add", tag, { try document.add(tag) }) != nil {
            entryField.setText("")
        } else {
            entryField.setText(tag)
        }
        refresh()
    }

    /// Adds the tags of `text` (Enter, or a typed comma for the text before it) as one user
    /// action: one undo step however many tags it holds. Returns what is to stay in the entry:
    /// "" when every tag went (or only invisible characters were refused: the message says
    /// why, and nothing nobody can see stays), the refused names of a list, or `nil` when one
    /// name was refused (the text stays as typed, to be fixed).
    func addTags(_ text: String) -> String? {
        let names = PastedTags.split(text, tagsMayContainCommas: document.allowsComma)
        if names.count > 1 { return addList(names).joined(separator: "\n") }
        defer { refresh() }
        guard let name = names.first else {
            // Only spaces and commas: said to be empty, and left to be fixed.
            perform("add", text) { try document.add("") }
            return nil
        }
        if perform("add", name, { try document.add(name) }) != nil { return "" }
        if let refusal = refusal(of: name), case .invisible = refusal {
            show(tr("Not added, and cleared from the entry: \(refusal)"), isError: true, seconds: 12)
            return ""
        }
        return nil
    }

    /// Why `name` is refused here, when it is for a reason of the name itself.
    func refusal(of name: String) -> TagError? {
        Result(catching: { () throws(TagError) in
            try TagRules.validated(name, existing: [], allowsComma: document.allowsComma)
        }).error
    }

    /// Several tags from one Enter (a pasted list, or typed with commas): every name is added,
    /// as one step of the undo history. Names already there and names refused are said in the
    /// message. Returns the refused ones, to stay in the entry to be fixed (except names made
    /// only of invisible characters, which nobody could see there).
    func addList(_ names: [String]) -> [String] {
        var outcome = PastedTags.Outcome()
        let label = tr("add \(names.count) tags") + " (" + names.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
            + (names.count > 3 ? ", …)" : ")")
        // One change, written once to each place: the list is saved together or not at all.
        var changed: ChangeReport?
        let done = perform("add", label, label: label) {
            let (report, result) = try document.add(all: names)
            outcome = result
            changed = report
            return report ?? ChangeReport(name: names[0])
        }
        // Refused as a whole: nothing was added anywhere, the list stays in the entry.
        guard done != nil else {
            refresh()
            return names
        }
        known.used(outcome.added, by: "add")
        let kept = outcome.refused.map(\.name).filter { name in
            if case .invisible? = refusal(of: name) { return false }
            return true
        }
        let message = [outcome.message, changed?.message].compactMap { $0 }.joined(separator: " ")
        if !message.isEmpty {
            show(message, isError: outcome.added.isEmpty, seconds: 12)
        } else {
            hideMessage()
        }
        refresh()
        return kept
    }
}

extension Result {
    /// The error, when it failed.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
