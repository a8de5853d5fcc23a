// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Work that grows faster than the collection: the editor's data path (open, add, remove,
/// rename, undo, read again: `collection-workload`) counted in instructions by callgrind at
/// n, 2n and 4n tags. Counts, not times: the same on a busy machine. What a doubling adds must
/// stay near double what the previous doubling added (2 for linear work, about 2.1 for n log n,
/// 4 for quadratic); the start-up, which does not grow, cancels out.
@Suite struct GrowthTests {
    static var workload: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("collection-workload").path
    }

    /// Instructions of one run of the workload on a collection of `count` tags.
    static func instructions(count: Int, in dir: TemporaryDirectory, binary: String, options: [String] = []) throws -> Double {
        let path = dir.path + "/tags-\(count).json"
        let words = ["photo", "Holiday", "x", "family-archive", "work", "a-rather-long-tag-name", "müsic"]
        let tags = (0..<count).map { "\"\(words[$0 % words.count])-\($0)\"" }
        try Data((#"{"format":"wraphstack-tags","version":1,"note":{"kept":true},"tags":["# + tags.joined(separator: ",") + "]}").utf8)
            .write(to: URL(fileURLWithPath: path))
        return try callgrindInstructions([binary] + options + [path])
    }

    /// The instructions callgrind counts in one run of `command`.
    static func callgrindInstructions(_ command: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + command
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output.suffix(400))")
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let value = line.split(separator: " ").last.flatMap({ Double($0) }) else {
            throw GrowthError(description: "no instruction count from callgrind: \(output.suffix(400))")
        }
        return value
    }

    struct GrowthError: Error, CustomStringConvertible { var description: String }

    /// The workload, its symbols kept and its DWARF dropped: Debian 12's valgrind cannot read
    /// the DWARF 5 that Swift writes.
    static func strippedWorkload(in dir: TemporaryDirectory) throws -> String {
        let binary = dir.path + "/collection-workload"
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/objcopy")
        strip.arguments = ["--strip-debug", Self.workload, binary]
        try strip.run()
        strip.waitUntilExit()
        #expect(strip.terminationStatus == 0)
        return binary
    }

    /// What the second doubling added against what the first did, and the counts.
    static func growth(options: [String] = []) throws -> (growth: Double, counts: [Double]) {
        let dir = TemporaryDirectory()
        let binary = try strippedWorkload(in: dir)
        let n = 4_000
        let counts = try [n, 2 * n, 4 * n].map { try Self.instructions(count: $0, in: dir, binary: binary, options: options) }
        return ((counts[2] - counts[1]) / (counts[1] - counts[0]), counts)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")))
    func theCollectionPathGrowsLinearly() throws {
        let (growth, counts) = try Self.growth()
        #expect(growth < 2.6, "instructions \(counts): the second doubling added \(growth)× what the first did")
        #expect(growth > 1.5, "instructions \(counts): the work barely grows, so the workload measures nothing")
    }

    /// The same edits (and a move) saved by the writer's thread: applying them in memory, queueing,
    /// writing and taking the result back must not scan the list more than once a change.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")))
    func editsSavedInTheBackgroundGrowLinearly() throws {
        let (growth, counts) = try Self.growth(options: ["--in-background"])
        #expect(growth < 2.6, "instructions \(counts): the second doubling added \(growth)× what the first did")
        #expect(growth > 1.5, "instructions \(counts): the work barely grows, so the workload measures nothing")
    }
}
