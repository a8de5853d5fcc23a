// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A real `tag-editor` process on a ``VirtualDisplay``, driven as a user drives it: `xdotool`
/// gives its window the keyboard, types, presses keys and clicks. What its window shows is read
/// from the state report the program writes when `TAG_EDITOR_STATE_FILE` is set (documented in
/// `Sources/tag-editor/Instruments/StateReport.swift`).
final class EditorProcess {
    /// The binary under test: beside the test runner in the build directory, or
    /// `$TAG_EDITOR_BINARY` (to check that a test fails on an older build).
    static var binary: String {
        if let override = ProcessInfo.processInfo.environment["TAG_EDITOR_BINARY"] { return override }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("tag-editor").path
    }

    let display: VirtualDisplay
    let process: Process
    let statePath: String
    let errorLogPath: String
    /// The X window id of its window.
    private(set) var window = ""

    /// Starts `tag-editor arguments` and waits until its window is mapped and it has reported.
    ///
    /// - Parameter dataHome: its `XDG_DATA_HOME`, so no test ever touches a real collection.
    /// - Parameter environment: more variables (`LANGUAGE`), over the ones above.
    /// - Parameter position: where to put its window (with no window manager, windows would
    ///   overlap at 0,0 and a click meant for one would land on the other).
    /// The placement of the chips the tests run the editor with (nil: no `--placement`, the app's
    /// default, which is the GtkFixed).
    static let placement = "fixed"

