// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// An edit of the collection in the editor (add, remove and rename of a chip's tag, their
/// undos), shown at once and saved by the writer's thread, must compare as many names at 2n
/// tags as at n: the names looked at in scans (``ScanCount``) on this thread and on the
/// writer's, counted, not timed. The names themselves are shared between the versions of the
/// list (``TagNames``): an edit copies the one chunk it changes, not every name; what stays
/// proportional to n is the file's write.
@Suite struct EditWorkTests {
    /// The names looked at by each edit, in order, at `count` tags.
    static func namesLookedAt(count: Int) throws -> [String: Int] {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        try CollectionFile(path: path).save(TagNames((0..<count).map { "tag-\($0)" }))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        document.saveInBackground {}
        var counts: [String: Int] = [:]
        func counted(_ what: String, _ edit: () throws -> ChangeReport) throws -> ChangeReport {
            let here = ScanCount.onThisThread, writer = document.namesScannedByWriter
            let report = try edit()
            #expect(document.finishSaving()?.problem == nil)
            counts[what] = ScanCount.onThisThread - here + document.namesScannedByWriter - writer
            return report
        }
        let added = try counted("add") { try document.add("new-tag") }
        _ = try counted("undo add") { try document.apply(added.undo[0].change) }
        let middle = count / 2
        let removed = try counted("remove") { try document.remove("tag-\(middle)", at: middle) }
        _ = try counted("undo remove") { try document.apply(removed.undo[0].change) }
        _ = try counted("rename") { try document.rename("tag-\(middle)", to: "renamed", at: middle) }
        _ = try counted("refused duplicate") { (try? document.add("TAG-1")) ?? ChangeReport(name: "") }
        let saved = try CollectionFile(path: path).load(sample: [], mayWrite: false).tags
        #expect(saved.count == count && saved[middle] == "renamed" && saved == document.names)
        return counts
    }

    @Test func anEditLooksAtAsManyNamesAtTwiceTheTags() throws {
        let n = try Self.namesLookedAt(count: 20_000), twice = try Self.namesLookedAt(count: 40_000)
        for (edit, looked) in n.sorted(by: { $0.key < $1.key }) {
            #expect(twice[edit] == looked, "\(edit): \(looked) names at 20,000 tags, \(twice[edit] ?? -1) at 40,000")
            #expect(looked < 100, "\(edit): \(looked) names looked at")
            print("\(edit): \(looked) names looked at, at 20,000 and at 40,000 tags")
        }
    }

    /// The versions of the list an edit leaves (what the document shows, what the writer was
    /// given) share every chunk of names but the one the edit changed: at 100,000 tags an add,
    /// a remove in the middle, a rename and their undos copy one chunk each, not the list.
    @Test func anEditCopiesOneChunkOfTheNames() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/tags.json"
        let count = 100_000
        try CollectionFile(path: path).save(TagNames((0..<count).map { "tag-\($0)" }))
        let document = try CollectionDocument(file: CollectionFile(path: path), sample: [])
        document.saveInBackground {}
        let chunks = document.tags.count / 1024
        func shares(_ what: String, _ edit: () throws -> ChangeReport) throws -> ChangeReport {
            let before = document.tags
            let report = try edit()
            let shared = document.tags.sharedChunks(with: before)
            #expect(shared >= chunks - 1, "\(what): \(shared) chunks of about \(chunks) shared")
            #expect(document.finishSaving()?.problem == nil)
            return report
        }
        let added = try shares("add") { try document.add("new-tag") }
        _ = try shares("undo add") { try document.apply(added.undo[0].change) }
        let removed = try shares("remove") { try document.remove("tag-50000", at: 50_000) }
        _ = try shares("undo remove") { try document.apply(removed.undo[0].change) }
        _ = try shares("rename") { try document.rename("tag-50000", to: "renamed", at: 50_000) }
        #expect(try CollectionFile(path: path).load(sample: [], mayWrite: false).tags == document.names)
    }
}
