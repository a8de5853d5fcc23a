// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import TagData

/// Each failure says what really happened: a value past ext4's room for one file's attributes is
/// not a full disk, a value past 64 KiB is not "Argument list too long", and a file deleted,
/// moved, or replaced (by a file or a link) while a tree change ran is said to be so.
@Suite struct TrueReasonsTests {
    /// A tag of 199 letters added to a file whose attribute already holds `prefill` bytes.
    static func addLongTag(to file: String, prefill: Int) -> FileError? {
        if prefill > 0 { setXattr(file, Array(String(repeating: "p", count: prefill).utf8)) }
        do {
            _ = try FileTags.update(fileAt: file) { _ in [.add(String(repeating: "x", count: 199))] }
            return nil
        } catch let error as FileError {
            return error
        } catch {
            return nil
        }
    }

    @Test func pastTheFilesRoomForAttributesIsNotAFullDisk() throws {
        // /tmp is ext4 here: one block of about 4 KB for a file's attributes.
        let dir = TemporaryDirectory()
        let file = dir.file("a")
        let error = try #require(Self.addLongTag(to: file, prefill: 3_950))
        #expect(error.code == ENOSPC)
        #expect(error.description.contains("do not fit in the room its file system keeps"), "\(error)")
        #expect(!error.description.contains("is full"), "\(error)")
    }

    @Test func pastSixtyFourKiBSaysSo() throws {
        // tmpfs takes values up to the kernel's 64 KiB, as ext4 with ea_inode does.
        let path = "/dev/shm/tagdata-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { unlink(path) }
        let error = try #require(Self.addLongTag(to: path, prefill: 65_400))
        #expect(error.code == E2BIG)
        #expect(error.description.contains("more than the 65,536 bytes (64 KiB) Linux takes"), "\(error)")
        #expect(!error.description.contains("Argument list too long"))
    }

    @Test(.enabled(if: LoopMount.whyUnavailable == nil, "mounting a file system needs root"))
    func pastSixtyFourKiBOnAnEaInodeFileSystemSaysSo() throws {
        let mount = try #require(LoopMount(ext4: 32, options: ["-O", "ea_inode"]))
        let file = mount.path + "/a"
        FileManager.default.createFile(atPath: file, contents: nil)
        let error = try #require(Self.addLongTag(to: file, prefill: 65_400))
        #expect(error.code == E2BIG && error.description.contains("64 KiB"), "\(error)")
        // Below the limit it fits there (where plain ext4 has no room).
        #expect(Self.addLongTag(to: file, prefill: 30_000) == nil)
    }

    @Test(.enabled(if: LoopMount.whyUnavailable == nil, "mounting a file system needs root"))
    func aFullDiskIsStillAFullDisk() throws {
        // No blocks kept for root (-m 0): filled, the disk has no room for an attribute block.
        let mount = try #require(LoopMount(ext4: 8, options: ["-m", "0", "-I", "128"]))
        let file = mount.path + "/a"
        FileManager.default.createFile(atPath: file, contents: nil)
        _ = ScratchMount.run("/bin/dd", ["if=/dev/zero", "of=\(mount.path)/fill", "bs=64k"])
        _ = ScratchMount.run("/bin/dd", ["if=/dev/zero", "of=\(mount.path)/fill-the-rest", "bs=1k"])
        let error = try #require(Self.addLongTag(to: file, prefill: 0))
        #expect(error.code == ENOSPC)
        #expect(error.description.contains("The disk holding") && error.description.contains("is full"), "\(error)")
    }

    @Test func filesGoneOrReplacedDuringAChangeGetTheirOwnReasons() throws {
        let dir = TemporaryDirectory()
        mkdir(dir.path + "/sub", 0o755)
        let names = ["deleted", "moved", "replaced", "linked", "kept"]
        let paths = names.map { dir.file($0) }
        for path in paths { setXattr(path, Array("old".utf8)) }
        let walkedAt = TagData.FileSystem.now()
        var walked: [FilePath: FileIdentity] = [:]
        for path in paths { walked[FilePath(path)] = try FileIdentity(of: path) }
        // What other programs do between the walk and the change.
        unlink(paths[0])
        rename(paths[1], dir.path + "/sub/moved-here")
        let fresh = dir.file("fresh")
        rename(fresh, paths[2])
        unlink(paths[3])
        symlink(paths[4], paths[3])
        let change = try TagTreeChange(.rename, old: "old", new: "new")
        let outcomes = FileTags.updateEach(paths.map { FilePath($0) }, walked: walked, roots: [FilePath(dir.path)],
                                           walkedAt: walkedAt, change.changes)
        func reason(_ index: Int) -> String {
            if case .failed(let reason) = outcomes[index].outcome { return reason }
            return "\(outcomes[index].outcome)"
        }
        #expect(reason(0) == "\(paths[0]) was deleted since it was read (it is nowhere under the folders)")
        #expect(reason(1) == "\(paths[1]) was moved to \(dir.path)/sub/moved-here since it was read; it was not changed there")
        #expect(reason(2).hasPrefix("\(paths[2]) was replaced by another file since it was read"))
        #expect(reason(3).hasPrefix("\(paths[3]) was replaced by a symbolic link since it was read"))
        #expect(outcomes[4].outcome != .unchanged && xattr(paths[4]) == "new")
        #expect(xattr(dir.path + "/sub/moved-here") == "old")
    }
}
