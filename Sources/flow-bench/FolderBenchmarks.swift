// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import JSON

/// The tag editor's folder view over 100,000 files (the tree `filetags list` is measured on):
/// from starting `tag-editor --folder DIR` to the first frame drawn with every tag's count, and
/// its peak memory, beside `filetags list` over the same tree in the same run (the same reading
/// without a window: the ratio is what the view adds to it, a target of at most 1.2x,
/// `folderFirstCountsToList100k`). Interleaved, medians.
enum FolderBenchmarks {
    struct Figures {
        /// Start to the first frame with the counts, as the harness sees it (process start,
        /// GTK's start-up, the reading, the chips, the list).
        var editorSeconds: Double
        /// The same, as the editor measures it: from its window's creation.
        var windowSeconds: Double
        /// Start to the rows in natural order (a list this long is sorted on a thread after the
        /// first frame); the first frame's time where the report does not say (a build before
        /// the sorting).
        var sortedSeconds: Double
        var editorPeakBytes: Double
        /// The editor's peak on an empty folder: what GTK and the window take before any file.
        var emptyPeakBytes: Double
        /// Start to the first frame on an empty folder: GTK's start and the window, the floor
        /// under ``editorSeconds``.
        var emptySeconds: Double
        var filetagsSeconds: Double
        var filetagsPeakBytes: Double
    }

    static var tagEditor: String {
        let bench = CLIBenchmarks.flowLayout
        return bench[..<(bench.lastIndex(of: "/") ?? bench.endIndex)] + "/tag-editor"
    }

    static func missingTool() -> String? {
        if access(tagEditor, X_OK) != 0 { return "\(tagEditor) is not built (swift build -c release --product tag-editor)" }
        if let missing = FiletagsBenchmarks.missingTool() { return missing }
        if getenv("DISPLAY") == nil && getenv("WAYLAND_DISPLAY") == nil { return "no display (run under xvfb-run)" }
        return nil
    }

    static func run(files: Int, repetitions: Int) -> Figures {
        let directory = "/tmp/flow-bench-folder-\(getpid())"
        FiletagsBenchmarks.makeTree(directory, files: files)
        defer { _ = FiletagsBenchmarks.measure(["/bin/rm", "-rf", directory], report: "/dev/null") }
        let report = "/tmp/flow-bench-folder-\(getpid()).peak"
        defer { unlink(report) }
        // A first run of each fills the page cache with the tree for all the timed ones.
        _ = FiletagsBenchmarks.measure([FiletagsBenchmarks.filetags, "list", directory], report: report)
        _ = openFolder(directory)
        let empty = directory + "-empty"
        mkdir(empty, 0o755)
        defer { rmdir(empty) }
        var editor: [(seconds: Double, window: Double, sorted: Double, peak: Double)] = [], filetags: [CLIBenchmarks.Sample] = []
        var emptyPeaks: [Double] = [], emptySeconds: [Double] = []
        for _ in 0..<repetitions {
            let emptyRun = openFolder(empty)
            emptyPeaks.append(emptyRun.peak)
            emptySeconds.append(emptyRun.seconds)
            editor.append(openFolder(directory))
            filetags.append(FiletagsBenchmarks.measure([FiletagsBenchmarks.filetags, "list", directory], report: report))
        }
        return Figures(editorSeconds: CLIBenchmarks.median(editor.map(\.seconds)),
                       windowSeconds: CLIBenchmarks.median(editor.map(\.window)),
                       sortedSeconds: CLIBenchmarks.median(editor.map(\.sorted)),
                       editorPeakBytes: CLIBenchmarks.median(editor.map(\.peak)),
                       emptyPeakBytes: CLIBenchmarks.median(emptyPeaks),
                       emptySeconds: CLIBenchmarks.median(emptySeconds),
                       filetagsSeconds: CLIBenchmarks.median(filetags.map(\.seconds)),
                       filetagsPeakBytes: CLIBenchmarks.median(filetags.map(\.peakBytes)))
    }

