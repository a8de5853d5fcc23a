// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

// The editor's part of the search over its chips (Chips/ChipSearch.swift): `win.find` (Ctrl+F),
// the status line's count, and the search bar let go with the window.

extension EditorWindow {
    func connectSearch() {
        shell.addAction("find") { [weak self] in self?.search.open() }
        search.onChange = { [weak self] in
            guard let self else { return }
            self.shell.setStatus(self.shortStatusText)
            self.events.publish(.changed)
        }
        search.onError = { [weak self] error in self?.show("\(error)", isError: true) }
        connectSignal(window, "destroy") { [weak self] in self?.search.release() }
    }
}
