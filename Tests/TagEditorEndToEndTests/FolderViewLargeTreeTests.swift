// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Testing

extension EndToEnd.FolderView {
    /// 100,000 files in 200 folders, each with one to three of 40 tags (every fifth a sub-tag
    /// `group/N`), written with `fsetxattr` as they are made; returns how many files carry each
    /// key, a parent counted once a file for its sub-tags.
    static func makeLargeTree(at root: String, files: Int) throws -> (counts: [String: Int], tagged: Int) {
        let vocabulary = (0..<40).map { $0 % 5 == 0 ? "group/\($0)" : "tag\($0)" }
        var counts: [String: Int] = [:], tagged = 0
        var state: UInt64 = 29
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for folder in 0..<200 {
            let path = "\(root)/d\(folder / 20)/e\(folder)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for index in 0..<(files / 200) {
                let fd = open("\(path)/f\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw EndToEndError(description: "cannot create files under \(root)") }
                defer { close(fd) }
                guard next() % 10 != 0 else { continue }
                var tags: [String] = []
                for _ in 0...(next() % 3) {
                    let tag = vocabulary[next() % vocabulary.count]
                    if !tags.contains(tag) { tags.append(tag) }
                }
                let bytes = Array(tags.joined(separator: ",").utf8)
                guard bytes.withUnsafeBytes({ fsetxattr(fd, OnDisk.attribute, $0.baseAddress, $0.count, 0) }) == 0 else {
                    throw EndToEndError(description: "fsetxattr: \(String(cString: strerror(errno)))")
                }
                tagged += 1
                var keys = Set(tags)
                for tag in tags where tag.hasPrefix("group/") { keys.insert("group") }
                for key in keys { counts[key, default: 0] += 1 }
            }
        }
        return (counts, tagged)
    }

    /// A new folder under /dev/shm when files there take user xattrs, else `nil`.
    static func memoryFolder() -> String? {
        let folder = "/dev/shm/tag-editor-e2e-\(UUID().uuidString)"
        guard mkdir(folder, 0o755) == 0 else { return nil }
        let probe = folder + "/probe"
        let fd = open(probe, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        let works = fd >= 0 && fsetxattr(fd, OnDisk.attribute, "a", 1, 0) == 0
        if fd >= 0 { close(fd) }
        unlink(probe)
        if works { return folder }
        rmdir(folder)
        return nil
    }

    /// A generated tree of 100,000 files opened by `--folder` (the view's one way in besides the
    /// chooser): a reading cancelled half-way says so and Reload reads it all; every tag's chip
    /// then shows the number of files the test wrote it to.
    @Test func aTreeOfAHundredThousandFilesOpensWithTheRightCounts() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        // In memory where the kernel keeps user xattrs there (tmpfs, Linux 6.6 on): a hundred
        // thousand files made on a busy disk take minutes, in memory seconds.
        let root = Self.memoryFolder() ?? scratch.path + "/large"
        defer { if root.hasPrefix("/dev/shm/") { try? FileManager.default.removeItem(atPath: root) } }
        let files = 100_000
        let (counts, tagged) = try Self.makeLargeTree(at: root, files: files)
        // Spot checks of the generator by the test's own reading.
        #expect(OnDisk.rawTags(of: root + "/d0/e0/f1") != nil || OnDisk.rawTags(of: root + "/d0/e0/f2") != nil)
        let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
        // Cancel while it reads: the counts are of the files read, the message says so, and its
        // Reload reads the whole tree.
        let reading = try editor.state("the reading's progress", timeout: 60) {
            $0.reading && $0.filesRead > 0 && $0.folderWidget("cancel") != nil
        }
        try editor.click(x: reading.folderWidget("cancel")!.x, y: reading.folderWidget("cancel")!.y)
        // Its message is a toast: its Reload is where a click lands once it has slid in.
        let cancelled = try editor.state("the reading cancelled", timeout: 60) {
            !$0.reading && $0.folderJob == nil && $0.folderWidget("messageReload") != nil
        }
        #expect(cancelled.values["readingCancelled"] as? Bool == true)
        #expect(cancelled.filesRead < files && cancelled.message?.contains("Reading cancelled") == true, "\(cancelled.message ?? "")")
        let reload = try #require(cancelled.folderWidget("messageReload"))
        try editor.click(x: reload.x, y: reload.y)
        let shown = try editor.state("the tree read", timeout: 120) {
            $0.folderSettled && $0.tagCount > 0 && $0.values["readingCancelled"] as? Bool == false
        }
        // Files and folders: the root, 10 + 200 folders, the files.
        #expect(shown.filesRead == files + 211)
        #expect(shown.taggedFiles == tagged)
        #expect(shown.shownFiles == tagged)
        #expect(shown.tagCount == counts.count)
        for (key, count) in counts where !key.contains("/") {
            #expect(shown.folderChip(key)?.files == count, "\(key)")
        }
        #expect(shown.folderChip("group")?.own == 0)
        // The rows in natural order by path once the sort on its thread is over: e2 before e10,
        // f2 before f10 (the first thousand, as the report lists them).
        let sorted = try editor.state("the rows sorted", timeout: 60) { $0.values["sortPending"] as? Bool == false && $0.shownFiles == tagged }
        let numbers = sorted.shownPaths.map { path in
            path.dropFirst(root.count + 1).split(separator: "/").map { Int($0.dropFirst()) ?? -1 }
        }
        #expect(numbers.count == 1_000 && numbers == numbers.sorted { $0.lexicographicallyPrecedes($1) }, "\(sorted.shownPaths.prefix(30))")
        #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
    }
}

