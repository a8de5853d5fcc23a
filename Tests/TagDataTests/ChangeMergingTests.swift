// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import TagData

/// An attribute store in memory where "another program" writes between the editor's reads and
/// its write: `interfere(path, value, readNumber)` runs on each read and may replace the value.
final class InterferingAttributes: ExtendedAttributes, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: [UInt8]] = [:]
    private var reads: [String: Int] = [:]
    private(set) var writes: [String: Int] = [:]
    var interfere: (_ path: String, _ value: String, _ read: Int) -> String? = { _, _, _ in nil }
    var failingWrites: [String: Int32] = [:]

    func set(_ text: String, at path: String) {
        lock.withLock { values[path] = Array(text.utf8) }
    }

    func text(at path: String) -> String? {
        lock.withLock { values[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    func value(of name: String, at filePath: FilePath) throws(FileError) -> [UInt8]? {
        let path = filePath.description
        lock.lock()
        defer { lock.unlock() }
        let count = (reads[path] ?? 0) + 1
        reads[path] = count
        let current = values[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
        if let changed = interfere(path, current, count) { values[path] = Array(changed.utf8) }
        return values[path]
    }

    func setValue(_ value: [UInt8], of name: String, at filePath: FilePath) throws(FileError) {
        let path = filePath.description
        try write(path) { values[path] = value }
    }

    func removeValue(of name: String, at filePath: FilePath) throws(FileError) {
        let path = filePath.description
        try write(path) { values[path] = nil }
    }

    private func write(_ path: String, _ body: () -> Void) throws(FileError) {
        lock.lock()
        defer { lock.unlock() }
        if let code = failingWrites[path] { throw FileError(path: path, operation: "change the tags of", code: code) }
        writes[path, default: 0] += 1
        body()
    }
}

/// Changes merged with what another program writes while the editor reads, applies and writes.
@Suite struct ChangeMergingTests {
    /// Real files (their identity and writability are checked), tags in the fake store.
    func files(_ names: [String], tags: String, in dir: TemporaryDirectory) -> ([String], InterferingAttributes) {
        let store = InterferingAttributes()
        let paths = names.map { dir.file($0) }
        for path in paths { store.set(tags, at: path) }
        return (paths, store)
    }

    @Test func aChangeBetweenReadAndWriteIsReadAgainAndKept() throws {
        let dir = TemporaryDirectory()
        let (paths, store) = files(["a"], tags: "x", in: dir)
        var document = FileTags(paths: paths, attributes: store)
        // The editor's first read at change time is read 2 (read 1 was opening); another program
        // adds "outside" right after it, before the second read that comes just before writing.
        store.interfere = { _, value, read in read == 3 ? value + ",outside" : nil }
        let report = try document.apply(.add("mine"))
        #expect(report.changedFiles == 1)
        #expect(store.text(at: paths[0]) == "x,outside,mine")
        #expect(document.files[0].tags == ["x", "outside", "mine"])
        #expect(store.writes[paths[0]] == 1)
    }

    @Test func aTagAnotherProgramRemovedStaysRemoved() throws {
        let dir = TemporaryDirectory()
        let (paths, store) = files(["a"], tags: "x,y", in: dir)
        var document = FileTags(paths: paths, attributes: store)
        store.set("y", at: paths[0])                 // removed by someone else after opening
        _ = try document.apply(.add("z"))
        #expect(store.text(at: paths[0]) == "y,z")
    }

    @Test func valuesThatNeverStopChangingAreAnErrorAndNothingIsWritten() {
        let dir = TemporaryDirectory()
        let (paths, store) = files(["a"], tags: "x", in: dir)
        var document = FileTags(paths: paths, attributes: store)
        store.interfere = { _, _, read in "x,churn\(read)" }
        do {
            _ = try document.apply(.add("mine"))
            Issue.record("wrote although every read differed")
        } catch {
            #expect("\(error)".contains("kept changing"), "\(error)")
        }
        #expect(store.writes[paths[0]] == nil)
    }

    /// All or nothing among the writable files: when a later file fails, the earlier ones get the
    /// change taken back as a change, so what another program wrote to them meanwhile stays.
    @Test func aRollBackUndoesTheChangeNotTheOthers() throws {
        let dir = TemporaryDirectory()
        let (paths, store) = files(["a", "b", "c"], tags: "x", in: dir)
        var document = FileTags(paths: paths, attributes: store)
        store.failingWrites[paths[2]] = ENOSPC
        // Another program tags a with "other" after the editor wrote it (a's fourth read is the
        // roll-back's first).
        store.interfere = { path, value, read in path == paths[0] && read == 4 ? value + ",other" : nil }
        #expect(throws: FileError.self) { _ = try document.apply(.add("mine")) }
        #expect(store.text(at: paths[0]) == "x,other")
        #expect(store.text(at: paths[1]) == "x")
        #expect(store.text(at: paths[2]) == "x")
    }

    @Test func aRenameOfARenamedTagWinsAndARenameOfARemovedOneSaysSo() throws {
        let dir = TemporaryDirectory()
        let (paths, store) = files(["a", "b"], tags: "x,y", in: dir)
        var document = FileTags(paths: paths, attributes: store)
        store.set("x2,y", at: paths[0])              // renamed by someone else
        store.set("y", at: paths[1])                 // removed by someone else
        let report = try document.apply(.rename("x", to: "mine"))
        #expect(store.text(at: paths[0]) == "mine,y")
        #expect(store.text(at: paths[1]) == "y")
        #expect(report.conflicts == [paths[1]])
        #expect(report.message?.contains("“x”") == true)
    }
}

/// Two documents on one collection file, as two editors are.
@Suite struct CollectionMergingTests {
    @Test func twoStaleViewsLoseNothing() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        try file.save(["start"])
        let first = try CollectionDocument(file: file, sample: [])
        let second = try CollectionDocument(file: file, sample: [])
        try first.add("one")
        try second.add("two")                        // second never saw "one"
        try first.remove("start")                    // first never saw "two"
        #expect(try file.load(sample: []).tags == ["one", "two"])
        #expect(second.tags == ["start", "one", "two"])
        #expect(first.tags == ["one", "two"])
    }

    @Test func theLaterRenameWins() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        try file.save(["a", "x", "b"])
        let first = try CollectionDocument(file: file, sample: [])
        let second = try CollectionDocument(file: file, sample: [])
        try first.rename("x", to: "first")
        try second.rename("x", to: "second")
        #expect(try file.load(sample: []).tags == ["a", "second", "b"])
    }

    @Test func reloadTellsWhatChangedAndACorruptFileStopsEditsUntilFixed() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        try file.save(["a"])
        let document = try CollectionDocument(file: file, sample: [])
        #expect(document.reload() == Reloaded(changed: false))
        try file.save(["a", "b"])
        #expect(document.reload() == Reloaded(changed: true))
        #expect(document.tags == ["a", "b"])
        FileManager.default.createFile(atPath: file.path, contents: Data("{half".utf8))
        let broken = document.reload()
        #expect(broken.changed && broken.problem != nil)
        #expect(document.whyNotEditable?.contains("can no longer be read") == true)
        #expect(throws: CollectionChangedError.self) { try document.apply(.add("c")) }
        #expect(contents(file.path) == "{half")      // left as it is, never moved while open
        try file.save(["fixed"])
        #expect(document.reload().changed)
        #expect(document.whyNotEditable == nil)
        #expect(document.tags == ["fixed"])
    }

    @Test func theLockIsTakenByEveryWriter() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        try file.save(["a"])
        let document = try CollectionDocument(file: file, sample: [])
        // Hold the lock as another editor would, and let it go after a moment on another thread.
        let fd = open(file.lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX) == 0)
        let released = Atomic<Bool>(false)
        let holder = Thread {
            usleep(200_000)
            released.store(true, ordering: .sequentiallyConsistent)
            close(fd)
        }
        holder.start()
        try document.add("b")
        // The write waited for the lock.
        let waited = released.load(ordering: .sequentiallyConsistent)
        #expect(waited)
        #expect(try file.load(sample: []).tags == ["a", "b"])
    }

    @Test func aCheckingModeReadsWithoutWriting() throws {
        let dir = TemporaryDirectory()
        let corrupt = dir.file("tags.json", contents: "not json")
        let checking = try CollectionDocument(file: CollectionFile(path: corrupt), sample: ["s"], mayWrite: false)
        #expect(checking.tags.isEmpty)
        #expect(checking.whyNotEditable?.contains("could not be read") == true)
        #expect(dir.entries == ["tags.json"])
        let missing = try CollectionDocument(file: CollectionFile(path: dir.path + "/new/tags.json"), sample: ["s"],
                                             mayWrite: false)
        #expect(missing.tags == ["s"])
        // Its folder is made when the editor starts, not by a screenshot: nothing to warn of.
        #expect(missing.whyNotEditable == nil)
        #expect(throws: CheckingModeError.self) { try missing.add("x") }
        #expect(dir.entries == ["tags.json"])
    }

    @Test func leftoverTemporaryFilesAreRemovedUnderTheLock() throws {
        let dir = TemporaryDirectory()
        let file = CollectionFile(path: dir.path + "/tags.json")
        try file.save(["a"])
        let document = try CollectionDocument(file: file, sample: [])
        _ = dir.file(".tags.json.tmp-AbC123", contents: "{\"half")   // a killed save's
        try document.add("b")
        #expect(dir.entries == ["tags.json", "tags.json.lock"])
    }
}