    /// Starts the editor on the folder and waits for its state report to carry the time of the
    /// first frame with the counts, then for the rows sorted; then reads its peak memory (VmHWM)
    /// and ends it.
    static func openFolder(_ directory: String) -> (seconds: Double, window: Double, sorted: Double, peak: Double) {
        let state = "/tmp/flow-bench-folder-\(getpid()).state"
        unlink(state)
        defer { unlink(state) }
        setenv("TAG_EDITOR_STATE_FILE", state, 1)
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("NO_AT_BRIDGE", "1", 1)
        defer { unsetenv("TAG_EDITOR_STATE_FILE") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        let words: [String] = [tagEditor, "--folder", directory]
        let argv = words.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var start = timespec(), now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        guard posix_spawn(&pid, tagEditor, &actions, nil, argv + [nil], environ) == 0 else {
            fatalError("flow-bench: cannot start \(tagEditor)")
        }
        var window = -1.0, seconds = -1.0, sorted = -1.0
        func elapsed() -> Double {
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
        }
        while sorted < 0 {
            usleep(2_000)
            if let value = try? JSONValue.parse(utf8: readFile(state)) {
                if window < 0, case .number(let first)? = value["firstCountsSeconds"] {
                    window = first
                    seconds = elapsed()
                }
                if window >= 0 {
                    if case .bool(true)? = value["sortPending"] { continue }
                    sorted = value["sortPending"] == nil ? seconds : elapsed()
                }
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { fatalError("flow-bench: tag-editor --folder exited early") }
        }
        let peak = Double(peakKiB(of: pid)) * 1024
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (seconds, window, sorted, peak)
    }

    static func readFile(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// A process's peak resident memory (`VmHWM` in /proc/PID/status), in KiB.
    static func peakKiB(of pid: pid_t) -> Int {
        let text = String(decoding: readFile("/proc/\(pid)/status"), as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Prints the figures and adds the folder view's row.
    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("The folder view at 100,000 files: start to the first frame with counts, against filetags list (medians of interleaved runs)")
        if let missing = missingTool() {
            print("skipped: \(missing)")
            return
        }
        let files = 100_000
        let f = run(files: files, repetitions: quick ? 3 : 5)
        print("files   editor s  from window s  rows sorted s  empty folder s  filetags s  editor/filetags  editor MB  empty folder MB  filetags MB  tree's MB/filetags MB")
        print("\(files)\t\(format(f.editorSeconds, 3))\t\(format(f.windowSeconds, 3))\t\(format(f.sortedSeconds, 3))\t\(format(f.emptySeconds, 3))\t\(format(f.filetagsSeconds, 3))\t\(format(f.editorSeconds / f.filetagsSeconds))\t\(format(f.editorPeakBytes / 1e6, 1))\t\(format(f.emptyPeakBytes / 1e6, 1))\t\(format(f.filetagsPeakBytes / 1e6, 1))\t\(format((f.editorPeakBytes - f.emptyPeakBytes) / f.filetagsPeakBytes))")
        rows.append(.object([("kind", .string("folderView")), ("files", .number(Double(files))),
                             ("editorSeconds", .number(f.editorSeconds)), ("windowSeconds", .number(f.windowSeconds)),
                             ("sortedSeconds", .number(f.sortedSeconds)),
                             ("editorPeakBytes", .number(f.editorPeakBytes)), ("emptyPeakBytes", .number(f.emptyPeakBytes)),
                             ("emptySeconds", .number(f.emptySeconds)),
                             ("filetagsSeconds", .number(f.filetagsSeconds)),
                             ("filetagsPeakBytes", .number(f.filetagsPeakBytes))]))
        // Issue 40: the first frame with counts within 1.2x of the same reading without a window.
        targets.append(Target(name: "folderFirstCountsToList100k", ratio: f.editorSeconds / f.filetagsSeconds, limit: 1.2))
    }
}
