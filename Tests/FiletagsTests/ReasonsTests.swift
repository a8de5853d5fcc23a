// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// filetags says why a file was not changed as it is: past ext4's room for one file's
/// attributes (not "the disk is full" with gigabytes free), past Linux's 64 KiB (not "Argument
/// list too long").
@Suite struct ReasonsTests {
    @Test func aValuePastTheFilesRoomOrPastSixtyFourKiBSaysSo() throws {
        let tree = try TreeDirectory()
        let near4K = try tree.file("near-4k", tags: String(repeating: "p", count: 3_950))
        let run = try Filetags.run(["add", String(repeating: "x", count: 199), near4K])
        #expect(run.status == 1)
        #expect(run.stderr.contains("do not fit in the room its file system keeps for one file's extended attributes"), "\(run.stderr)")
        #expect(!run.stderr.contains("is full"))

        let shm = "/dev/shm/filetags-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: shm, contents: nil)
        defer { unlink(shm) }
        try setAttribute(shm, String(repeating: "p", count: 65_400))
        let big = try Filetags.run(["add", String(repeating: "x", count: 199), shm])
        #expect(big.status == 1)
        #expect(big.stderr.contains("more than the 65,536 bytes (64 KiB) Linux takes for one extended attribute"), "\(big.stderr)")
        #expect(!big.stderr.contains("Argument list too long"))
    }
}
