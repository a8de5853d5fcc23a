// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// `filetags rename` over a tree again and again while another program changes the same files
/// (Tests/TagEditorEndToEndTests/third_writer.py: its own tags, under each file's flock): at the
/// end every file has exactly its renamed tag and every tag the writer's log says it left.
@Suite struct InterleavingTests {
    static var writerScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TagEditorEndToEndTests/third_writer.py").path
    }

    @Test func renamesWhileAnotherWriterChangesTheSameFilesLoseNothing() throws {
        let tree = try TreeDirectory()
        var files: [String] = []
        for index in 0..<16 {
            _ = try tree.folder("d\(index % 4)")
            files.append(try tree.file("d\(index % 4)/f\(index)", tags: "travel/\(index),keep-\(index)"))
        }
        let log = tree.path + "/writer.log"
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        writer.arguments = [Self.writerScript, "xattr"] + files + ["--count", "300", "--seed", "5", "--prefix", "w",
                                                                   "--log", log, "--pause", "0.004"]
        try writer.run()
        // The renames start once the writer is writing (its first line logged), and go on
        // until it has finished.
        let start = Date()
        while (try? String(contentsOfFile: log, encoding: .utf8))?.isEmpty ?? true, writer.isRunning,
              Date().timeIntervalSince(start) < 30 {
            usleep(2_000)
        }
        var renames = 0
        var names = ["travel", "trips"]
        repeat {
            let run = try Filetags.run(["rename", names[0], names[1], tree.path])
            #expect(run.status == 0, "\(run.stderr)")
            names.reverse()
            renames += 1
        } while writer.isRunning || renames < 2
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)

        // What the writer left on each file, replayed from its log.
        var written: [String: [String]] = [:]
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            let entry = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let target = entry["target"] as! String, name = entry["name"] as! String
            var mine = written[target] ?? []
            switch entry["kind"] as! String {
            case "add": if !mine.contains(name) { mine.append(name) }
            case "remove": mine.removeAll { $0 == name }
            default: mine = mine.map { $0 == name ? entry["new"] as! String : $0 }
            }
            written[target] = mine
        }
        #expect(written.values.reduce(0) { $0 + $1.count } > 0)
        for (index, file) in files.enumerated() {
            let expected = Set(["\(names[0])/\(index)", "keep-\(index)"] + (written[file] ?? []))
            #expect(Set(tags(of: attribute(file))) == expected, "\(file) after \(renames) renames")
        }
    }
}
