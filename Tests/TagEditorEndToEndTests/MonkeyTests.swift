// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import Foundation
import Testing

extension EndToEnd {
    /// A fixed-seed stream of random real events against the real editor (file mode, openbox
    /// running, GTK criticals fatal): keys from the shortcut set and typed text, clicks and
    /// double-clicks at chips and their remove buttons, window resizes between 360 and 1600 px,
    /// and files dragged from another program's window. After each burst: the editor is alive, and
    /// what it shows equals what is on disk (every open file's tags, read without the editor's code).
    ///
    /// CI runs a short stream; `TAG_EDITOR_MONKEY_EVENTS` and `TAG_EDITOR_MONKEY_SEED` set a long
    /// one (docs/reliability.md records it).
    @Suite struct Monkey {
        static let keys = ["BackSpace", "Delete", "F2", "Escape", "Return", "Tab", "shift+Tab", "Left", "Right",
                           "Up", "Down", "space", "ctrl+z", "ctrl+shift+z", "ctrl+y", "F9", "ctrl+c", "ctrl+v"]
        static let words = ["red", "green", "blue", "trip", "work", "ok", "a", "b", "x y", "ünï", "2026", "long-tag-name"]

        @Test func aFixedSeedStreamOfRealEventsKeepsWindowAndDiskEqual() throws {
            let environment = ProcessInfo.processInfo.environment
            let events = Int(environment["TAG_EDITOR_MONKEY_EVENTS"] ?? "") ?? 120
            let seed = UInt64(environment["TAG_EDITOR_MONKEY_SEED"] ?? "") ?? 20261201
            let summary = try Self.run(events: events, seed: seed)
            print("monkey: seed \(seed), \(events) events: \(summary)")
        }

        /// Runs the stream; returns what was done, for the record.
        static func run(events: Int, seed: UInt64, burst: Int = 12) throws -> String {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let folder = scratch.path + "/files"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            func file(_ name: String, _ tags: String) -> String {
                let path = folder + "/" + name
                FileManager.default.createFile(atPath: path, contents: Data(name.utf8))
                OnDisk.setTags(tags, of: path)
                return path
            }
            let open = [file("a.txt", "red,trip,2026"), file("b.txt", "red,work"), file("c.txt", "blue")]
            let pool = [file("d.txt", "green"), file("e.txt", "red,ok"), open[0]]
            let editor = try EditorProcess(open, on: display, dataHome: scratch.path, position: (0, 0))
            let source = try FileDragSource(files: [pool[0]], on: display)
            var dragSources = [pool[0]: source]
            var random = SplitMix64(seed: seed)
            var counts: [String: Int] = [:]
            var trace: [String] = []
            for index in 0..<events {
                var kind: String
                do {
                    kind = try event(&random, editor: editor, pool: pool, sources: &dragSources, display: display)
                    // Tab can reach the header bar and Return press Open: the file chooser then
                    // holds the keyboard. The monkey closes it (the chooser has its own test).
                    // Typed text went there too, when the focus was on Open: its Return opened it.
                    if kind.hasPrefix("key Return") || kind.hasPrefix("key space") || kind.hasSuffix("+ Return"),
                       try closeChooser(display) {
                        kind += " (the file chooser opened; closed)"
                    }
                } catch {
                    throw EndToEndError(description: "event \(index + 1) (seed \(seed)), after \(trace.suffix(8)): \(error); the editor is "
                                        + (editor.isRunning ? "running" : "gone (status \(editor.process.terminationStatus))")
                                        + "; its stderr: \(editor.errors.split(separator: "\n").filter { !$0.contains("bus") }.suffix(60).joined(separator: "\n"))")
                }
                trace.append(kind)
                counts[String(kind.prefix { $0 != " " }), default: 0] += 1
                if (index + 1) % burst == 0 || index == events - 1 {
                    do {
                        try checkConsistent(editor, after: index + 1, seed: seed)
                    } catch {
                        throw EndToEndError(description: "\(error); the last events: \(trace.suffix(12))")
                    }
                }
            }
            return counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }

