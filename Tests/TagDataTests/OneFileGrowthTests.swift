// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A file's tags changed by the editor and by filetags (`collection-workload --file-tags`: a
/// rename, an add, a rename of a tag with a quarter of the tags as sub-tags) at 1,000, 2,000,
/// 4,000 and 8,000 tags, counted in instructions by callgrind: each doubling must add about
/// what the one before added (linear), never four times as much (quadratic: a rename at 8,000
/// tags took 30 s).
@Suite struct OneFileGrowthTests {
    static func instructions(tags: Int, binary: String, in dir: TemporaryDirectory) throws -> Double {
        try GrowthTests.callgrindInstructions([binary, "--file-tags", "\(tags)", dir.file("tagged-\(tags)")])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")))
    func changingOneFileGrowsLinearlyInItsTags() throws {
        let dir = TemporaryDirectory()
        let binary = try GrowthTests.strippedWorkload(in: dir)
        let counts = try [1_000, 2_000, 4_000, 8_000].map { try Self.instructions(tags: $0, binary: binary, in: dir) }
        for step in 1..<3 {
            let growth = (counts[step + 1] - counts[step]) / (counts[step] - counts[step - 1])
            #expect(growth < 2.6, "instructions \(counts): doubling \(step + 1) added \(growth)× what the one before did")
            #expect(growth > 1.5, "instructions \(counts): the work barely grows, so the workload measures nothing")
        }
    }
}
