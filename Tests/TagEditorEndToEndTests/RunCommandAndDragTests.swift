// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 26, item 13: no GTK critical from a drag that only passes over the window, and no
    /// session-bus warning from the README's run command.
    @Suite struct RunCommandAndDrag {
        /// Files dragged over the entry, the chips and the status line and out again, released
        /// over their source: the editor (criticals fatal) keeps running, logs no critical,
        /// opens nothing; a drop afterwards still opens the file.
        @Test func aDragThatEntersAndLeavesLogsNoCritical() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x,y"), d = scratch.file("d.txt", tags: "z")
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips placed") { $0.settled && $0.chip("y")?.centre != nil && $0.entryCentre != nil }
            let source = try FileDragSource(files: [d], on: display)
            let entry = shown.entryCentre!, chip = shown.chip("y")!.centre!
            for _ in 0..<2 {
                try source.dragOver(editor, through: [entry, chip, (chip.x + 200, chip.y + 200), entry])
            }
            try display.xdotool(["sleep", "0.5"])
            #expect(editor.isRunning, "\(editor.errors)")
            #expect(!editor.errors.contains("CRITICAL") && !editor.errors.contains("WARNING"), "\(editor.errors)")
            #expect(try editor.state("still one file") { _ in true }.files.count == 1)
            try source.drag(to: editor, x: chip.x, y: chip.y + 100)
            try editor.state("d.txt opened by a real drop") { $0.files.count == 2 }
        }

        /// A GTK 3 file manager's second drag, after a first one was dropped: it sets its action
        /// list at the drag's start, which GDK read into the finished drop (the critical a new
        /// user met with pcmanfm). The second drag passes over the window and leaves; the editor,
        /// criticals fatal, keeps running and logs nothing; a third drag is dropped and opens
        /// its file.
        @Test func aGTK3FileManagersNextDragAfterADropLogsNoCritical() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x"), d = scratch.file("d.txt", tags: "z")
            let editor = try EditorProcess([a], on: display, dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips placed") { $0.settled && $0.chip("x")?.centre != nil }
            let chip = shown.chip("x")!.centre!
            let source = try FileDragSource(files: [d], on: display, gtk3: true)
            try source.drag(to: editor, x: chip.x, y: chip.y + 100)
            try editor.state("d.txt opened") { $0.files.count == 2 }
            try source.dragOver(editor, through: [chip, (chip.x + 200, chip.y + 150)])
            try display.xdotool(["sleep", "0.5"])
            #expect(editor.isRunning, "\(editor.errors)")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
            try source.drag(to: editor, x: chip.x, y: chip.y + 100)
            let again = try editor.state("the third drag answered") { $0.message?.contains("d.txt is already open") == true }
            #expect(again.files.count == 2 && !editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// `Resources/scripts/tag-editor.sh` with a display and no session bus, on a system where
        /// GLib cannot start one through X11 either (a `dbus-launch` that fails, first on `PATH`,
        /// as without dbus-x11): the editor (the interactive application, which registers on the
        /// bus) starts under a bus of its own and nothing says "Unable to acquire session bus".
        /// The bare binary says nothing either: with no session bus it leaves GTK's accessibility
        /// off (which would need one, and asked for it with that warning), see
        /// StaleAccessibilityBusTests.
        @Test func theRunCommandStartsASessionBus() throws {
            guard Command.exists("dbus-run-session") else {
                Issue.record("dbus-run-session is not installed (Resources/scripts/setup-debian.sh installs dbus)")
                return
            }
            let scratch = try Scratch(), display = try VirtualDisplay()
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Resources/scripts/tag-editor.sh").path
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one"], at: collection)
            for (tool, expectsWarning) in [(script, false), (EditorProcess.binary, false)] {
                let errors = try Self.runUntilQuit(tool, ["--collection", collection], on: display, scratch: scratch)
                #expect(errors.contains("Unable to acquire session bus") == expectsWarning, "\(tool): \(errors)")
                #expect(!errors.contains("CRITICAL"), "\(tool): \(errors)")
                // The bus's own messages (and those of the accessibility services it starts,
                // whose registry can log a critical as the bus goes away) are in its log.
                #expect(!errors.contains("dbus-daemon"), "\(tool): \(errors)")
            }
            let busLog = scratch.path + "/cache/tag-editor/session-bus.log"
            #expect(FileManager.default.fileExists(atPath: busLog), "the script's session bus logs to \(busLog)")
        }

        /// The run command started in a folder of the user's takes relative paths from there, as
        /// any command does: `--collection mytags.json` is that folder's file (it was the
        /// repository's, where the script changed directory to build).
        @Test func theRunCommandTakesRelativePathsFromWhereItIsStarted() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            let script = repository + "/Resources/scripts/tag-editor.sh"
            let folder = scratch.path + "/mine"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try OnDisk.writeCollection(["mine"], at: folder + "/mytags.json")
            let errors = try Self.runUntilQuit(script, ["--collection", "mytags.json"], on: display, scratch: scratch,
                                               directory: folder) { _ in }
            #expect(!errors.contains("CRITICAL"), "\(errors)")
            #expect(OnDisk.collection(at: folder + "/mytags.json") == ["mine"])
            #expect(!FileManager.default.fileExists(atPath: repository + "/mytags.json"), "a collection was made in the repository")
        }

        /// Runs `tool` on `display` without a session bus, and with no way for GLib to start one
        /// (a `dbus-launch` that fails, first on `PATH`), until its window named `windowName`
        /// shows; then runs `meanwhile` with the window, quits it with Ctrl+Q and returns its
        /// standard error. `directory`: where it is started (the test's own by default).
        static func runUntilQuit(_ tool: String, _ arguments: [String], on display: VirtualDisplay,
                                 scratch: Scratch, windowName: String = "Tag collection",
                                 environment extra: [String: String] = [:], directory: String? = nil,
                                 meanwhile: (String) throws -> Void = { _ in }) throws -> String {
            let firstOnPath = scratch.path + "/no-autolaunch"
            try FileManager.default.createDirectory(atPath: firstOnPath, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: firstOnPath + "/dbus-launch", contents: Data("#!/bin/sh\nexit 1\n".utf8),
                                           attributes: [.posixPermissions: 0o755])
            let log = try Scratch.temporaryFile("run-command")
            defer { unlink(log.path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            var environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            for name in ["DBUS_SESSION_BUS_ADDRESS", "NO_AT_BRIDGE", "GTK_A11Y"] { environment[name] = nil }
            environment["PATH"] = firstOnPath + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["TAG_EDITOR_BINARY"] = EditorProcess.binary
            environment["XDG_DATA_HOME"] = scratch.path
            environment["XDG_CONFIG_HOME"] = scratch.path + "/config"
            environment["XDG_CACHE_HOME"] = scratch.path + "/cache"
            environment["G_DEBUG"] = "fatal-criticals"
            environment["GDK_BACKEND"] = "x11"
            environment.merge(extra) { $1 }
            process.environment = environment
            process.standardOutput = log.handle
            process.standardError = log.handle
            try process.launchWithSignalsUnblocked()
            defer { process.stop() }
            let window: String
            do {
                window = try display.waitForWindow(named: windowName, timeout: 30)
            } catch {
                try? log.handle.close()
                let said = (try? String(contentsOfFile: log.path, encoding: .utf8)) ?? ""
                throw EndToEndError(description: "\(error); \(tool) running: \(process.isRunning) (status \(process.isRunning ? 0 : process.terminationStatus)); it said: \(said)")
            }
            try meanwhile(window)
            try display.xdotool(["windowfocus", "--sync", window])
            try display.xdotool(["key", "ctrl+q"])
            try waitUntil("\(tool) to end after Ctrl+Q", timeout: 15) { process.isRunning ? nil : true }
            try? log.handle.close()
            return (try? String(contentsOfFile: log.path, encoding: .utf8)) ?? ""
        }
    }
}