@Suite struct OpenFileTests {
    @Test func aFileGivenTwiceOrThroughALinkCountsOnce() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link", withDestinationPath: a)
        let tags = FileTags(paths: [a, dir.path + "/./a", dir.path + "/link", b])
        #expect(tags.files.map(\.path) == [a, b])
        #expect(tags.problems.count == 2)
        #expect(tags.problems.allSatisfy { $0.message.contains("same file as \(a)") })
    }

    @Test func writabilityIsKnownWhenOpening() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        chmod(b, 0o444)
        let document = FileTagsDocument(paths: [a, b])
        #expect(document.fileTags.files.map(\.isWritable) == [true, false])
        #expect(document.fileTags.files[1].readOnlyReason?.contains("permissions") == true)
        let report = try document.add("t")
        #expect(xattr(a) == "t" && xattr(b) == nil)
        #expect(report.skipped.map(\.path) == [b])
        // Every file read-only: nothing can be edited, and the reason says which and why.
        document.close(a)
        #expect(document.whyNotEditable?.contains(b) == true)
        #expect(throws: UnchangeableFilesError.self) { try document.add("u") }
    }

    @Test func readingTrimsOldSeparatorsNormalizesAndCountsEachTagOnce() {
        let dir = TemporaryDirectory()
        let a = dir.file("a")
        setXattr(a, Array("one, two ,cafe\u{301},ONE,,".utf8))
        let tags = FileTags(paths: [a])
        #expect(tags.files[0].tags == ["one", "two", "café"])
    }

    @Test func reloadSeesOutsideChangesAndRemovedFiles() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(a, Array("x".utf8))
        var tags = FileTags(paths: [a, b])
        var changed = tags.reload()
        #expect(!changed)
        setXattr(b, Array("y".utf8))
        changed = tags.reload()
        #expect(changed)
        #expect(tags.entries.map(\.name) == ["x", "y"])
        try FileManager.default.removeItem(atPath: b)
        changed = tags.reload()
        #expect(changed)
        #expect(tags.files[1].unreadableReason?.contains("does not exist") == true)
        #expect(tags.entries == [TagEntry(name: "x", count: 1, total: 1)])
    }
}
