// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

// The folder view's part of the search over its chips (Chips/ChipSearch.swift): `win.find`
// (Ctrl+F), the sub-tags of closed parents shown while the search is open (so that it finds
// them), and the search bar let go with the window.

extension FolderWindow {
    func connectSearch() {
        shell.addAction("find") { [weak self] in self?.search.open() }
        var wasOpen = false
        search.onChange = { [weak self] in
            guard let self else { return }
            if self.search.isOpen != wasOpen {
                wasOpen = self.search.isOpen
                self.showChips()
            }
            self.events.publish(.changed)
        }
        search.onError = { [weak self] error in self?.showMessage("\(error)", isError: true) }
        connectSignal(window, "destroy") { [weak self] in self?.search.release() }
    }
}
