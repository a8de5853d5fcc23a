// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// Tags lost as users lose them, with the real programs: `sed -i` (saves by writing a new file),
/// `cp` without `-a`, `rsync -a` without `-X`, `tar` without `--xattrs` and back, a git commit
/// and a fresh clone. `filetags check` names each loss with why; `filetags restore` puts the
/// attribute back byte for byte; files never tagged, and tags removed on purpose, are left alone.
@Suite struct LostTagsTests {
    /// A tree with its own journal: filetags runs with `XDG_DATA_HOME` in it.
    final class Setting {
        let tree: TreeDirectory
        let environment: [String: String]

        init() throws {
            tree = try TreeDirectory()
            let data = try tree.folder(".data")
            environment = ["XDG_DATA_HOME": data]
        }

        func run(_ arguments: [String]) throws -> Filetags.Run {
            try Filetags.run(arguments, environment: environment)
        }

        /// Runs a program (in the tree's folder) and requires it to succeed.
        func shell(_ command: String) throws {
            let run = try Filetags.spawn(["/bin/sh", "-c", "cd '\(tree.path)' && \(command)"])
            guard run.status == 0 else { throw Failure("\(command): \(run.stderr)") }
        }

        func file(_ relative: String, content: String, tags: String?) throws -> String {
            let path = tree.path + "/" + relative
            FileManager.default.createFile(atPath: path, contents: Data(content.utf8))
            if let tags { try setAttribute(path, tags) }
            return path
        }
    }

    static func text(_ path: String) -> String? { attribute(path).map { String(decoding: $0, as: UTF8.self) } }

    @Test func sedInPlaceIsNamedAndRestoredByteForByte() throws {
        let setting = try Setting()
        let notes = try setting.file("notes.txt", content: "hello\n", tags: "work, draft,,Draft")
        #expect(try setting.run(["list", setting.tree.path]).status == 0)
        try setting.shell("sed -i s/hello/bye/ notes.txt")
        #expect(attribute(notes) == nil)
        let check = try setting.run(["check", setting.tree.path])
        #expect(check.status == 1)
        #expect(check.output == "\(notes): its tags are gone and another file took its place (same path, new inode: saved anew, "
                + "copied over, unpacked or checked out); they were “work, draft,,Draft”\n", "\(check.output) \(check.stderr)")
        let dry = try setting.run(["restore", "-n", setting.tree.path])
        #expect(dry.output == "would restore \(notes): “work, draft,,Draft”\n" && attribute(notes) == nil)
        let restore = try setting.run(["restore", setting.tree.path])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(Self.text(notes) == "work, draft,,Draft")
        // Nothing lost any more.
        let again = try setting.run(["check", setting.tree.path])
        #expect(again.status == 0 && again.output.isEmpty, "\(again.output)")
    }

    @Test func tagsRemovedOnPurposeAreNotLost() throws {
        let setting = try Setting()
        let a = try setting.file("a.txt", content: "a", tags: "one,two")
        let b = try setting.file("b.txt", content: "b", tags: "three")
        _ = try setting.run(["list", setting.tree.path])
        try setting.shell("setfattr -x user.xdg.tags a.txt")
        #expect(try setting.run(["remove", "three", b]).status == 0)
        let check = try setting.run(["check", setting.tree.path])
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        #expect(attribute(a) == nil && attribute(b) == nil)
    }

    @Test func copiesWithoutAttributesAreFoundByContentAndFilesNeverTaggedAreLeftAlone() throws {
        let setting = try Setting()
        // Made before the original was tagged: never tagged, the same content.
        let twin = try setting.file("twin-made-before.pdf", content: "the report, 2024\n", tags: nil)
        usleep(20_000)
        let report = try setting.file("report.pdf", content: "the report, 2024\n", tags: "tax, 2024")
        _ = try setting.file("empty-a", content: "", tags: "empty")
        #expect(try setting.run(["list", setting.tree.path]).status == 0)
        usleep(20_000)
        try setting.shell("mkdir copies && cp report.pdf copies/cp.pdf && rsync -a report.pdf copies/rsync.pdf && touch copies/empty")
        try setting.shell("tar cf ../lost-tags-test.tar report.pdf && mkdir unpacked && tar xf ../lost-tags-test.tar -C unpacked && rm ../lost-tags-test.tar")
        let check = try setting.run(["check", setting.tree.path])
        let copies = ["copies/cp.pdf", "copies/rsync.pdf", "unpacked/report.pdf"].map { setting.tree.path + "/" + $0 }
        for copy in copies {
            #expect(check.lines.contains("\(copy): no tags, and the same content as \(report), which had “tax, 2024” (copied, moved or renamed)"),
                    "\(check.output)")
        }
        #expect(check.lines.count == 3, "\(check.output)")
        #expect(try setting.run(["restore", setting.tree.path]).status == 0)
        for copy in copies { #expect(Self.text(copy) == "tax, 2024", "\(copy)") }
        #expect(attribute(twin) == nil)
        #expect(attribute(setting.tree.path + "/copies/empty") == nil)
    }

    @Test func tarWithoutXattrsAndBackRestoresEachFileItsOwnTags() throws {
        let setting = try Setting()
        try setting.shell("mkdir album")
        let a = try setting.file("album/a.jpg", content: "same bytes", tags: "alice")
        let b = try setting.file("album/b.jpg", content: "same bytes", tags: "bob, Bob")
        #expect(try setting.run(["list", setting.tree.path]).status == 0)
        try setting.shell("tar cf album.tar album && rm -r album && tar xf album.tar && rm album.tar")
        #expect(attribute(a) == nil && attribute(b) == nil)
        let check = try setting.run(["check", setting.tree.path])
        #expect(check.lines.count == 2 && check.lines.allSatisfy { $0.contains("same path, new inode") }, "\(check.output)")
        #expect(try setting.run(["restore", setting.tree.path]).status == 0)
        #expect(Self.text(a) == "alice" && Self.text(b) == "bob, Bob")
        // A third copy has the content of both (fingerprinted by a check while they have their
        // tags): different tags, so it is not guessed.
        #expect(try setting.run(["check", setting.tree.path]).status == 0)
        usleep(20_000)
        try setting.shell("cp album/a.jpg third.jpg")
        let third = try setting.run(["check", setting.tree.path])
        #expect(third.output.contains("third.jpg: no tags, and the same content as") && third.output.contains("not restored"),
                "\(third.output)")
        #expect(try setting.run(["restore", setting.tree.path]).status == 1)
        #expect(attribute(setting.tree.path + "/third.jpg") == nil)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git")))
    func aGitCommitAndAFreshCloneGetTheirTagsBack() throws {
        let setting = try Setting()
        try setting.shell("mkdir repo && cd repo && git init -q && git config user.email t@example.org && git config user.name T")
        let readme = try setting.file("repo/README.md", content: "# A project\n", tags: "project, docs")
        let code = try setting.file("repo/main.c", content: "int main(void) { return 0; }\n", tags: "code")
        _ = (readme, code)
        #expect(try setting.run(["list", setting.tree.path + "/repo"]).status == 0)
        usleep(20_000)
        try setting.shell("cd repo && git add . && git commit -q -m first && cd .. && git clone -q repo clone")
        let check = try setting.run(["check", setting.tree.path + "/clone"])
        #expect(check.lines.count == 2, "\(check.output) \(check.stderr)")
        #expect(try setting.run(["restore", setting.tree.path + "/clone"]).status == 0)
        #expect(Self.text(setting.tree.path + "/clone/README.md") == "project, docs")
        #expect(Self.text(setting.tree.path + "/clone/main.c") == "code")
    }
}
