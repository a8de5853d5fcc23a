import Foundation

/// `openbox` on a ``VirtualDisplay``: a window manager enforces a window's minimum size when a
/// test resizes it, as a desktop does (without one, X lets a window be made any size).
final class WindowManager {
    private let process: Process

    init(on display: VirtualDisplay) throws {
        for tool in ["openbox", "xprop"] where !Command.exists(tool) {
            throw EndToEndError(description: "\(tool) is not installed (Resources/scripts/setup-debian.sh installs it)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openbox", "--sm-disable"]
        process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.launchWithSignalsUnblocked()
        // Running once it has named itself on the root window (EWMH's supporting-WM check).
        try waitUntil("openbox to start", timeout: 40) {
            let result = try Command.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: display.environment)
            return result.stdout.contains("window id") ? true : nil
        }
    }

    deinit {
        process.stop()
    }
}

extension EditorProcess {
    // Resizing the window through the window manager: `resize(width:height:)` in ShellSupport.swift.

    /// The window's size as X has it.
    func geometry() throws -> (width: Int, height: Int) {
        let geometry = try display.xdotool(["getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2, let number = Int(parts[1]) { values[String(parts[0])] = number }
        }
        return (values["WIDTH"] ?? 0, values["HEIGHT"] ?? 0)
    }

    /// The clipboard's text, as another program reads it (`xclip -o`).
    func clipboard() throws -> String {
        try Command.run("xclip", ["-o", "-selection", "clipboard"], environment: display.environment).stdout
    }
}
