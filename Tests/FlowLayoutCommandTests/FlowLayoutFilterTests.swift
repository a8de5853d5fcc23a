// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
import Foundation
import Testing

/// `flow-layout` as a Unix filter, tested with what a shell can hand it: directories, devices,
/// closed descriptors, full disks, broken pipes, endless and hostile streams. One test (or more)
/// per defect of issue 19, each failing on the command before the fix.
@Suite struct FlowLayoutFilterTests {
    static let valid = #"{"available": 100, "items": [{"width": 60, "height": 20}, {"width": 60, "height": 20}]}"#

    static func command(_ arguments: [String], _ input: ChildProcess.Input = .pipe([]),
                        _ output: ChildProcess.Output = .capture) -> ChildProcess {
        ChildProcess(executable: FlowLayoutCommandTests.binary.path, arguments: arguments, input: input, output: output)
    }

    /// The command under an address-space limit (as `ulimit -v` sets it), so that a regression
    /// to unbounded reading fails the test instead of exhausting the machine, its peak memory
    /// measured. `exec` keeps the process, so the peak is the command's.
    static func limited(_ arguments: [String], _ input: ChildProcess.Input, kilobytes: Int = 2_000_000) -> ChildProcess {
        ChildProcess(executable: "/bin/sh",
                     arguments: ["-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$@\"", FlowLayoutCommandTests.binary.path] + arguments,
                     input: input, measuresPeakMemory: true)
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flow-layout-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A file of `count` valid request lines, large next to the command's 256 KB reads.
    static func manyRequests(in directory: URL, count: Int = 100_000) throws -> (path: String, size: Int) {
        let file = directory.appendingPathComponent("requests.jsonl")
        let text = String(repeating: valid + "\n", count: count)
        try text.write(to: file, atomically: false, encoding: .utf8)
        return (file.path, text.utf8.count)
    }

    // MARK: 1. Read errors are errors, never the end of the input

    @Test func aDirectoryAsInputIsAReadErrorNamingIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["--jsonl", directory.path], [directory.path]] {
            let run = try Self.command(arguments).run()
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr == "flow-layout: cannot read \(directory.path): Is a directory\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let redirected = try Self.command(["--jsonl"], .file(directory.path)).run()
        #expect(redirected.status == 2)
        #expect(redirected.stderr == "flow-layout: cannot read standard input: Is a directory\n")
    }

    /// A socket reset after two requests: both answers first, then the read error, exit 2.
    @Test func aReadErrorMidStreamComesAfterTheResultsWritten() throws {
        let sent = Array((Self.valid + "\n" + Self.valid + "\n").utf8)
        let run = try Self.command(["--jsonl"], .socketThenReset(sent, afterLines: 2)).run()
        #expect(run.outputLines.count == 2)
        #expect(run.outputLines.allSatisfy { $0.hasPrefix(#"{"frames":"#) })
        #expect(run.stderr == "flow-layout: cannot read standard input: Connection reset by peer\n")
        #expect(run.status == 2)
        // The whole document, cut short the same way, is an error too, never a request.
        let plain = try Self.command([], .socketThenReset(Array(Self.valid.utf8), afterLines: 0)).run()
        #expect(plain.stdout.isEmpty)
        #expect(plain.stderr == "flow-layout: cannot read standard input: Connection reset by peer\n")
        #expect(plain.status == 2)
    }

    /// Under an address-space limit, a 700 MB line used to end the stream silently (exit 0): the
    /// line buffer's growth failed and was taken for the end of the input.
    @Test func aHugeLineUnderMemoryPressureIsAnErrorAndTheStreamGoesOn() throws {
        let run = try Self.limited(["--jsonl"], .pipe([.text(Self.valid + "\n"), .repeated(0x20, count: 700 << 20),
                                                      .text("\n" + Self.valid + "\n")]), kilobytes: 1_000_000).run()
        #expect(run.outputLines.count == 3)
        #expect(run.outputLines.first?.hasPrefix(#"{"frames":"#) == true)
        #expect(run.outputLines.dropFirst().first == #"{"error":"the line is longer than the limit of 268435456 bytes (--max-input-bytes); the rest of it is skipped"}"#)
        #expect(run.outputLines.last?.hasPrefix(#"{"frames":"#) == true)
        #expect(run.status == 2)
        #expect(try #require(run.peakResidentBytes) < 320 << 20)
    }

