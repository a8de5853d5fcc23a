// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import JSON
import Glibc
import TagData

/// Every way a user edits a collection of a million tags (issue 39, item 14), each timed from its
/// key (or click) to the end of the frame that shows it and to the collection file's
/// replacement, against the same two things as ``EditorBenchmarks``' edits: a GtkFlowBox
/// relayout of 1,000 chips (key to frame) and the bare write of a collection of the same size
/// (key to disk), both measured in the same run. Then peak resident memory after 50 mixed edits
/// against the peak at the first frame.
@MainActor
enum EditPathBenchmarks {
    /// The paths, in the order one round takes them (each leaves the focus where the next starts).
    enum Path: String, CaseIterable {
        /// Enter after typing a new tag in the entry.
        case add
        /// Backspace, Backspace in the empty entry (the second removes the last tag).
        case backspaceBackspace
        /// Ctrl+Z after that removal.
        case undo
        /// Tab from the entry to the chips, then Delete.
        case tabDelete
        /// Delete again on the chip that took the focus (nothing selected).
        case deleteFocused
        /// A plain click on a chip (which selects it), then Delete.
        case clickSelectDelete
        /// The chip's × with the pointer.
        case removeButton
        /// F2 on a focused chip, a new name typed, Enter.
        case rename
        /// Ctrl+Z after that rename (the chip's old name back in its place).
        case undoRename

        var title: String {
            switch self {
            case .add: "Enter after typing"
            case .backspaceBackspace: "Backspace, Backspace"
            case .undo: "Ctrl+Z"
            case .tabDelete: "Tab, Delete"
            case .deleteFocused: "Delete on a focused chip"
            case .clickSelectDelete: "click (selects), Delete"
            case .removeButton: "the × clicked"
            case .rename: "F2, name, Enter"
            case .undoRename: "Ctrl+Z after the rename"
            }
        }

        /// The target's name part ("editPathBackspaceBackspaceToFrame").
        var targetName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    struct Figures {
        var disk: [Path: [Double]] = [:], frame: [Path: [Double]] = [:]
        var bareWrite: [Double] = []
        /// A GtkFlowBox relayout of 1,000 chips (the median of a few), once a round.
        var relayout: [Double] = []
        /// Peak resident memory (VmHWM) at the first settled report, and after `edits` edits.
        var firstFramePeak = 0.0, peakAfterEdits = 0.0
        var edits = 0
    }

    static let state = "state.json"

    // MARK: One editor, every path

    /// Peak resident memory of `pid` so far (VmHWM), in bytes.
    static func peakResident(_ pid: pid_t) -> Double {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(cString: line)
            if text.hasPrefix("VmHWM:") {
                return Double(text.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
            }
        }
        return 0
    }

    /// Nothing drawn for 50 ms (or a second), 3.2 s after the pointer last moved (the overlay
    /// scrollbars' fade; ``EditorBenchmarks/settle(_:window:)``, without moving the pointer).
    static func quiet(_ state: String) {
        usleep(3_200_000)
        var last = EditorBenchmarks.inode(state), quiet = EditorBenchmarks.now(), end = EditorBenchmarks.now() + 1
        while EditorBenchmarks.now() < end && EditorBenchmarks.now() - quiet < 0.05 {
            usleep(2000)
            let current = EditorBenchmarks.inode(state)
            if current != last { last = current; quiet = EditorBenchmarks.now() }
        }
    }

    /// A running editor over the collection, and the ways the paths reach it.
    @MainActor final class Session {
        let pid: pid_t, window: String, state: String, collection: String
        var actions: Double

        init(pid: pid_t, window: String, state: String, collection: String, actions: Double) {
            (self.pid, self.window, self.state, self.collection, self.actions) = (pid, window, state, collection, actions)
        }

        func report() -> JSONValue? { EditorBenchmarks.report(state) }

        func waitFor(_ what: String, _ condition: @escaping (JSONValue) -> Bool) -> JSONValue {
            EditorBenchmarks.poll(what, seconds: 60) { () -> JSONValue? in
                guard let value = self.report(), condition(value) else { return nil }
                return value
            }
        }

