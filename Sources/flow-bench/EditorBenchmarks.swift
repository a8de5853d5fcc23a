// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import JSON
import Glibc
import TagData

/// The tag editor as a user meets it, against plain GTK in the same run (issue 25): its
/// `--screenshot` against a small C program showing the same chips in a GtkFlowBox and saving the
/// same PNG (`Resources/bench/flowbox-screenshot.c`, compiled here with `cc` and `pkg-config`); a
/// million-tag collection (`tags.json`) to the first frame against the same million through
/// `--tags`; and one add and one remove at a million, with real keys (`xdotool`), from the key to
/// the replaced file and to the state report written after the frame that shows the change,
/// against one relayout of a GtkFlowBox of 1,000 chips.
@MainActor
enum EditorBenchmarks {
    /// The repository's `Resources`, from this file's place in the source tree.
    static let resources: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Resources"
    }()

    static func words(_ count: Int) -> [String] {
        let words = ["photo", "holiday", "x", "family-archive", "work", "a-rather-long-tag-name", "music"]
        return (0..<count).map { "\(words[$0 % words.count])-\($0)" }
    }

    /// Why the benchmark cannot run here, if it cannot.
    static func missingTool(editor: String) -> String? {
        if access(editor, X_OK) != 0 { return "\(editor) is not built (swift build -c release --product tag-editor)" }
        for tool in ["/usr/bin/cc", "/usr/bin/pkg-config", "/usr/bin/xdotool"] where access(tool, X_OK) != 0 {
            return "\(tool) is not installed"
        }
        if getenv("DISPLAY") == nil { return "no DISPLAY (run under xvfb-run)" }
        if let problem = XTestKeys.open() { return problem }
        return nil
    }

    // MARK: Processes

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Starts `arguments` with this environment plus `extra`, its output to /dev/null.
    static func spawn(_ arguments: [String], extra: [String] = []) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            // The editor's state report only where asked for; the rest as this run has it.
            if !text.hasPrefix("TAG_EDITOR_STATE_FILE=") { environment.append(text) }
            entry += 1
        }
        let argv = arguments.map { strdup($0) }, envp = (environment + extra).map { strdup($0) }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv + [nil], envp + [nil]) == 0 else {
            fatalError("flow-bench: cannot start \(arguments[0])")
        }
        return pid
    }

    /// Waits for `pid`; returns whether it exited with status 0.
    @discardableResult
    static func wait(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0
    }

    /// Seconds `arguments` takes to run to its end (it must succeed).
    static func seconds(_ arguments: [String]) -> Double {
        let start = now()
        guard wait(spawn(arguments)) else { fatalError("flow-bench: \(arguments.joined(separator: " ")) failed") }
        return now() - start
    }

    static func write(_ text: String, to path: String) {
        CLIBenchmarks.write(text, to: path)
    }

    static func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// The state report at `path`, or nil while there is none (or it is being replaced).
    static func report(_ path: String) -> JSONValue? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return try? JSONValue.parse(utf8: bytes)
    }

    /// Polls until `condition` holds, for at most `seconds`; fails the run otherwise.
    static func poll<T>(_ what: String, seconds: Double = 120, _ condition: () -> T?) -> T {
        let end = now() + seconds
        while now() < end {
            if let value = condition() { return value }
            usleep(1000)
        }
        fatalError("flow-bench: timed out waiting for \(what)")
    }

    static func xdotool(_ arguments: String...) -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { fatalError("flow-bench: pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = (["/usr/bin/xdotool"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/xdotool", &actions, nil, argv + [nil], environ) == 0 else {
            fatalError("flow-bench: cannot start xdotool")
        }
        close(pipe[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[..<count]
        }
        close(pipe[0])
        wait(pid)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }

    // MARK: Start-up against a GtkFlowBox program

    /// Compiles the C program into `directory`; returns its path.
    static func buildFlowBoxProgram(in directory: String) -> String {
        let output = directory + "/flowbox-screenshot"
        let command = "cc -O2 '\(resources)/bench/flowbox-screenshot.c' $(pkg-config --cflags --libs gtk4) -o '\(output)'"
        guard wait(spawn(["/bin/sh", "-c", command])) else { fatalError("flow-bench: cannot build \(output)") }
        return output
    }

    /// Median seconds of the editor's `--screenshot` and of the C program's, runs interleaved.
    static func startup(chips: Int, editor: String, flowBox: String, directory: String,
                        runs: Int) -> (editor: Double, flowBox: Double) {
        let list = directory + "/tags\(chips).txt"
        write(words(chips).map { $0 + "\n" }.joined(), to: list)
        var editorTimes: [Double] = [], flowBoxTimes: [Double] = []
        for _ in 0..<runs {
            editorTimes.append(seconds([editor, "--screenshot", directory + "/editor.png", "--width", "800",
                                        "--height", "600", "--tags", list]))
            flowBoxTimes.append(seconds([flowBox, list, directory + "/flowbox.png", "800", "600",
                                         resources + "/tag-editor.css"]))
        }
        return (Timing.median(editorTimes), Timing.median(flowBoxTimes))
    }

    // MARK: A million tags

    /// The environment of an interactive editor whose collection and settings are in `home`.
    static func environment(home: String) -> [String] {
        ["XDG_DATA_HOME=\(home)", "XDG_CONFIG_HOME=\(home)/config", "TAG_EDITOR_STATE_FILE=\(home)/state.json",
         "GDK_BACKEND=x11", "GSK_RENDERER=cairo"]
    }

    /// Writes `count` tags as the user's collection in `home` and as a `--tags` list; returns the
    /// collection's path and the list's.
    static func writeMillion(_ count: Int, home: String) -> (collection: String, list: String) {
        mkdir(home, 0o700)
        mkdir(home + "/wraphstack-tag-editor", 0o700)
        let names = words(count)
        let collection = home + "/wraphstack-tag-editor/tags.json", list = home + "/tags.txt"
        write("{\"format\": \"wraphstack-tags\", \"version\": 1, \"tags\": [\"" + names.joined(separator: "\", \"") + "\"]}\n",
              to: collection)
        write(names.map { $0 + "\n" }.joined(), to: list)
        return (collection, list)
    }

    /// Seconds from starting the interactive editor to its first state report (written once the
    /// main loop is idle after the first frame).
    static func firstFrame(editor: String, arguments: [String], home: String) -> Double {
        let state = home + "/state.json"
        unlink(state)
        let start = now()
        let pid = spawn([editor] + arguments, extra: environment(home: home))
        _ = poll("the editor's first frame") { access(state, F_OK) == 0 ? true : nil }
        let seconds = now() - start
        kill(pid, SIGTERM)
        wait(pid)
        return seconds
    }

    struct EditTimes {
        var addToDisk: [Double] = [], addToFrame: [Double] = []
        var removeToDisk: [Double] = [], removeToFrame: [Double] = []
        /// The bare write of a collection of the same size, once a round, while the editor is idle.
        var bareWrite: [Double] = []
    }

    /// Seconds to replace a collection of `tags` in `directory` (beside the editor's, on the same
    /// file system) as the editor's writer does, without the editor: the text encoded, written,
    /// `fsync`ed and renamed over the old file (``CollectionFile/replace(with:)``). The floor of
    /// key to disk: no edit can be on disk sooner than its file is written.
    static func bareWrite(_ tags: TagNames, in directory: String) -> Double {
        let file = CollectionFile(path: directory + "/tags.json")
        // The old file the rename replaces, as the editor's has one.
        do { try file.replace(with: tags) } catch { fatalError("flow-bench: \(error)") }
        let start = now()
        do { try file.replace(with: tags) } catch { fatalError("flow-bench: \(error)") }
        return now() - start
    }

    static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// One key (or click) at a million tags: seconds until the collection file is replaced and
    /// until the end of the frame whose state report shows the edit done (`done`): the report's
    /// `frameEnded`, on the clock this process reads too, so that neither the report's making nor
    /// this poll's step is counted.
    static func timeEdit(_ send: () -> Void, collection: String, state: String,
                         done: (JSONValue) -> Bool) -> (disk: Double, frame: Double) {
        let before = inode(collection)
        let start = now()
        send()
        var disk: Double?, frame: Double?
        var lastReport: UInt64?
        _ = poll("the edit on disk and on screen") { () -> Bool? in
            if disk == nil, let current = inode(collection), current != before { disk = now() - start }
            if frame == nil, let current = inode(state), current != lastReport {
                lastReport = current
                if let value = report(state), done(value) { frame = (number(value["frameEnded"]) ?? now()) - start }
            }
            return disk != nil && frame != nil ? true : nil
        }
        return (disk!, frame!)
    }

    /// Waits until the editor has stopped drawing what the last step set off, so that an edit is
    /// timed from its key to the frame that shows it and not to GTK's next frame of an animation
    /// still running: the pointer goes to a corner of the window, away from the chips' scrolled
    /// window (whose overlay scrollbars, shown by the click's motion, fade out over about three
    /// seconds, a frame every refresh that a key then waits behind), then no state report for 50
    /// ms (or a second: a focused entry's cursor fades on some frames).
    static func settle(_ state: String, window: String) {
        _ = xdotool("mousemove", "--window", window, "2", "2", "sleep", "3.2")
        var last = inode(state), quiet = now(), end = now() + 1
        while now() < end && now() - quiet < 0.05 {
            usleep(2000)
            let current = inode(state)
            if current != last { last = current; quiet = now() }
        }
    }

    /// `rounds` adds and removes at a million tags in one editor, typed and pressed as a user does
    /// (the add's Return and the remove's Delete through XTEST from this process: ``XTestKeys``).
    static func edits(editor: String, home: String, collection: String, count: Int, rounds: Int,
                      blinks: Bool) -> EditTimes {
        let state = home + "/state.json"
        unlink(state)
        // The entry's cursor does not blink here: a blinking cursor keeps GTK's frame clock
        // ticking at the display's rate, and a change then waits for the next tick (up to a refresh)
        // in any GTK window with a focused entry. That wait is the display's, not the edit's;
        // BENCHMARKS.md gives the figures with the blink on beside these.
        mkdir(home + "/config", 0o700)
        mkdir(home + "/config/gtk-4.0", 0o700)
        write("[Settings]\ngtk-cursor-blink=\(blinks ? "true" : "false")\n", to: home + "/config/gtk-4.0/settings.ini")
        let pid = spawn([editor], extra: environment(home: home))
        defer { kill(pid, SIGTERM); wait(pid) }
        let first = poll("the editor to settle") { () -> JSONValue? in
            guard let value = report(state), value["settled"] == .bool(true),
                  case .array(let chips)? = value["chips"], !chips.isEmpty else { return nil }
            return value
        }
        let window = poll("the editor's window", seconds: 30) { () -> String? in
            let id = xdotool("search", "--onlyvisible", "--pid", "\(pid)")
            return id.isEmpty ? nil : id
        }
        _ = xdotool("windowfocus", "--sync", window)
        var times = EditTimes()
        let bare = home + "/bare-write"
        mkdir(bare, 0o700)
        var bareTags = TagNames(words(count))
        var actions = number(first["actions"]) ?? 0
        for round in 0..<rounds {
            guard let entryX = number(report(state)?["entryX"]), let entryY = number(report(state)?["entryY"]) else {
                fatalError("flow-bench: the state report has no entry")
            }
            _ = xdotool("mousemove", "--window", window, "\(Int(entryX))", "\(Int(entryY))", "click", "1")
            _ = poll("the entry's focus") { report(state)?["focus"] == .string("entry") ? true : nil }
            let name = "zz-added-\(round)"
            _ = xdotool("type", "--delay", "4", name)
            _ = poll("the typed name") { report(state)?["entry"] == .string(name) ? true : nil }
            settle(state, window: window)
            let add = timeEdit({ XTestKeys.press(XTestKeys.returnKey) }, collection: collection, state: state) { value in
                value["entry"] == .string("") && (number(value["actions"]) ?? 0) > actions
            }
            times.addToDisk.append(add.disk)
            times.addToFrame.append(add.frame)
            actions += 1
            // Delete on a chip on screen, focused by a click as a user would.
            let settled = poll("the editor to settle") { () -> JSONValue? in
                guard let value = report(state), value["settled"] == .bool(true) else { return nil }
                return value
            }
            guard case .array(let chips)? = settled["chips"],
                  let chip = chips.first(where: { number($0["x"]) != nil && $0["onScreen"] != .bool(false) }),
                  let chipName = string(chip["name"]), let x = number(chip["x"]), let y = number(chip["y"]),
                  let height = number(chip["height"]) else {
                fatalError("flow-bench: no chip on screen in the state report")
            }
            _ = xdotool("mousemove", "--window", window, "\(Int(x) + 10)", "\(Int(y + height / 2))", "click", "1")
            _ = poll("the chip's focus") { report(state)?["focus"] == .string("chip:" + chipName) ? true : nil }
            settle(state, window: window)
            let remove = timeEdit({ XTestKeys.press(XTestKeys.deleteKey) }, collection: collection, state: state) { value in
                (number(value["actions"]) ?? 0) > actions
            }
            times.removeToDisk.append(remove.disk)
            times.removeToFrame.append(remove.frame)
            actions += 1
            // The editor idle again (its write done): the same number of tags written bare.
            _ = poll("the editor's write") { report(state)?["saving"] == .bool(false) ? true : nil }
            bareTags.append(name)
            times.bareWrite.append(bareWrite(bareTags, in: bare))
            bareTags.removeLast()
        }
        return times
    }
}

