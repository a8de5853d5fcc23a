// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A failure of the test machinery itself (a tool missing, a wait that ran out), with what it
/// was waiting for.
struct EndToEndError: Error, CustomStringConvertible {
    var description: String
}

/// What a finished command printed.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Command {
    /// Runs `tool` (found on `PATH`) to completion, killing it after `timeout` seconds.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: String? = nil, timeout: Double = 20) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // Files, not pipes: a chatty tool can never block on a full pipe while we wait for it.
        let out = try Scratch.temporaryFile("out"), err = try Scratch.temporaryFile("err")
        defer {
            try? out.handle.close()
            try? err.handle.close()
            unlink(out.path)
            unlink(err.path)
        }
        process.standardOutput = out.handle
        process.standardError = err.handle
        try process.launchWithSignalsUnblocked()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw EndToEndError(description: "\(tool) \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        }
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             stdout: (try? String(contentsOfFile: out.path, encoding: .utf8)) ?? "",
                             stderr: (try? String(contentsOfFile: err.path, encoding: .utf8)) ?? "")
    }

    /// Whether `tool` is on `PATH`.
    static func exists(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            access("\($0)/\(tool)", X_OK) == 0
        }
    }
}

/// Polls `probe` until it returns a value, for at most `timeout` seconds. Every wait in these
/// tests is one of these: no fixed sleeps, and a clear failure naming what never happened.
@discardableResult
func waitUntil<T>(_ what: @autoclosure () -> String, timeout: Double = 15,
                  _ probe: () throws -> T?) throws -> T {
    let deadline = Date().addingTimeInterval(timeout)
    var pause: UInt32 = 1_000
    while true {
        if let value = try probe() { return value }
        if Date() > deadline { throw EndToEndError(description: "timed out after \(timeout) s waiting for \(what())") }
        usleep(pause)
        pause = min(pause * 2, 20_000)
    }
}

/// Scratch files and directories for one test, removed with it.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "tag-editor-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates an empty file (or one with `tags` in its `user.xdg.tags`).
    func file(_ name: String, tags: String? = nil) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data("content of \(name)\n".utf8))
        if let tags { OnDisk.setTags(tags, of: file) }
        return file
    }

    var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }

    static func temporaryFile(_ name: String) throws -> (path: String, handle: FileHandle) {
        let path = NSTemporaryDirectory() + "tag-editor-e2e-\(name)-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw EndToEndError(description: "cannot create \(path)")
        }
        return (path, handle)
    }
}

extension Process {
    /// Starts the process with its signals unblocked. A child inherits the signal mask of the
    /// thread that starts it, and the test runner's worker threads block nearly every signal: a
    /// program started from one could not be stopped by SIGTERM. SIGCHLD stays blocked: this
    /// thread must not take the signal by which Foundation learns that a child ended.
    func launchWithSignalsUnblocked() throws {
        var onlyChild = sigset_t(), previous = sigset_t()
        sigemptyset(&onlyChild)
        sigaddset(&onlyChild, SIGCHLD)
        pthread_sigmask(SIG_SETMASK, &onlyChild, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }

    /// Ends the process: SIGTERM, then SIGKILL if it is still there after a few seconds.
    func stop() {
        guard isRunning else { return }
        kill(processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while isRunning && Date() < deadline { usleep(5_000) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}
