// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// kill -9 in the middle: of a rename across a tree (recorded before it started, so that it is
/// offered back, finished or taken back byte for byte), of a restore, of a journal's first
/// write. The journal opens again, and every file holds its old or its new attribute, whole.
@Suite struct CrashTests {
    /// A tree of `count` files, each tagged "old" in one of a few layouts.
    static func taggedTree(count: Int) throws -> (TreeDirectory, [String: String], [String]) {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let layouts = ["old", "x, old, y", "Old,z", " old ,,w"]
        var paths: [String] = []
        for folder in 0..<20 {
            _ = try tree.folder("f\(folder)")
            for index in 0..<(count / 20) {
                paths.append(try tree.file("f\(folder)/file\(index)", tags: layouts[(folder + index) % layouts.count]))
            }
        }
        return (tree, env, paths.sorted())
    }

    /// Runs `arguments` in the background and kills it (-9) once `started` holds.
    static func killMidway(_ arguments: [String], environment: [String: String], started: () -> Bool) throws -> Bool {
        let run = try BackgroundRun(arguments, environment: environment)
        var caught = false
        for _ in 0..<20_000 {
            if started() { caught = true; break }
            usleep(500)
        }
        _ = run.stop(SIGKILL)
        return caught
    }

    static func journalIsWhole(_ env: [String: String]) throws {
        let database = env["XDG_DATA_HOME"]! + "/wraphstack-tag-editor/journal.sqlite3"
        let check = try Filetags.spawn(["/usr/bin/sqlite3", database, "PRAGMA integrity_check"])
        #expect(check.output == "ok\n", "\(check.output) \(check.stderr)")
    }

    @Test(arguments: ["revert", "resume"])
    func aRenameKilledHalfwayIsOfferedBackAndFinishedOrTakenBackByteForByte(_ how: String) throws {
        let (tree, env, paths) = try Self.taggedTree(count: 20_000)
        let original = paths.map { attribute($0) }
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        let caught = try Self.killMidway(["rename", "old", "new", tree.path], environment: env) {
            attribute(paths[200]).map { String(decoding: $0, as: UTF8.self).contains("new") } ?? false
        }
        let changed = paths.filter { attribute($0).map { String(decoding: $0, as: UTF8.self).contains("new") } ?? false }.count
        guard caught, changed < paths.count else {
            Issue.record("the rename was not caught half-way (\(changed) of \(paths.count) changed)")
            return
        }
        try Self.journalIsWhole(env)
        let listed = try Filetags.run(["interrupted"], environment: env)
        #expect(listed.lines.count == 1 && listed.output.contains("renamed “old” to “new” under \(tree.path) (\(paths.count) files)"),
                "\(listed.output)")
        // Any change said so before it starts.
        #expect(try Filetags.run(["add", "t", tree.path + "/.data"], environment: env).stderr.contains("filetags resume"))
        let id = String(listed.lines[0].prefix { $0 != "\t" })
        let done = try Filetags.run([how, id], environment: env)
        #expect(done.status == 0, "\(done.stderr)")
        for (path, before) in zip(paths, original) {
            let now = attribute(path)
            if how == "revert" {
                #expect(now == before, "\(path)")
            } else {
                let text = String(decoding: before ?? [], as: UTF8.self)
                #expect(now.map { String(decoding: $0, as: UTF8.self) } == text.replacingOccurrences(of: "Old", with: "new")
                    .replacingOccurrences(of: "old", with: "new"), "\(path)")
            }
        }
        #expect(try Filetags.run(["interrupted"], environment: env).lines.isEmpty)
    }

    @Test func aRestoreAndAJournalWriteKilledHalfwayLeaveFilesAndJournalWhole() throws {
        let (tree, env, paths) = try Self.taggedTree(count: 6_000)
        let original = paths.map { attribute($0) }
        // The journal's first write of 6,000 rows, killed.
        _ = try Self.killMidway(["list", tree.path], environment: env) {
            (try? FileManager.default.attributesOfItem(atPath: env["XDG_DATA_HOME"]! + "/wraphstack-tag-editor/journal.sqlite3-wal"))
                .map { (($0[.size] as? Int) ?? 0) > 0 } ?? false
        }
        try Self.journalIsWhole(env)
        #expect(try Filetags.run(["list", tree.path], environment: env).status == 0)
        // Every file saved anew without its attribute (as an editor would), then a restore killed.
        for path in paths {
            let data = FileManager.default.contents(atPath: path) ?? Data()
            unlink(path)
            FileManager.default.createFile(atPath: path, contents: data)
        }
        _ = try Self.killMidway(["restore", tree.path], environment: env) { attribute(paths[300]) != nil }
        try Self.journalIsWhole(env)
        for (path, before) in zip(paths, original) {
            let now = attribute(path)
            #expect(now == nil || now == before, "\(path)")
        }
        // And the next restore finishes the job.
        #expect(try Filetags.run(["restore", tree.path], environment: env).status == 0)
        for (path, before) in zip(paths, original) { #expect(attribute(path) == before, "\(path)") }
    }
}