    // MARK: 2. Write errors stop the command

    @Test func aFullDiskStopsTheCommandAtOnce() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.manyRequests(in: directory)
        for arguments in [["--jsonl"], []] {
            let run = try Self.command(arguments, .file(input.path), .file("/dev/full")).run()
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr == "flow-layout: cannot write standard output: No space left on device\n")
            if arguments == ["--jsonl"] {
                // It stopped at the first failed write, a chunk or two into its 9 MB input.
                #expect(try #require(run.inputOffset) < input.size / 8)
            }
        }
    }

    @Test func aClosedOrReadOnlyStandardOutputIsRefusedBeforeAnyWork() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.manyRequests(in: directory)
        let closed = try Self.command(["--jsonl"], .file(input.path), .closed).run()
        #expect(closed.status == 2)
        #expect(closed.stderr == "flow-layout: standard output is closed\n")
        #expect(closed.inputOffset == 0)
        let readOnly = try Self.command(["--jsonl"], .file(input.path), .readOnly(input.path)).run()
        #expect(readOnly.status == 2)
        #expect(readOnly.stderr == "flow-layout: standard output is not open for writing\n")
        #expect(readOnly.inputOffset == 0)
    }

    @Test func aBrokenPipeStopsTheCommandQuietly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.manyRequests(in: directory)
        var ignoring = Self.command(["--jsonl"], .file(input.path), .brokenPipe)
        ignoring.ignoresSIGPIPE = true
        let ignored = try ignoring.run()
        #expect(ignored.status == 2)
        #expect(ignored.signal == nil)
        #expect(ignored.stderr.isEmpty)
        #expect(try #require(ignored.inputOffset) < input.size / 8)
        // With SIGPIPE's default action, the signal ends it, as it ends any filter.
        let signalled = try Self.command(["--jsonl"], .file(input.path), .brokenPipe).run()
        #expect(signalled.signal == SIGPIPE)
        #expect(signalled.stderr.isEmpty)
    }

    // MARK: 3. A closed or write-only standard input

    @Test func aClosedOrWriteOnlyStandardInputIsAClearError() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let closed = try Self.command([], .closed).run()
        #expect(closed.signal == nil)
        #expect(closed.status == 2)
        #expect(closed.stderr == "flow-layout: standard input is closed\n")
        let file = directory.appendingPathComponent("out")
        try Data().write(to: file)
        let writeOnly = try Self.command(["--jsonl"], .writeOnly(file.path)).run()
        #expect(writeOnly.signal == nil)
        #expect(writeOnly.status == 2)
        #expect(writeOnly.stderr == "flow-layout: standard input is not open for reading\n")
        // A FILE argument needs no standard input.
        let request = directory.appendingPathComponent("request.json")
        try Self.valid.write(to: request, atomically: false, encoding: .utf8)
        let withFile = try Self.command([request.path], .closed).run()
        #expect(withFile.status == 0)
        #expect(withFile.output.hasPrefix(#"{"frames":"#))
    }

    /// Non-blocking pipes (EAGAIN when empty or full) are waited on, not taken for errors: the
    /// input pauses before each line, and a megabyte of output fills the pipe before the test reads.
    @Test func nonBlockingPipesAreWaitedOn() throws {
        let large = #"{"available": 50, "items": [\#(Array(repeating: #"{"width": 5, "height": 5}"#, count: 20_000).joined(separator: ","))]}"#
        var command = Self.command(["--jsonl"], .pipe([.pause(milliseconds: 200), .text(Self.valid + "\n"),
                                                       .pause(milliseconds: 200), .text(large + "\n")]))
        command.nonBlocking = true
        let run = try command.run()
        #expect(run.stderr.isEmpty)
        #expect(run.status == 0)
        #expect(run.outputLines.count == 2)
        #expect(run.output.utf8.count > 700_000)
    }

    // MARK: 4. Bounded memory

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessDeviceEndsWithAnErrorInBoundedMemory(device: String) throws {
        let run = try Self.limited([], .file(device)).run()
        #expect(run.status == 2)
        #expect(run.output == #"{"error":"the input is longer than the limit of 268435456 bytes (--max-input-bytes)"}"# + "\n")
        #expect(try #require(run.peakResidentBytes) < 320 << 20)
    }

    /// A gigabyte of NUL bytes through a pipe, with no line break: one error line, in memory
    /// bounded by the line limit (default or smaller), not by the input.
    @Test func aGigabyteLineOfZerosIsOneErrorInBoundedMemory() throws {
        let gigabyte = ChildProcess.Input.pipe([.repeated(0, count: 1_000_000_000)])
        let run = try Self.limited(["--jsonl"], gigabyte).run()
        #expect(run.status == 2)
        #expect(run.outputLines == [#"{"error":"the line is longer than the limit of 268435456 bytes (--max-input-bytes); the rest of it is skipped"}"#])
        #expect(try #require(run.peakResidentBytes) < 320 << 20)
        let small = try Self.limited(["--jsonl", "--max-input-bytes", "1000000"], gigabyte).run()
        #expect(small.status == 2)
        #expect(small.outputLines.count == 1)
        #expect(try #require(small.peakResidentBytes) < 24 << 20)
    }

    /// A valid request of 300,000 items costs at most four times its size beyond the process's
    /// own baseline (it was 14.5 times).
    @Test func aLargeValidRequestCostsAtMostFourTimesItsSize() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var rng = SplitMix64(seed: 19)
        let items = (0..<300_000).map { _ in "{\"width\": \(30 + rng.next() % 120), \"height\": \(20 + rng.next() % 12)}" }
        let text = "{\"available\": 1200, \"itemSpacing\": 6, \"items\": [\(items.joined(separator: ", "))]}"
        let file = directory.appendingPathComponent("large.json")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let run = try Self.limited([], .file(file.path)).run()
        #expect(run.status == 0)
        #expect(run.output.hasSuffix(#""hidden":0}"# + "\n"))
        let baseline = try Self.limited([], .pipe([.text(#"{"available": 1, "items": []}"#)])).run()
        let peak = try #require(run.peakResidentBytes), floor = try #require(baseline.peakResidentBytes)
        #expect(peak - floor <= 4 * text.utf8.count, "peak \(peak), baseline \(floor), input \(text.utf8.count)")
    }

    // MARK: 5. Messages quote at most 80 characters of a value

    @Test func errorsQuoteAtMostEightyCharactersOfAValue() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let cases: [(String, String)] = [
            (#"{"available": 1, "items": [], "axis": "\#(long)"}"#, #"field \"axis\" at byte 38: unknown value"#),
            (#"{"available": 1, "items": [], "\#(long)": 1}"#, #"field \"aaaa"#),
            (#"{"available": "\#(long)", "items": []}"#, #"field \"available\" at byte 14: expected a number, got a string"#),
            (#"{"available": 1, "items": [], "maxLines": 1.\#(String(repeating: "5", count: 1_000_000))}"#,
             #"field \"maxLines\" at byte 42: expected a whole number or null, got 1.555"#),
        ]
        for (request, start) in cases {
            let run = try FlowLayoutCommandTests.run([], input: request)
            #expect(run.status == 2)
            #expect(run.stdout.hasPrefix(#"{"error":""# + start), "\(run.stdout.prefix(200))")
            #expect(run.stdout.utf8.count < 400, "\(run.stdout.prefix(200))")
            #expect(run.stdout.contains("…") && (run.stdout.contains("(1000002 bytes)") || run.stdout.contains("(1000000 bytes)")))
        }
    }

    // MARK: 6. Invalid UTF-8 is an error at its offset

    @Test func invalidUTF8IsAnErrorAtItsExactOffset() throws {
        func run(_ bytes: [UInt8]) throws -> ChildProcess.Outcome {
            try Self.command([], .pipe([.bytes(bytes)])).run()
        }
        // In a value: byte 41 is the 0xFF after "ab".
        let value = try run(Array(#"{"available": 1, "items": [], "axis": "ab"#.utf8) + [0xFF] + Array(#""}"#.utf8))
        #expect(value.status == 2)
        #expect(value.output == #"{"error":"field \"axis\" at byte 41: invalid JSON: invalid UTF-8 (byte 0xFF)"}"# + "\n")
        // In a member name: the lone 0xC3 at byte 32, not a mangled name.
        let name = try run(Array(#"{"available": 1, "items": [{"wid"#.utf8) + [0xC3] + Array(#"th": 1, "height": 1}]}"#.utf8))
        #expect(name.output == #"{"error":"field \"items[0]\" at byte 32: invalid JSON: invalid UTF-8 (byte 0xC3)"}"# + "\n")
        // A valid name with multi-byte characters is shown as it is.
        let named = try run(Array(#"{"available": 1, "items": [], "éé": 1}"#.utf8))
        #expect(named.output.hasPrefix(#"{"error":"field \"éé\" at byte 30: unknown field"#))
        // Outside strings too, and in --jsonl, where offsets count from the start of the line.
        let jsonl = try Self.command(["--jsonl"], .pipe([.text(Self.valid + "\n"), .bytes([0x7B, 0x80, 0x7D, 0x0A])])).run()
        #expect(jsonl.outputLines.last == #"{"error":"at byte 1: invalid JSON: expected a member name in quotes, got invalid UTF-8 (byte 0x80)"}"#)
    }

    // MARK: 7. Exact messages: huge numbers, byte order marks

    @Test func aNumberTooLargeIsQuotedAsWritten() throws {
        let run = try FlowLayoutCommandTests.run([], input: #"{"available": 1, "items": [], "maxLines": 1e400}"#)
        #expect(run.status == 2)
        #expect(run.stdout == #"{"error":"field \"maxLines\" at byte 42: expected a whole number or null, got 1e400"}"# + "\n")
        // In "available", a number too large for a double is infinity: unbounded, as documented.
        let unbounded = try FlowLayoutCommandTests.run([], input: #"{"available": 1e400, "items": [{"width": 5, "height": 1}]}"#)
        #expect(unbounded.status == 0)
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let plain = try Self.command([], .pipe([.bytes(bom + Array(Self.valid.utf8))])).run()
        #expect(plain.status == 0)
        #expect(plain.output.hasPrefix(#"{"frames":[{"x":0,"y":0,"width":60,"height":20}"#))
        let lines = try Self.command(["--jsonl"], .pipe([.bytes(bom + Array((Self.valid + "\n" + Self.valid + "\n").utf8))])).run()
        #expect(lines.status == 0)
        #expect(lines.outputLines.count == 2)
        // Anywhere else it is named.
        let inside = try Self.command([], .pipe([.bytes(Array(#"{"available": 1,"#.utf8) + bom + Array(#""items": []}"#.utf8))])).run()
        #expect(inside.output == #"{"error":"at byte 16: invalid JSON: expected a member name in quotes, got byte order mark (U+FEFF), which is allowed only at the start"}"# + "\n")
    }

    // MARK: 8. A directory as FILE (see also section 1)

    @Test func aDirectoryArgumentIsNeitherEmptyNorSilent() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jsonl = try Self.command(["--jsonl", directory.path]).run()
        #expect(jsonl.status == 2)
        #expect(jsonl.stderr.contains("Is a directory"))
        let plain = try Self.command([directory.path]).run()
        #expect(plain.status == 2)
        #expect(!plain.output.contains("unexpected end of text"))
        #expect(plain.stderr.contains(directory.path))
    }

    // MARK: Limits, options and streaming

    @Test func aLineOverTheLimitIsAnErrorAndTheStreamGoesOn() throws {
        let long = #"{"available": 1, "items": [], "axis": "\#(String(repeating: "v", count: 5_000))"}"#
        let run = try Self.command(["--jsonl", "--max-input-bytes=1000"],
                                   .pipe([.text([Self.valid, long, Self.valid, long].joined(separator: "\n"))])).run()
        #expect(run.outputLines.count == 4)
        #expect(run.outputLines[1] == #"{"error":"the line is longer than the limit of 1000 bytes (--max-input-bytes); the rest of it is skipped"}"#)
        #expect(run.outputLines[2].hasPrefix(#"{"frames":"#))
        #expect(run.outputLines[3].hasPrefix(#"{"error":"the line is longer"#))
        #expect(run.status == 2)
        let plain = try Self.command(["--max-input-bytes", "1000"], .pipe([.text(long)])).run()
        #expect(plain.output == #"{"error":"the input is longer than the limit of 1000 bytes (--max-input-bytes)"}"# + "\n")
    }

    @Test func tooManyItemsIsAnErrorNamingTheLimit() throws {
        let three = #"{"available": 9, "items": [{"width": 1, "height": 1}, {"width": 1, "height": 1}, {"width": 1, "height": 1}]}"#
        let refused = try FlowLayoutCommandTests.run(["--max-items", "2"], input: three)
        #expect(refused.status == 2)
        #expect(refused.stdout == #"{"error":"field \"items\" at byte 81: more than 2 items, the limit (--max-items)"}"# + "\n")
        #expect(try FlowLayoutCommandTests.run(["--max-items=3"], input: three).status == 0)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.valid.write(to: directory.appendingPathComponent("--jsonl"), atomically: false, encoding: .utf8)
        let run = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$1\" -- --jsonl", directory.path,
                                                                 FlowLayoutCommandTests.binary.path]).run()
        #expect(run.status == 0)
        #expect(run.output.hasPrefix(#"{"frames":"#))
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        for arguments in [["--max-items", "0"], ["--max-items"], ["--max-input-bytes", "lots"], ["--jsonl=yes"], ["a", "b"]] {
            let run = try Self.command(arguments).run()
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix("flow-layout: "), "\(arguments)")
            #expect(run.stderr.hasSuffix("Try 'flow-layout --help'.\n"), "\(arguments)")
        }
    }

    @Test func helpDocumentsTheLimitsAndTheCornerCases() throws {
        let run = try FlowLayoutCommandTests.run(["--help"], input: "")
        #expect(run.status == 0)
        for text in ["--max-input-bytes", "268435456", "--max-items", "10000000", "  --  ", "blank line",
                     "empty (start == end)", "SIGPIPE", "byte order mark", "invalid UTF-8", "80 characters"] {
            #expect(run.stdout.contains(text), "help does not mention \(text)")
        }
        let full = try Self.command(["--help"], .pipe([]), .file("/dev/full")).run()
        #expect(full.status == 2)
        #expect(full.stderr.contains("No space left on device"))
    }

    /// Output is batched, but flushed before the command waits for input: a producer that
    /// writes one request and waits for its answer gets it.
    @Test func jsonLinesAnswerEachLineBeforeTheNextArrives() throws {
        let process = Process()
        process.executableURL = FlowLayoutCommandTests.binary
        process.arguments = ["--jsonl"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }   // a hang fails the test instead
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        var answers: [String] = []
        for _ in 0..<3 {
            input.fileHandleForWriting.write(Data((Self.valid + "\n").utf8))
            var line = Data()
            while !line.contains(0x0A) {
                let piece = output.fileHandleForReading.availableData
                if piece.isEmpty { break }
                line += piece
            }
            answers.append(String(decoding: line, as: UTF8.self))
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        watchdog.cancel()
        #expect(answers.count == 3)
        #expect(answers.allSatisfy { $0.hasPrefix(#"{"frames":"#) && $0.hasSuffix("}\n") })
        #expect(process.terminationStatus == 0)
    }
}
