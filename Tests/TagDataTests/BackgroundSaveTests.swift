// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import TagData

/// The collection saved on a thread of its own (``CollectionDocument/saveInBackground(whenSaved:)``):
/// the same guarantees as a synchronous save, with real files and real processes.
@Suite(.serialized) struct BackgroundSaveTests {
    static let otherWriterPath = ProcessInfo.processInfo.environment["TAGDATA_OTHER_WRITER"]
    static let backgroundLoopPath = ProcessInfo.processInfo.environment["TAGDATA_BACKGROUND_LOOP"]

    static func collection(_ tags: [String], in dir: TemporaryDirectory) throws -> String {
        let path = dir.path + "/tags.json"
        try CollectionFile(path: path).save(TagNames(tags))
        return path
    }

    static func onDisk(_ path: String) throws -> [String] {
        try CollectionFile(path: path).load(sample: [], mayWrite: false).tags.array
    }

    /// A document saving in the background, counting the writer's notifications.
    static func document(_ path: String, notified: Counter? = nil) throws -> CollectionDocument {
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        document.saveInBackground { notified?.increment() }
        return document
    }

    final class Counter: Sendable {
        private let mutex = Mutex(0)
        func increment() { mutex.withLock { $0 += 1 } }
        var value: Int { mutex.withLock { $0 } }
    }

    /// Holds the collection's lock as another writer would, from its own open file description.
    final class HeldLock {
        let fd: Int32
        init(_ path: String) {
            fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            precondition(fd >= 0 && flock(fd, LOCK_EX) == 0)
        }
        func release() {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    @Test func aChangeIsShownAtOnceAndSavedAfter() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a", "b"], in: dir)
        let document = try Self.document(path)
        let lock = HeldLock(path)
        // The writer waits for the lock: the change is shown already, not yet on disk.
        let report = try document.add("c")
        #expect(document.names == ["a", "b", "c"])
        #expect(report.undo == [PlacedChange(place: path, change: .remove("c"))])
        #expect(document.hasUnsavedChanges)
        #expect(try Self.onDisk(path) == ["a", "b"])
        lock.release()
        let saved = try #require(document.finishSaving())
        #expect(saved == BackgroundSave())
        #expect(!document.hasUnsavedChanges)
        #expect(try Self.onDisk(path) == ["a", "b", "c"])
        #expect(document.writes == 1)
    }

    @Test func aBurstOfEditsIsOneWrite() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection((0..<1_000).map { "tag-\($0)" }, in: dir)
        let document = try Self.document(path)
        // Another writer holds the lock while the user types: every change asked for meanwhile
        // goes into the one write made once the lock is free.
        let lock = HeldLock(path)
        for index in 0..<10 { try document.add("burst-\(index)") }
        try document.remove("tag-3")
        try document.rename("tag-5", to: "renamed")
        _ = try document.apply(.move("burst-9", after: nil))
        lock.release()
        document.finishSaving()
        #expect(document.writes == 1)
        var expected = (0..<1_000).map { "tag-\($0)" } + (0..<9).map { "burst-\($0)" }
        expected.remove(at: 3)
        expected[4] = "renamed"
        expected.insert("burst-9", at: 0)
        #expect(try Self.onDisk(path) == expected)
        #expect(document.names == expected)
    }

