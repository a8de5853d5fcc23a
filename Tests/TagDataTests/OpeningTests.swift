// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// Files given twice, by the same path or by two paths to one file, are opened once, and the
/// notice says which of the two it was.
@Suite struct OpeningTests {
    @Test func aFileGivenTwiceIsOpenedOnceAndSaidSo() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a.jpg")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.jpg", withDestinationPath: a)
        let files = FileTags(paths: [a, a, dir.path + "/link.jpg"])
        #expect(files.files.map(\.path) == [a])
        #expect(files.problems.map(\.message) == [
            "\(a) was given twice; it is opened once.",
            "\(dir.path)/link.jpg is the same file as \(a); it is counted once.",
        ])
    }
}
