// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// A visitor that does nothing but count, for journaled walks.
final class CountingVisitor: FolderVisitor {
    var files = 0
    func visit(_ file: WalkedFile) { files += 1 }
}

/// The journal notes what each file carried when last seen: made by a journaled walk, brought up
/// to date only where something changed, keeping the tags of a file replaced without them (a
/// loss) and forgetting those removed on purpose.
@Suite struct JournalTests {
    /// A walk of `root` as filetags makes one, with the journal kept; the folders it read again.
    @discardableResult
    static func journaledWalk(_ root: String, _ journal: TagJournal) throws -> Int {
        let plan = JournalWalkPlan(journal: journal, roots: [FilePath(root)])
        let walk = FolderWalk.walk([FilePath(root)]) { JournalingVisitor(CountingVisitor(), plan: plan) }
        try journal.sync(walk.visitors)
        return walk.visitors.reduce(0) { $0 + $1.stale.count }
    }

    static func journal(in dir: TemporaryDirectory) throws -> TagJournal {
        try TagJournal(path: FilePath(dir.path + "/data/journal.sqlite3"))
    }

    @Test func aWalkRecordsTaggedFilesAndAWalkOfTheSameTreeWritesNothing() throws {
        let dir = TemporaryDirectory()
        let tree = dir.path + "/tree"
        mkdir(tree, 0o755)
        mkdir(tree + "/sub", 0o755)
        let a = tree + "/a.txt", b = tree + "/sub/b.txt", c = tree + "/sub/c.txt"
        for path in [a, b, c] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        setXattr(a, Array("one, two".utf8))
        setXattr(b, Array("three".utf8))
        setXattr(tree + "/sub", Array("folder-tag".utf8))
        let journal = try Self.journal(in: dir)
        #expect(try Self.journaledWalk(tree, journal) == 2)
        #expect(journal.entry(at: FilePath(a))?.attribute == Array("one, two".utf8))
        #expect(journal.entry(at: FilePath(b))?.attribute == Array("three".utf8))
        #expect(journal.entry(at: FilePath(tree + "/sub"))?.attribute == Array("folder-tag".utf8))
        #expect(journal.entry(at: FilePath(c)) == nil)
        #expect(journal.fileCount == 3)
        // Nothing changed: no folder is read again.
        #expect(try Self.journaledWalk(tree, journal) == 0)
        // A change in one folder: that folder alone.
        setXattr(c, Array("four".utf8))
        #expect(try Self.journaledWalk(tree, journal) == 1)
        #expect(journal.entry(at: FilePath(c))?.attribute == Array("four".utf8))
        // Reached another way (./, a linked folder), the same rows.
        symlink(tree, dir.path + "/link")
        #expect(try Self.journaledWalk(dir.path + "/link/", journal) == 0)
        #expect(journal.fileCount == 4)
        // A folder's own tags removed on purpose: forgotten too.
        try SystemExtendedAttributes().removeValue(of: FileTags.attribute, at: tree + "/sub")
        #expect(try Self.journaledWalk(tree, journal) == 1)
        #expect(journal.entry(at: FilePath(tree + "/sub")) == nil)
    }