extension EditorBenchmarks {
    /// `tag-editor` beside this program.
    static var editorPath: String { CLIBenchmarks.sibling("tag-editor") }

    /// Prints the figures and adds the `editor` rows and their targets; with `editsOnly`, only
    /// the edits at a million (`--only editor-edits`); with `cursorBlinks`, the edits with the
    /// entry's cursor blinking as it does by default (`--cursor-blink`).
    static func report(quick: Bool, editsOnly: Bool = false, cursorBlinks: Bool = false,
                       rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("Tag editor against plain GTK (issue 25; medians of interleaved runs)")
        let editor = editorPath
        if let missing = missingTool(editor: editor) {
            print("skipped: \(missing)")
            return
        }
        let directory = "/tmp/flow-bench-editor-\(getpid())"
        mkdir(directory, 0o700)
        defer { _ = wait(spawn(["/bin/rm", "-rf", directory])) }

        if !editsOnly { startups(quick: quick, editor: editor, directory: directory, rows: &rows, targets: &targets) }
        let count = 1_000_000
        let home = directory + "/home"
        let files = writeMillion(count, home: home)
        if !editsOnly { firstFrames(editor: editor, home: home, files: files, count: count, rows: &rows, targets: &targets) }
        edits(quick: quick, editor: editor, home: home, collection: files.collection, count: count,
              blinks: cursorBlinks, rows: &rows, targets: &targets)
    }

