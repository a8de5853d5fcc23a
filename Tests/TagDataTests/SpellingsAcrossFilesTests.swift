// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Testing
@testable import TagData

/// One tag across spellings over several files (issue 39, item 1): "beach" on one file and
/// "Beach" on another are one tag, counted over the files that carry any spelling and shown in
/// the most common one; +, × and rename act on exactly the files the count names, and the files
/// an add leaves alone keep their own spelling.
@Suite struct SpellingsAcrossFilesTests {
    /// img1 "holiday,beach", img2 "holiday,Beach, sunset", img3 "Beach", and two untagged files.
    static func files(_ dir: TemporaryDirectory) -> [String] {
        let paths = ["img1.jpg", "img2.jpg", "img3.jpg", "img4.jpg", "img5.jpg"].map { dir.file($0) }
        setXattr(paths[0], Array("holiday,beach".utf8))
        setXattr(paths[1], Array("holiday,Beach, sunset".utf8))
        setXattr(paths[2], Array("Beach".utf8))
        return paths
    }

    @Test func oneEntryATagCountedOverEverySpelling() {
        let dir = TemporaryDirectory()
        let document = FileTagsDocument(paths: Self.files(dir))
        #expect(document.entries.map(\.name) == ["holiday", "Beach", "sunset"])
        let beach = document.entries[1]
        #expect(beach.count == 3 && beach.total == 5 && beach.addable == 2)
        #expect(document.entries[0].count == 2)
    }

    @Test func addingActsOnTheFilesWithoutAnySpellingAndKeepsTheOthers() throws {
        let dir = TemporaryDirectory()
        let paths = Self.files(dir)
        let document = FileTagsDocument(paths: paths)
        let report = try document.add("beach")
        #expect(report.changedFiles == 2)
        #expect(xattr(paths[0]) == "holiday,beach")
        #expect(xattr(paths[1]) == "holiday,Beach, sunset")
        #expect(xattr(paths[2]) == "Beach")
        #expect(xattr(paths[3]) == "Beach" && xattr(paths[4]) == "Beach")
        #expect(document.entries.first { TagRules.key($0.name) == "beach" }?.count == 5)
    }

    @Test func removingActsOnExactlyTheFilesCounted() throws {
        let dir = TemporaryDirectory()
        let paths = Self.files(dir)
        let document = FileTagsDocument(paths: paths)
        let report = try document.remove("Beach")
        #expect(report.changedFiles == 3)
        #expect(xattr(paths[0]) == "holiday" && xattr(paths[1]) == "holiday, sunset" && xattr(paths[2]) == nil)
        #expect(document.entries.map(\.name) == ["holiday", "sunset"])
    }

    @Test func renamingActsOnExactlyTheFilesCounted() throws {
        let dir = TemporaryDirectory()
        let paths = Self.files(dir)
        let document = FileTagsDocument(paths: paths)
        let report = try document.rename("Beach", to: "seaside")
        #expect(report.changedFiles == 3)
        #expect(xattr(paths[0]) == "holiday,seaside" && xattr(paths[1]) == "holiday,seaside, sunset" && xattr(paths[2]) == "seaside")
        #expect(document.entries.map(\.name) == ["holiday", "seaside", "sunset"])
        #expect(document.entries[1].count == 3)
    }
}

/// The editor's file mode opens a file whose name is not UTF-8 by its bytes and tags it.
@Suite struct FileModeBytesTests {
    @Test func aNameThatIsNotUTF8IsOpenedAndTagged() throws {
        let dir = TemporaryDirectory()
        let path = FilePath(dir.path).appending([0x63, 0x61, 0x66, 0xE9] as [UInt8])
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let document = FileTagsDocument(filePaths: [path])
        #expect(document.fileTags.files.map(\.filePath) == [path] && document.notices.isEmpty)
        try document.add("latin")
        #expect(try SystemExtendedAttributes().value(of: FileTags.attribute, at: path) == Array("latin".utf8))
        #expect(document.fileTags.files[0].path == "'\(dir.path)/caf'$'\\351'")
    }
}