        static func focus(_ value: JSONValue) -> String { EditorBenchmarks.string(value["focus"]) ?? "" }

        /// A chip on screen (not the first or the last of the list): its fields.
        func chipOnScreen() -> JSONValue {
            let value = waitFor("the editor to settle") { $0["settled"] == .bool(true) }
            guard case .array(let chips)? = value["chips"],
                  let chip = chips.dropFirst(3).first(where: { EditorBenchmarks.number($0["x"]) != nil && $0["onScreen"] == .bool(true) })
            else { fatalError("flow-bench: no chip on screen in the state report") }
            return chip
        }

        func clickChip(_ chip: JSONValue) -> String {
            guard let name = EditorBenchmarks.string(chip["name"]), let x = EditorBenchmarks.number(chip["x"]),
                  let y = EditorBenchmarks.number(chip["y"]), let height = EditorBenchmarks.number(chip["height"]) else {
                fatalError("flow-bench: a chip without a place in the state report")
            }
            _ = EditorBenchmarks.xdotool("mousemove", "--window", window, "\(Int(x) + 10)", "\(Int(y + height / 2))", "click", "1")
            _ = waitFor("the chip's focus") { Session.focus($0) == "chip:" + name }
            return name
        }

        func focusEntry() {
            guard let value = report(), let x = EditorBenchmarks.number(value["entryX"]),
                  let y = EditorBenchmarks.number(value["entryY"]) else { fatalError("flow-bench: the state report has no entry") }
            _ = EditorBenchmarks.xdotool("mousemove", "--window", window, "\(Int(x))", "\(Int(y))", "click", "1")
            _ = waitFor("the entry's focus") { Session.focus($0) == "entry" }
        }

        /// Times `send` to the frame that shows one more edit done (and `also`) and to the file
        /// replaced; with `settle`, once the editor has stopped drawing (the pointer to the window's
        /// corner first).
        func time(_ send: () -> Void, settle: Bool = true,
                  also: @escaping (JSONValue) -> Bool = { _ in true }) -> (disk: Double, frame: Double) {
            if settle { EditorBenchmarks.settle(state, window: window) }
            let before = actions
            let times = EditorBenchmarks.timeEdit(send, collection: collection, state: state) { value in
                (EditorBenchmarks.number(value["actions"]) ?? 0) > before && also(value)
            }
            actions += 1
            let value = waitFor("the edit saved") { $0["saving"] == .bool(false) }
            if let error = value["lastAction"]?["error"], error != .null {
                fatalError("flow-bench: the edit was refused: \(error.text)")
            }
            return times
        }

