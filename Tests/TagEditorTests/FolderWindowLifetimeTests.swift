// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import Testing
import TagData
@testable import tag_editor

/// The folder view is released with its window: after a reading, a chosen chip, a rename across
/// files and its undo, no closure box and no view outlives it (its watcher's timer included).
@MainActor @Suite(.serialized)
struct FolderWindowLifetimeTests {
    @Test func aFolderViewAndEveryBoxGoWithItsWindow() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        let root = NSTemporaryDirectory() + "folder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, tags) in [("a", "travel,photo"), ("sub/b", "travel/2024"), ("sub/c", "photo")] {
            FileManager.default.createFile(atPath: root + "/" + name, contents: Data())
            try SystemExtendedAttributes().setValue(Array(tags.utf8), of: FileTags.attribute, at: root + "/" + name)
        }
        // GTK lets go of the last closed window's actions only when another such window is shown
        // (an editor window's 7 boxes, run after the editor's tests): a first view, then the count.
        _ = try Self.useAndClose(root)
        let before = ClosureBoxes.liveCount
        let weakView = try Self.useAndClose(root)
        #expect(weakView == nil)
        #expect(ClosureBoxes.liveCount == before)
        // The file list's model went with its selection, and its Swift side with it.
        #expect(PathListModel.liveCount == 0)
    }

    /// A folder view read, a chip chosen, a rename across files and its undo, then closed; the
    /// view, weakly.
    static func useAndClose(_ root: String) throws -> FolderWindow? {
        MainLoop.drain()
        weak var weakView: FolderWindow?
        do {
            let view = try FolderWindow(folder: root, application: nil)
            weakView = view
            gtk_window_present(cgtk_window(view.window))
            #expect(MainLoop.run(until: { view.job == nil && !view.tags.isEmpty }, milliseconds: 10_000))
            #expect(view.tags.map(\.key) == ["photo", "travel", "travel/2024"])
            #expect(PathListModel.liveCount >= 1)
            view.toggle("photo", .required)
            #expect(view.fileList.shown == [root + "/a", root + "/sub/c"])
            view.run(try TagTreeChange(.rename, old: "travel", new: "trips"))
            #expect(MainLoop.run(until: { view.job == nil }, milliseconds: 10_000))
            #expect(view.undoSteps.count == 1 && view.tags.map(\.key) == ["photo", "trips", "trips/2024"])
            view.undo()
            #expect(MainLoop.run(until: { view.job == nil }, milliseconds: 10_000))
            #expect(view.undoSteps.isEmpty && view.tags.map(\.key) == ["photo", "travel", "travel/2024"])
            gtk_window_destroy(cgtk_window(view.window))
        }
        MainLoop.drain()
        return weakView
    }
}
