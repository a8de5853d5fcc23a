// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// A folder named on the command line through a symbolic link is read (the user named it), with
/// and without a trailing slash; links inside it are still not followed, and paths are printed
/// under the name the user gave.
@Suite struct RootLinkTests {
    @Test func aFolderGivenThroughALinkIsReadAndLinksBelowItAreNot() throws {
        let tree = try TreeDirectory()
        _ = try tree.folder("real/sub")
        try tree.file("real/a.jpg", tags: "music,draft")
        try tree.file("real/sub/b.jpg", tags: "music")
        let outside = try tree.folder("elsewhere")
        try tree.file("elsewhere/c.jpg", tags: "music")
        #expect(symlink(tree.path + "/real", tree.path + "/link") == 0)
        #expect(symlink(outside, tree.path + "/real/sub/out") == 0)
        for root in [tree.path + "/link", tree.path + "/link/"] {
            let found = try Filetags.run(["find", root, "music"])
            #expect(found.status == 0, "\(found.stderr)")
            #expect(Set(found.lines) == [tree.path + "/link/a.jpg", tree.path + "/link/sub/b.jpg"], "\(found.lines)")
            let listed = try Filetags.run(["list", "--json", root])
            #expect(listed.status == 0, "\(listed.stderr)")
            // As many read as through the folder's own name (the folders count too).
            let direct = try Filetags.run(["list", "--json", tree.path + "/real"])
            #expect(try listed.json()["files"] as? Int == direct.json()["files"] as? Int)
            #expect(try (listed.json()["skipped"] as? [Any])?.isEmpty == true)
        }
    }
}
