// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An X server of the test's own (`Xvfb` on a free display number it picks itself, reported
/// through `-displayfd`), so the editors these tests start, their windows and the keys and
/// clicks sent to them never meet another test's, nor the in-process GTK tests' display.
final class VirtualDisplay {
    /// `:N`.
    let name: String
    /// The window that was last given the keyboard (``EditorProcess/focus()``).
    var focusedWindow: String?
    private let server: Process
    /// openbox, once ``startWindowManager()`` started it.
    private var windowManager: Process?
    var hasWindowManager: Bool { windowManager != nil }

    init(width: Int = 1600, height: Int = 1200) throws {
        for tool in ["Xvfb", "xdotool"] where !Command.exists(tool) {
            throw EndToEndError(description: "\(tool) is not installed (Resources/scripts/setup-debian.sh installs it)")
        }
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -noreset: an X server resets when its last client goes, and a client connecting
        // meanwhile (the next program a test starts, after one it quit) is refused.
        server.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.launchWithSignalsUnblocked()
        let number = try Self.readLine(output.fileHandleForReading.fileDescriptor, timeout: 15)
        guard let display = Int(number) else {
            server.terminate()
            throw EndToEndError(description: "Xvfb did not report a display number (got \"\(number)\")")
        }
        name = ":\(display)"
    }

    deinit {
        windowManager?.stop()
        server.stop()
    }

    /// Starts openbox on this display: it enforces windows' minimum sizes and resizes them as a
    /// desktop does (`xdotool windowsize`), and gives them the keyboard when activated.
    func startWindowManager() throws {
        guard windowManager == nil else { return }
        guard Command.exists("openbox") else {
            throw EndToEndError(description: "openbox is not installed (Resources/scripts/setup-debian.sh installs it)")
        }
        // openbox sometimes cannot open a display Xvfb has only just reported; it is tried again.
        var lastError: any Error = EndToEndError(description: "openbox did not start")
        for _ in 0..<5 {
            do {
                windowManager = try launchWindowManager()
                return
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    private func launchWindowManager() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openbox", "--sm-disable"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let log = try Scratch.temporaryFile("openbox")
        defer {
            try? log.handle.close()
            unlink(log.path)
        }
        process.standardOutput = log.handle
        process.standardError = log.handle
        try process.launchWithSignalsUnblocked()
        // Running once it has taken the root window's _NET_SUPPORTING_WM_CHECK.
        try waitUntil("openbox to start", timeout: 30) {
            guard process.isRunning else {
                let said = (try? String(contentsOfFile: log.path, encoding: .utf8)) ?? ""
                throw EndToEndError(description: "openbox exited (status \(process.terminationStatus)) on \(name): \(said)")
            }
            let result = try Command.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment)
            return result.stdout.contains("window id") ? true : nil
        }
        return process
    }

    /// What a program needs to open this display (and nothing else).
    var environment: [String: String] { ["DISPLAY": name, "WAYLAND_DISPLAY": ""] }

    /// Runs `xdotool` on this display.
    @discardableResult
    func xdotool(_ arguments: [String], timeout: Double = 15) throws -> String {
        let result = try Command.run("xdotool", arguments, environment: environment, timeout: timeout)
        guard result.status == 0 else {
            throw EndToEndError(description: "xdotool \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// Drags with the real pointer from `start` to `end` (screen coordinates) as a hand does: a
    /// press after `pause` seconds at the start, twelve steps of motion (so both windows see it)
    /// and the release just past the end.
    func dragPointer(from start: (x: Int, y: Int), to end: (x: Int, y: Int), pause: Double = 0) throws {
        try xdotool(["mousemove", "\(start.x)", "\(start.y)", "sleep", "\(pause)", "mousedown", "1"])
        for step in 1...12 {
            try xdotool(["mousemove", "\(start.x + (end.x - start.x) * step / 12)",
                         "\(start.y + (end.y - start.y) * step / 12)", "sleep", "0.04"])
        }
        try xdotool(["mousemove", "\(end.x + 2)", "\(end.y + 2)", "sleep", "0.2", "mouseup", "1"])
    }

    /// The override-redirect windows mapped on this display now, as GTK shows tooltips and
    /// popovers (read with xwininfo: each top-level window, then its map state).
    func mappedPopups() throws -> [(id: String, width: Int, height: Int)] {
        let children = try Command.run("xwininfo", ["-root", "-children"], environment: environment).stdout
        var popups: [(id: String, width: Int, height: Int)] = []
        for line in children.split(separator: "\n") {
            guard let id = line.split(separator: " ").first, id.hasPrefix("0x") else { continue }
            let info = try Command.run("xwininfo", ["-id", String(id)], environment: environment).stdout
            guard info.contains("Map State: IsViewable"), info.contains("Override Redirect State: yes") else { continue }
            func value(_ key: String) -> Int {
                info.split(separator: "\n").first { $0.contains(key) }
                    .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
            }
            popups.append((String(id), value("Width:"), value("Height:")))
        }
        return popups
    }

    private static func readLine(_ fd: Int32, timeout: Double) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while !bytes.contains(UInt8(ascii: "\n")) {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard remaining > 0, poll(&request, 1, remaining) > 0 else {
                throw EndToEndError(description: "Xvfb did not start within \(timeout) s")
            }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { throw EndToEndError(description: "Xvfb exited at start") }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
