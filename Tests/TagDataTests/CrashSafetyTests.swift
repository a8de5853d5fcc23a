// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// A process killed at any moment during a long series of saves never leaves a partial or empty
/// collection file.
@Suite(.serialized) struct CrashSafetyTests {
    static let loopPath = ProcessInfo.processInfo.environment["TAGDATA_SAVE_LOOP"]

    /// Not a test on its own: the process the next test starts and kills. It saves collections
    /// of changing sizes, forever.
    @Test(.enabled(if: loopPath != nil, "only as the child of killedDuringSaves"))
    func saveLoop() throws {
        let file = CollectionFile(path: Self.loopPath!)
        var round = 0
        while true {
            round += 1
            let count = 1 + (round * 7919) % 4000
            try file.save(TagNames((0..<count).map { "tag \(round)-\($0) " + String(repeating: "x", count: $0 % 40) }))
        }
    }

    @Test func killedDuringSavesTheFileIsAlwaysWhole() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        try CollectionFile(path: path).save(["first"])
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var rng = SystemRandomNumberGenerator()
        var kills = 0
        var versionsSeen = Set<Int>()
        for _ in 0..<40 {
            let process = Process()
            process.executableURL = runner
            process.arguments = ["--testing-library", "swift-testing", "--filter", "saveLoop"]
            var environment = ProcessInfo.processInfo.environment
            environment["TAGDATA_SAVE_LOOP"] = path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let before = inode(path)
            try process.run()
            // Once it has saved (its start-up takes long on a busy machine, and a kill during it
            // tests nothing), kill it at a random moment while it is saving.
            let deadline = Date().addingTimeInterval(30)
            while inode(path) == before && process.isRunning && Date() < deadline { usleep(1_000) }
            usleep(UInt32.random(in: 20_000...250_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            kills += 1
            let bytes = try #require(FileManager.default.contents(atPath: path), "the collection file vanished")
            let decoded = CollectionFile.decode([UInt8](bytes))
            guard case .success(let tags) = decoded else {
                Issue.record("after kill \(kills) the file is not a whole collection (\(bytes.count) bytes)")
                break
            }
            #expect(!tags.isEmpty)
            versionsSeen.insert(tags.count)
        }
        #expect(kills == 40)
        // The kills landed during different saves, not only before the first one.
        #expect(versionsSeen.count > 3)
        // Loading cleans up the temporary files the kills left behind (under the collection's
        // lock, whose file stays: it is never removed, so that every writer locks the same one).
        _ = try CollectionFile(path: path).load(sample: [])
        #expect(dir.entries.filter { $0 != "tags.json.lock" } == ["tags.json"])
    }

    private func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test func aFileRemovedWhileOpenIsAClearErrorForFileTags() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(a, Array("x".utf8))
        setXattr(b, Array("x".utf8))
        let document = FileTagsDocument(paths: [a, b])
        try FileManager.default.removeItem(atPath: b)
        do {
            _ = try document.add("y")
            Issue.record("tagged a removed file")
        } catch {
            #expect("\(error)".contains(b))
            #expect("\(error)".contains("does not exist"))
        }
        #expect(xattr(a) == "x")                 // the other file was rolled back
        #expect(document.entries == [TagEntry(name: "x", count: 2, total: 2)])
    }

    @Test func aCollectionRemovedWhileOpenIsWrittenAgainWhole() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: ["a"])
        try FileManager.default.removeItem(atPath: path)
        #expect(try document.add("b").name == "b")
        #expect(try CollectionFile(path: path).load(sample: []).tags == ["a", "b"])
    }
}
