// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Which example program a test drives: `wraphstack-example --reorderable` (the box, in either
/// placement) or `wraplist-example --reorderable --provider` (the virtual list over a
/// GtkStringList, which the list moves chips in by itself).
enum ReorderExample: Sendable, Equatable, CustomTestStringConvertible {
    case box, directBox, list

    var testDescription: String {
        switch self {
        case .box: "box"
        case .directBox: "box (direct)"
        case .list: "list"
        }
    }

    var isBox: Bool { self != .list }

    static let all: [ReorderExample] = [.box, .directBox, .list]
}

/// One of the example programs on a ``VirtualDisplay``, its chips dragged with the real pointer
/// (xdotool: press, moves in steps, release) and moved with real keys; what its window shows comes
/// from its state report (`WRAPHSTACK_EXAMPLE_STATE`, see `Sources/wraphstack-example/ReorderableWindow.swift`;
/// `WRAPLIST_EXAMPLE_STATE`, see `Sources/wraplist-example/main.swift`), read as one ``State``: the
/// box names its chips by word, the list by number ("tag N" is chip "N").
final class ReorderExampleProcess: ExampleProcess {
    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    struct State {
        var order: [String]
        /// The chips on screen, by name.
        var frames: [String: Frame]
        /// What the engine gave each chip (the box's; nil during a drag).
        var engine: [String: Frame]?
        var marker: Frame?
        var markerShown: Bool { marker != nil }
        /// The box's "+N more" chip, while shown.
        var more: Frame?
        var moves: Int
        /// No glide running (the box's; the list never glides).
        var settled: Bool
        /// Whether the others make room while a drag hovers (the box's do).
        var othersMakeRoom: Bool
        /// The list's scroll offset, its focused chip and its frame.
        var scrollOffset: Double
        var focused: String?
        var view: Frame?

        /// The chips' names line by line (a line: the chips whose frames share a top), in order.
        var lines: [[String]] {
            let tops = Set(frames.values.map(\.y)).sorted()
            return tops.map { top in order.filter { frames[$0]?.y == top } }
        }
    }

    let kind: ReorderExample
    /// The folder of its state report, kept as long as the program runs.
    let scratch: Scratch

    init(_ kind: ReorderExample, _ arguments: [String] = [], on display: VirtualDisplay, scratch: Scratch) throws {
        self.kind = kind
        self.scratch = scratch
        if kind.isBox {
            try super.init("wraphstack-example", ["--reorderable"] + (kind == .directBox ? ["--direct"] : []) + arguments,
                           stateVariable: "WRAPHSTACK_EXAMPLE_STATE", stateFile: "reorder-state.json", on: display, scratch: scratch)
        } else {
            try super.init("wraplist-example", ["--reorderable", "--provider"] + arguments,
                           stateVariable: "WRAPLIST_EXAMPLE_STATE", stateFile: "list-reorder-state.json", on: display, scratch: scratch)
        }
    }

    static func frame(_ value: Any?) -> Frame? {
        guard let f = value as? [Double], f.count == 4 else { return nil }
        return (f[0], f[1], f[2], f[3])
    }

