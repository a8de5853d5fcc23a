// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import tag_editor

/// The folder view's folder column (issue 39, item 12): folders named from the viewed folder's
/// own name down, not by their absolute path.
@Suite struct FolderFileListTests {
    @Test func theFolderColumnNamesFoldersFromTheViewedFolder() {
        #expect(FolderFileList.shownFolder("/home/u/Pictures", under: "/home/u/Pictures") == "Pictures")
        #expect(FolderFileList.shownFolder("/home/u/Pictures/2024/trip", under: "/home/u/Pictures") == "Pictures/2024/trip")
        // A sibling whose name starts like the root's is not under it.
        #expect(FolderFileList.shownFolder("/home/u/Pictures-old/a", under: "/home/u/Pictures") == "/home/u/Pictures-old/a")
        #expect(FolderFileList.shownFolder("/srv/a", under: "/") == "/srv/a")
        #expect(FolderFileList.shownFolder("/", under: "/") == "/")
        #expect(FolderFileList.shownFolder("/x/y", under: "") == "/x/y")
    }
}
