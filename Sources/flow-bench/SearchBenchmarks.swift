// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Glibc
import JSON

/// The search over the editor's chips at a million tags (issue 39, item 13): each key typed into
/// the search bar, from the key to the end of the frame that shows what it found, against one
/// GtkFlowBox relayout of 1,000 chips measured in the same run (the yardstick the edits at a
/// million use).
@MainActor
enum SearchBenchmarks {
    /// The text typed, a key at a time: its first key finds most of the million (every name with
    /// an "h"), the ones after it narrow that down to a few.
    static let typed = "holiday-12"

    struct KeyTimes {
        /// Key to frame, for each key of ``typed`` (seconds), and the names each compared.
        var frames: [[Double]] = []
        var examined: [Int] = []
        var found: [Int] = []
        /// Escape: every tag again, key to frame.
        var close: [Double] = []
    }

    static func keysym(_ character: Character) -> UInt {
        UInt(character.unicodeScalars.first!.value)   // Latin-1 keysyms are their code points
    }

    /// `rounds` searches in one editor showing `count` tags.
    static func keys(editor: String, home: String, rounds: Int) -> KeyTimes {
        typealias E = EditorBenchmarks
        let state = home + "/state.json"
        unlink(state)
        mkdir(home + "/config", 0o700)
        mkdir(home + "/config/gtk-4.0", 0o700)
        // As in the edits' benchmark: no cursor blink keeping the frame clock busy.
        E.write("[Settings]\ngtk-cursor-blink=false\n", to: home + "/config/gtk-4.0/settings.ini")
        let pid = E.spawn([editor], extra: E.environment(home: home))
        defer { kill(pid, SIGTERM); _ = E.wait(pid) }
        _ = E.poll("the editor to settle") { () -> Bool? in E.report(state)?["settled"] == .bool(true) ? true : nil }
        let window = E.poll("the editor's window", seconds: 30) { () -> String? in
            let id = E.xdotool("search", "--onlyvisible", "--pid", "\(pid)")
            return id.isEmpty ? nil : id
        }
        _ = E.xdotool("windowfocus", "--sync", window)
        var times = KeyTimes(frames: Array(repeating: [], count: typed.count))
        for _ in 0..<rounds {
            _ = E.xdotool("key", "ctrl+f")
            _ = E.poll("the search open") { search(E.report(state))?["open"] == .bool(true) ? true : nil }
            for (offset, character) in typed.enumerated() {
                let text = String(typed.prefix(offset + 1))
                E.settle(state, window: window)
                let start = E.now()
                XTestKeys.press(keysym(character))
                // The first frame that shows what the key found: the list holds the tags found
                // (their chips may still move as the list measures them, in later frames).
                let shown = E.poll("“\(text)” searched") { () -> JSONValue? in
                    guard let value = E.report(state), let found = search(value), found["text"] == .string(text),
                          let count = E.number(found["found"]), E.number(value["modelItems"]) == count else { return nil }
                    return value
                }
                times.frames[offset].append((E.number(shown["frameEnded"]) ?? E.now()) - start)
                if times.examined.count <= offset {
                    times.examined.append(Int(E.number(search(shown)?["examined"]) ?? -1))
                    times.found.append(Int(E.number(search(shown)?["found"]) ?? -1))
                }
            }
            E.settle(state, window: window)
            let start = E.now()
            XTestKeys.press(0xff1b)   // Escape
            let closed = E.poll("the search closed") { () -> JSONValue? in
                guard let value = E.report(state), search(value)?["open"] == .bool(false),
                      E.number(value["modelItems"]) == 1_000_000 else { return nil }
                return value
            }
            times.close.append((E.number(closed["frameEnded"]) ?? E.now()) - start)
        }
        return times
    }

    static func search(_ report: JSONValue?) -> JSONValue? { report?["search"] }

    /// Prints the figures and adds the `search` rows and targets.
    static func report(quick: Bool, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("The search over the chips at 1,000,000 tags (issue 39): key to frame")
        let editor = EditorBenchmarks.editorPath
        if let missing = EditorBenchmarks.missingTool(editor: editor) {
            print("skipped: \(missing)")
            return
        }
        let directory = "/tmp/flow-bench-search-\(getpid())"
        mkdir(directory, 0o700)
        defer { _ = EditorBenchmarks.wait(EditorBenchmarks.spawn(["/bin/rm", "-rf", directory])) }
        let home = directory + "/home"
        _ = EditorBenchmarks.writeMillion(1_000_000, home: home)
        let times = keys(editor: editor, home: home, rounds: quick ? 3 : 5)
        let relayout = VirtualListBenchmarks.flowBoxFigures(chips: 1_000, rounds: quick ? 15 : 41).relayout / 1e9
        let medians = times.frames.map(Timing.median)
        let first = medians[0], narrowing = medians.dropFirst().max() ?? 0, close = Timing.median(times.close)
        print("key  text  names compared  found  key to frame ms")
        for (offset, median) in medians.enumerated() {
            print("\(offset + 1)\t\(typed.prefix(offset + 1))\t\(times.examined[offset])\t\(times.found[offset])\t\(format(median * 1000, 1))")
        }
        print("Escape (every tag again) \(format(close * 1000, 1)) ms; one GtkFlowBox relayout of 1,000 chips \(format(relayout * 1000, 2)) ms")
        print("first key/relayout \(format(first / relayout))  slowest narrowing key/relayout \(format(narrowing / relayout))  Escape/relayout \(format(close / relayout))")
        rows.append(.object([("kind", .string("searchAtMillion")), ("tags", .number(1_000_000)),
                             ("typed", .string(typed)),
                             ("keyToFrameMilliseconds", .array(medians.map { .number($0 * 1000) })),
                             ("namesCompared", .array(times.examined.map { .number(Double($0)) })),
                             ("found", .array(times.found.map { .number(Double($0)) })),
                             ("escapeToFrameMilliseconds", .number(close * 1000)),
                             ("flowBoxRelayout1000Milliseconds", .number(relayout * 1000))]))
        targets.append(Target(name: "searchNarrowingKeyAtMillionToFrame", ratio: narrowing / relayout, limit: 4))
        targets.append(Target(name: "searchFirstKeyAtMillionToFrame", ratio: first / relayout, limit: 10))
        targets.append(Target(name: "searchEscapeAtMillionToFrame", ratio: close / relayout, limit: 10))
    }
}