    /// - Parameter environment: more variables for it (its `XDG_CONFIG_HOME` is `dataHome/config`
    ///   unless given here, so no test reads or writes the user's settings).
    init(_ arguments: [String], on display: VirtualDisplay, dataHome: String, directory: String? = nil,
         position: (x: Int, y: Int)? = nil, placement: String? = EditorProcess.placement,
         environment extra: [String: String] = [:]) throws {
        self.display = display
        statePath = dataHome + "/state-\(UUID().uuidString).json"
        errorLogPath = dataHome + "/stderr-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: errorLogPath, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = (placement.map { ["--placement", $0] } ?? []) + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
        environment["XDG_DATA_HOME"] = dataHome
        environment["TAG_EDITOR_STATE_FILE"] = statePath
        // Any GTK critical aborts the editor, and the test sees it die.
        environment["G_DEBUG"] = "fatal-criticals"
        environment["NO_AT_BRIDGE"] = "1"
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        environment["XDG_CONFIG_HOME"] = dataHome + "/config"
        environment.merge(EditorProcess.fixedEnvironment) { $1 }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorLogPath)
        try process.launchWithSignalsUnblocked()
        try attachWindow()
        if let position { try display.xdotool(["windowmove", "--sync", window, "\(position.x)", "\(position.y)"]) }
    }

    /// What every editor a test starts runs with, unless the test gives other values: English
    /// messages whatever the machine's locale (the tests read English strings; a test asks for
    /// French with `LANGUAGE=fr`, which gettext follows under `LC_MESSAGES=C.UTF-8`, as it does
    /// not under plain `C`), and its settings in a GSettings key file under its
    /// `XDG_CONFIG_HOME` (`glib-2.0/settings/keyfile`), never the user's dconf database.
    static let fixedEnvironment = [
        "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "C.UTF-8",
        "GSETTINGS_BACKEND": "keyfile",
    ]

    deinit {
        process.stop()
    }

    private func attachWindow() throws {
        let pid = process.processIdentifier
        let found = try display.xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(pid)"], timeout: 20)
        guard let id = found.split(separator: "\n").first.map(String.init) else {
            throw EndToEndError(description: "tag-editor (pid \(pid)) mapped no window; stderr: \(errors)")
        }
        window = id
        _ = try state("its first state report") { _ in true }
    }

    /// What it wrote on standard error.
    var errors: String { (try? String(contentsOfFile: errorLogPath, encoding: .utf8)) ?? "" }

    /// The latest state report, or `nil` before the first.
    var currentState: EditorState? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return EditorState(object)
    }

    /// Waits until the window shows what `condition` accepts; fails if the editor dies meanwhile.
    @discardableResult
    func state(_ what: @autoclosure () -> String, timeout: Double = 15,
               _ condition: (EditorState) -> Bool) throws -> EditorState {
        try state(what(), timeout: timeout, whileSaving: false, condition)
    }

    /// ``state(_:timeout:_:)``; with `whileSaving`, a state whose changes are still being
    /// written counts too (what the window shows while a write waits).
    func state(_ what: @autoclosure () -> String, timeout: Double = 15, whileSaving: Bool,
               _ condition: (EditorState) -> Bool) throws -> EditorState {
        do {
            return try waitUntil("the editor to show \(what())", timeout: timeout) {
                guard process.isRunning else {
                    throw EndToEndError(description: "tag-editor exited (status \(process.terminationStatus)) "
                                        + "while waiting for \(what()); stderr: \(errors)")
                }
                // What the window shows is on disk too: a collection's or the files' changes are
                // written in the background, and the report says while they are.
                return currentState.flatMap { (whileSaving || !$0.saving) && condition($0) ? $0 : nil }
            }
        } catch let error as EndToEndError {
            let said = errors.split(separator: "\n").filter { !$0.contains("session bus") && !$0.isEmpty }.suffix(3)
            throw EndToEndError(description: error.description + "; it shows \(currentState?.summary ?? "nothing")"
                                + (said.isEmpty ? "" : "; its stderr ends: " + said.joined(separator: " | ")))
        }
    }

    // MARK: Input, as a user gives it

    /// Gives its window the keyboard (`windowfocus`: there is no window manager to activate it),
    /// unless it has it. GTK's own idea of which window is active is not waited for: without a
    /// window manager it can stay "active" after X moved the focus on, while X delivers the keys
    /// to the focused window, in order, after the focus change.
    func focus() throws {
        if display.hasWindowManager { return try activate() }
        let focused = try display.xdotool(["getwindowfocus", "-f"]).trimmingCharacters(in: .whitespacesAndNewlines)
        if focused == window && display.focusedWindow == window { return }
        try display.xdotool(["windowfocus", "--sync", window])
        display.focusedWindow = window
    }

    /// With a window manager: asks it to activate the window, as a click on its title would, and
    /// waits until GTK knows the window is active (keys sent before would reach a window that
    /// the window manager is still busy focusing).
    func activate() throws {
        if display.focusedWindow == window, currentState?.active == true { return }
        try display.xdotool(["windowactivate", "--sync", window])
        display.focusedWindow = window
        try state("its window active") { $0.active }
    }

    /// Types text into whatever has the focus in its window.
    func type(_ text: String) throws {
        try focus()
        try display.xdotool(["type", "--delay", "4", "--", text])
    }

    /// Presses keys or chords ("Return", "ctrl+a").
    func key(_ keys: String...) throws {
        try focus()
        try display.xdotool(["key", "--delay", "4"] + keys)
    }

    /// Moves the pointer to a point of its window and clicks (`count` 2: a double-click).
    func click(x: Double, y: Double, count: Int = 1) throws {
        try focus()
        try display.xdotool(["mousemove", "--window", window, "\(Int(x.rounded()))", "\(Int(y.rounded()))",
                             "click", "--repeat", "\(count)", "--delay", "60", "1"])
    }

    /// Clicks into the entry (after a click on a chip the focus is elsewhere).
    /// A popover that has just closed may still hold X's pointer grab and take a click meant for
    /// the entry: the click is given once more if the focus has not come after a few seconds.
    func clickEntry() throws {
        let shown = try state("the entry") { $0.entryCentre != nil }
        try click(x: shown.entryCentre!.x, y: shown.entryCentre!.y)
        if (try? state("the entry focused", timeout: 3) { $0.focus == "entry" }) != nil { return }
        try click(x: shown.entryCentre!.x, y: shown.entryCentre!.y)
        try state("the entry focused") { $0.focus == "entry" }
    }

    /// Adds a tag as a user does: click into the entry, type it (over what a refused attempt
    /// left there), press Enter.
    func addTag(_ name: String) throws {
        try clickEntry()
        try key("ctrl+a")
        try type(name)
        try key("Return")
    }

    /// Puts `text` into the entry as a user pastes it (the clipboard, then Ctrl+V), replacing
    /// what is there, and waits until the entry shows it. Text outside the keyboard map is pasted
    /// rather than typed: `xdotool type` remaps a spare key for each such character, and a key
    /// pressed before GTK has seen the new map comes out wrong.
    func paste(_ text: String) throws {
        let file = NSTemporaryDirectory() + "tag-editor-clip-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        // In the foreground (-quiet), serving the paste; it would otherwise fork a daemon.
        let clipboard = Process()
        clipboard.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        clipboard.arguments = ["xclip", "-quiet", "-selection", "clipboard", "-i", file]
        clipboard.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
        clipboard.standardOutput = FileHandle.nullDevice
        clipboard.standardError = FileHandle.nullDevice
        try clipboard.launchWithSignalsUnblocked()
        defer { clipboard.stop() }
        try clickEntry()
        try key("ctrl+a")
        // xclip owns the clipboard once it has read the file; until then Ctrl+V pastes nothing.
        try waitUntil("the text pasted") {
            try key("ctrl+v")
            return try? state("the pasted text", timeout: 1) { $0.entry == text }
        }
    }

    /// The window's title as X has it.
    func windowTitle() throws -> String {
        try display.xdotool(["getwindowname", window]).trimmingCharacters(in: .newlines)
    }

    /// `kill -9`.
    func killHard() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// One state report: what the editor's window shows.
