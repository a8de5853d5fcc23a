// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

@Suite struct FileTagsTests {
    @Test func readsSharedAndPartialTags() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a.jpg"), b = dir.file("b.jpg"), c = dir.file("c.jpg")
        setXattr(a, Array("holiday,beach,2024".utf8))
        setXattr(b, Array("holiday, beach".utf8))
        let tags = FileTags(paths: [a, b, c])
        #expect(tags.problems.isEmpty)
        #expect(tags.entries == [TagEntry(name: "holiday", count: 2, total: 3), TagEntry(name: "beach", count: 2, total: 3),
                                 TagEntry(name: "2024", count: 1, total: 3)])
    }

    @Test func changesApplyToEveryFile() throws {
        let dir = TemporaryDirectory()
        let a = dir.file("a"), b = dir.file("b")
        setXattr(a, Array("x,y".utf8))
        let document = FileTagsDocument(paths: [a, b])
        #expect(try document.add("new").name == "new")
        #expect(xattr(a) == "x,y,new")
        #expect(xattr(b) == "new")
        #expect(try document.rename("x", to: "ex").name == "ex")
        #expect(xattr(a) == "ex,y,new")
        try document.remove("new")
        #expect(xattr(a) == "ex,y")
        #expect(xattr(b) == nil)          // no tags left: the attribute is removed, as KDE does
        #expect(throws: TagError.comma("a,b")) { _ = try document.add("a,b") }
        // "ex" is on a only: adding it again puts it on b, under a's spelling; then it is on
        // every file, and adding it is refused.
        #expect(try document.add("EX").name == "ex")
        #expect(xattr(a) == "ex,y")
        #expect(xattr(b) == "ex")
        #expect(throws: TagError.duplicate("ex")) { _ = try document.add("Ex") }
    }

    /// /proc has no user extended attributes (a real ENOTSUP) and takes no sidecar: its file
    /// opens with no tags (there is no sidecar), and a change says why it cannot reach it.
    @Test func aFileSystemWithoutExtendedAttributesOrRoomForASidecarIsSaidAndLeftAlone() throws {
        let dir = TemporaryDirectory()
        let good = dir.file("good")
        let document = FileTagsDocument(paths: ["/proc/version", good])
        #expect(document.fileTags.files.map(\.path) == ["/proc/version", good])
        #expect(document.notices.isEmpty)
        let report = try document.add("t")
        #expect(xattr(good) == "t")
        #expect(report.skipped.map(\.path) == ["/proc/version"])
        // A file that can be written on such a file system gets a sidecar instead; what cannot
        // take one either says both.
        do {
            try SystemExtendedAttributes().setValue(Array("t".utf8), of: FileTags.attribute, at: "/proc/sys/kernel/hostname")
            Issue.record("a tag was written where neither an attribute nor a sidecar can go")
        } catch {
            #expect(error.description.contains("without extended attributes, and its tags cannot be kept beside it"), "\(error)")
        }
    }

    @Test func invalidUTF8IsReportedAndTheFileNeverWritten() throws {
        let dir = TemporaryDirectory()
        let bad = dir.file("bad"), good = dir.file("good")
        setXattr(bad, [0x61, 0xFF, 0x62])
        let document = FileTagsDocument(paths: [bad, good])
        #expect(document.notices.first?.contains("not valid UTF-8") == true)
        _ = try document.add("ok")
        #expect(try SystemExtendedAttributes().value(of: FileTags.attribute, at: bad) == [0x61, 0xFF, 0x62])
    }

    @Test func aMissingFileIsReported() {
        let document = FileTagsDocument(paths: ["/nonexistent/file.txt"])
        #expect(document.fileTags.files.isEmpty)
        #expect(document.notices.first?.contains("/nonexistent/file.txt") == true)
    }

    /// Fails writes to one path, as a read-only file or a full disk would.
    struct FailingAttributes: ExtendedAttributes {
        let failing: String
        let code: Int32
        let system = SystemExtendedAttributes()
        func value(of name: String, at path: FilePath) throws(FileError) -> [UInt8]? {
            try system.value(of: name, at: path)
        }
        func setValue(_ value: [UInt8], of name: String, at path: FilePath) throws(FileError) {
            if path == FilePath(failing) { throw FileError(path: path, operation: "change the tags of", code: code) }
            try system.setValue(value, of: name, at: path)
        }
        func removeValue(of name: String, at path: FilePath) throws(FileError) {
            if path == FilePath(failing) { throw FileError(path: path, operation: "change the tags of", code: code) }
            try system.removeValue(of: name, at: path)
        }
    }

    /// Files a, b, c tagged "old", opened with writes to b failing with `code`.
    func threeFilesWhoseSecondFails(_ code: Int32, in dir: TemporaryDirectory)
        -> (String, String, String, FileTagsDocument) {
        let a = dir.file("a"), b = dir.file("b"), c = dir.file("c")
        for file in [a, b, c] { setXattr(file, Array("old".utf8)) }
        return (a, b, c, FileTagsDocument(paths: [a, b, c], attributes: FailingAttributes(failing: b, code: code)))
    }

    @Test(arguments: [ENOSPC, ENOTSUP, EIO])
    func aFailedWriteChangesNothingAnywhere(code: Int32) throws {
        let dir = TemporaryDirectory()
        let (a, b, c, document) = threeFilesWhoseSecondFails(code, in: dir)
        do {
            _ = try document.add("new")
            Issue.record("the write to b should have failed")
        } catch {
            #expect("\(error)".contains(b))
        }
        // a was written before b failed: it got its old tags back.
        #expect(xattr(a) == "old")
        #expect(xattr(b) == "old")
        #expect(xattr(c) == "old")
        #expect(document.entries == [TagEntry(name: "old", count: 3, total: 3)])
    }

    /// A write refused as read-only (the file became immutable, its file system read-only after
    /// it was opened) marks that file read-only and skips it; the others are changed.
    @Test(arguments: [EACCES, EPERM, EROFS])
    func aWriteRefusedAsReadOnlySkipsThatFile(code: Int32) throws {
        let dir = TemporaryDirectory()
        let (a, b, c, document) = threeFilesWhoseSecondFails(code, in: dir)
        #expect(document.fileTags.files.allSatisfy { $0.isWritable })
        let report = try document.add("new")
        #expect(report.changedFiles == 2)
        #expect(report.skipped.map(\.path) == [b])
        let message = try #require(report.message)
        #expect(message.contains(b) && message.contains("read-only"), "\(message)")
        #expect(xattr(a) == "old,new" && xattr(b) == "old" && xattr(c) == "old,new")
        #expect(document.fileTags.files.map(\.isWritable) == [true, false, true])
        // The next change skips b again, and says so.
        #expect(try document.add("next").skipped.map(\.path) == [b])
        #expect(xattr(b) == "old")
    }

    @Test func aReadOnlyFileSystemIsAClearErrorForFileTags() throws {
        guard let mount = ScratchMount(sizeKiB: 64) else {
            Issue.record("this test needs root to mount a small tmpfs")
            return
        }
        let path = mount.path + "/photo.jpg"
        FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        setXattr(path, Array("kept".utf8))
        #expect(mount.remountReadOnly())
        let document = FileTagsDocument(paths: [path])
        do {
            _ = try document.add("new")
            Issue.record("changed tags on a read-only file system")
        } catch {
            #expect("\(error)".contains("read-only file system"))
        }
        #expect(xattr(path) == "kept")
    }
}
