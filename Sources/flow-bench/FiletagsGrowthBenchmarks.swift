// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Glibc
import JSON
import TagData

/// How filetags grows, measured as ratios in one run:
/// - `filetags list` over 10,000 files with 400,000 distinct tags against 100,000 (four times the
///   tags: linear is 4x), time and peak memory;
/// - a rename of one tag on a file of 8,000 tags against one of 1,000 (eight times the tags:
///   linear is 8x), as filetags and the folder view make it (FileTags.update), on tmpfs, which
///   takes attributes up to 64 KiB; and the same as the editor's file mode makes it (FileTags.apply);
/// - the journal's write for one edit (a file's row brought up to date, in a journal of 100,000
///   files), against the edit's own write of the attribute.
enum FiletagsGrowthBenchmarks {
    /// `files` files in folders of 100, each with `perFile` tags no other file has.
    static func makeDistinctTree(_ root: String, files: Int, perFile: Int) {
        mkdir(root, 0o755)
        var next = 0
        for folder in 0..<(files / 100) {
            let path = "\(root)/d\(folder)"
            mkdir(path, 0o755)
            for index in 0..<100 {
                let fd = open("\(path)/f\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { fatalError("flow-bench: cannot create files under \(root)") }
                let text = Array((0..<perFile).map { "tag\(next + $0)" }.joined(separator: ",").utf8)
                next += perFile
                _ = text.withUnsafeBytes { fsetxattr(fd, "user.xdg.tags", $0.baseAddress, $0.count, 0) }
                close(fd)
            }
        }
    }

    /// Seconds of `body`, median of `repetitions`.
    static func median(_ repetitions: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<repetitions {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            body()
            clock_gettime(CLOCK_MONOTONIC, &end)
            times.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return CLIBenchmarks.median(times)
    }

    /// A file on tmpfs with `count` tags ("t0, t1, ..."), renamed back and forth: seconds a rename.
    static func renameSeconds(tags count: Int, repetitions: Int) -> Double {
        let path = "/dev/shm/flow-bench-rename-\(getpid())-\(count)"
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        close(fd)
        defer { unlink(path) }
        let text = Array((0..<count).map { "t\($0)" }.joined(separator: ", ").utf8)
        _ = text.withUnsafeBytes { setxattr(path, "user.xdg.tags", $0.baseAddress, $0.count, 0) }
        let there = (try? TagTreeChange(.rename, old: "t\(count / 2)", new: "renamed-tag"))!
        let back = (try? TagTreeChange(.rename, old: "renamed-tag", new: "t\(count / 2)"))!
        var forward = true
        return median(repetitions) {
            let change = forward ? there : back
            forward.toggle()
            _ = try? FileTags.update(fileAt: path, change.changes)
        }
    }

    /// The same rename as the editor's file mode makes it (FileTags.apply, on the writer's
    /// thread: read, apply, read again, write, under the file's lock): seconds a rename.
    static func editorRenameSeconds(tags count: Int, repetitions: Int) -> Double {
        let path = "/dev/shm/flow-bench-editor-rename-\(getpid())-\(count)"
        close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
        defer { unlink(path) }
        let text = Array((0..<count).map { "t\($0)" }.joined(separator: ", ").utf8)
        _ = text.withUnsafeBytes { setxattr(path, "user.xdg.tags", $0.baseAddress, $0.count, 0) }
        var files = FileTags(paths: [path])
        var forward = true
        return median(repetitions) {
            let change = forward ? TagChange.rename("t\(count / 2)", to: "renamed-tag") : .rename("renamed-tag", to: "t\(count / 2)")
            forward.toggle()
            _ = try? files.apply(change)
        }
    }

    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        let repetitions = quick ? 3 : 5
        print("")
        print("filetags list over 10,000 files: 100,000 and 400,000 distinct tags (--no-journal, medians of interleaved runs)")
        let small = "/tmp/flow-bench-distinct-100k-\(getpid())", large = "/tmp/flow-bench-distinct-400k-\(getpid())"
        makeDistinctTree(small, files: 10_000, perFile: 10)
        makeDistinctTree(large, files: 10_000, perFile: 40)
        defer {
            _ = FiletagsBenchmarks.measure(["/bin/rm", "-rf", small, large], report: "/dev/null")
        }
        let report = "/tmp/flow-bench-distinct-\(getpid()).peak"
        defer { unlink(report) }
        let filetags = FiletagsBenchmarks.filetags
        _ = FiletagsBenchmarks.measure([filetags, "--no-journal", "list", small], report: report)
        _ = FiletagsBenchmarks.measure([filetags, "--no-journal", "list", large], report: report)
        var smallRuns: [CLIBenchmarks.Sample] = [], largeRuns: [CLIBenchmarks.Sample] = []
        for _ in 0..<repetitions {
            smallRuns.append(FiletagsBenchmarks.measure([filetags, "--no-journal", "list", small], report: report))
            largeRuns.append(FiletagsBenchmarks.measure([filetags, "--no-journal", "list", large], report: report))
        }
        let smallSeconds = CLIBenchmarks.median(smallRuns.map(\.seconds)), largeSeconds = CLIBenchmarks.median(largeRuns.map(\.seconds))
        let smallPeak = CLIBenchmarks.median(smallRuns.map(\.peakBytes)), largePeak = CLIBenchmarks.median(largeRuns.map(\.peakBytes))
        print("distinct  s       MB")
        print("100000\t\(format(smallSeconds, 3))\t\(format(smallPeak / 1e6, 1))")
        print("400000\t\(format(largeSeconds, 3))\t\(format(largePeak / 1e6, 1))")
        targets.append(Target(name: "filetagsList400kTo100kDistinctTime", ratio: largeSeconds / smallSeconds, limit: 5))
        targets.append(Target(name: "filetagsList400kTo100kDistinctMemory", ratio: largePeak / smallPeak, limit: 5))

        print("")
        print("A rename of one tag on one file (FileTags.update, tmpfs), medians")
        let renameRepetitions = quick ? 9 : 21
        let thousand = renameSeconds(tags: 1_000, repetitions: renameRepetitions)
        let eightThousand = renameSeconds(tags: 8_000, repetitions: renameRepetitions)
        print("tags   ms")
        print("1000\t\(format(thousand * 1e3, 3))")
        print("8000\t\(format(eightThousand * 1e3, 3))")
        targets.append(Target(name: "filetagsRename8000To1000Tags", ratio: eightThousand / thousand, limit: 10))
        let editorThousand = editorRenameSeconds(tags: 1_000, repetitions: renameRepetitions)
        let editorEightThousand = editorRenameSeconds(tags: 8_000, repetitions: renameRepetitions)
        print("The editor's rename (FileTags.apply, its writer's thread), medians")
        print("1000\t\(format(editorThousand * 1e3, 3))")
        print("8000\t\(format(editorEightThousand * 1e3, 3))")
        targets.append(Target(name: "editorRename8000To1000Tags", ratio: editorEightThousand / editorThousand, limit: 10))

        // The journal filled by the list of 100,000 files: one edit's row, against the edit.
        let journalWrite: Double, editWrite: Double
        if let journal = try? TagJournal(path: FilePath(FiletagsBenchmarks.journalFiles[0])) {
            let path = "/tmp/flow-bench-edit-\(getpid())"
            close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
            defer { unlink(path) }
            var adding = true
            editWrite = median(renameRepetitions) {
                let add = adding
                adding.toggle()
                _ = try? FileTags.update(fileAt: path) { _ in [add ? .add("edited") : .remove("edited")] }
            }
            journalWrite = median(renameRepetitions) {
                if let sighting = TagJournal.Sighting(of: FilePath(path)) { try? journal.record([sighting]) }
            }
            journal.close()
        } else {
            journalWrite = .nan
            editWrite = .nan
        }
        print("")
        print("The journal's write for one edit (a journal of 100,000 files) against the edit's own write")
        print("journal µs  edit µs  ratio")
        print("\(format(journalWrite * 1e6, 1))\t\(format(editWrite * 1e6, 1))\t\(format(journalWrite / editWrite))")
        rows.append(.object([("kind", .string("filetags-growth")),
                             ("list100kDistinctSeconds", .number(smallSeconds)), ("list400kDistinctSeconds", .number(largeSeconds)),
                             ("list100kDistinctPeakBytes", .number(smallPeak)), ("list400kDistinctPeakBytes", .number(largePeak)),
                             ("rename1000TagsSeconds", .number(thousand)), ("rename8000TagsSeconds", .number(eightThousand)),
                             ("editorRename1000TagsSeconds", .number(editorThousand)),
                             ("editorRename8000TagsSeconds", .number(editorEightThousand)),
                             ("journalWritePerEditSeconds", .number(journalWrite)), ("editWriteSeconds", .number(editWrite))]))
    }
}