struct EditorState {
    struct Chip {
        var name: String
        var count: Int
        var total: Int
        var centre: (x: Double, y: Double)?
        var remove: (x: Double, y: Double)?
    }

    struct File {
        var path: String
        var readOnly: String?
        var unreadable: String?
        var leaveOut: (x: Double, y: Double)?
    }

    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    var seq: Int { values["seq"] as? Int ?? 0 }
    var title: String { values["title"] as? String ?? "" }
    var entry: String { values["entry"] as? String ?? "" }
    var entryEditable: Bool { values["entryEditable"] as? Bool ?? false }
    var entryTooltip: String? { values["entryTooltip"] as? String }
    var message: String? { values["message"] as? String }
    var focus: String { values["focus"] as? String ?? "" }
    var active: Bool { values["active"] as? Bool ?? false }
    var renaming: String? { values["renaming"] as? String }
    var settled: Bool { values["settled"] as? Bool ?? false }
    /// Changes shown that are still being written to the collection or the open files (in the
    /// background).
    var saving: Bool { values["saving"] as? Bool ?? false }
    var actions: Int { values["actions"] as? Int ?? 0 }
    var reloads: Int { values["reloads"] as? Int ?? 0 }
    var lastActionError: String? { (values["lastAction"] as? [String: Any])?["error"] as? String }
    var entryCentre: (x: Double, y: Double)? { Self.point(values, "entryX", "entryY") }
    var filesButton: (x: Double, y: Double)? { Self.point(values, "filesButtonX", "filesButtonY") }
    var placement: String { values["placement"] as? String ?? "" }
    var chipParent: String? { values["chipParent"] as? String }
    var placementChoiceOpen: Bool { panelChoice("Chips placed")?.open ?? false }
    var figures: String { values["figures"] as? String ?? "" }
    var placementChoice: (x: Double, y: Double)? { panelChoice("Chips placed").map { ($0.x, $0.y) } }

    var chips: [Chip] {
        (values["chips"] as? [[String: Any]] ?? []).map { chip in
            let x = chip["x"] as? Double, y = chip["y"] as? Double
            let width = chip["width"] as? Double, height = chip["height"] as? Double
            var centre: (x: Double, y: Double)?
            if let x, let y, let width, let height { centre = (x + min(width / 3, 20), y + height / 2) }
            return Chip(name: chip["name"] as? String ?? "", count: chip["count"] as? Int ?? 0,
                        total: chip["total"] as? Int ?? 0, centre: centre,
                        remove: Self.point(chip, "removeX", "removeY"))
        }
    }

    var names: [String] { chips.map(\.name) }

    /// The state in a line, for failure messages.
    var summary: String {
        "seq \(seq), actions \(actions), last \(values["lastAction"] ?? "none"), focus \(focus), entry “\(entry)”, "
            + "renaming \(renaming ?? "none"), settled \(settled), message \(message ?? "none"), chips \(names)"
    }

    func chip(_ name: String) -> Chip? { chips.first { $0.name == name } }

    var files: [File] {
        (values["files"] as? [[String: Any]] ?? []).map { file in
            File(path: file["path"] as? String ?? "", readOnly: file["readOnly"] as? String,
                 unreadable: file["unreadable"] as? String, leaveOut: Self.point(file, "leaveOutX", "leaveOutY"))
        }
    }

    private static func point(_ values: [String: Any], _ x: String, _ y: String) -> (x: Double, y: Double)? {
        guard let x = values[x] as? Double, let y = values[y] as? Double else { return nil }
        return (x, y)
    }
}