    var current: State? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let moves = object["moves"] as? Int, let frames = object["frames"] as? [String: Any] else { return nil }
        func parse(_ frames: [String: Any]) -> [String: Frame] { frames.compactMapValues(Self.frame) }
        if kind.isBox {
            guard let order = object["order"] as? [String], let settled = object["settled"] as? Bool else { return nil }
            return State(order: order, frames: parse(frames), engine: (object["engine"] as? [String: Any]).map(parse),
                         marker: Self.frame(object["marker"]), more: Self.frame(object["more"]), moves: moves,
                         settled: settled, othersMakeRoom: true, scrollOffset: 0, focused: nil, view: nil)
        }
        guard let numbers = object["order"] as? [Int], let offset = object["scrollOffset"] as? Double else { return nil }
        let order = numbers.map(String.init)
        var named: [String: Frame] = [:]
        for (index, frame) in parse(frames) {
            if let index = Int(index), order.indices.contains(index) { named[order[index]] = frame }
        }
        let focused = (object["focusedItem"] as? Int).flatMap { order.indices.contains($0) ? order[$0] : nil }
        return State(order: order, frames: named, engine: nil, marker: Self.frame(object["marker"]), more: nil,
                     moves: moves, settled: true, othersMakeRoom: false, scrollOffset: offset, focused: focused,
                     view: Self.frame(object["view"]))
    }

    /// Whether the program ended by itself with status 0 (a GTK critical aborts it: criticals are fatal).
    func exitedCleanly(within seconds: Double) throws -> Bool {
        try waitUntil("the example to exit", timeout: seconds) { process.isRunning ? nil : true }
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// Waits until the window shows what `condition` accepts.
    @discardableResult
    func state(_ what: String, _ condition: (State) -> Bool) throws -> State {
        try waitUntil("the chips to show \(what) (they show \(String(describing: current.map { ($0.moves, $0.scrollOffset, $0.order.prefix(30)) })))",
                      timeout: 20) {
            guard process.isRunning else {
                throw EndToEndError(description: "the example exited (status \(process.terminationStatus))")
            }
            return current.flatMap { condition($0) ? $0 : nil }
        }
    }

    /// The chips shown (the box: all but those a line limit hides) and still, no drag showing.
    func settled() throws -> State {
        try state("its chips, settled") { shown in
            !shown.frames.isEmpty && shown.settled && !shown.markerShown
                && (!kind.isBox || shown.engine?.count == shown.frames.count
                    && (shown.frames.count == shown.order.count || shown.more != nil))
        }
    }

    /// Presses on `name`'s centre and moves the pointer in steps to (`x`, `y`) of the window, as a
    /// hand does, still held. Returns what the window shows then (the marker shown, the box's
    /// others settled in their room).
    @discardableResult
    func hover(_ name: String, toX x: Double, y: Double) throws -> State {
        let shown = try settled()
        let frame = try #require(shown.frames[name])
        let start = (x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height / 2))
        try display.xdotool(["mousemove", "--window", window, "\(start.x)", "\(start.y)", "mousedown", "1"])
        try move(from: start, to: (Int(x), Int(y)))
        return try state("the insertion marker during the drag") { $0.markerShown && $0.settled }
    }

    /// Moves the pointer (a button held) in twelve steps.
    func move(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) throws {
        let steps = 12
        for step in 1...steps {
            let px = start.x + (end.x - start.x) * step / steps, py = start.y + (end.y - start.y) * step / steps
            try display.xdotool(["mousemove", "--window", window, "\(px)", "\(py)", "sleep", "0.04"])
        }
    }

    func release() throws {
        try display.xdotool(["sleep", "0.1", "mouseup", "1"])
    }

    /// The drag of `name` to (`x`, `y`) of the window, then the release, or with `escape` Escape
    /// before it. Returns what the window showed just before the release.
    @discardableResult
    func drag(_ name: String, toX x: Double, y: Double, escape: Bool = false) throws -> State {
        let hovering = try hover(name, toX: x, y: y)
        if escape { try display.xdotool(["key", "Escape"]) }
        try release()
        return hovering
    }

    func press(_ key: String) throws {
        try display.xdotool(["key", "--delay", "20", key])
    }
}

/// Another program that takes text by drag and drop, as an entry or a text editor does: a GTK 4
/// window (Debian's PyGObject) titled "text drop" whose drop target accepts a string (a copy) and
/// writes what was dropped to a file.
final class TextDropTarget {
    static let script = """
        import os
        import sys
        import gi
        gi.require_version("Gtk", "4.0")
        from gi.repository import Gdk, Gio, GLib, GObject, Gtk

        def dropped(target, value, x, y):
            # Whole or not at all: the test reads the file as soon as it exists.
            with open(sys.argv[1] + ".part", "w") as out:
                out.write(value)
            os.replace(sys.argv[1] + ".part", sys.argv[1])
            return True

        def on_activate(app):
            window = Gtk.ApplicationWindow(application=app, title="text drop", default_width=240, default_height=160)
            label = Gtk.Label(label="drop text here", vexpand=True)
            target = Gtk.DropTarget.new(GObject.TYPE_STRING, Gdk.DragAction.COPY)
            target.connect("drop", dropped)
            label.add_controller(target)
            window.set_child(label)
            window.present()

        app = Gtk.Application(application_id="io.github.wraphstack.TextDrop", flags=Gio.ApplicationFlags.NON_UNIQUE)
        app.connect("activate", on_activate)
        app.run([sys.argv[0]])
        """

