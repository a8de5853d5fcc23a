// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// What the end-to-end tests of the application shell read and do besides the data tests: the
// state report's shell fields, other windows of the display (dialogs, a drag source), window
// sizes under openbox, and files dragged onto the editor.

extension EditorState {
    struct Bounds {
        var x: Double, y: Double, left: Double, right: Double, width: Double
    }

    var windowWidth: Int { values["windowWidth"] as? Int ?? 0 }
    var windowHeight: Int { values["windowHeight"] as? Int ?? 0 }
    var optionsShown: Bool { values["optionsShown"] as? Bool ?? false }
    var undoSteps: Int { values["undoSteps"] as? Int ?? 0 }
    var redoSteps: Int { values["redoSteps"] as? Int ?? 0 }
    var messageIsError: Bool { values["messageIsError"] as? Bool ?? false }
    var status: String { values["status"] as? String ?? "" }
    var statusEllipsized: Bool { values["statusEllipsized"] as? Bool ?? true }
    var lastActionKind: String? { (values["lastAction"] as? [String: Any])?["kind"] as? String }

    /// A header bar button (`open`, `options`, `menu`, `files`), the `entry`, or `toastClose`.
    func widget(_ name: String) -> Bounds? {
        guard let fields = (values["widgets"] as? [String: Any])?[name] as? [String: Any],
              let x = fields["x"] as? Double, let y = fields["y"] as? Double, let left = fields["left"] as? Double,
              let right = fields["right"] as? Double, let width = fields["width"] as? Double else { return nil }
        return Bounds(x: x, y: y, left: left, right: right, width: width)
    }

    /// A drop-down of the options panel, by its row's title.
    struct PanelChoice {
        var x: Double, y: Double, visible: Bool, open: Bool, selected: Int
    }

    func panelChoice(_ title: String) -> PanelChoice? {
        guard let fields = (values["panelChoices"] as? [String: Any])?[title] as? [String: Any],
              let x = fields["x"] as? Double, let y = fields["y"] as? Double else { return nil }
        return PanelChoice(x: x, y: y, visible: fields["visible"] as? Bool ?? false, open: fields["open"] as? Bool ?? false, selected: fields["selected"] as? Int ?? -1)
    }

    /// Each chip's place, to compare before and after something that must not move them.
    var chipPlaces: [String] {
        (values["chips"] as? [[String: Any]] ?? []).map { chip in
            "\(chip["name"] ?? "") \(chip["x"] ?? "-") \(chip["y"] ?? "-") \(chip["width"] ?? "-")"
        }
    }
}

extension EditorProcess {
    /// The state report of the editor's `n`th window (1: the first).
    func state(ofWindow n: Int) -> EditorState? {
        let path = n == 1 ? statePath : statePath + ".\(n)"
        guard let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return EditorState(object)
    }

