// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension VirtualDisplay {
    /// Starts one of the package's example programs (built beside the tests) on this display, as
    /// the end-to-end tests run them (criticals fatal, X11, no accessibility bus), with its state
    /// report at `statePath` through the environment variable `stateVariable`; waits for its
    /// window and gives it the keyboard. Returns the window's id.
    func launchExample(_ process: Process, named name: String, _ arguments: [String],
                       stateVariable: String, statePath: String) throws -> String {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }
        environment[stateVariable] = statePath
        environment["G_DEBUG"] = "fatal-criticals"
        environment["NO_AT_BRIDGE"] = "1"
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.launchWithSignalsUnblocked()
        let found = try xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(process.processIdentifier)"],
                                timeout: 20)
        let window = try #require(found.split(separator: "\n").first.map(String.init))
        try xdotool(["windowfocus", "--sync", window])
        return window
    }
}

/// One of the package's example programs running on a ``VirtualDisplay`` (``VirtualDisplay/launchExample``),
/// stopped when the last reference goes; subclasses read its state report.
class ExampleProcess {
    let display: VirtualDisplay
    let process = Process()
    let statePath: String
    private(set) var window = ""

    init(_ name: String, _ arguments: [String], stateVariable: String, stateFile: String,
         on display: VirtualDisplay, scratch: Scratch) throws {
        self.display = display
        statePath = scratch.path + "/" + stateFile
        window = try display.launchExample(process, named: name, arguments,
                                           stateVariable: stateVariable, statePath: statePath)
    }

    deinit { process.stop() }
}
