// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import FlowEngine
import FlowJSON
import JSON

/// `tag-editor --dump-layout` and `--screenshot`, run as a user would (the test run has a virtual
/// display: Resources/scripts/test.sh).
@Suite struct TagEditorModeTests {
    static var binary: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tag-editor")
    }

    static var sampleTags: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/sample-tags.txt").path
    }

    static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        // What the child needs to reach the display, read one by one: a copy of the whole
        // environment taken while an in-process suite starts GTK (which changes the environment)
        // lost an entry twice in CI ("cannot open a display").
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "HOME", "PATH"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        // Never touch the real collection.
        environment["XDG_DATA_HOME"] = NSTemporaryDirectory() + "tag-editor-tests-\(UUID().uuidString)"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self), process.terminationStatus)
    }

    /// The chips' parents from the scrolled window down, as each placement builds them.
    static let chipParentPaths: [String: [String]] = [
        "fixed": ["GtkScrolledWindow", "GtkViewport", "FlowWrapHStack", "GtkFixed"],
        "direct": ["GtkScrolledWindow", "GtkViewport", "FlowWrapHStack"],
    ]

    /// The default (no `--placement`) and each placement asked for.
    @Test(arguments: [nil, "fixed", "direct"])
    func dumpLayoutShowsTheRealAllocationsAndTheEngineAgrees(placement: String?) throws {
        let chosen = placement.map { ["--placement", $0] } ?? []
        let run = try Self.run(["--dump-layout", "--widths", "200,320,480,800", "--tags", Self.sampleTags] + chosen)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        var heights: [Double] = []
        for (line, width) in zip(lines, [200, 320, 480, 800]) {
            let value = try JSONValue.parse(String(line))
            #expect(value["width"] == .number(Double(width)))
            #expect(value["windowWidth"] == .number(Double(width)))
            #expect(value["hscrollbarVisible"] == .bool(false))
            let expected = placement ?? "fixed"
            #expect(value["placement"] == .string(expected))
            #expect(value["chipParentPath"] == .array(Self.chipParentPaths[expected]!.map(JSONValue.string)))
            // The container (with its margins) is as tall as its content, or as the viewport when
            // that is taller.
            let margins = number(value["containerVerticalMargins"])
            #expect(number(value["containerHeight"]) + margins
                    == max(number(value["contentHeight"]) + margins, number(value["viewportHeight"])))
            // Re-run the engine on exactly what the container gave it: every chip is where the
            // engine says, inside the viewport.
            let request = try FlowRequest.decode(try #require(value["engineInput"]))
            let frames = request.run().snapped().frames
            guard case .array(let items)? = value["items"], case .number(let viewport)? = value["viewportWidth"] else {
                Issue.record("no items")
                continue
            }
            #expect(items.count == 25)
            #expect(request.items.count == items.count)
            for (item, frame) in zip(items, frames) {
                let actual = FlowRect(x: number(item["x"]), y: number(item["y"]),
                                      width: number(item["width"]), height: number(item["height"]))
                #expect(actual == frame, "\(item["tag"]!.text) at width \(width)")
                #expect(actual.maxX <= viewport)
            }
            heights.append(number(value["contentHeight"]))
        }
        // Narrower windows need more lines.
        #expect(heights == heights.sorted(by: >))
        #expect(heights.first! > heights.last!)
    }

    @Test func screenshotSavesAPNGOfTheRequestedWidth() throws {
        let path = NSTemporaryDirectory() + "tag-editor-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try Self.run(["--screenshot", path, "--width", "480", "--height", "360", "--tags", Self.sampleTags])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try #require(FileManager.default.contents(atPath: path))
        // PNG signature, then the IHDR chunk's width and height.
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let bytes = Array(data)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 480)
        #expect(height == 360)
        #expect(data.count > 10_000)   // chips and text, not a blank image
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let run = try Self.run(["--screenshot", "/tmp/x.png"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--width"))
        let unknown = try Self.run(["--frobnicate"])
        #expect(unknown.status == 64)
        let placement = try Self.run(["--dump-layout", "--widths", "300", "--placement", "grid"])
        #expect(placement.status == 64)
        #expect(placement.stderr.contains("--placement") && placement.stderr.contains("grid"))
    }

    @Test func aMissingTagListIsAClearError() throws {
        let run = try Self.run(["--dump-layout", "--widths", "300", "--tags", "/nonexistent/tags.txt"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent/tags.txt"))
    }
}

func number(_ value: JSONValue?) -> Double {
    if case .number(let x)? = value { return x }
    return .nan
}