    let process = Process()
    let window: String
    let display: VirtualDisplay
    /// Where the dropped text is written.
    let output: String

    init(on display: VirtualDisplay, scratch: Scratch) throws {
        self.display = display
        output = scratch.path + "/dropped.txt"
        let script = scratch.path + "/text_drop.py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, output]
        process.environment = ProcessInfo.processInfo.environment.merging(display.environment) { $1 }
            .merging(["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.launchWithSignalsUnblocked()
        window = try display.waitForWindow(named: "text drop")
        try display.xdotool(["windowmove", "--sync", window, "1300", "40"])
    }

    deinit { process.stop() }

    /// The middle of the window, on the screen.
    func centre() throws -> (x: Int, y: Int) {
        let origin = try display.origin(of: window)
        return (origin.x + 120, origin.y + 80)
    }

    /// The text dropped so far, if any.
    var dropped: String? { FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } }
}

/// Reordering with the real pointer and keys, one test per behaviour against the box (both
/// placements) and the list where both have it; what only one has (the box's right-to-left,
/// wrap-reverse, "+N more" and app-removal cases, the list's edge scrolling) in its own tests.
@Suite(.serialized)
struct ReorderDragTests {
    /// `order` with `name` taken out and put before `before` (`nil`: at the end).
    func moving(_ name: String, before: String?, in order: [String]) -> [String] {
        var result = order.filter { $0 != name }
        result.insert(name, at: before.flatMap { result.firstIndex(of: $0) } ?? result.count)
        return result
    }

    /// `order` with `name` taken out and put at index `to`.
    func moving(_ name: String, to: Int, in order: [String]) -> [String] {
        var result = order.filter { $0 != name }
        result.insert(name, at: to)
        return result
    }

    /// In the box (whose others make room, so the marker stands where the drop puts the chip):
    /// where the drop put `name` is where the marker stood just before, on the marker's line, the
    /// marker in the gap before the chip (the spacing is 8); the live layout already showed it
    /// there; and every chip is where the engine says. (In the list the marker stands at the
    /// pointer's place, and the lines flow again after the move.)
    func expectLandedAtTheMarker(_ name: String, hovering: ReorderExampleProcess.State,
                                 dropped: ReorderExampleProcess.State, rightToLeft: Bool = false) {
        guard dropped.othersMakeRoom else { return }
        guard let marker = hovering.marker, let chip = dropped.frames[name] else {
            Issue.record("no marker before the drop, or no frame for \(name) after it")
            return
        }
        #expect(marker.y == chip.y && marker.height == chip.height)
        let gap = rightToLeft ? marker.x - (chip.x + chip.width) : chip.x - (marker.x + marker.width)
        #expect(gap >= 0 && gap <= 8, "the marker at x \(marker.x), \(name) at \(chip.x)")
        // The live layout already showed the chip there.
        #expect(hovering.frames[name].map { $0.x == chip.x && $0.y == chip.y } == true)
        expectFramesFromEngine(dropped)
    }

    func expectFramesFromEngine(_ shown: ReorderExampleProcess.State) {
        guard let engine = shown.engine else {
            Issue.record("no engine frames in a settled state")
            return
        }
        #expect(engine.count == shown.frames.count)
        for (name, frame) in shown.frames {
            let expected = engine[name]
            #expect(expected.map { $0 == frame } == true, "\(name) at \(frame), the engine says \(String(describing: expected))")
        }
    }

    /// The example on a display of its own (with openbox unless `windowManager` is off), which it
    /// keeps; the list with 24 chips unless the arguments say.
    func launch(_ kind: ReorderExample, _ arguments: [String] = [], windowManager: Bool = true) throws
        -> ReorderExampleProcess {
        let display = try VirtualDisplay()
        if windowManager { try display.startWindowManager() }
        let items = kind.isBox || arguments.contains("--items") ? [] : ["--items", "24"]
        return try ReorderExampleProcess(kind, items + arguments, on: display, scratch: try Scratch())
    }

