// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowTestSupport
import Foundation
import Testing

/// Runs the built `flow-layout` binary, as a user or a script would.
@Suite struct FlowLayoutCommandTests {
    /// The binary sits beside the test runner in the build directory.
    static var binary: URL {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("flow-layout")
    }

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    static func run(_ arguments: [String], input: String) throws -> Run {
        let outcome = try ChildProcess(executable: binary.path, arguments: arguments, input: .pipe([.text(input)])).run()
        return Run(stdout: outcome.output, stderr: outcome.stderr, status: outcome.status ?? -1)
    }

    @Test func laysOutOneObject() throws {
        let run = try Self.run([], input: """
        {"available": 100, "itemSpacing": 10,
         "items": [{"width": 60, "height": 20}, {"width": 30, "height": 10}, {"width": 60, "height": 20}]}
        """)
        #expect(run.status == 0)
        #expect(run.stdout == #"{"frames":[{"x":0,"y":0,"width":60,"height":20},{"x":70,"y":0,"width":30,"height":10},{"x":0,"y":20,"width":60,"height":20}],"size":{"width":100,"height":40},"lines":[{"start":0,"end":2},{"start":2,"end":3}],"hidden":0}"# + "\n")
    }

    @Test func reportsTheCappedNaturalLength() throws {
        let run = try Self.run([], input: """
        {"available": 100, "itemSpacing": 10, "naturalLineLength": 70, "insets": {"leading": 2, "trailing": 3},
         "items": [{"width": 60, "height": 20}, {"width": 30, "height": 10}, {"width": 60, "height": 20}]}
        """)
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix(#""hidden":0,"naturalLength":75}"# + "\n"), "\(run.stdout)")
    }

    @Test func readsAFileArgument() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flow-layout-\(UUID()).json")
        try #"{"available": 50, "items": [{"width": 20, "height": 5}]}"#.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Self.run([file.path], input: "")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"frames":[{"x":0,"y":0,"width":20,"height":5}]"#))
        let missing = try Self.run(["/nonexistent/input.json"], input: "")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/nonexistent/input.json"))
    }

    @Test func jsonLinesKeepOrderAndReportEachFailure() throws {
        let input = [
            #"{"available": 50, "items": []}"#,
            #"{"available": "wide", "items": []}"#,
            "",
            #"{"available": 10, "items": [{"width": 1}]}"#,
            "{not json",
            #"{"available": 10, "items": [{"width": 4, "height": 2}], "justify": "end"}"#,
        ].joined(separator: "\n") + "\n"
        let run = try Self.run(["--jsonl"], input: input)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix(#"{"frames":[]"#))
        #expect(lines[1].contains(#"field \"available\""#))
        #expect(lines[2].hasPrefix(#"{"error":"#))
        #expect(lines[3].contains(#"items[0].height"#))
        #expect(lines[4].contains("invalid JSON"))
        #expect(lines[5].hasPrefix(#"{"frames":[{"x":6,"#))
        #expect(run.status == 2)
    }

    @Test func allValidLinesExitZero() throws {
        let run = try Self.run(["--jsonl"], input: String(repeating: #"{"available": 5, "items": []}"# + "\n", count: 3))
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 3)
    }

    @Test func helpExplainsEveryField() throws {
        let run = try Self.run(["--help"], input: "")
        #expect(run.status == 0)
        for field in ["available", "items", "axis", "itemSpacing", "lineSpacing", "insets", "justify",
                      "justifyLastLine", "align", "direction", "wrapReverse", "lineBreaking", "maxItemsPerLine",
                      "maxLines", "overflowIndicator", "lineHomogeneous", "naturalLineLength", "naturalLength", "minWidth", "minHeight", "baseline",
                      "grow", "breakBefore", "frames", "size", "lines", "hidden", "--jsonl"] {
            #expect(run.stdout.contains(field), "help does not mention \(field)")
        }
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try Self.run(["--frobnicate"], input: "")
        #expect(run.status == 64)
        #expect(run.stderr.contains("--frobnicate"))
    }
}

/// 10,000 lines of malformed JSON mixed with valid requests.
@Suite struct FlowLayoutCommandStressTests {
    @Test func tenThousandMixedLinesEachGetTheirOwnAnswerInOrder() throws {
        var rng = SplitMix64(seed: 2026)
        var lines: [String] = []
        var expectedValid: [Int: String] = [:]   // line index → the request
        let garbage = ["{", "}", "[]", "null", "\"text\"", "{\"available\": }", "{\"available\": 1, \"items\": [",
                       "{\"available\": 1, \"items\": [{\"width\": \"wide\", \"height\": 1}]}",
                       "{\"available\": 1, \"items\": [], \"justify\": \"sideways\"}",
                       "{\"available\": 1, \"items\": [], \"unknown\": 1}", "{\"items\": []}", "\u{1}\u{2}",
                       "{\"available\": 1e999999, \"items\": 5}", String(repeating: "[", count: 600),
                       "{\"available\": 1, \"items\": [{\"width\": 1, \"height\": 1, \"grow\": true}]}", ""]
        for index in 0..<10_000 {
            if rng.next() % 3 == 0 {
                let count = Int(rng.next() % 6)
                let items = (0..<count).map { _ in "{\"width\": \(rng.next() % 90), \"height\": \(1 + rng.next() % 30)}" }
                let request = "{\"available\": \(rng.next() % 300), \"itemSpacing\": \(rng.next() % 9), \"items\": [\(items.joined(separator: ","))]}"
                lines.append(request)
                expectedValid[index] = request
            } else {
                lines.append(garbage[Int(rng.next() % UInt64(garbage.count))])
            }
        }
        let run = try FlowLayoutCommandTests.run(["--jsonl"], input: lines.joined(separator: "\n") + "\n")
        let outputs = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(outputs.count == 10_000)
        #expect(run.status == 2)
        var valid = 0, errors = 0
        for (index, output) in outputs.enumerated() {
            if let request = expectedValid[index] {
                // The same request alone gives the same answer: nothing shifted between lines.
                #expect(output.hasPrefix("{\"frames\":"), "line \(index)")
                if index % 500 == 0 {
                    let alone = try FlowLayoutCommandTests.run([], input: request)
                    #expect(alone.stdout == output + "\n")
                }
                valid += 1
            } else {
                #expect(output.hasPrefix("{\"error\":"), "line \(index): \(output.prefix(80))")
                errors += 1
            }
        }
        #expect(valid + errors == 10_000)
        #expect(valid > 3000 && errors > 6000)
    }
}

