// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CSystemCalls
import Foundation
import Glibc
import Testing

/// `--dry-run` shows each file's attribute as it is and as it would be written, byte for byte
/// (`", "` spacing and all), and writes nothing.
@Suite struct DryRunTests {
    @Test func aDryRunShowsTheAttributeAsItWouldBeWritten() throws {
        let tree = try TreeDirectory()
        let file = try tree.file("a.jpg", tags: "travel, travel/2024, Café")
        let run = try Filetags.run(["rename", "--dry-run", "travel", "trips", tree.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == ["\(file): “travel, travel/2024, Café” -> “trips, trips/2024, Café”"], "\(run.lines)")
        #expect(text(file) == "travel, travel/2024, Café")
        let done = try Filetags.run(["rename", "travel", "trips", tree.path])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(text(file) == "trips, trips/2024, Café")
    }

    private func text(_ path: String) -> String? { attribute(path).map { String(decoding: $0, as: UTF8.self) } }
}
