// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Foundation
import Testing
import FlowEngine

/// Replays every input the fuzzer ever crashed on (Tests/Fuzz/Regressions): each must now keep
/// every invariant.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyKeptInputHolds() throws {
        #expect(!Self.inputs.isEmpty)
        for name in Self.inputs {
            let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
            let fuzzCase = FuzzCase(bytes)
            let problem = fuzzCase.violation()
            #expect(problem == nil, "\(name): \(problem ?? "") — \(fuzzCase.layout) in \(fuzzCase.available): \(fuzzCase.items)")
        }
    }
}
