// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
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
            let tags = scratch.path + "/tags.txt"
            try (0..<3000).map { "tag-\($0)" }.joined(separator: "\n").write(toFile: tags, atomically: true, encoding: .utf8)
            // GTK_A11Y unset (runUntilQuit clears it): the editor decides whether to use AT-SPI.
            let said = try RunCommandAndDrag.runUntilQuit(EditorProcess.binary, ["--tags", tags], on: display, scratch: scratch,
                                                          windowName: "Tags — tags.txt.*",
                                                          environment: ["AT_SPI_BUS_ADDRESS": address]) { window in
                // The virtual list makes and drops chips as it scrolls: each was a critical.
                for _ in 0..<6 {
                    try display.xdotool(["mousemove", "--window", window, "200", "250", "click", "--repeat", "4", "5"])
                }
                try display.xdotool(["key", "--window", window, "End"])
                Thread.sleep(forTimeInterval: 1)
            }
            #expect(!said.contains("CRITICAL"), "\(said)")
        }
    }
}
