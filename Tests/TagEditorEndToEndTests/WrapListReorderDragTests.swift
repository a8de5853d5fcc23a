// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `wraplist-example --reorderable` (the virtual list over a GtkStringList, which the list moves
/// chips in by itself) on a ``VirtualDisplay``, its chips dragged with the real pointer (xdotool:
/// press, moves in steps, release) and moved with real keys; what its window shows comes from
/// its state report (`WRAPLIST_EXAMPLE_STATE`, see `Sources/wraplist-example/main.swift`).
final class ReorderListExampleProcess: ExampleProcess {
    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    struct State {
        /// Each chip's number ("tag N"), in the model's order.
        var order: [Int]
        /// The chips on screen, by index in the model.
        var frames: [Int: Frame]
        var markerShown: Bool
        var moves: Int
        var scrollOffset: Double
        var focusedItem: Int?
        var view: Frame

        /// The indices of the chips on screen, line by line (a line: the chips whose frames share
        /// a top).
        var lines: [[Int]] {
            let tops = Set(frames.values.map(\.y)).sorted()
            return tops.map { top in frames.keys.filter { frames[$0]?.y == top }.sorted() }
        }
    }

    init(_ arguments: [String], on display: VirtualDisplay, scratch: Scratch) throws {
        try super.init("wraplist-example", ["--reorderable"] + arguments, stateVariable: "WRAPLIST_EXAMPLE_STATE", stateFile: "list-reorder-state.json",
                       on: display, scratch: scratch)
    }

    static func frame(_ value: Any?) -> Frame? {
        guard let f = value as? [Double], f.count == 4 else { return nil }
        return (f[0], f[1], f[2], f[3])
    }