        /// One of each path, in `Path`'s order; `settle` before each timed key (the untimed edits
        /// of the memory run go without).
        func round(_ index: Int, settle: Bool) -> [Path: (disk: Double, frame: Double)] {
            var times: [Path: (disk: Double, frame: Double)] = [:]
            focusEntry()
            let name = "zz-added-\(index)"
            _ = EditorBenchmarks.xdotool("type", "--delay", "4", name)
            _ = waitFor("the typed name") { $0["entry"] == .string(name) }
            times[.add] = time({ XTestKeys.press(XTestKeys.returnKey) }, settle: settle) { $0["entry"] == .string("") }

            // The first Backspace selects the last tag (nothing changes); the second removes it.
            XTestKeys.press(XTestKeys.backspace)
            usleep(100_000)
            times[.backspaceBackspace] = time({ XTestKeys.press(XTestKeys.backspace) }, settle: settle)
            times[.undo] = time({ XTestKeys.press(XTestKeys.control, XTestKeys.z) }, settle: settle) { $0["lastTag"] == .string(name) }
            // Its message ("Undone: …") goes after 4 s with an animation, a frame every refresh
            // that the next key would wait behind: gone first, as the scrollbars' fade is.
            _ = waitFor("the undo's message gone") { $0["message"] == .null && $0["messageRevealed"] != .bool(true) }

            XTestKeys.press(XTestKeys.tab)
            _ = waitFor("Tab to a chip") { Session.focus($0).hasPrefix("chip:") }
            times[.tabDelete] = time({ XTestKeys.press(XTestKeys.deleteKey) }, settle: settle)
            _ = waitFor("the focus on the next chip") { Session.focus($0).hasPrefix("chip:") }
            times[.deleteFocused] = time({ XTestKeys.press(XTestKeys.deleteKey) }, settle: settle)

            _ = clickChip(chipOnScreen())
            times[.clickSelectDelete] = time({ XTestKeys.press(XTestKeys.deleteKey) }, settle: settle)

            let chip = chipOnScreen()
            guard let x = EditorBenchmarks.number(chip["removeX"]), let y = EditorBenchmarks.number(chip["removeY"]) else {
                fatalError("flow-bench: a chip without its remove button in the state report")
            }
            _ = EditorBenchmarks.xdotool("mousemove", "--window", window, "\(Int(x))", "\(Int(y))")
            if settle { quiet(state) }
            // A button acts when it is released (GtkButton's clicked): the press goes first, as
            // a user's does, and the edit is timed from the release.
            XTestKeys.button(down: true)
            usleep(100_000)
            times[.removeButton] = time({ XTestKeys.button(down: false) }, settle: false)

            let renamed = clickChip(chipOnScreen())
            XTestKeys.press(XTestKeys.f2)
            _ = waitFor("the rename field") { $0["renaming"] == .string(renamed) && Session.focus($0).hasPrefix("rename:") }
            // The field opens with the name selected: what is typed replaces it.
            let newName = "zz-renamed-\(index)"
            _ = EditorBenchmarks.xdotool("key", "ctrl+a", "type", "--delay", "4", newName)
            _ = waitFor("the new name typed") { $0["renameText"] == .string(newName) }
            times[.rename] = time({ XTestKeys.press(XTestKeys.returnKey) }, settle: settle) { $0["renaming"] == .null }
            times[.undoRename] = time({ XTestKeys.press(XTestKeys.control, XTestKeys.z) }, settle: settle)
            _ = waitFor("the undo's message gone") { $0["message"] == .null && $0["messageRevealed"] != .bool(true) }
            return times
        }
    }

    /// `rounds` timed rounds of every path in one editor, then untimed rounds until 50 edits
    /// were made, and the peak memory at the first frame and after them.
    static func run(editor: String, home: String, collection: String, count: Int, rounds: Int,
                    relayouts: Int) -> Figures {
        let state = home + "/" + Self.state
        unlink(state)
        mkdir(home + "/config", 0o700)
        mkdir(home + "/config/gtk-4.0", 0o700)
        // The cursor does not blink: see EditorBenchmarks.edits.
        EditorBenchmarks.write("[Settings]\ngtk-cursor-blink=false\n", to: home + "/config/gtk-4.0/settings.ini")
        let pid = EditorBenchmarks.spawn([editor], extra: EditorBenchmarks.environment(home: home))
        defer { kill(pid, SIGTERM); EditorBenchmarks.wait(pid) }
        let first = EditorBenchmarks.poll("the editor to settle") { () -> JSONValue? in
            guard let value = EditorBenchmarks.report(state), value["settled"] == .bool(true),
                  case .array(let chips)? = value["chips"], !chips.isEmpty else { return nil }
            return value
        }
        var figures = Figures()
        figures.firstFramePeak = peakResident(pid)
        let window = EditorBenchmarks.poll("the editor's window", seconds: 30) { () -> String? in
            let id = EditorBenchmarks.xdotool("search", "--onlyvisible", "--pid", "\(pid)")
            return id.isEmpty ? nil : id
        }
        _ = EditorBenchmarks.xdotool("windowfocus", "--sync", window)
        let session = Session(pid: pid, window: window, state: state, collection: collection,
                              actions: EditorBenchmarks.number(first["actions"]) ?? 0)
        let bare = home + "/bare-write"
        mkdir(bare, 0o700)
        let bareTags = TagNames(EditorBenchmarks.words(count))
        var index = 0
        for _ in 0..<rounds {
            for (path, times) in session.round(index, settle: true) {
                figures.disk[path, default: []].append(times.disk)
                figures.frame[path, default: []].append(times.frame)
            }
            index += 1
            // Both references once a round, between the edits, while the editor is idle: the
            // machine's load moves over the minutes a run takes, and each round's edits are
            // compared with what the same load allowed.
            figures.bareWrite.append(EditorBenchmarks.bareWrite(bareTags, in: bare))
            figures.relayout.append(VirtualListBenchmarks.flowBoxFigures(chips: 1_000, rounds: relayouts).relayout / 1e9)
            // The GtkFlowBox's window came and went: the keys go to the editor's again.
            _ = EditorBenchmarks.xdotool("windowfocus", "--sync", window)
        }
        while index * Path.allCases.count < 50 {
            _ = session.round(index, settle: false)
            index += 1
        }
        figures.edits = index * Path.allCases.count
        figures.peakAfterEdits = peakResident(pid)
        return figures
    }

