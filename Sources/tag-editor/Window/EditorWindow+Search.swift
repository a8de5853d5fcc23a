// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// The editor's part of the search over its chips (Chips/ChipSearch.swift): `win.find` (Ctrl+F),
// the status line's count, and the search bar let go with the window.

extension EditorWindow {
    func connectSearch() {
        shell.addAction("find") { [weak self] in self?.search.open() }
        search.onChange = { [weak self] in
            guard let self else { return }
            self.selectionFollowsSearch()
            self.shell.setStatus(self.shortStatusText)
            self.events.publish(.changed)
        }
        search.onError = { [weak self] error in self?.show("\(error)", isError: true) }
        connectSignal(window, "destroy") { [weak self] in self?.search.release() }
    }
}

extension EditorWindow {
    /// The search now shows fewer chips, or others: the selected tags it hides leave the
    /// selection (Delete, Ctrl+C and a drag then act on chips the user sees), those it still
    /// shows stay selected. Each selected tag is asked of the query, not looked for among the
    /// chips: a selection of every chip found (Ctrl+A) asks as many.
    func selectionFollowsSearch() {
        guard !chipSelection.isEmpty, let filter = chipArea.filter, filter.isActive else { return }
        let before = chipSelection
        let query = filter.query
        chipSelection.keep { query.matches($0) }
        showSelectionChange(from: before)
    }
}
