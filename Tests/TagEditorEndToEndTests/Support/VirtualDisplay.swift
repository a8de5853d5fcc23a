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

    init(width: Int = 1600, height: Int = 1200) throws {
        for tool in ["Xvfb", "xdotool"] where !Command.exists(tool) {
            throw EndToEndError(description: "\(tool) is not installed (Resources/scripts/setup-debian.sh installs it)")
        }
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
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
        server.stop()
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