    @Test(arguments: ReorderExample.all)
    func aChipDraggedWithThePointerLandsWhereTheMarkerWas(kind: ReorderExample) throws {
        let example = try launch(kind)
        var shown = try example.settled()
        #expect(shown.lines.count >= 4)
        if kind.isBox { expectFramesFromEngine(shown) } else { #expect(shown.frames.count == shown.order.count) }

        // From line 1 to the start of line 3: just before its first chip.
        var lines = shown.lines
        let lineThreeStart = try #require(shown.frames[lines[2][0]])
        var expected = moving(lines[0][0], before: lines[2][0], in: shown.order)
        var hovering = try example.drag(lines[0][0], toX: lineThreeStart.x + 3,
                                        y: lineThreeStart.y + lineThreeStart.height / 2)
        shown = try example.state("the first chip before line 3's first") { $0.moves == 1 && $0.settled && !$0.markerShown }
        #expect(shown.order == expected)
        expectLandedAtTheMarker(lines[0][0], hovering: hovering, dropped: shown)

        // From line 1 to the end of line 2: past its last chip's centre.
        lines = shown.lines
        let lineTwoEnd = try #require(shown.frames[lines[1].last!])
        let after = shown.order.firstIndex(of: lines[1].last!)! + 1
        expected = moving(lines[0][1], before: after < shown.order.count ? shown.order[after] : nil, in: shown.order)
        hovering = try example.drag(lines[0][1], toX: lineTwoEnd.x + lineTwoEnd.width - 2,
                                    y: lineTwoEnd.y + lineTwoEnd.height / 2)
        shown = try example.state("the chip at the end of line 2") { $0.moves == 2 && $0.settled && !$0.markerShown }
        #expect(shown.order == expected)
        expectLandedAtTheMarker(lines[0][1], hovering: hovering, dropped: shown)

        // After the last chip.
        let last = try #require(shown.frames[shown.order.last!])
        let lastDragged = shown.lines[0][0]
        expected = moving(lastDragged, before: nil, in: shown.order)
        hovering = try example.drag(lastDragged, toX: last.x + last.width + 3, y: last.y + last.height / 2)
        shown = try example.state("the chip after the last") { $0.moves == 3 && $0.settled && !$0.markerShown }
        #expect(shown.order == expected)
        #expect(shown.order.last == lastDragged)
        expectLandedAtTheMarker(lastDragged, hovering: hovering, dropped: shown)
    }

    /// Escape with the real key, under X11 (whose drag grabs Escape on the root window), cancels
    /// the drag: the chips where they were (the box's live layout had moved them), and the release
    /// after it drops nothing.
    @Test(arguments: ReorderExample.all)
    func escapeMidDragPutsEverythingBackAndTheReleaseMovesNothing(kind: ReorderExample) throws {
        let example = try launch(kind), display = example.display
        let before = try example.settled()
        let last = try #require(before.frames[before.order.last!])
        let hovering = try example.drag(before.lines[0][0], toX: last.x + 3, y: last.y + last.height / 2, escape: true)
        #expect(hovering.order == before.order)   // the box's live layout moved it, the order did not
        try display.xdotool(["sleep", "0.5"])
        let shown = try example.settled()
        #expect(shown.moves == 0)
        #expect(shown.order == before.order)
        for (name, frame) in before.frames {
            #expect(shown.frames[name].map { $0 == frame } == true, "\(name) back at \(frame)")
        }
        if kind.isBox { expectFramesFromEngine(shown) }
    }

    @Test(arguments: ReorderExample.all)
    func aDropOutsideTheWindowChangesNothing(kind: ReorderExample) throws {
        let example = try launch(kind), display = example.display
        let shown = try example.settled()
        let target = try #require(shown.frames[shown.lines[2][0]])
        try example.hover(shown.lines[0][1], toX: target.x + 3, y: target.y + target.height / 2)
        // Out past the window's right edge, and let go there.
        let right = shown.frames.values.map { $0.x + $0.width }.max()! + 120
        try example.move(from: (Int(target.x + 3), Int(target.y + target.height / 2)), to: (Int(right), Int(target.y)))
        try example.state("no marker once the pointer is out") { !$0.markerShown }
        try example.release()
        // A drag that ends anywhere makes one more layout (the chip undimmed); still no move.
        try display.xdotool(["sleep", "0.5"])
        let after = try example.settled()
        #expect(after.moves == 0)
        #expect(after.order == shown.order)
        // It still takes a drag afterwards.
        let last = try #require(after.frames[after.order.last!])
        try example.drag(after.order[0], toX: last.x + last.width + 3, y: last.y + last.height / 2)
        let moved = try example.state("the first chip after the last") { $0.moves == 1 && $0.settled && !$0.markerShown }
        #expect(moved.order == moving(after.order[0], before: nil, in: after.order))
    }

    /// A drag also carries the chip's label as text: dropped on another program, the text is
    /// copied there, and nothing moves.
    @Test(arguments: ReorderExample.all)
    func aChipDroppedOnAnotherProgramGivesItsTextAndStaysWhereItWas(kind: ReorderExample) throws {
        let example = try launch(kind), display = example.display
        let drop = try TextDropTarget(on: display, scratch: example.scratch)
        let shown = try example.settled()
        let target = try #require(shown.frames[shown.lines[2][0]])
        let dragged = shown.lines[0][1]
        try example.hover(dragged, toX: target.x + 3, y: target.y + target.height / 2)
        // Out of the window, in steps in screen coordinates, onto the other program's.
        let window = try display.origin(of: example.window)
        let start = (x: window.x + Int(target.x + 3), y: window.y + Int(target.y + target.height / 2))
        let end = try drop.centre()
        for step in 1...16 {
            let x = start.x + (end.x - start.x) * step / 16, y = start.y + (end.y - start.y) * step / 16
            try display.xdotool(["mousemove", "\(x)", "\(y)", "sleep", "0.04"])
        }
        try display.xdotool(["mousemove", "\(end.x + 3)", "\(end.y + 3)", "sleep", "0.2", "mouseup", "1"])
        let text = try waitUntil("the other program to get the chip's text", timeout: 20) { drop.dropped }
        // The box's chips are words; the list's chip N is "tag N" and N % 9 x's.
        #expect(text == (kind.isBox ? dragged : "tag \(dragged) " + String(repeating: "x", count: Int(dragged)! % 9)))
        // A copy: nothing moved.
        try display.xdotool(["sleep", "0.5"])
        let after = try example.settled()
        #expect(after.moves == 0)
        #expect(after.order == shown.order)
    }

    /// Without a window manager: openbox binds Alt+Shift+arrows to moving windows between desktops.
    @Test(arguments: [(ReorderExample.box, false), (.box, true), (.directBox, false), (.list, false)])
    func altShiftKeysMoveTheFocusedChipAndTheFocusStaysOnIt(kind: ReorderExample, rightToLeft: Bool) throws {
        let example = try launch(kind, (rightToLeft ? ["--rtl"] : []) + (kind.isBox ? [] : ["--items", "2000"]),
                                 windowManager: false)
        var shown = try example.settled()
        let start = shown.order
        let first = start[0], second = start[1]
        if !kind.isBox {
            // The list takes no focus itself: Tab gives it to the first chip (the box's first chip
            // has it when the window appears).
            try example.press("Tab")
            try example.state("the first chip focused") { $0.focused == first }
        }
        // Forward in reading order: right in left-to-right, left in right-to-left.
        try example.press(rightToLeft ? "alt+shift+Left" : "alt+shift+Right")
        shown = try example.state("the first chip one place on") { $0.moves == 1 && $0.settled }
        #expect(Array(shown.order.prefix(2)) == [second, first])
        if !kind.isBox { #expect(shown.focused == first) }
        try example.press("alt+shift+End")
        shown = try example.state("the chip at the end, scrolled to") { $0.moves == 2 && $0.settled && $0.frames[first] != nil }
        #expect(shown.order.last == first)
        if !kind.isBox { #expect(shown.focused == first && shown.scrollOffset > 0) }
        // The focus stayed on it: Home brings it back to the front.
        try example.press("alt+shift+Home")
        shown = try example.state("the chip back at the front, scrolled to") {
            $0.moves == 3 && $0.settled && $0.frames[first] != nil && $0.scrollOffset == 0
        }
        #expect(shown.order.first == first)
        #expect(shown.order == start)
        try example.press("alt+shift+Down")
        shown = try example.state("the chip on the second line") { $0.moves == 4 && $0.settled }
        #expect(shown.lines[1].contains(first))
    }

    // MARK: The box only

    /// Right to left: a line's end is its left end; a chip from line 1 dropped left of line 2's
    /// last chip goes after it, where the marker was (on the chip's right, before it in reading order).
    @Test func rightToLeftDropsLandWhereTheMarkerWas() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(.box, ["--rtl"], on: display, scratch: scratch)
        let shown = try example.settled()
        let lines = shown.lines
        let lineTwoEnd = try #require(shown.frames[lines[1].last!])
        #expect(lineTwoEnd.x < shown.frames[lines[1][0]]!.x)
        let after = shown.order.firstIndex(of: lines[1].last!)! + 1
        let expected = moving(lines[0][1], before: after < shown.order.count ? shown.order[after] : nil, in: shown.order)
        let hovering = try example.drag(lines[0][1], toX: lineTwoEnd.x + 2, y: lineTwoEnd.y + lineTwoEnd.height / 2)
        let dropped = try example.state("the chip at the end of line 2") { $0.moves == 1 && $0.settled && $0.engine != nil }
        #expect(dropped.order == expected)
        expectLandedAtTheMarker(lines[0][1], hovering: hovering, dropped: dropped, rightToLeft: true)
    }

    /// Wrap-reverse stacks the lines upward: a chip from line 1 (at the bottom) dropped at the
    /// start of the top line goes before that line's first chip, where the marker was.
    @Test func wrapReverseDropsLandWhereTheMarkerWas() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(.box, ["--wrap-reverse"], on: display, scratch: scratch)
        let shown = try example.settled()
        // `lines` runs top to bottom: the top line is the last in order.
        let lines = shown.lines
        #expect(lines.count >= 3)
        let bottom = lines.last!, top = lines.first!
        #expect(shown.order.first == bottom.first)
        let topStart = try #require(shown.frames[top[0]])
        let dragged = bottom[0]
        let hovering = try example.drag(dragged, toX: topStart.x + 3, y: topStart.y + topStart.height / 2)
        let dropped = try example.state("the chip dropped") { $0.moves == 1 && $0.settled && $0.engine != nil }
        #expect(dropped.order == moving(dragged, before: top[0], in: shown.order))
        expectLandedAtTheMarker(dragged, hovering: hovering, dropped: dropped)
    }

    /// With `--max-lines 2`, the "+N more" chip is no place: a chip dragged over it goes to the
    /// end of the chips shown, the marker is never on or past it, and it stays last.
    @Test func theMoreChipIsNoDropPlace() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(.box, ["--max-lines", "2"], on: display, scratch: scratch)
        let shown = try example.settled()
        let more = try #require(shown.more)
        #expect(shown.lines.count == 2)
        let visible = shown.frames.count
        #expect(visible < shown.order.count)
        let dragged = shown.lines[0][0]
        let hovering = try example.drag(dragged, toX: more.x + more.width / 2, y: more.y + more.height / 2)
        let marker = try #require(hovering.marker)
        #expect(marker.x + marker.width <= more.x)
        let dropped = try example.state("the chip dropped") { $0.moves == 1 && $0.settled && $0.engine != nil }
        #expect(dropped.order.firstIndex(of: dragged) == visible - 1)
        #expect(dropped.order.filter { $0 != dragged } == shown.order.filter { $0 != dragged })
        let moreAfter = try #require(dropped.more)
        for frame in dropped.frames.values where frame.y == moreAfter.y { #expect(frame.x < moreAfter.x) }
        expectFramesFromEngine(dropped)
    }

    /// The app removes the chip being dragged while the drag hovers; the release then drops
    /// nothing, the others close up, and no GTK critical aborts the program.
    @Test(arguments: ["", "--direct"])
    func aChipTheAppRemovesDuringItsDragEndsTheDrag(placement: String) throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(placement.isEmpty ? .box : .directBox, ["--on-drag", "remove"],
                                                on: display, scratch: scratch)
        let shown = try example.settled()
        let dragged = shown.lines[0][0]
        let last = try #require(shown.frames[shown.order.last!])
        try example.display.xdotool(["mousemove", "--window", example.window, "\(Int(shown.frames[dragged]!.x + 10))",
                                     "\(Int(shown.frames[dragged]!.y + 10))", "mousedown", "1"])
        for step in 1...12 {
            let x = Int(shown.frames[dragged]!.x) + (Int(last.x) - Int(shown.frames[dragged]!.x)) * step / 12
            let y = Int(shown.frames[dragged]!.y) + (Int(last.y + 10) - Int(shown.frames[dragged]!.y)) * step / 12
            try example.display.xdotool(["mousemove", "--window", example.window, "\(x)", "\(y)", "sleep", "0.04"])
        }
        let after = try example.state("the dragged chip gone") { !$0.order.contains(dragged) }
        try example.display.xdotool(["sleep", "0.1", "mouseup", "1"])
        let settled = try example.state("the rest settled") {
            $0.settled && !$0.markerShown && $0.frames.count == $0.order.count && $0.engine != nil
        }
        #expect(after.order == shown.order.filter { $0 != dragged })
        #expect(settled.order == after.order)
        #expect(settled.moves == 0)
        expectFramesFromEngine(settled)
        #expect(example.process.isRunning)
    }

