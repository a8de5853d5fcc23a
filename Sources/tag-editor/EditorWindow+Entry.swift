import CGtk
import GObjectSupport
import TagData

// What the entry does besides adding the typed tag (EditorWindow+Editing.swift): Backspace and
// Ctrl+C when it is empty, suggestions, and adding a pasted list. Every change goes through
// `perform`, the one edit path.

extension EditorWindow {
    func connectEntryActions() {
        entryField.connect(NewTagEntry.Actions(
            removeLast: { [weak self] in self?.handleKey(UInt32(GDK_KEY_BackSpace)) ?? false },
            copyAll: { [weak self] in
                guard let self else { return }
                self.copyToClipboard(self.document.entries.map(\.name).joined(separator: "\n"))
            },
            accept: { [weak self] tag in self?.addSuggested(tag) },
            suggest: { [weak self] text in self?.known.suggestions(for: text) ?? [] }))
        entryField.suggestions.onChange = { [weak self] in self?.reportState() }
    }

    /// A suggestion accepted (Enter or Tab on it, or a click): added as if typed.
    func addSuggested(_ tag: String) {
        entryField.setText(tag)
        addTypedTag()
    }

    /// Enter on a pasted list of several tags: every name is added, one change each (a pasted
    /// single tag is added as a typed one). Names already there and names refused are said in
    /// the message, and the refused ones stay in the entry to be fixed.
    func addPasted(_ names: [String]) {
        var outcome = PastedTags.Outcome()
        for name in names {
            // A tag only some files have is not "already there": adding it puts it on the rest.
            let shown = document.tagsOnEveryFile
            if case .duplicate? = Result(catching: { () throws(TagError) in
                try TagRules.validated(name, existing: shown, allowsComma: document.allowsComma)
            }).error {
                outcome.alreadyThere.append(name)
            } else if perform("add", name, { try document.add(name) }) != nil {
                outcome.added.append(name)
            } else {
                outcome.refused.append((name, lastAction?.error ?? "not added"))
            }
        }
        entryField.setText(outcome.refused.map(\.name).joined(separator: "\n"))
        if let message = outcome.message {
            show(message, isError: outcome.added.isEmpty, seconds: 12)
        }
        refresh()
    }
}

extension Result {
    /// The error, when it failed.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
