// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import FlowTestSupport
import JSON
import Glibc

/// `filetags list` against `getfattr -R -n user.xdg.tags` over the same generated tree of
/// 100,000 files, side by side in one run (interleaved, medians; both write to /dev/null, the
/// page cache warm for both). Also `filetags --threads 1`, to show what the second thread brings,
/// and the journal: `list` with it against `--no-journal`, `check` against `list`, the first
/// `list` that fills it, and its size. filetags runs with a journal of the bench's own
/// (`$XDG_DATA_HOME` set to a folder made for the run). And what reading Finder's attribute
/// beside `user.xdg.tags` costs: `list --no-journal` against `list --no-journal --macos=off`,
/// in pairs of its own, each order in every other pair (the ratio of each pair, then their
/// median: a pair runs back to back, so other work on a shared machine shifts both alike, where
/// medians of the two taken apart drift by more than the difference measured).
enum FiletagsBenchmarks {
    struct Figures {
        var filetagsSeconds: Double
        var singleThreadSeconds: Double
        var getfattrSeconds: Double
        var filetagsPeakBytes: Double
        var ratio: Double { filetagsSeconds / getfattrSeconds }
        /// `list --no-journal`, `check`, and the first `list` with an empty journal.
        var noJournalSeconds: Double
        var checkSeconds: Double
        var firstJournaledSeconds: Double
        /// The journal's size on disk after the first `list` (database and write-ahead log).
        var journalBytes: Double
        /// `list --no-journal --macos=off`: the freedesktop attribute alone.
        var freedesktopOnlySeconds: Double
        /// The median of the pairs' ratios, `list --no-journal` to `--macos=off`: wall time, and
        /// CPU time (user and system, which other work on the machine changes less).
        var bothAttributesRatio: Double
        var bothAttributesCPURatio: Double
    }

