// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import GObjectSupport
import Foundation
import TagData

// The collection is written on a thread of its own (CollectionDocument.saveInBackground): at a
// million tags the write (15 MB of JSON, fsync, rename) takes longer than several frames, and the
// frame that shows an edit must not wait for it. What the write found is taken here, on the main
// thread: another program's changes merged in, or a write that failed.

extension EditorWindow {
    /// Saves the collection's changes in the background from now on (interactive windows only;
    /// the checking modes write nothing). Other documents keep saving as each change is made.
    func saveCollectionInBackground() {
        guard let collection = document as? CollectionDocument else { return }
        collection.saveInBackground { [weak self] in
            runOnMainLoop { self?.collectionSaved() }
        }
    }

    /// Whether the window shows changes still being written.
    var isSaving: Bool { (document as? CollectionDocument)?.hasUnsavedChanges ?? false }

    /// A write finished: shows what it changed and says why, when it failed.
    private func collectionSaved() {
        guard !isDestroyed, let collection = document as? CollectionDocument,
              let saved = collection.takeSaved() else { return }
        if let problem = saved.problem { show(problem, isError: true, seconds: 12) }
        if saved.changed { refresh() }
        events.publish(.changed)
    }

    /// The window closes or the program ends: waits for the changes still being written, and
    /// says on stderr when one could not be (the window that would show it is going).
    func finishSaving() {
        guard let collection = document as? CollectionDocument,
              let problem = collection.finishSaving()?.problem else { return }
        FileHandle.standardError.write(Data("tag-editor: \(problem)\n".utf8))
    }
}
