import Foundation
import Testing

extension EndToEnd {
    /// No session bus, but an accessibility bus reachable (`AT_SPI_BUS_ADDRESS`, as a stale bus of
    /// an earlier session leaves it): the application, registered on no bus, has no D-Bus object
    /// path, and GTK 4.8 emitted its accessibility signals with none: a critical for every object
    /// (an abort under fatal criticals) as soon as the window showed, hundreds more while the
    /// virtual list scrolled. The editor now leaves accessibility off when there is no session
    /// bus, which no screen reader could reach it without.
    @Suite struct StaleAccessibilityBus {
        @Test func aReachableAccessibilityBusWithoutASessionBusLogsNoCritical() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            // A bus for the accessibility side, as at-spi-bus-launcher leaves one behind.
            let addressFile = try Scratch.temporaryFile("a11y-bus")
            defer { unlink(addressFile.path) }
            let daemon = Process()
            daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            daemon.arguments = ["--session", "--nofork", "--print-address=1"]
            daemon.standardOutput = addressFile.handle
            try daemon.launchWithSignalsUnblocked()
            defer { daemon.stop() }
            let address = try waitUntil("the accessibility bus's address") { () -> String? in
                let text = (try? String(contentsOfFile: addressFile.path, encoding: .utf8)) ?? ""
                return text.hasSuffix("\n") ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
            }
            let noAutolaunch = scratch.path + "/no-autolaunch"
            try FileManager.default.createDirectory(atPath: noAutolaunch, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: noAutolaunch + "/dbus-launch", contents: Data("#!/bin/sh\nexit 1\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
            let tags = scratch.path + "/tags.txt"
            try (0..<3000).map { "tag-\($0)" }.joined(separator: "\n").write(toFile: tags, atomically: true, encoding: .utf8)
            let log = try Scratch.temporaryFile("stale-a11y")
            defer { unlink(log.path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: EditorProcess.binary)
            process.arguments = ["--tags", tags]
            var environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            for name in ["DBUS_SESSION_BUS_ADDRESS", "NO_AT_BRIDGE", "GTK_A11Y"] { environment[name] = nil }
            environment["PATH"] = noAutolaunch + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["AT_SPI_BUS_ADDRESS"] = address
            environment["XDG_DATA_HOME"] = scratch.path
            environment["XDG_CONFIG_HOME"] = scratch.path + "/config"
            environment["G_DEBUG"] = "fatal-criticals"
            environment["GDK_BACKEND"] = "x11"
            process.environment = environment
            process.standardOutput = log.handle
            process.standardError = log.handle
            try process.launchWithSignalsUnblocked()
            defer { process.stop() }
            let window = try display.waitForWindow(named: "Tags — tags.txt.*", timeout: 30)
            for _ in 0..<6 {
                try display.xdotool(["mousemove", "--window", window, "200", "250", "click", "--repeat", "4", "5"])
            }
            try display.xdotool(["key", "--window", window, "End"])
            Thread.sleep(forTimeInterval: 1)
            let running = process.isRunning
            try display.xdotool(["windowfocus", "--sync", window])
            try display.xdotool(["key", "ctrl+q"])
            try waitUntil("the editor to end after Ctrl+Q", timeout: 15) { process.isRunning ? nil : true }
            try? log.handle.close()
            let said = (try? String(contentsOfFile: log.path, encoding: .utf8)) ?? ""
            #expect(running, "the editor died: \(said)")
            #expect(process.terminationStatus == 0, "\(said)")
            #expect(!said.contains("CRITICAL"), "\(said)")
        }
    }
}
