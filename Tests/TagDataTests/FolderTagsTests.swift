// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// The folder view's data without GTK: a tree read through FolderReading, its counts and
/// filters (FolderIndex), a change across files (TagTreeChange, FileTags.updateEach) stopped
/// between two files, and an undo that puts back each file's bytes.
@Suite struct FolderTagsTests {
    /// a/1 "travel,photo"; a/2 "Travel/2024, draft"; b/3 "photo"; b/4 none; b/5 "Photo,music".
    static func makeTree() -> (TemporaryDirectory, [String]) {
        let directory = TemporaryDirectory()
        for folder in ["a", "b"] { try! FileManager.default.createDirectory(atPath: directory.path + "/" + folder, withIntermediateDirectories: true) }
        let tags = ["a/1": "travel,photo", "a/2": "Travel/2024, draft", "b/3": "photo", "b/4": nil, "b/5": "Photo,music"]
        var paths: [String] = []
        for (name, value) in tags.sorted(by: { $0.key < $1.key }) {
            let path = directory.file(name)
            if let value { setXattr(path, Array(value.utf8)) }
            paths.append(path)
        }
        return (directory, paths)
    }

    static func read(_ root: String) -> (FolderIndex, FolderReading.Delivery) {
        let reading = FolderReading(roots: [root])
        reading.run()
        let delivery = reading.take()
        var index = FolderIndex()
        index.set(delivery.files)
        index.sort()
        return (index, delivery)
    }

    @Test func aReadingCountsEveryTagWithItsSubTags() {
        let (directory, _) = Self.makeTree()
        let (index, delivery) = Self.read(directory.path)
        #expect(delivery.finished)
        #expect(delivery.filesRead == 8)   // the root, two folders, five files
        #expect(Set(delivery.folders) == [directory.path, directory.path + "/a", directory.path + "/b"])
        #expect(index.files.map(\.path) == ["a/1", "a/2", "b/3", "b/5"].map { directory.path + "/" + $0 })
        let tags = index.tags()
        #expect(tags.map(\.key) == ["draft", "music", "photo", "travel", "travel/2024"])
        let travel = tags.first { $0.key == "travel" }!
        #expect((travel.files, travel.own) == (2, 1))
        #expect(tags.first { $0.key == "travel/2024" }?.parentKey == "travel")
        // Three files spell it “photo” or “Photo”: the most common spelling is shown.
        #expect(tags.first { $0.key == "photo" }.map { ($0.name, $0.files) } ?? ("", 0) == ("photo", 3))
    }

    /// The folder view's reading hands its files over at the walk's end, indexed and counted on
    /// the walk's threads: the same index and counts as the files taken and counted afterwards,
    /// with the progress counted meanwhile and the folders taken on their own.
    @Test func anIndexingReadingHandsOverTheSameIndexAndCounts() throws {
        let (directory, _) = Self.makeTree()
        for folder in 0..<7 {
            try FileManager.default.createDirectory(atPath: directory.path + "/c/\(folder)", withIntermediateDirectories: true)
        }
        for number in 0..<300 {
            let path = directory.file("c/\(number % 7)/f\(number)")
            if number % 5 != 0 { setXattr(path, Array("tag \(number % 11),group/\(number % 3), Other \(number % 4)".utf8)) }
        }
        let (expected, _) = Self.read(directory.path)
        let reading = FolderReading(roots: [directory.path], indexes: true)
        #expect(reading.progress().filesRead == 0 && !reading.isWalkOver)
        reading.run()
        #expect(reading.isWalkOver)
        let folders = reading.takeFolders()
        #expect(folders.count == 11)   // the root, a, b, c and c's seven
        #expect(reading.progress().filesRead == 316 && reading.progress().tagged == 244)
        let delivery = reading.take()
        #expect(delivery.files.isEmpty && delivery.folders.isEmpty && delivery.finished)
        let index = try #require(delivery.index)
        #expect(index.files == expected.files)
        #expect(delivery.tags == expected.tags())
        #expect(index.file(at: directory.path + "/c/3/f3")?.tags == ["tag 3", "group/0", "Other 3"])
        // Without indexing, the files come as read and nothing is counted.
        let plain = FolderReading(roots: [directory.path])
        plain.run()
        let taken = plain.take()
        #expect(taken.index == nil && taken.tags == nil && taken.files.count == 244)
    }

    @Test func aQueryOfChosenTagsMatchesSubTagsAndExcludes() {
        let (directory, _) = Self.makeTree()
        let (index, _) = Self.read(directory.path)
        let paths = { (query: Query?) in index.matching(query).map { String(index.files[$0].path.dropFirst(directory.path.count + 1)) } }
        #expect(paths(nil) == ["a/1", "a/2", "b/3", "b/5"])
        #expect(paths(.tag("travel")) == ["a/1", "a/2"])
        #expect(paths(.and(.tag("travel"), .tag("photo"))) == ["a/1"])
        #expect(paths(.and(.tag("photo"), .not(.tag("music")))) == ["a/1", "b/3"])
    }

