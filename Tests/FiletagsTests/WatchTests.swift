// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

/// `filetags watch DIR` puts tags back the moment a program replaces a tagged file without them
/// (`sed -i` saves by renaming a new file over it), in folders made after it started too, and
/// leaves alone tags removed on purpose while it watched.
@Suite struct WatchTests {
    /// `filetags watch` in the background, its output and errors in files.
    final class Watcher {
        let pid: pid_t
        let out: String, err: String

        init(_ arguments: [String], environment: [String: String]) throws {
            out = "/tmp/filetags-watch-\(UUID().uuidString).out"
            err = out.replacingOccurrences(of: ".out", with: ".err")
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let argv = ([Filetags.binary] + arguments).map { strdup($0) }
            defer { argv.forEach { free($0) } }
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            let envp = variables.map { strdup("\($0.key)=\($0.value)") }
            defer { envp.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, Filetags.binary, &actions, nil, argv + [nil], envp + [nil]) == 0 else {
                throw Failure("cannot start filetags watch")
            }
            self.pid = pid
        }

        var output: String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

        /// Waits (up to 10 s, polling) until `condition` holds; whether it did.
        func wait(_ condition: () -> Bool) -> Bool {
            for _ in 0..<200 {
                if condition() { return true }
                usleep(50_000)
            }
            return condition()
        }

        /// Ends it with SIGTERM: its exit status.
        func stop() -> Int32 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            unlink(out)
            unlink(err)
            return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        }
    }

    @Test func aFileReplacedWithoutItsTagsGetsThemBackAtOnce() throws {
        let tree = try TreeDirectory()
        let env = ["XDG_DATA_HOME": try tree.folder(".data")]
        let notes = try tree.file("notes.txt", tags: "draft, Work")
        let kept = try tree.file("kept.txt", tags: "one")
        try "first\n".write(toFile: notes, atomically: false, encoding: .utf8)
        let watcher = try Watcher(["watch", tree.path], environment: env)
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