    /// `$XDG_DATA_HOME` of every filetags the bench starts: its journal, never the user's.
    static let dataHome: String = {
        let path = "/tmp/flow-bench-data-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// The journal's files in ``dataHome``.
    static var journalFiles: [String] {
        let base = dataHome + "/wraphstack-tag-editor/journal.sqlite3"
        return [base, base + "-wal", base + "-shm"]
    }

    /// `filetags` beside this program (both built by `swift build -c release`).
    static var filetags: String {
        let bench = CLIBenchmarks.flowLayout
        return bench[..<(bench.lastIndex(of: "/") ?? bench.endIndex)] + "/filetags"
    }

    static func missingTool() -> String? {
        if access(filetags, X_OK) != 0 { return "\(filetags) is not built (swift build -c release --product filetags)" }
        if access("/usr/bin/getfattr", X_OK) != 0 { return "getfattr is not installed (Debian: attr)" }
        if access("/usr/bin/time", X_OK) != 0 { return "GNU time is not installed (Debian: time)" }
        return nil
    }

    static func run(files: Int, repetitions: Int) -> Figures {
        let directory = "/tmp/flow-bench-filetags-\(getpid())"
        makeTree(directory, files: files)
        defer { _ = measure(["/bin/rm", "-rf", directory], report: "/dev/null") }
        let report = "/tmp/flow-bench-filetags-\(getpid()).peak"
        defer { unlink(report) }
        // A first run of each fills the page cache with the tree, for all the timed ones; the
        // first journaled list, on an empty journal, records every tagged file.
        for file in journalFiles { unlink(file) }
        _ = measure([filetags, "--no-journal", "list", directory], report: report)
        let first = measure([filetags, "list", directory], report: report).seconds
        let journalBytes = journalFiles.reduce(0.0) { total, file in
            var info = stat()
            return total + (stat(file, &info) == 0 ? Double(info.st_size) : 0)
        }
        _ = measure(["/usr/bin/getfattr", "-R", "-n", "user.xdg.tags", directory], report: report)
        var ours: [CLIBenchmarks.Sample] = [], single: [Double] = [], theirs: [Double] = []
        var bare: [Double] = [], check: [Double] = [], freedesktopOnly: [Double] = []
        for _ in 0..<repetitions {
            ours.append(measure([filetags, "list", directory], report: report))
            theirs.append(measure(["/usr/bin/getfattr", "-R", "-n", "user.xdg.tags", directory], report: report).seconds)
            single.append(measure([filetags, "--threads", "1", "list", directory], report: report).seconds)
            bare.append(measure([filetags, "--no-journal", "list", directory], report: report).seconds)
            freedesktopOnly.append(measure([filetags, "--no-journal", "--macos=off", "list", directory], report: report).seconds)
            check.append(measure([filetags, "check", directory], report: report).seconds)
        }
        var pairRatios: [Double] = [], cpuRatios: [Double] = []
        for pair in 0..<(repetitions * 4) {
            // Each order in every other pair: the second of two runs back to back is not timed
            // like the first (a quick run measured 0.89 with the same order every time).
            let bothArguments = [filetags, "--no-journal", "list", directory]
            let oneArguments = [filetags, "--no-journal", "--macos=off", "list", directory]
            let first = measure(pair % 2 == 0 ? bothArguments : oneArguments, report: report).seconds
            let firstCPU = cpuSeconds(inFile: report)
            let second = measure(pair % 2 == 0 ? oneArguments : bothArguments, report: report).seconds
            let secondCPU = cpuSeconds(inFile: report)
            let (both, one) = pair % 2 == 0 ? (first, second) : (second, first)
            cpuRatios.append(pair % 2 == 0 ? firstCPU / secondCPU : secondCPU / firstCPU)
            freedesktopOnly.append(one)
            pairRatios.append(both / one)
        }
        return Figures(filetagsSeconds: CLIBenchmarks.median(ours.map(\.seconds)),
                       singleThreadSeconds: CLIBenchmarks.median(single),
                       getfattrSeconds: CLIBenchmarks.median(theirs),
                       filetagsPeakBytes: CLIBenchmarks.median(ours.map(\.peakBytes)),
                       noJournalSeconds: CLIBenchmarks.median(bare), checkSeconds: CLIBenchmarks.median(check),
                       firstJournaledSeconds: first, journalBytes: journalBytes,
                       freedesktopOnlySeconds: CLIBenchmarks.median(freedesktopOnly),
                       bothAttributesRatio: CLIBenchmarks.median(pairRatios),
                       bothAttributesCPURatio: CLIBenchmarks.median(cpuRatios))
    }

    /// 40 folders of 50 folders of `files / 2000` files; four files in five tagged with one to
    /// four tags of 300 (some sub-tags, some written with ", ").
    static func makeTree(_ root: String, files: Int) {
        var rng = SplitMix64(seed: 29)
        let vocabulary = (0..<300).map { $0 % 10 == 0 ? "group\($0 % 7)/tag\($0)" : "tag \($0)" }
        let perFolder = max(1, files / 2000)
        mkdir(root, 0o755)
        var made = 0
        for top in 0..<40 {
            mkdir("\(root)/t\(top)", 0o755)
            for middle in 0..<50 {
                let folder = "\(root)/t\(top)/m\(middle)"
                mkdir(folder, 0o755)
                for index in 0..<perFolder where made < files {
                    made += 1
                    let fd = open("\(folder)/f\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
                    guard fd >= 0 else { fatalError("flow-bench: cannot create files under \(root)") }
                    if Int.random(in: 0..<5, using: &rng) != 0 {
                        let tags = (0..<Int.random(in: 1...4, using: &rng)).map { _ in vocabulary.randomElement(using: &rng)! }
                        let text = Array(tags.joined(separator: Bool.random(using: &rng) ? "," : ", ").utf8)
                        _ = text.withUnsafeBytes { fsetxattr(fd, "user.xdg.tags", $0.baseAddress, $0.count, 0) }
                    }
                    close(fd)
                }
            }
        }
    }

    /// Runs a command with its output and errors to /dev/null, under GNU time.
    static func measure(_ command: [String], report: String) -> CLIBenchmarks.Sample {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/time", "-q", "-f", "%U %S\n%M", "-o", report] + command).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        setenv("XDG_DATA_HOME", dataHome, 1)
        guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv + [nil], environ) == 0 else {
            fatalError("flow-bench: cannot start \(command[0])")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        return CLIBenchmarks.Sample(seconds: seconds, peakBytes: Double(CLIBenchmarks.lastNumber(inFile: report)) * 1024)
    }

    /// The user and system seconds GNU time wrote on the first line of `report` ("%U %S").
    static func cpuSeconds(inFile path: String) -> Double {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.reduce(0, +)
    }

    /// Prints the figures and adds the `filetags` row and its target.
    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("filetags list against getfattr -R -n user.xdg.tags, 100,000 files (medians of interleaved runs)")
        if let missing = missingTool() {
            print("skipped: \(missing)")
            return
        }
        let files = 100_000
        let f = run(files: files, repetitions: quick ? 3 : 7)
        print("files   filetags s  one thread s  getfattr s  ratio  one thread ratio  filetags MB")
        print("\(files)\t\(format(f.filetagsSeconds, 3))\t\(format(f.singleThreadSeconds, 3))\t\(format(f.getfattrSeconds, 3))\t\(format(f.ratio))\t\(format(f.singleThreadSeconds / f.getfattrSeconds))\t\(format(f.filetagsPeakBytes / 1e6, 1))")
        print("the journal: list s  --no-journal s  ratio  check s  check/list  first list s  journal MB per 100,000 files")
        print("\t\(format(f.filetagsSeconds, 3))\t\(format(f.noJournalSeconds, 3))\t\(format(f.filetagsSeconds / f.noJournalSeconds))\t\(format(f.checkSeconds, 3))\t\(format(f.checkSeconds / f.filetagsSeconds))\t\(format(f.firstJournaledSeconds, 3))\t\(format(f.journalBytes / 1e6 * 100_000 / Double(files), 2))")
        print("both attributes: list --no-journal s  --macos=off s  median of the pairs' ratios: wall  CPU")
        print("\t\(format(f.noJournalSeconds, 3))\t\(format(f.freedesktopOnlySeconds, 3))\t\(format(f.bothAttributesRatio))\t\(format(f.bothAttributesCPURatio))")
        rows.append(.object([("kind", .string("filetags")), ("files", .number(Double(files))),
                             ("filetagsSeconds", .number(f.filetagsSeconds)),
                             ("singleThreadSeconds", .number(f.singleThreadSeconds)),
                             ("getfattrSeconds", .number(f.getfattrSeconds)),
                             ("filetagsPeakBytes", .number(f.filetagsPeakBytes)),
                             ("noJournalSeconds", .number(f.noJournalSeconds)),
                             ("checkSeconds", .number(f.checkSeconds)),
                             ("firstJournaledListSeconds", .number(f.firstJournaledSeconds)),
                             ("journalBytes", .number(f.journalBytes)),
                             ("freedesktopOnlySeconds", .number(f.freedesktopOnlySeconds)),
                             ("bothAttributesRatio", .number(f.bothAttributesRatio)),
                             ("bothAttributesCPURatio", .number(f.bothAttributesCPURatio))]))
        targets.append(Target(name: "filetagsListToGetfattr100k", ratio: f.ratio, limit: 0.75))
        targets.append(Target(name: "filetagsJournalToNoJournal100k", ratio: f.filetagsSeconds / f.noJournalSeconds, limit: 1.1))
        targets.append(Target(name: "filetagsCheckToList100k", ratio: f.checkSeconds / f.filetagsSeconds, limit: 1.5))
        targets.append(Target(name: "filetagsBothAttributesToOne100k", ratio: f.bothAttributesRatio, limit: 1.15))
        FiletagsGrowthBenchmarks.report(quick: quick, rows: &rows, targets: &targets)
    }
}