    @Test func filesReadAgainReplaceTheirsAndAFileWithoutTagsLeaves() {
        let (directory, _) = Self.makeTree()
        var (index, _) = Self.read(directory.path)
        let a1 = directory.path + "/a/1", b3 = directory.path + "/b/3", b4 = directory.path + "/b/4"
        index.set([FolderFile(path: a1, tags: []), FolderFile(path: b3, tags: ["music"]), FolderFile(path: b4, tags: ["new"])])
        #expect(index.files.map(\.path) == [directory.path + "/a/2", b3, directory.path + "/b/5", b4])
        #expect(index.file(at: b3)?.keys == ["music"] && index.file(at: a1) == nil && index.file(at: b4)?.tags == ["new"])
        #expect(index.tags().first { $0.key == "music" }?.files == 2)
    }

    @Test func aCancelledReadingStopsAndSaysSo() {
        let (directory, _) = Self.makeTree()
        let cancel = CancelFlag()
        cancel.set()
        let reading = FolderReading(roots: [directory.path], cancel: cancel)
        reading.run()
        let delivery = reading.take()
        #expect(delivery.finished)
        #expect(delivery.files.isEmpty)
    }

    @Test func aRenameRefusesANameUnderItselfAndTakesSubTagsAlong() throws {
        #expect(throws: TagTreeChange.Refusal.self) { try TagTreeChange(.rename, old: "travel", new: "travel/old") }
        #expect(throws: TagTreeChange.Refusal.self) { try TagTreeChange(.merge, old: "travel", new: "Travel") }
        let change = try TagTreeChange(.rename, old: "travel", new: "trips")
        #expect(change.changes(["Travel/2024", "draft"]) == [.rename("Travel/2024", to: "trips/2024")])
        #expect(change.touches(["travel/2024"]) && !change.touches(["travels"]))
        #expect(change.meetsNewName(["trips/x"]))
    }

    @Test func eachFileIsChangedWholeAndACancelStopsBetweenFiles() throws {
        let (directory, paths) = Self.makeTree()
        let change = try TagTreeChange(.rename, old: "travel", new: "trips")
        var started = 0
        let outcomes = FileTags.updateEach(paths, isCancelled: { started == 1 }, done: { _, _ in started += 1 }, change.changes)
        #expect(outcomes.count == 1)
        #expect(xattr(directory.path + "/a/1") == "trips,photo")
        #expect(xattr(directory.path + "/a/2") == "Travel/2024, draft")
    }

    @Test func aReadOnlyFileIsNamedAndLeftAsItWas() throws {
        let (directory, paths) = Self.makeTree()
        let readOnly = directory.path + "/a/2"
        chmod(readOnly, 0o444)
        let change = try TagTreeChange(.delete, old: "travel")
        let outcomes = FileTags.updateEach(paths, change.changes)
        guard case .failed(let reason) = outcomes.first(where: { $0.path == readOnly })?.outcome else {
            Issue.record("the read-only file was not reported")
            return
        }
        #expect(reason.contains(readOnly))
        #expect(xattr(readOnly) == "Travel/2024, draft")
        #expect(xattr(directory.path + "/a/1") == "photo")
    }

    @Test func anUndoPutsBackTheBytesOrOnlyItsOwnPart() throws {
        let (directory, _) = Self.makeTree()
        let path = directory.path + "/a/2"
        setXattr(path, Array(" Travel/2024, draft,,".utf8))
        let change = try TagTreeChange(.rename, old: "travel", new: "trips")
        guard case .changed(let update)? = FileTags.updateEach([path], change.changes).first?.outcome else {
            Issue.record("not changed")
            return
        }
        #expect(update.beforeValue == Array(" Travel/2024, draft,,".utf8))
        #expect(try FileTags.revert(update, fileAt: path) { change.undoChanges(before: update.before, after: $0) })
        #expect(xattr(path) == " Travel/2024, draft,,")

        // Another program adds a tag after the rename: the undo renames back, the tag stays.
        guard case .changed(let second)? = FileTags.updateEach([path], change.changes).first?.outcome else {
            Issue.record("not changed the second time")
            return
        }
        setXattr(path, Array((xattr(path)! + ",new").utf8))
        #expect(try FileTags.revert(second, fileAt: path) { change.undoChanges(before: second.before, after: $0) })
        let undone = try #require(xattr(path))
        #expect(undone.contains("Travel/2024") && !undone.contains("trips") && undone.hasSuffix(",new"))
    }
}