    /// `WM_CLASS` as X has it ("instance", "class").
    func windowClass() throws -> String {
        let result = try Command.run("xprop", ["-id", window, "WM_CLASS"], environment: display.environment)
        return result.stdout.components(separatedBy: " = ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// Resizes its window as a user does, through the window manager, and waits until the window
    /// has laid itself out at the width it got.
    @discardableResult
    func resize(width: Int, height: Int) throws -> EditorState {
        try display.xdotool(["windowsize", window, "\(width)", "\(height)"])
        return try state("laid out after a resize to \(width)") { $0.settled && $0.windowWidth > 0 && abs($0.windowWidth - width) < 60 }
    }

    /// Clicks the centre of a widget the state report names.
    func click(widget name: String) throws {
        let shown = try state("the \(name) shown") { $0.widget(name) != nil }
        let bounds = shown.widget(name)!
        try click(x: bounds.x, y: bounds.y)
    }

    /// Whether the process is still running.
    var isRunning: Bool { process.isRunning }

    /// Waits for the process to end; returns its exit status.
    func waitForExit(_ what: String, timeout: Double = 10) throws -> Int32 {
        try waitUntil(what, timeout: timeout) { process.isRunning ? nil : true }
        return process.terminationStatus
    }
}

extension VirtualDisplay {
    /// The visible windows' titles.
    func windowNames() throws -> [String] {
        let result = try Command.run("xdotool", ["search", "--onlyvisible", "--name", ".*"], environment: environment)
        return try result.stdout.split(separator: "\n").compactMap { id in
            try? xdotool(["getwindowname", String(id)]).trimmingCharacters(in: .newlines)
        }
    }

    /// Waits for a visible window titled `name`; returns its id.
    @discardableResult
    func waitForWindow(named name: String, timeout: Double = 15) throws -> String {
        try waitUntil("a window named “\(name)”", timeout: timeout) {
            let result = try Command.run("xdotool", ["search", "--onlyvisible", "--name", "^\(name)$"], environment: environment)
            return result.stdout.split(separator: "\n").first.map(String.init)
        }
    }

    /// Where a window's top left corner is on the screen.
    func origin(of window: String) throws -> (x: Int, y: Int) {
        let fields = try geometryFields(of: window)
        return (fields["X"] ?? 0, fields["Y"] ?? 0)
    }

    /// Waits until no visible window is titled `name`.
    func waitForNoWindow(named name: String, timeout: Double = 15) throws {
        try waitUntil("no window named “\(name)”", timeout: timeout) {
            let result = try Command.run("xdotool", ["search", "--onlyvisible", "--name", "^\(name)$"], environment: environment)
            return result.stdout.isEmpty ? true : nil
        }
    }
}

/// A drag source as a file manager is one: a GTK 4 window (Debian's PyGObject) whose label,
/// dragged with the real pointer, offers files through X's drag and drop (`drag_files.py`).
final class FileDragSource {
    let process: Process
    let window: String
    let display: VirtualDisplay

    /// - Parameter gtk3: a GTK 3 source, as pcmanfm is (`drag_files_gtk3.py`), instead of GTK 4's.
    init(files: [String], on display: VirtualDisplay, gtk3: Bool = false) throws {
        self.display = display
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(gtk3 ? "drag_files_gtk3.py" : "drag_files.py").path
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + files
        process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            .merging(["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.launchWithSignalsUnblocked()
        window = try display.waitForWindow(named: "drag source")
        try display.xdotool(["windowmove", "--sync", window, "1300", "40"])
    }

    deinit { process.stop() }

    /// Presses on the source, moves the pointer in steps to `x`, `y` of `target` (so both sides
    /// see the motion a hand makes) and releases there.
    func drag(to target: EditorProcess, x: Double, y: Double) throws {
        let source = try display.origin(of: window), destination = try display.origin(of: target.window)
        try display.dragPointer(from: (source.x + 100, source.y + 60),
                                to: (destination.x + Int(x), destination.y + Int(y)))
    }

    /// Presses on the source, moves the pointer in steps over each of `points` of `target` and
    /// back out to the source, and releases there: a drag that enters and leaves without a drop.
    func dragOver(_ target: EditorProcess, through points: [(x: Double, y: Double)]) throws {
        let source = try display.origin(of: window), destination = try display.origin(of: target.window)
        let start = (x: source.x + 100, y: source.y + 60)
        let path = [start] + points.map { (x: destination.x + Int($0.x), y: destination.y + Int($0.y)) } + [start]
        try display.xdotool(["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"])
        for (from, to) in zip(path, path.dropFirst()) {
            for step in 1...8 {
                try display.xdotool(["mousemove", "\(from.x + (to.x - from.x) * step / 8)",
                                     "\(from.y + (to.y - from.y) * step / 8)", "sleep", "0.03"])
            }
        }
        try display.xdotool(["sleep", "0.2", "mouseup", "1"])
    }
}

/// The question a folder view asks before a change across files (an AdwMessageDialog: a window
/// of its own over the view), answered as a user does: keys sent to that window, its buttons
/// clicked with the real pointer.
extension EditorProcess {
    /// The question's window, found by its title (the question's heading, as the report names it).
    func questionWindow() throws -> String {
        let asked = try state("a question asked") { ($0.values["question"] as? [String: Any])?["title"] is String }
        let title = (asked.values["question"] as? [String: Any])?["title"] as? String ?? ""
        let pattern = title.map { "().*+?[]{}|^$\\".contains($0) ? "." : String($0) }.joined()
        return try display.waitForWindow(named: pattern)
    }

    /// Presses keys in the question's window.
    func keyInQuestion(_ keys: String...) throws {
        let question = try questionWindow()
        try display.xdotool(["windowfocus", "--sync", question])
        display.focusedWindow = question
        try display.xdotool(["key", "--delay", "4"] + keys)
    }

    /// Clicks the question's `confirm` (its answer) or `cancel` button.
    ///
    /// Either button answers the question and closes its window: a click that left it open (the
    /// window not yet taking input, as a just-mapped dialog under load may not) is made again, as
    /// a user would.
    func clickInQuestion(_ button: String) throws {
        let question = try questionWindow()
        for attempt in 1...3 {
            let shown = try state("the question's \(button) button") { $0.barWidget(button) != nil }
            let point = shown.barWidget(button)!
            try display.xdotool(["windowfocus", "--sync", question])
            display.focusedWindow = question
            try display.xdotool(["mousemove", "--window", question, "\(Int(point.x.rounded()))", "\(Int(point.y.rounded()))",
                                 "click", "1"])
            let closed = try? waitUntil("the question answered", timeout: attempt < 3 ? 4 : 10) { () -> Bool? in
                let visible = try? Command.run("xdotool", ["search", "--onlyvisible", "--name", ".*"], environment: display.environment)
                return visible.map { !$0.stdout.split(separator: "\n").contains(Substring(question)) } == true ? true : nil
            }
            if closed != nil { return }
        }
    }
}