    /// The window closes while a chip is dragged (when the drag hovers, and in the move's
    /// callback of a drop): the program ends by itself without a GTK critical.
    @Test(arguments: ["--on-drag", "--on-drop"])
    func aDropWhileTheWindowClosesLeavesNoCritical(when: String) throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(.box, [when, "close"], on: display, scratch: scratch)
        let shown = try example.settled()
        let last = try #require(shown.frames[shown.order.last!])
        let first = try #require(shown.frames[shown.lines[0][0]])
        try example.display.xdotool(["mousemove", "--window", example.window, "\(Int(first.x + 10))",
                                     "\(Int(first.y + 10))", "mousedown", "1"])
        for step in 1...12 {
            let x = Int(first.x) + (Int(last.x + last.width + 3) - Int(first.x)) * step / 12
            let y = Int(first.y) + (Int(last.y + 10) - Int(first.y)) * step / 12
            // Once the window is gone, moving relative to it fails; the pointer stays held.
            _ = try? example.display.xdotool(["mousemove", "--window", example.window, "\(x)", "\(y)", "sleep", "0.04"])
        }
        try example.display.xdotool(["sleep", "0.2", "mouseup", "1"])
        #expect(try example.exitedCleanly(within: 20))
    }

    // MARK: The list only

    /// The list scrolls while a drag holds the pointer near its edge.
    @Test func aDragTowardsTheListsBottomEdgeScrollsAndDropsFarBelow() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 600
        let example = try ReorderExampleProcess(.list, ["--items", "\(count)"], on: display, scratch: scratch)
        let shown = try example.state("its chips") { $0.order.count == count && !$0.frames.isEmpty }
        #expect(shown.scrollOffset == 0)
        let view = try #require(shown.view)
        let bottom = Int(view.y + view.height - 4), middle = Int(view.y + view.height / 2)
        let x = Int(view.x + view.width / 2)
        // Pick up chip 1 and hold the pointer at the bottom edge: the list scrolls by itself.
        try example.hover("1", toX: Double(x), y: Double(bottom))
        let scrolled = try example.state("scrolled far while the pointer stays at the edge") { $0.scrollOffset > 1_500 }
        // Up out of the edge zone, where it stops scrolling; dropped there.
        try example.move(from: (x, bottom), to: (x, middle))
        let before = try example.state("the marker in the middle") { $0.markerShown }
        #expect(before.scrollOffset >= scrolled.scrollOffset)
        try example.release()
        // It lands on screen, where the pointer let go.
        let dropped = try example.state("the chip moved, on screen") { state in
            state.moves == 1 && !state.markerShown && state.frames["1"] != nil
        }
        let at = try #require(dropped.order.firstIndex(of: "1"))
        #expect(at > 150)
        #expect(dropped.order == moving("1", to: at, in: (0..<count).map(String.init)))
        #expect(dropped.scrollOffset >= scrolled.scrollOffset)
    }
}
