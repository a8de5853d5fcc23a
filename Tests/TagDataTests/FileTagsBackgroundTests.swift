// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// The open files' changes written on a thread of their own
/// (``FileTagsDocument/saveInBackground(whenSaved:)``): shown at once, written after with the
/// same guarantees as a synchronous edit, and the write's report carrying the exact undo.
@Suite(.serialized) struct FileTagsBackgroundTests {
    /// Holds a file's lock as another writer would (the editor's own lock: `flock` on the file).
    final class HeldLock {
        let fd: Int32
        init(_ path: String) {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            precondition(fd >= 0 && flock(fd, LOCK_EX) == 0)
        }
        func release() { close(fd) }
    }

    @Test func aRenameIsShownAtOnceWrittenAfterAndItsUndoIsExact() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(a, Array(" Beach,  sea,x".utf8))
        setXattr(b, Array("beach".utf8))
        let document = FileTagsDocument(paths: [a, b])
        document.saveInBackground {}
        let lock = HeldLock(a)
        #expect(document.entries.map(\.name) == ["Beach", "sea", "x"])
        let report = try document.rename("Beach", to: "shore")
        // Shown, numbered, not written while the lock is held.
        #expect(document.entries.map(\.name) == ["shore", "sea", "x"])
        #expect(report.pendingWrite != nil && report.changedFiles == 2)
        #expect(document.hasUnsavedChanges)
        #expect(xattr(a) == " Beach,  sea,x")
        lock.release()
        document.waitForWrites()
        let saved = try #require(document.takeSaved())
        #expect(saved.writes.count == 1 && saved.writes[0].number == report.pendingWrite)
        let written = try saved.writes[0].result.get()
        #expect(xattr(a) == " shore,  sea,x" && xattr(b) == "shore")
        #expect(!document.hasUnsavedChanges)
        // The write's undo gives back every spelling and space.
        let undone = try document.apply(written.undo)
        #expect(undone.pendingWrite != nil)
        document.waitForWrites()
        _ = try #require(document.takeSaved())
        #expect(xattr(a) == " Beach,  sea,x" && xattr(b) == "beach")
        #expect(document.entries.map(\.name) == ["Beach", "sea", "x"])
    }

    @Test func changesQueuedBehindALockAreWrittenInOrder() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a")
        setXattr(a, Array("one".utf8))
        let document = FileTagsDocument(paths: [a])
        document.saveInBackground {}
        let lock = HeldLock(a)
        try document.add("two")
        try document.rename("one", to: "uno")
        try document.add("three")
        #expect(document.entries.map(\.name) == ["uno", "two", "three"])
        lock.release()
        document.waitForWrites()
        let saved = try #require(document.takeSaved())
        #expect(saved.writes.map(\.number) == [1, 2, 3])
        #expect(xattr(a) == "uno,two,three")
        #expect(document.entries.map(\.name) == ["uno", "two", "three"])
    }

    @Test func aWriteThatFailsIsTakenBackAndShownAsOnDisk() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a")
        setXattr(a, Array("one".utf8))
        let document = FileTagsDocument(paths: [a])
        document.saveInBackground {}
        let lock = HeldLock(a)
        defer { lock.release() }
        try document.add("two")
        #expect(document.entries.map(\.name) == ["one", "two"])
        // The lock is held past the lock's time-out: the write fails.
        document.waitForWrites()
        let saved = try #require(document.takeSaved())
        #expect(throws: (any Error).self) { try saved.writes[0].result.get() }
        #expect(saved.changed)
        #expect(document.entries.map(\.name) == ["one"])
        #expect(xattr(a) == "one")
    }
}