        /// One random event; returns its kind.
        static func event(_ random: inout SplitMix64, editor: EditorProcess, pool: [String],
                          sources: inout [String: FileDragSource], display: VirtualDisplay) throws -> String {
            let roll = Int.random(in: 0..<100, using: &random)
            let shown = editor.currentState
            switch roll {
            case 0..<40:
                let key = keys.randomElement(using: &random)!
                try editor.key(key)
                return "key " + key
            case 40..<55:
                let word = words.randomElement(using: &random)!
                try editor.type(word)
                guard Bool.random(using: &random) else { return "text " + word }
                try editor.key("Return")
                return "text " + word + " + Return"
            case 55..<80:
                guard let chips = shown?.chips.filter({ $0.centre != nil }), let chip = chips.randomElement(using: &random) else {
                    try clickEntry(editor, shown)
                    return "click"
                }
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    try editor.click(x: chip.remove!.x, y: chip.remove!.y)
                    return "click remove " + chip.name
                case 1:
                    try editor.click(x: chip.centre!.x, y: chip.centre!.y, count: 2)
                    return "click double " + chip.name
                default:
                    try editor.click(x: chip.centre!.x, y: chip.centre!.y)
                    return "click chip " + chip.name
                }
            case 80..<85:
                try clickEntry(editor, shown)
                return "click"
            case 85..<96:
                let width = Int.random(in: 360...1600, using: &random), height = Int.random(in: 400...900, using: &random)
                try display.xdotool(["windowsize", editor.window, "\(width)", "\(height)"])
                return "resize \(width)x\(height)"
            default:
                let path = pool.randomElement(using: &random)!
                // Also while a rename popover is open (EndToEnd.RenameAndDrop): GTK's modal popover
                // takes the press, and closes. The pause lets the last drop finish before its
                // source may be replaced (without it: docs/reliability.md §10, a drop target critical).
                try display.xdotool(["sleep", "0.3"])
                if sources[path] == nil {
                    for (_, old) in sources { old.process.stop() }
                    sources = [path: try FileDragSource(files: [path], on: display)]
                }
                try sources[path]!.drag(to: editor, x: 200, y: 200)
                return "drop " + (path.split(separator: "/").last.map(String.init) ?? path)
            }
        }

        /// Closes a file chooser the monkey opened; returns whether there was one.
        static func closeChooser(_ display: VirtualDisplay) throws -> Bool {
            try display.xdotool(["sleep", "0.2"])
            let found = try Command.run("xdotool", ["search", "--onlyvisible", "--name", "^Open Files$"], environment: display.environment)
            guard let chooser = found.stdout.split(separator: "\n").first.map(String.init) else { return false }
            try display.xdotool(["windowactivate", "--sync", chooser, "key", "Escape"])
            try display.waitForNoWindow(named: "Open Files")
            display.focusedWindow = nil
            return true
        }

        /// Clicks where the entry was last reported, without waiting for the focus: a resize may
        /// have moved it since, and a monkey's click need not land.
        static func clickEntry(_ editor: EditorProcess, _ shown: EditorState?) throws {
            guard let centre = shown?.entryCentre else { return }
            try editor.click(x: centre.x, y: centre.y)
        }

        /// Waits until the window shows what the open files hold on disk (names, how many files
        /// have each, of how many): the editor must be alive and agree.
        static func checkConsistent(_ editor: EditorProcess, after events: Int, seed: UInt64) throws {
            do {
                try editor.state("what is on disk, after \(events) events (seed \(seed))", timeout: 20) { shown in
                    guard shown.settled else { return false }
                    let paths = shown.files.filter { $0.unreadable == nil }.map(\.path)
                    let chips = shown.chips.map { "\($0.name) \($0.count)/\($0.total)" }, disk = diskEntries(paths)
                    // Typing on a focused chip opens the search: the window then shows the tags it
                    // found, each as on disk and in the disk's order, out of all of them.
                    if let search = shown.values["search"] as? [String: Any], search["open"] as? Bool == true {
                        var rest = disk[...]
                        let inOrder = chips.allSatisfy { chip in
                            guard let at = rest.firstIndex(of: chip) else { return false }
                            rest = rest[(at + 1)...]
                            return true
                        }
                        return inOrder && search["total"] as? Int == disk.count && search["found"] as? Int == chips.count
                    }
                    return chips == disk
                }
            } catch {
                let disk = (editor.currentState?.files.map(\.path) ?? []).map { "\($0): \(OnDisk.tags(of: $0))" }
                throw EndToEndError(description: "\(error); on disk: \(disk.joined(separator: "; "))")
            }
        }

        /// What FileTags shows for these files, from their attributes as read here: each tag in
        /// first-seen order with its count.
        static func diskEntries(_ paths: [String]) -> [String] {
            var order: [String] = []
            var counts: [String: Int] = [:]
            for path in paths {
                for tag in OnDisk.tags(of: path) {
                    if counts[tag] == nil { order.append(tag) }
                    counts[tag, default: 0] += 1
                }
            }
            return order.map { "\($0) \(counts[$0]!)/\(paths.count)" }
        }
    }
}