    @Test func tagsRemovedOnPurposeAreForgottenAndTagsLostWithANewInodeAreKept() throws {
        let dir = TemporaryDirectory()
        let tree = dir.path + "/tree"
        mkdir(tree, 0o755)
        let removed = tree + "/removed.txt", replaced = tree + "/replaced.txt", gone = tree + "/gone.txt"
        for path in [removed, replaced, gone] {
            FileManager.default.createFile(atPath: path, contents: Data("content".utf8))
            setXattr(path, Array("kept, tags".utf8))
        }
        let journal = try Self.journal(in: dir)
        try Self.journaledWalk(tree, journal)
        // setfattr -x: the same file, no tags.
        try SystemExtendedAttributes().removeValue(of: FileTags.attribute, at: removed)
        // An editor's save: a new file renamed over it, without the attribute.
        FileManager.default.createFile(atPath: tree + "/.replaced.txt.tmp", contents: Data("edited".utf8))
        rename(tree + "/.replaced.txt.tmp", replaced)
        unlink(gone)
        try Self.journaledWalk(tree, journal)
        #expect(journal.entry(at: FilePath(removed)) == nil)
        let lost = try #require(journal.entry(at: FilePath(replaced)))
        #expect(lost.lost && lost.attribute == Array("kept, tags".utf8))
        let missing = try #require(journal.entry(at: FilePath(gone)))
        #expect(!missing.lost && missing.missingSince != nil)
        // Missing for longer than the journal keeps them: pruned.
        try journal.pruneIfDue(now: FileSystem.now() + (TagJournal.pruneAfterDays + 1) * 86_400)
        #expect(journal.entry(at: FilePath(gone)) == nil)
        #expect(journal.entry(at: FilePath(replaced)) != nil)
    }

    @Test func theJournalOpensAgainAndRefusesAnotherVersion() throws {
        let dir = TemporaryDirectory()
        let path = FilePath(dir.path + "/j.sqlite3")
        do { _ = try TagJournal(path: path) }
        let again = try TagJournal(path: path)
        try again.database.execute("UPDATE meta SET value = 99 WHERE key = 'version'")
        #expect(throws: JournalError.self) { _ = try TagJournal(path: path) }
    }
}

/// The editor's and the folder view's paths keep the journal current when they are given one.
@Suite struct JournalCallersTests {
    @Test func theEditorsFilesAndTheFolderViewsReadingAndChangesAreRecorded() throws {
        let dir = TemporaryDirectory()
        let journal = try JournalTests.journal(in: dir)
        let a = dir.file("a.txt", contents: "a"), b = dir.file("b.txt", contents: "b")
        setXattr(a, Array("one".utf8))
        let document = FileTagsDocument(paths: [a, b], journal: journal)
        #expect(journal.entry(at: FilePath(a))?.attribute == Array("one".utf8))
        try document.add("two")
        #expect(journal.entry(at: FilePath(b))?.attribute == Array("two".utf8))

        let c = dir.file("c.txt", contents: "c")
        setXattr(c, Array("three".utf8))
        let reading = FolderReading(roots: [dir.path], journal: journal)
        reading.run(threads: 1)
        #expect(journal.entry(at: FilePath(c))?.attribute == Array("three".utf8))

        let change = try TagTreeChange(.rename, old: "three", new: "drei")
        _ = FileTags.updateEach([c], journal: journal, change.changes)
        #expect(journal.entry(at: FilePath(c))?.attribute == Array("drei".utf8))
    }

    /// The folder view's tree change, recorded before it starts from the paths alone, found
    /// interrupted once its handle is gone without finishing, and taken back byte for byte.
    @Test func aTreeChangeOfTheFolderViewIsRecordedAndTakenBack() throws {
        let dir = TemporaryDirectory()
        let journal = try JournalTests.journal(in: dir)
        let a = dir.file("a.txt"), b = dir.file("b.txt")
        setXattr(a, Array("x, old ,y".utf8))
        setXattr(b, Array("Old".utf8))
        let change = try TagTreeChange(.rename, old: "old", new: "new")
        do {
            let running = try journal.begin(change, roots: [FilePath(dir.path)], paths: [FilePath(a), FilePath(b)])
            #expect(journal.interruptedTreeChanges().isEmpty)   // its lock is held
            _ = FileTags.updateEach([a], change.changes)           // b never reached: "killed"
            _ = running
        }
        let interrupted = journal.interruptedTreeChanges()
        #expect(interrupted.map(\.files.count) == [2])
        #expect(xattr(a) == "x, new ,y")
        _ = journal.takeBack(try #require(interrupted.first))
        #expect(xattr(a) == "x, old ,y" && xattr(b) == "Old")
        #expect(journal.interruptedTreeChanges().isEmpty)
    }
}
