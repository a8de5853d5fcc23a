// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Foundation
import Testing
import FlowEngine
import FlowJSON
import JSON

/// Replays layouts that headless Chromium computed (CSSReference/make_reference.py): every
/// option with a CSS equivalent must give what the browser gives.
@Suite struct CSSConformanceTests {
    static let referencePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("CSSReference/css-reference.jsonl").path

    /// Chromium lays out in 1/64 px units and rounds at each step; our doubles do not.
    static let tolerance = 0.07

    @Test func engineMatchesChromium() throws {
        let text = try String(contentsOfFile: Self.referencePath, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 600)
        var checkedFrames = 0
        for (number, line) in lines.enumerated() {
            let record = try JSONValue.parse(String(line))
            let request = try FlowRequest.decode(try #require(record["request"]))
            guard case .object = record["browser"], case .array(let size)? = record["browser"]?["size"],
                  case .array(let frames)? = record["browser"]?["frames"] else {
                Issue.record("case \(number): no browser result")
                continue
            }
            let result = request.run()
            let expectedSize = size.map(Self.number)
            #expect(abs(result.size.width - expectedSize[0]) <= Self.tolerance, "case \(number) width")
            #expect(abs(result.size.height - expectedSize[1]) <= Self.tolerance, "case \(number) height")
            #expect(frames.count == result.frames.count)
            for (i, frame) in frames.enumerated() where i < result.frames.count {
                guard case .array(let values) = frame else { continue }
                let browser = values.map(Self.number)
                let engine = result.frames[i]
                let close = zip([engine.x, engine.y, engine.width, engine.height], browser)
                    .allSatisfy { abs($0 - $1) <= Self.tolerance }
                #expect(close, "case \(number) item \(i): engine \(engine), browser \(browser)")
                checkedFrames += 1
            }
        }
        #expect(checkedFrames > 5000)
    }

    static func number(_ value: JSONValue) -> Double {
        if case .number(let x) = value { return x }
        return .nan
    }
}
