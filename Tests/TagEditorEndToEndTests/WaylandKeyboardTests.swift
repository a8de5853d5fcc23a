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

extension EndToEnd {
    /// The keyboard tests' behaviours under Wayland, as most GNOME users run GTK: typing, the
    /// comma, Enter, Backspace's two presses, undo, Ctrl+A and Delete on the chips as one undo
    /// step, and a 360 px wide window, checked on disk and
    /// in the state report, with GTK criticals fatal.
    @Suite(.enabled(if: WaylandSession.isAvailable, "needs root, sway, wtype and grim")) struct WaylandKeyboard {
        @Test func typingBackspaceAndUndoUnderWayland() throws {
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json", state = scratch.path + "/state.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let session = try WaylandSession(in: scratch.path, width: 360, height: 600)
            let editor = try session.start([EditorProcess.binary, "--collection", collection], environment: [
                "GDK_BACKEND=wayland", "G_DEBUG=fatal-criticals", "NO_AT_BRIDGE=1", "GSK_RENDERER=cairo",
                "XDG_DATA_HOME=\(scratch.path)/data", "XDG_CONFIG_HOME=\(scratch.path)/config",
                "TAG_EDITOR_STATE_FILE=\(state)",
            ], log: scratch.path + "/editor.log")
            func shown(_ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
                var last: EditorState?
                do {
                    return try waitUntil("the editor to show \(what)") {
                    guard editor.isRunning else {
                        throw EndToEndError(description: "tag-editor exited (\(editor.terminationStatus)): "
                                            + ((try? String(contentsOfFile: scratch.path + "/editor.log", encoding: .utf8)) ?? ""))
                    }
                    guard let data = FileManager.default.contents(atPath: state),
                          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
                    let current = EditorState(object)
                    last = current
                    return condition(current) ? current : nil
                    }
                } catch let error as EndToEndError {
                    throw EndToEndError(description: error.description + "; it shows "
                                        + (last.map { "\($0.summary), active \($0.active), width \($0.windowWidth)" } ?? "nothing"))
                }
            }
            let start = try shown("its window with the entry focused") {
                $0.focus == "entry" && $0.settled && $0.names == ["a", "b", "c"]
            }
            #expect(start.windowWidth == 360, "\(start.windowWidth)")

            try session.keys("x1,x2", "-k", "Return")
            try waitUntil("x1 and x2 on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"] ? true : nil }
            try session.keys("-k", "BackSpace")
            try shown("x2 selected") { $0.isSelected("x2") }
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"])
            try session.keys("-k", "BackSpace")
            try waitUntil("x2 removed on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("x2 back on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("the add of x2 undone") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            let after = try shown("the window as on disk") { $0.names == ["a", "b", "c", "x1"] && $0.settled }
            #expect(after.message?.contains("Undone") == true, "\(after.message ?? "no message")")

            // Several chips at once, by keyboard: Tab to the first chip, Ctrl+A selects every
            // chip, Delete removes them all, one Ctrl+Z brings them all back.
            try session.keys("-k", "Tab")
            try shown("a focused") { $0.focus == "chip:a" }
            try session.keys("-M", "ctrl", "-k", "a", "-m", "ctrl")
            try shown("every chip selected") { $0.selectedNames == ["a", "b", "c", "x1"] }
            try session.keys("-k", "Delete")
            try waitUntil("every tag removed") { OnDisk.collection(at: collection) == [] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("all four back in one undo") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            try shown("the four shown again") { $0.names == ["a", "b", "c", "x1"] && $0.settled }

            let picture = scratch.path + "/wayland-360.png"
            try session.run(["grim", picture])
            let bytes = try #require(FileManager.default.contents(atPath: picture))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            // The PNG's header: width and height, big-endian, at bytes 16 and 20.
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 360)
            if let keep = ProcessInfo.processInfo.environment["TAG_EDITOR_WAYLAND_SCREENSHOT"] {
                try? FileManager.default.removeItem(atPath: keep)
                try FileManager.default.copyItem(atPath: picture, toPath: keep)
            }
            #expect(editor.isRunning)
            let log = (try? String(contentsOfFile: scratch.path + "/editor.log", encoding: .utf8)) ?? ""
            #expect(!log.contains("CRITICAL"), "\(log)")
        }
    }
}
