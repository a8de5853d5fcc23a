// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import JSON
import Glibc

/// `flow-layout` against `jq -c .` on the same request, side by side in one run: a million items
/// (the time ratio, and peak memory against the input's size), and a stream of small `--jsonl`
/// requests (the time ratio again: jq reads the same stream line by line). Each program reads a file and writes to /dev/null; peak memory
/// comes from GNU time, whose child starts from its own small process (a child spawned from here
/// would count this process's memory in its peak).
enum CLIBenchmarks {
    struct Figures {
        var flowLayoutSeconds: Double
        var jqSeconds: Double
        var flowLayoutPeakBytes: Double
        var jqPeakBytes: Double
        var inputBytes: Double
        var linesPerSecond: Double
        /// The stream of small requests: `flow-layout --jsonl` and `jq -c .`, seconds.
        var streamSeconds: Double
        var jqStreamSeconds: Double
        var timeRatio: Double { flowLayoutSeconds / jqSeconds }
        var streamRatio: Double { streamSeconds / jqStreamSeconds }
        var memoryRatio: Double { flowLayoutPeakBytes / inputBytes }
    }

    /// One run of a program: wall-clock seconds and peak resident bytes.
    struct Sample {
        var seconds: Double
        var peakBytes: Double
    }

    /// `flow-layout` beside this program (both built by `swift build -c release`).
    static var flowLayout: String { sibling("flow-layout") }