    /// `--screenshot` against the GtkFlowBox program.
    static func startups(quick: Bool, editor: String, directory: String, rows: inout [JSONValue], targets: inout [Target]) {
        let flowBox = buildFlowBoxProgram(in: directory)
        print("chips  editor --screenshot s  GtkFlowBox program s  ratio")
        for chips in [100, 1_000] {
            let f = startup(chips: chips, editor: editor, flowBox: flowBox, directory: directory, runs: quick ? 5 : 9)
            print("\(chips)\t\(format(f.editor, 3))\t\(format(f.flowBox, 3))\t\(format(f.editor / f.flowBox))")
            rows.append(.object([("kind", .string("editorStartup")), ("chips", .number(Double(chips))),
                                 ("editorSeconds", .number(f.editor)), ("flowBoxSeconds", .number(f.flowBox))]))
            targets.append(Target(name: "editorStartupToFlowBoxApp\(chips)", ratio: f.editor / f.flowBox, limit: 1.5))
        }
    }

    /// A million tags to the first frame: the collection against the same list through `--tags`.
    static func firstFrames(editor: String, home: String, files: (collection: String, list: String), count: Int,
                            rows: inout [JSONValue], targets: inout [Target]) {
        var collectionTimes: [Double] = [], listTimes: [Double] = []
        for _ in 0..<5 {
            collectionTimes.append(firstFrame(editor: editor, arguments: [], home: home))
            listTimes.append(firstFrame(editor: editor, arguments: ["--tags", files.list], home: home))
        }
        let collection = Timing.median(collectionTimes), list = Timing.median(listTimes)
        print("")
        print("1,000,000 tags to the first frame: collection (tags.json) s  --tags list s  ratio")
        print("\(format(collection, 3))\t\(format(list, 3))\t\(format(collection / list))")
        rows.append(.object([("kind", .string("collectionFirstFrame")), ("tags", .number(Double(count))),
                             ("collectionSeconds", .number(collection)), ("listSeconds", .number(list))]))
        targets.append(Target(name: "collectionFirstFrame1M", ratio: collection / list, limit: 1.2))
    }

