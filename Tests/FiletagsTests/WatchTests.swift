// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// `filetags watch DIR` puts tags back the moment a program replaces a tagged file without them
/// (`sed -i` saves by renaming a new file over it), in folders made after it started too, and
/// leaves alone tags removed on purpose while it watched.
@Suite struct WatchTests {
    @Test func aFileReplacedWithoutItsTagsGetsThemBackAtOnce() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let notes = try tree.file("notes.txt", tags: "draft, Work")
        let kept = try tree.file("kept.txt", tags: "one")
        try "first\n".write(toFile: notes, atomically: false, encoding: .utf8)
        let watcher = try BackgroundRun(["watch", tree.path], environment: env)
        defer { _ = watcher.stop() }
        #expect(watcher.wait { watcher.errors.contains("watching") }, "\(watcher.errors)")

        #expect(try Filetags.spawn(["/bin/sed", "-i", "s/first/second/", notes]).status == 0)
        #expect(watcher.wait { attribute(notes) == Array("draft, Work".utf8) }, "\(watcher.output) \(watcher.errors)")
        #expect(watcher.wait { watcher.output.contains("restored \(notes): “draft, Work”") })

        // Removed on purpose while watched: not brought back, even when the file is saved later.
        #expect(try Filetags.spawn(["/usr/bin/setfattr", "-x", "user.xdg.tags", kept]).status == 0)
        usleep(300_000)
        #expect(try Filetags.spawn(["/bin/sed", "-i", "s/x/y/", kept]).status == 0)
        usleep(500_000)
        #expect(attribute(kept) == nil)

        // A folder made after the watch began is watched too.
        _ = try tree.folder("later")
        usleep(300_000)
        let later = try tree.file("later/new.txt", tags: "fresh")
        #expect(try Filetags.run(["show", later], environment: env).status == 0)
        #expect(try Filetags.spawn(["/bin/sed", "-i", "s/a/b/", later]).status == 0)
        #expect(watcher.wait { attribute(later) == Array("fresh".utf8) }, "\(watcher.output) \(watcher.errors)")
        #expect(watcher.stop() == 0)
    }
}