    @Test func theWriterSaysWhenItIsDone() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a"], in: dir)
        let notified = Counter()
        let document = try Self.document(path, notified: notified)
        try document.add("b")
        document.finishSaving()
        #expect(notified.value == 1)
        #expect(document.takeSaved() == nil)
    }

    /// Not a test on its own: the other program of the next test, adding tags one by one through
    /// the collection's lock.
    @Test(.enabled(if: otherWriterPath != nil, "only as the child of anotherProgramsWritesMeanwhileAreKept"))
    func otherWriter() throws {
        let file = CollectionFile(path: Self.otherWriterPath!)
        for index in 0..<20 {
            let seen = try file.load(sample: [], mayWrite: false).tags
            _ = try file.apply(.add("other-\(index)"), seen: seen)
            usleep(2_000)
        }
    }

    @Test func anotherProgramsWritesMeanwhileAreKept() throws {
        let dir = TemporaryDirectory()
        let start = (0..<2_000).map { "tag-\($0)" }
        let path = try Self.collection(start, in: dir)
        let document = try Self.document(path)
        let before = Self.inode(path)
        let process = try Self.child(filter: "otherWriter", environment: ["TAGDATA_OTHER_WRITER": path])
        // From the other program's first write on, both write at once.
        let deadline = Date().addingTimeInterval(30)
        while Self.inode(path) == before && process.isRunning && Date() < deadline { usleep(500) }
        for index in 0..<20 {
            try document.add("mine-\(index)")
            usleep(3_000)
            _ = document.takeSaved()
        }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        document.finishSaving()
        let onDisk = try Self.onDisk(path)
        let others = (0..<20).map { "other-\($0)" }, mine = (0..<20).map { "mine-\($0)" }
        #expect(Set(onDisk) == Set(start + others + mine))
        #expect(onDisk.count == start.count + 40)
        // Each program's tags in the order it added them.
        #expect(onDisk.filter { $0.hasPrefix("other-") } == others)
        #expect(onDisk.filter { $0.hasPrefix("mine-") } == mine)
        // What the window shows is the file, once its own saves are done and it read what came after.
        _ = document.reload()
        #expect(document.names == onDisk)
    }

    @Test func anotherProgramsChangeFoundByTheWriteIsShown() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a", "b"], in: dir)
        let document = try Self.document(path)
        _ = try CollectionFile(path: path).apply(.remove("a"), seen: ["a", "b"])
        try document.add("c")
        #expect(document.names == ["a", "b", "c"])
        let saved = try #require(document.finishSaving())
        #expect(saved.changed)
        #expect(saved.problem == nil)
        #expect(document.names == ["b", "c"])
        #expect(try Self.onDisk(path) == ["b", "c"])
    }

    /// Not a test on its own: the process the next test kills, editing a collection in the
    /// background without end.
    @Test(.enabled(if: backgroundLoopPath != nil, "only as the child of killedWhileSavingInTheBackground"))
    func backgroundLoop() throws {
        let document = try Self.document(Self.backgroundLoopPath!)
        var round = 0
        while true {
            round += 1
            try document.add("p\(getpid())-round-\(round) " + String(repeating: "y", count: round % 30))
            if round % 3 == 0, let name = document.names.dropFirst(round % 50).first { try document.remove(name) }
            if round % 7 == 0 { _ = try document.apply(.move(document.names.last!, after: nil)) }
            if round % 10 == 0 { document.finishSaving() }
        }
    }

    @Test func killedWhileSavingInTheBackgroundTheFileIsAlwaysWhole() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection((0..<20_000).map { "start-\($0)" }, in: dir)
        var rng = SystemRandomNumberGenerator()
        var sizes = Set<Int>()
        for kill in 0..<12 {
            let before = Self.inode(path)
            let process = try Self.child(filter: "backgroundLoop", environment: ["TAGDATA_BACKGROUND_LOOP": path])
            let deadline = Date().addingTimeInterval(30)
            while Self.inode(path) == before && process.isRunning && Date() < deadline { usleep(1_000) }
            usleep(UInt32.random(in: 5_000...150_000, using: &rng))
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let bytes = try #require(FileManager.default.contents(atPath: path), "the collection file vanished")
            guard case .success(let tags) = CollectionFile.decode([UInt8](bytes)) else {
                Issue.record("after kill \(kill + 1) the file is not a whole collection (\(bytes.count) bytes)")
                break
            }
            #expect(tags.count > 19_000)
            sizes.insert(bytes.count)
        }
        // The kills landed after different writes.
        #expect(sizes.count > 3)
        _ = try CollectionFile(path: path).load(sample: [])
        #expect(dir.entries.filter { $0 != "tags.json.lock" } == ["tags.json"])
    }

    @Test func aFullDiskIsAClearErrorAndLosesNothing() throws {
        guard let mount = ScratchMount(sizeKiB: 64) else {
            Issue.record("this test needs root to mount a small tmpfs")
            return
        }
        let path = mount.path + "/tags.json"
        try CollectionFile(path: path).save(["small"])
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        document.saveInBackground {}
        // More than the 64 KiB of the file system (a pasted list: one change, c·n comparisons).
        let huge = (0..<1_500).map { TagChange.add("tag number \($0), long enough to fill the disk") }
        _ = try document.apply(.all(huge))
        #expect(document.names.count == 1_501)
        let saved = try #require(document.finishSaving())
        #expect(saved.problem?.contains("full") == true, "\(saved)")
        #expect(saved.notSaved == [.all(huge)])
        #expect(saved.changed)
        #expect(document.names == ["small"])
        #expect(try Self.onDisk(path) == ["small"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path).sorted() == ["tags.json", "tags.json.lock"])
        // Nothing is stuck: a change that fits is saved.
        try document.add("fits")
        #expect(document.finishSaving() == BackgroundSave())
        #expect(try Self.onDisk(path) == ["small", "fits"])
    }

    @Test func aReadOnlyFileSystemIsAClearErrorAndLosesNothing() throws {
        guard let mount = ScratchMount(sizeKiB: 256) else {
            Issue.record("this test needs root to mount a small tmpfs")
            return
        }
        let path = mount.path + "/tags.json"
        try CollectionFile(path: path).save(["a"])
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        // The lock file exists before the file system turns read-only, as it does once edited.
        _ = try document.add("b")
        document.saveInBackground {}
        #expect(mount.remountReadOnly())
        try document.add("c")
        let saved = try #require(document.finishSaving())
        #expect(saved.problem?.contains("read-only file system") == true, "\(saved)")
        #expect(saved.notSaved == [.add("c")])
        #expect(document.names == ["a", "b"])
        #expect(try Self.onDisk(path) == ["a", "b"])
    }

    @Test func aReadOnlyFileRefusesAChangeAtOnce() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a"], in: dir)
        let document = try Self.document(path)
        chmod(path, 0o444)
        #expect(throws: FileError.self) { try document.add("b") }
        #expect(document.names == ["a"])
        #expect(!document.hasUnsavedChanges)
    }

    @Test func aCollectionTurnedCorruptRefusesTheChangeAndSaysSo() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a"], in: dir)
        let document = try Self.document(path)
        _ = FileManager.default.createFile(atPath: path, contents: Data("{\"tags\": [".utf8))
        try document.add("b")
        let saved = try #require(document.finishSaving())
        #expect(saved.problem?.contains("can no longer be read") == true, "\(saved)")
        #expect(document.names == ["a"])
        #expect(document.whyNotEditable != nil)
        #expect(contents(path) == "{\"tags\": [")
    }

    @Test func aRemovedCollectionIsWrittenAgainWhole() throws {
        let dir = TemporaryDirectory()
        let path = try Self.collection(["a", "b"], in: dir)
        let document = try Self.document(path)
        unlink(path)
        try document.add("c")
        document.finishSaving()
        #expect(try Self.onDisk(path) == ["a", "b", "c"])
    }

    // MARK: Helpers

    /// This test binary again, running only the test `filter`, with `environment` added.
    static func child(filter: String, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}
