// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A headless Wayland session: sway with no outputs but a virtual one (shared/GTK-NOTES.md, "Wayland"),
/// run as an unprivileged user (sway refuses to run as root), keys from `wtype`, screenshots
/// from `grim`. Everything the session runs runs as that user, in a directory it owns.
final class WaylandSession {
    static let user = "wayland-tests"

    /// Whether the session can be made here: root (to run as the user), and sway, wtype, grim.
    static var isAvailable: Bool {
        getuid() == 0 && ["sway", "swaymsg", "wtype", "grim", "runuser"].allSatisfy(Command.exists)
    }

    let directory: String
    let runtime: String
    private let sway: Process
    private(set) var socket = ""
    private var started: [Process] = []

    /// Starts sway in `directory` (made the user's) with one output of `width` × `height`.
    init(in directory: String, width: Int, height: Int) throws {
        if (try? Command.run("id", [Self.user]))?.status != 0 {
            try Command.run("useradd", ["-m", Self.user])
        }
        self.directory = directory
        runtime = directory + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        try Command.run("chown", ["-R", Self.user, directory])
        let config = directory + "/sway.conf"
        try "output HEADLESS-1 resolution \(width)x\(height)\ndefault_border none\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        sway = Process()
        sway.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        if !FileManager.default.fileExists(atPath: "/usr/sbin/runuser") { sway.executableURL = URL(fileURLWithPath: "/sbin/runuser") }
        sway.arguments = ["-u", Self.user, "--", "env", "XDG_RUNTIME_DIR=\(runtime)", "WLR_BACKENDS=headless",
                          "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "sway", "-c", config]
        sway.standardOutput = FileHandle.nullDevice
        sway.standardError = FileHandle.nullDevice
        try sway.launchWithSignalsUnblocked()
        socket = try waitUntil("sway's socket") {
            try? FileManager.default.contentsOfDirectory(atPath: runtime).first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
        }
    }

    deinit {
        for process in started.reversed() { process.stop() }
        sway.stop()
    }

    /// The variables a Wayland client of the session needs.
    var environment: [String] { ["XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(socket)"] }

    /// Starts `command` as the session's user, in the background.
    func start(_ command: [String], environment extra: [String] = [], log: String) throws -> Process {
        let process = Process()
        process.executableURL = sway.executableURL
        process.arguments = ["-u", Self.user, "--", "env"] + environment + extra + command
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.launchWithSignalsUnblocked()
        started.append(process)
        return process
    }

    /// Runs `command` as the session's user to its end.
    @discardableResult
    func run(_ command: [String]) throws -> CommandResult {
        let result = try Command.run("runuser", ["-u", Self.user, "--", "env"] + environment + command)
        guard result.status == 0 else {
            throw EndToEndError(description: "\(command.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result
    }

    /// Keys as wtype sends them (its arguments: text, `-k KEY`, `-M ctrl` ...). Each wtype run
    /// loses its first key (a new virtual keyboard and keymap): a Shift press goes first.
    func keys(_ arguments: String...) throws {
        try run(["wtype", "-d", "30", "-k", "Shift_L"] + arguments)
    }
}

/// The tag editor started in a ``WaylandSession`` with the settings every Wayland test uses (the
/// Wayland backend, criticals fatal, a scratch data and config folder, the state report), and the
/// wait for its report to show something.
final class WaylandEditor {
    let process: Process
    let log: String
    private let state: String

    /// Starts the editor with `arguments`, its files under `scratch`.
    init(_ arguments: [String], in session: WaylandSession, scratch: String) throws {
        state = scratch + "/state.json"
        log = scratch + "/editor.log"
        process = try session.start([EditorProcess.binary] + arguments, environment: [
            "GDK_BACKEND=wayland", "G_DEBUG=fatal-criticals", "NO_AT_BRIDGE=1", "GSK_RENDERER=cairo",
            "XDG_DATA_HOME=\(scratch)/data", "XDG_CONFIG_HOME=\(scratch)/config", "TAG_EDITOR_STATE_FILE=\(state)",
        ], log: log)
    }

    /// What the editor wrote to standard error so far.
    var errors: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The first state report for which `condition` holds; the error names `what` and the last
    /// report seen (as `describe` words it), or the editor's exit and log.
    @discardableResult
    func shown(_ what: String, timeout: Double = 20, describe: (EditorState) -> String = { $0.summary },
               _ condition: (EditorState) -> Bool) throws -> EditorState {
        var last: EditorState?
        do {
            return try waitUntil("the editor to show \(what)", timeout: timeout) {
                guard process.isRunning else {
                    throw EndToEndError(description: "tag-editor exited (\(process.terminationStatus)): \(errors)")
                }
                guard let data = FileManager.default.contents(atPath: state),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
                let current = EditorState(object)
                last = current
                return condition(current) ? current : nil
            }
        } catch let error as EndToEndError {
            throw EndToEndError(description: error.description + "; it shows " + (last.map(describe) ?? "nothing"))
        }
    }
}