    var current: State? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let order = object["order"] as? [Int], let frames = object["frames"] as? [String: Any],
              let moves = object["moves"] as? Int, let offset = object["scrollOffset"] as? Double,
              let view = Self.frame(object["view"]) else { return nil }
        var parsed: [Int: Frame] = [:]
        for (index, value) in frames {
            if let index = Int(index), let frame = Self.frame(value) { parsed[index] = frame }
        }
        return State(order: order, frames: parsed, markerShown: !(object["marker"] is NSNull), moves: moves,
                     scrollOffset: offset, focusedItem: object["focusedItem"] as? Int, view: view)
    }

    /// Waits until the window shows what `condition` accepts.
    @discardableResult
    func state(_ what: String, _ condition: (State) -> Bool) throws -> State {
        try waitUntil("the list to show \(what) (it shows \(String(describing: current.map { ($0.moves, $0.scrollOffset, $0.order.prefix(30)) })))",
                      timeout: 20) {
            guard process.isRunning else {
                throw EndToEndError(description: "wraplist-example exited (status \(process.terminationStatus))")
            }
            return current.flatMap { condition($0) ? $0 : nil }
        }
    }

    /// The chips on screen, no drag showing.
    func settled() throws -> State {
        try state("its chips, no marker") { !$0.frames.isEmpty && !$0.markerShown }
    }

    /// Presses on chip `index`'s centre and moves the pointer in steps to (`x`, `y`) of the
    /// window, as a hand does; the marker must show there.
    func press(on index: Int, movingTo x: Double, _ y: Double) throws {
        let shown = try settled()
        let frame = try #require(shown.frames[index])
        let start = (x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height / 2))
        try display.xdotool(["mousemove", "--window", window, "\(start.x)", "\(start.y)", "mousedown", "1"])
        try move(from: start, to: (Int(x), Int(y)))
        try state("the insertion marker during the drag") { $0.markerShown }
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

    /// Drags chip `index` to (`x`, `y`) of the window and drops it there.
    func drag(_ index: Int, toX x: Double, y: Double) throws {
        try press(on: index, movingTo: x, y)
        try release()
    }

    func key(_ key: String) throws {
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

@Suite(.serialized)
struct WrapListReorderDragTests {
    /// `order` with item `from` taken out and put at index `to`.
    func moving(_ from: Int, to: Int, in order: [Int]) -> [Int] {
        var result = order
        result.insert(result.remove(at: from), at: to)
        return result
    }

    @Test func aChipDraggedWithThePointerLandsOnAnotherLineAndAfterTheLast() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 24
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        var shown = try example.state("all its chips on screen") { $0.frames.count == count && !$0.markerShown }
        #expect(shown.order == Array(0..<count))
        #expect(shown.lines.count >= 4)

        // From line 1 to the start of line 3: just before its first chip.
        var lines = shown.lines
        let lineThree = lines[2][0]
        let lineThreeStart = try #require(shown.frames[lineThree])
        var expected = moving(0, to: lineThree - 1, in: shown.order)
        try example.drag(0, toX: lineThreeStart.x + 3, y: lineThreeStart.y + lineThreeStart.height / 2)
        shown = try example.state("the first chip before line 3's first") { $0.moves == 1 && !$0.markerShown }
        #expect(shown.order == expected)

        // From line 1 to the end of line 2: past its last chip's centre.
        lines = shown.lines
        let lineTwoLast = try #require(lines[1].last)
        let lineTwoEnd = try #require(shown.frames[lineTwoLast])
        expected = moving(lines[0][1], to: lineTwoLast, in: shown.order)
        try example.drag(lines[0][1], toX: lineTwoEnd.x + lineTwoEnd.width - 2,
                         y: lineTwoEnd.y + lineTwoEnd.height / 2)
        shown = try example.state("the chip at the end of line 2") { $0.moves == 2 && !$0.markerShown }
        #expect(shown.order == expected)

        // After the last chip.
        let last = try #require(shown.frames[count - 1])
        expected = moving(0, to: count - 1, in: shown.order)
        try example.drag(0, toX: last.x + last.width + 3, y: last.y + last.height / 2)
        shown = try example.state("the chip after the last") { $0.moves == 3 && !$0.markerShown }
        #expect(shown.order == expected)
    }

    @Test func aDragTowardsTheBottomEdgeScrollsAndDropsFarBelow() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 600
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        let shown = try example.state("its chips") { $0.order.count == count && !$0.frames.isEmpty }
        #expect(shown.scrollOffset == 0)
        let view = shown.view
        let bottom = Int(view.y + view.height - 4), middle = Int(view.y + view.height / 2)
        let x = Int(view.x + view.width / 2)
        // Pick up chip 1 and hold the pointer at the bottom edge: the list scrolls by itself.
        try example.press(on: 1, movingTo: Double(x), Double(bottom))
        let scrolled = try example.state("scrolled far while the pointer stays at the edge") { $0.scrollOffset > 1_500 }
        // Up out of the edge zone, where it stops scrolling; dropped there.
        try example.move(from: (x, bottom), to: (x, middle))
        let before = try example.state("the marker in the middle") { $0.markerShown }
        #expect(before.scrollOffset >= scrolled.scrollOffset)
        try example.release()
        // It lands on screen, where the pointer let go.
        let dropped = try example.state("the chip moved, on screen") { state in
            state.moves == 1 && !state.markerShown && state.order.firstIndex(of: 1).map { state.frames[$0] != nil } == true
        }
        let at = try #require(dropped.order.firstIndex(of: 1))
        #expect(at > 150)
        #expect(dropped.order == moving(1, to: at, in: Array(0..<count)))
        #expect(dropped.scrollOffset >= scrolled.scrollOffset)
    }

    @Test func aDropOutsideTheWindowChangesNothing() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 24
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        let shown = try example.state("all its chips on screen") { $0.frames.count == count && !$0.markerShown }
        let target = try #require(shown.frames[10])
        try example.press(on: 2, movingTo: target.x + 3, target.y + target.height / 2)
        // Out past the window's right edge, and let go there.
        let outside = (x: Int(shown.view.x + shown.view.width + 120), y: Int(target.y))
        try example.move(from: (Int(target.x + 3), Int(target.y + target.height / 2)), to: outside)
        try example.state("no marker once the pointer is out") { !$0.markerShown }
        try example.release()
        // A drag that ends anywhere makes one more layout (the chip undimmed); still no move.
        try display.xdotool(["sleep", "0.5"])
        let after = try example.settled()
        #expect(after.moves == 0)
        #expect(after.order == Array(0..<count))
        // The list still takes a drag afterwards.
        let start = try #require(after.frames[count - 1])
        try example.drag(0, toX: start.x + start.width + 3, y: start.y + start.height / 2)
        let moved = try example.state("the first chip after the last") { $0.moves == 1 && !$0.markerShown }
        #expect(moved.order == moving(0, to: count - 1, in: Array(0..<count)))
    }

    /// Escape with the real key, under X11 (whose drag grabs Escape on the root window), cancels
    /// the drag: the release after it drops nothing.
    @Test func escapeMidDragCancelsItAndTheReleaseMovesNothing() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 24
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        let shown = try example.state("all its chips on screen") { $0.frames.count == count && !$0.markerShown }
        let target = try #require(shown.frames[10])
        try example.press(on: 2, movingTo: target.x + 3, target.y + target.height / 2)
        try example.key("Escape")
        try example.state("no marker after Escape") { !$0.markerShown }
        try example.release()
        try display.xdotool(["sleep", "0.5"])
        let after = try example.settled()
        #expect(after.moves == 0)
        #expect(after.order == Array(0..<count))
    }

    @Test func aChipDroppedOnAnotherProgramGivesItsTextAndStaysWhereItWas() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let count = 24
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        let drop = try TextDropTarget(on: display, scratch: scratch)
        let shown = try example.state("all its chips on screen") { $0.frames.count == count && !$0.markerShown }
        let target = try #require(shown.frames[10])
        try example.press(on: 2, movingTo: target.x + 3, target.y + target.height / 2)
        // Out of the list's window, in steps in screen coordinates, onto the other program's.
        let window = try display.origin(of: example.window)
        let start = (x: window.x + Int(target.x + 3), y: window.y + Int(target.y + target.height / 2))
        let end = try drop.centre()
        for step in 1...16 {
            let x = start.x + (end.x - start.x) * step / 16, y = start.y + (end.y - start.y) * step / 16
            try display.xdotool(["mousemove", "\(x)", "\(y)", "sleep", "0.04"])
        }
        try display.xdotool(["mousemove", "\(end.x + 3)", "\(end.y + 3)", "sleep", "0.2", "mouseup", "1"])
        let text = try waitUntil("the other program to get the chip's text", timeout: 20) { drop.dropped }
        #expect(text == "tag 2 xx")
        // A copy: the list moved nothing.
        try display.xdotool(["sleep", "0.5"])
        let after = try example.settled()
        #expect(after.moves == 0)
        #expect(after.order == Array(0..<count))
    }

    /// Without a window manager: openbox binds Alt+Shift+arrows to moving windows between desktops.
    @Test func altShiftKeysMoveTheFocusedChipAndTheFocusStaysOnIt() throws {
        let display = try VirtualDisplay()
        let scratch = try Scratch()
        let count = 2_000
        let example = try ReorderListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        try example.state("its chips") { $0.order.count == count }
        try example.key("Tab")
        try example.state("the first chip focused") { $0.focusedItem == 0 }
        try example.key("alt+shift+Right")
        var shown = try example.state("the first chip one place on") { $0.moves == 1 }
        #expect(Array(shown.order.prefix(3)) == [1, 0, 2] && shown.focusedItem == 1)
        try example.key("alt+shift+End")
        shown = try example.state("the chip at the end, focused, scrolled to") {
            $0.moves == 2 && $0.focusedItem == count - 1 && $0.scrollOffset > 0 && $0.frames[count - 1] != nil
        }
        #expect(shown.order.last == 0)
        try example.key("alt+shift+Home")
        shown = try example.state("the chip back at the front, scrolled to") {
            $0.moves == 3 && $0.focusedItem == 0 && $0.scrollOffset == 0 && $0.frames[0] != nil
        }
        #expect(shown.order == Array(0..<count))
    }
}