    /// The program `name` in this program's folder.
    static func sibling(_ name: String) -> String {
        var path = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        let executable = String(decoding: path[..<max(count, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)] + "/" + name
    }

    /// Why the benchmark cannot run here, if it cannot.
    static func missingTool() -> String? {
        if access(flowLayout, X_OK) != 0 { return "\(flowLayout) is not built (swift build -c release --product flow-layout)" }
        if access("/usr/bin/jq", X_OK) != 0 { return "jq is not installed (Resources/scripts/cli-bench.sh installs it)" }
        if access("/usr/bin/time", X_OK) != 0 { return "GNU time is not installed (Resources/scripts/cli-bench.sh installs it)" }
        return nil
    }

    static func run(items: Int, lines: Int, repetitions: Int) -> Figures {
        let directory = "/tmp/flow-bench-cli-\(getpid())"
        mkdir(directory, 0o700)
        defer {
            for name in ["request.json", "requests.jsonl", "peak"] { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        let request = "\(directory)/request.json", stream = "\(directory)/requests.jsonl"
        let inputBytes = writeRequest(items: items, to: request)
        writeSmallRequests(lines, to: stream)
        var flowLayoutRuns: [Sample] = [], jqRuns: [Sample] = [], streamRuns: [Sample] = [], jqStreamRuns: [Sample] = []
        for _ in 0..<repetitions {   // interleaved, so a disturbance hits both sides alike
            flowLayoutRuns.append(measure(flowLayout, [], input: request, report: "\(directory)/peak"))
            jqRuns.append(measure("/usr/bin/jq", ["-c", "."], input: request, report: "\(directory)/peak"))
            streamRuns.append(measure(flowLayout, ["--jsonl"], input: stream, report: "\(directory)/peak"))
            jqStreamRuns.append(measure("/usr/bin/jq", ["-c", "."], input: stream, report: "\(directory)/peak"))
        }
        let streamSeconds = median(streamRuns.map(\.seconds))
        return Figures(flowLayoutSeconds: median(flowLayoutRuns.map(\.seconds)), jqSeconds: median(jqRuns.map(\.seconds)),
                       flowLayoutPeakBytes: median(flowLayoutRuns.map(\.peakBytes)), jqPeakBytes: median(jqRuns.map(\.peakBytes)),
                       inputBytes: Double(inputBytes), linesPerSecond: Double(lines) / streamSeconds,
                       streamSeconds: streamSeconds, jqStreamSeconds: median(jqStreamRuns.map(\.seconds)))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Runs `program arguments < input > /dev/null` under GNU time.
    static func measure(_ program: String, _ arguments: [String], input: String, report: String) -> Sample {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/time", "-q", "-f", "%M", "-o", report, program] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv + [nil], environ) == 0 else {
            fatalError("flow-bench: cannot start \(program)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        return Sample(seconds: seconds, peakBytes: Double(lastNumber(inFile: report)) * 1024)
    }

    static func lastNumber(inFile path: String) -> Int {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var value = 0
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let number = Int(text.filter(\.isNumber)) { value = number }
        }
        return value
    }

    /// The engine benchmark's items (widths 30–150, heights 20–32, 1,200 points wide, spacing 6)
    /// as one request. Returns its size in bytes.
    static func writeRequest(items: Int, to path: String) -> Int {
        var rng = SplitMix64(seed: 19)
        var text = "{\"available\": 1200, \"itemSpacing\": 6, \"lineSpacing\": 4, \"items\": ["
        for index in 0..<items {
            text += "\(index > 0 ? ", " : "")"
                + "{\"width\": \(Int.random(in: 30...150, using: &rng)), \"height\": \(Int.random(in: 20...32, using: &rng))}"
        }
        text += "]}\n"
        write(text, to: path)
        return text.utf8.count
    }

    /// Small requests, one a line: 1 to 10 items each, as a program laying out a toolbar or a
    /// tag row at each resize would send them.
    static func writeSmallRequests(_ count: Int, to path: String) {
        var rng = SplitMix64(seed: 20)
        var text = ""
        for _ in 0..<count {
            let items = (0..<Int.random(in: 1...10, using: &rng)).map { _ in
                "{\"width\": \(Int.random(in: 30...150, using: &rng)), \"height\": \(Int.random(in: 20...32, using: &rng))}"
            }
            text += "{\"available\": \(Int.random(in: 100...600, using: &rng)), \"itemSpacing\": 4, \"items\": [\(items.joined(separator: ", "))]}\n"
        }
        write(text, to: path)
    }

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else { fatalError("flow-bench: cannot write \(path)") }
        var text = text
        text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}

extension CLIBenchmarks {
    /// Prints the figures and adds the `cli` row and its targets.
    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("flow-layout against jq -c . (medians of interleaved runs; peak memory from GNU time)")
        if let missing = missingTool() {
            print("skipped: \(missing)")
            return
        }
        let items = 1_000_000, lines = 200_000
        let f = run(items: items, lines: lines, repetitions: quick ? 3 : 7)
        print("items    input MB  flow-layout s  jq s  ratio  flow-layout MB  jq MB  memory/input  jsonl lines/s  jsonl s  jq s  ratio")
        print("\(items)\t\(format(f.inputBytes / 1e6, 1))\t\(format(f.flowLayoutSeconds, 3))\t\(format(f.jqSeconds, 3))\t\(format(f.timeRatio))\t\(format(f.flowLayoutPeakBytes / 1e6, 1))\t\(format(f.jqPeakBytes / 1e6, 1))\t\(format(f.memoryRatio))\t\(Int(f.linesPerSecond))\t\(format(f.streamSeconds, 3))\t\(format(f.jqStreamSeconds, 3))\t\(format(f.streamRatio))")
        rows.append(.object([("kind", .string("cli")), ("items", .number(Double(items))), ("inputBytes", .number(f.inputBytes)),
                             ("flowLayoutSeconds", .number(f.flowLayoutSeconds)), ("jqSeconds", .number(f.jqSeconds)),
                             ("flowLayoutPeakBytes", .number(f.flowLayoutPeakBytes)), ("jqPeakBytes", .number(f.jqPeakBytes)),
                             ("jsonlLines", .number(Double(lines))), ("jsonlLinesPerSecond", .number(f.linesPerSecond)),
                             ("jsonlSeconds", .number(f.streamSeconds)), ("jqJsonlSeconds", .number(f.jqStreamSeconds))]))
        targets.append(Target(name: "cliTimeToJq1M", ratio: f.timeRatio, limit: 0.5))
        targets.append(Target(name: "cliMemoryToInput1M", ratio: f.memoryRatio, limit: 4))
        // The stream against jq on the same lines in the same run: an absolute rate did not hold on
        // these shared machines, whose speed changes from hour to hour.
        targets.append(Target(name: "cliJsonlTimeToJq", ratio: f.streamRatio, limit: 0.5))
    }
}