    // MARK: Figures and targets

    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("Every edit path at 1,000,000 tags (issue 39; key to disk, key to frame; medians in ms)")
        let editor = EditorBenchmarks.editorPath
        if let missing = EditorBenchmarks.missingTool(editor: editor) ?? XTestKeys.open() {
            print("skipped: \(missing)")
            return
        }
        let directory = "/tmp/flow-bench-edit-paths-\(getpid())"
        mkdir(directory, 0o700)
        defer { _ = EditorBenchmarks.wait(EditorBenchmarks.spawn(["/bin/rm", "-rf", directory])) }
        let count = 1_000_000, home = directory + "/home"
        let files = EditorBenchmarks.writeMillion(count, home: home)
        let f = run(editor: editor, home: home, collection: files.collection, count: count, rounds: quick ? 3 : 5,
                    relayouts: quick ? 15 : 21)
        let relayout = Timing.median(f.relayout), bare = Timing.median(f.bareWrite)
        print("GtkFlowBox relayout of 1,000 chips \(format(relayout * 1000, 1)) ms (each round: "
              + f.relayout.map { format($0 * 1000, 1) }.joined(separator: ", ") + "); bare write of the collection \(format(bare * 1000, 1)) ms")
        print("path                          disk    frame   frame/relayout  disk/bare write")
        for path in Path.allCases {
            let disk = Timing.median(f.disk[path] ?? []), frame = Timing.median(f.frame[path] ?? [])
            let title = path.title.padding(toLength: 28, withPad: " ", startingAt: 0)
            print("\(title)  \(format(disk * 1000, 1))\t\(format(frame * 1000, 1))\t\(format(frame / relayout))\t\(format(disk / bare))")
            rows.append(.object([("kind", .string("editPathAtMillion")), ("path", .string(path.rawValue)),
                                 ("tags", .number(Double(count))),
                                 ("toDiskMilliseconds", .number(disk * 1000)), ("toFrameMilliseconds", .number(frame * 1000)),
                                 ("eachToDiskMilliseconds", .array((f.disk[path] ?? []).map { .number($0 * 1000) })),
                                 ("eachToFrameMilliseconds", .array((f.frame[path] ?? []).map { .number($0 * 1000) })),
                                 ("flowBoxRelayout1000Milliseconds", .number(relayout * 1000)),
                                 ("bareWriteMilliseconds", .number(bare * 1000))]))
            // The edit targets of EditorBenchmarks, for each path.
            targets.append(Target(name: "editPath\(path.targetName)ToFrame", ratio: frame / relayout, limit: 10))
            targets.append(Target(name: "editPath\(path.targetName)ToDisk", ratio: disk / bare, limit: 1.5))
        }
        let memory = f.peakAfterEdits / f.firstFramePeak
        print("peak RSS: first frame \(format(f.firstFramePeak / 1e6, 1)) MB, after \(f.edits) mixed edits \(format(f.peakAfterEdits / 1e6, 1)) MB (\(format(memory))x)")
        rows.append(.object([("kind", .string("editPathsMemory")), ("tags", .number(Double(count))), ("edits", .number(Double(f.edits))),
                             ("firstFramePeakBytes", .number(f.firstFramePeak)), ("peakAfterEditsBytes", .number(f.peakAfterEdits))]))
        targets.append(Target(name: "peakMemoryAfter50EditsToFirstFrame1M", ratio: memory, limit: 1.2))
    }
}