    /// One add and one remove at a million, a few times, against a GtkFlowBox relayout.
    static func edits(quick: Bool, editor: String, home: String, collection: String, count: Int, blinks: Bool,
                      rows: inout [JSONValue], targets: inout [Target]) {
        let e = edits(editor: editor, home: home, collection: collection, count: count, rounds: quick ? 3 : 5,
                      blinks: blinks)
        let relayout = VirtualListBenchmarks.flowBoxFigures(chips: 1_000, rounds: quick ? 15 : 41).relayout / 1e9
        let add = (disk: Timing.median(e.addToDisk), frame: Timing.median(e.addToFrame))
        let remove = (disk: Timing.median(e.removeToDisk), frame: Timing.median(e.removeToFrame))
        let bare = Timing.median(e.bareWrite)
        // Two targets: the slower edit's key to frame against a relayout (what the user waits
        // for), and its key to disk against the bare write of a file of the same size, which no
        // edit can beat (the issue allows this: rewriting the whole file is the floor).
        let slowest = max(add.frame, remove.frame)
        let slowestDisk = max(add.disk, remove.disk)
        print("")
        print("An edit at 1,000,000 tags (key to disk, key to frame; ms) against one GtkFlowBox relayout of 1,000 chips"
              + (blinks ? " (the cursor blinking)" : ""))
        print("and against the bare write of the same collection (encode, write, fsync, rename)")
        print("add disk  add frame  remove disk  remove frame  flowbox relayout  bare write  slower frame/relayout  slower disk/bare write")
        print([add.disk, add.frame, remove.disk, remove.frame, relayout, bare].map { format($0 * 1000, 1) }.joined(separator: "\t")
              + "\t" + format(slowest / relayout) + "\t" + format(slowestDisk / bare))
        rows.append(.object([("kind", .string("editAtMillion")), ("tags", .number(Double(count))),
                             ("addToDiskMilliseconds", .number(add.disk * 1000)),
                             ("addToFrameMilliseconds", .number(add.frame * 1000)),
                             ("removeToDiskMilliseconds", .number(remove.disk * 1000)),
                             ("removeToFrameMilliseconds", .number(remove.frame * 1000)),
                             ("flowBoxRelayout1000Milliseconds", .number(relayout * 1000)),
                             ("bareWriteMilliseconds", .number(bare * 1000))]))
        targets.append(Target(name: "editAtMillionToFrame", ratio: slowest / relayout, limit: 10))
        targets.append(Target(name: "editAtMillionToDisk", ratio: slowestDisk / bare, limit: 1.5))
    }
}
