// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import GObjectSupport
import TagData

// File mode and the journal (App/Journal.swift): an open file another program replaced without
// its tags (an editor's save by rename, `sed -i`) gets them back at once, and the window says so
// with Undo.

extension EditorWindow {
    /// Puts back the tags of the open files that lost them, once the file watcher saw them
    /// change. Only files without an attribute now are looked up: the rest cost nothing.
    func restoreLostTags() {
        guard AppJournal.ifOpen != nil, let files = (document as? FileTagsDocument)?.fileTags.files else { return }
        let untagged = files.map(\.filePath).filter { path in
            guard let value = try? SystemExtendedAttributes().value(of: FileTags.attribute, at: path) else { return true }
            return value.isEmpty
        }
        guard !untagged.isEmpty else { return }
        AppJournal.restoreLost(untagged) { [weak self] restored in
            guard let self, !self.isDestroyed else { return }
            self.reloadFromDisk()
            self.show(AppJournal.restoredText(restored), isError: false, seconds: 30,
                      action: (label: tr("Undo"), run: { [weak self] in self?.undoRestore(restored) }))
            self.events.publish(.changed)
        }
    }

    /// Undo of a restore: each file as it was found, without tags, byte for byte.
    private func undoRestore(_ restored: [RestoredTags]) {
        AppJournal.undoRestore(restored) { [weak self] results in
            guard let self, !self.isDestroyed else { return }
            self.reloadFromDisk()
            let said = AppJournal.undoneText(results)
            self.show(said.text, isError: said.isError, seconds: 12)
            self.events.publish(.changed)
        }
    }
}