extension EndToEnd.FolderView {
    /// A tree of more folders than the view watches: the folders past the limit are named as not
    /// watched, with Reload offered; the others still are.
    @Test func pastTheWatchLimitTheViewSaysSoAndOffersReload() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let root = Self.memoryFolder() ?? scratch.path + "/many"
        defer { if root.hasPrefix("/dev/shm/") { try? FileManager.default.removeItem(atPath: root) } }
        let folders = 8_300
        for index in 0..<folders { mkdir("\(root)/d\(index)", 0o755) }
        let file = root + "/d0/a.txt"
        FileManager.default.createFile(atPath: file, contents: Data())
        OnDisk.setTags("kept", of: file)
        let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path)
        let shown = try editor.state("the tree read, its message slid in", timeout: 60) {
            $0.folderSettled && $0.tagCount == 1 && $0.folderWidget("messageReload") != nil
        }
        let watching = try #require(shown.values["watching"] as? [String: Any])
        let watched = watching["folders"] as? Int ?? -1, unwatched = watching["unwatched"] as? Int ?? -1
        // Every folder (the root too) is watched or counted as not.
        #expect(watched + unwatched == folders + 1)
        #expect(watched <= 8_192 && unwatched > 0)
        #expect(shown.message?.contains("\(unwatched) folders are not watched") == true, "\(shown.message ?? "")")
        #expect(shown.message?.contains("Reload") == true)
        #expect(shown.values["offersReload"] as? Bool == true)
        #expect(shown.folderWidget("messageReload") != nil)
    }
}

extension EndToEnd.FolderView {
    /// More tags than the view makes a chip widget each for: they are in the virtual list, which
    /// makes chips only for those on screen; each still shows its count, and a click chooses it.
    @Test func pastTheChipLimitTheChipsAreInTheVirtualList() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let root = scratch.path + "/tags"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let tags = 1_100
        for index in 0..<tags {
            let path = "\(root)/f\(index)"
            FileManager.default.createFile(atPath: path, contents: Data())
            // Every tenth file also carries “common”.
            OnDisk.setTags(index % 10 == 0 ? "only\(index),common" : "only\(index)", of: path)
        }
        let editor = try EditorProcess(["--folder", root], on: display, dataHome: scratch.path, position: (0, 0))
        let shown = try editor.state("the tags read", timeout: 60) {
            $0.folderSettled && $0.tagCount == tags + 1 && $0.folderChip("common")?.choose != nil
        }
        #expect(shown.values["virtual"] as? Bool == true)
        #expect(shown.values["modelItems"] as? Int == tags + 1)
        #expect(shown.folderChips.count > 0 && shown.folderChips.count < 300, "\(shown.folderChips.count) chips made")
        #expect(shown.folderChip("common")?.files == tags / 10)
        // Tree order: “common” first, then only0, only1, only10, ...
        #expect(shown.folderChips.first?.key == "common")
        let common = shown.folderChip("common")!.choose!
        try editor.click(x: common.x, y: common.y)
        let chosen = try editor.state("common chosen") { $0.folderChip("common")?.choice == "required" }
        #expect(chosen.shownFiles == tags / 10)
    }
}
