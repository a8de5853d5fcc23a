// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `wraphstack-example --reorderable` on a ``VirtualDisplay``, its chips dragged with the real
/// pointer (xdotool: press, moves in steps, release) and moved with real keys; what its window
/// shows comes from its state report (`WRAPHSTACK_EXAMPLE_STATE`, see
/// `Sources/wraphstack-example/ReorderableWindow.swift`).
final class ReorderExampleProcess: ExampleProcess {
    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    struct State {
        var order: [String]
        var frames: [String: Frame]
        /// What the engine gave each chip (nil during a drag).
        var engine: [String: Frame]?
        var marker: Frame?
        var markerShown: Bool { marker != nil }
        /// The "+N more" chip, while shown.
        var more: Frame?
        var moves: Int
        var settled: Bool

        /// The chips' names line by line (a line: the chips whose frames share a top).
        var lines: [[String]] {
            let tops = Set(frames.values.map(\.y)).sorted()
            return tops.map { top in order.filter { frames[$0]?.y == top } }
        }
    }

    init(_ arguments: [String], on display: VirtualDisplay, scratch: Scratch) throws {
        try super.init("wraphstack-example", ["--reorderable"] + arguments, stateVariable: "WRAPHSTACK_EXAMPLE_STATE", stateFile: "reorder-state.json",
                       on: display, scratch: scratch)
    }

    var current: State? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let order = object["order"] as? [String], let frames = object["frames"] as? [String: [Double]],
              let moves = object["moves"] as? Int, let settled = object["settled"] as? Bool else { return nil }
        func parse(_ frames: [String: [Double]]) -> [String: Frame] {
            var parsed: [String: Frame] = [:]
            for (name, f) in frames where f.count == 4 { parsed[name] = (f[0], f[1], f[2], f[3]) }
            return parsed
        }
        func frame(_ key: String) -> Frame? {
            (object[key] as? [Double]).flatMap { $0.count == 4 ? ($0[0], $0[1], $0[2], $0[3]) : nil }
        }
        return State(order: order, frames: parse(frames), engine: (object["engine"] as? [String: [Double]]).map(parse),
                     marker: frame("marker"), more: frame("more"), moves: moves, settled: settled)
    }

    /// Whether the program ended by itself with status 0 (a GTK critical aborts it: criticals are fatal).
    func exitedCleanly(within seconds: Double) throws -> Bool {
        try waitUntil("wraphstack-example to exit", timeout: seconds) { process.isRunning ? nil : true }
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// Waits until the window shows what `condition` accepts.
    @discardableResult
    func state(_ what: String, _ condition: (State) -> Bool) throws -> State {
        try waitUntil("the chips to show \(what) (they show \(String(describing: current?.order)))", timeout: 20) {
            guard process.isRunning else {
                throw EndToEndError(description: "wraphstack-example exited (status \(process.terminationStatus))")
            }
            return current.flatMap { condition($0) ? $0 : nil }
        }
    }

    /// All chips shown (all but those a line limit hides) and still.
    func settled() throws -> State {
        try state("all chips, settled") { shown in
            shown.settled && !shown.markerShown && shown.engine?.count == shown.frames.count
                && (shown.frames.count == shown.order.count || shown.more != nil)
        }
    }

    /// Presses on `name`'s centre and moves the pointer in steps to (`x`, `y`) of the window, as a
    /// hand does; then releases, or with `escape` presses Escape before releasing. Returns what the
    /// window showed just before the release (the marker shown, the others settled in their room).
    @discardableResult
    func drag(_ name: String, toX x: Double, y: Double, escape: Bool = false) throws -> State {
        let hovering = try hover(name, toX: x, y: y)
        if escape { try display.xdotool(["key", "Escape"]) }
        try display.xdotool(["sleep", "0.1", "mouseup", "1"])
        return hovering
    }

    /// The drag without its end: pressed on `name`, moved in steps to (`x`, `y`), still held.
    func hover(_ name: String, toX x: Double, y: Double) throws -> State {
        let shown = try settled()
        let frame = try #require(shown.frames[name])
        let start = (x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height / 2))
        try display.xdotool(["mousemove", "--window", window, "\(start.x)", "\(start.y)", "mousedown", "1"])
        let steps = 12
        for step in 1...steps {
            let px = start.x + (Int(x) - start.x) * step / steps, py = start.y + (Int(y) - start.y) * step / steps
            try display.xdotool(["mousemove", "--window", window, "\(px)", "\(py)", "sleep", "0.04"])
        }
        return try state("the insertion marker during the drag") { $0.markerShown && $0.settled }
    }

    func press(_ key: String) throws {
        try display.xdotool(["key", "--delay", "20", key])
    }
}

@Suite(.serialized)
struct ReorderDragTests {
    /// `order` with `name` taken out and put before `before` (`nil`: at the end).
    func moving(_ name: String, before: String?, in order: [String]) -> [String] {
        var result = order.filter { $0 != name }
        result.insert(name, at: before.flatMap { result.firstIndex(of: $0) } ?? result.count)
        return result
    }

    /// Where the drop put `name` is where the marker stood just before: on the marker's line, the
    /// marker in the gap before the chip (the spacing is 8); and every chip where the engine says.
    func expectLandedAtTheMarker(_ name: String, hovering: ReorderExampleProcess.State,
                                 dropped: ReorderExampleProcess.State, rightToLeft: Bool = false) {
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

    @Test(arguments: ["", "--direct"])
    func aChipDraggedWithThePointerLandsWhereTheMarkerWas(placement: String) throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(placement.isEmpty ? [] : [placement], on: display, scratch: scratch)
        var shown = try example.settled()
        #expect(shown.lines.count >= 4)

        // From line 1 to the start of line 3: just before its first chip.
        var lines = shown.lines
        let lineThreeStart = try #require(shown.frames[lines[2][0]])
        expectFramesFromEngine(shown)
        var expected = moving(lines[0][0], before: lines[2][0], in: shown.order)
        var hovering = try example.drag(lines[0][0], toX: lineThreeStart.x + 3,
                                        y: lineThreeStart.y + lineThreeStart.height / 2)
        shown = try example.state("the first chip before line 3's first") { $0.moves == 1 && $0.settled }
        #expect(shown.order == expected)
        expectLandedAtTheMarker(lines[0][0], hovering: hovering, dropped: shown)

        // From line 1 to the end of line 2: past its last chip's centre.
        lines = shown.lines
        let lineTwoEnd = try #require(shown.frames[lines[1].last!])
        let after = shown.order.firstIndex(of: lines[1].last!)! + 1
        expected = moving(lines[0][1], before: after < shown.order.count ? shown.order[after] : nil, in: shown.order)
        hovering = try example.drag(lines[0][1], toX: lineTwoEnd.x + lineTwoEnd.width - 2,
                                    y: lineTwoEnd.y + lineTwoEnd.height / 2)
        shown = try example.state("the chip at the end of line 2") { $0.moves == 2 && $0.settled }
        #expect(shown.order == expected)
        expectLandedAtTheMarker(lines[0][1], hovering: hovering, dropped: shown)

        // After the last chip.
        let last = try #require(shown.frames[shown.order.last!])
        let lastDragged = shown.lines[0][0]
        expected = moving(lastDragged, before: nil, in: shown.order)
        hovering = try example.drag(lastDragged, toX: last.x + last.width + 3, y: last.y + last.height / 2)
        shown = try example.state("the chip after the last") { $0.moves == 3 && $0.settled }
        #expect(shown.order == expected)
        #expect(shown.order.last == lastDragged)
        expectLandedAtTheMarker(lastDragged, hovering: hovering, dropped: shown)

        // Escape mid-drag puts everything back: the chips where they were, no move.
        let before = shown
        hovering = try example.drag(shown.lines[0][0], toX: last.x + 3, y: last.y + last.height / 2, escape: true)
        #expect(hovering.order == before.order)   // the live layout moved it, the order did not
        shown = try example.settled()
        #expect(shown.moves == 3)
        #expect(shown.order == before.order)
        for (name, frame) in before.frames {
            #expect(shown.frames[name].map { $0 == frame } == true, "\(name) back at \(frame)")
        }
        expectFramesFromEngine(shown)
    }

    /// Right to left: a line's end is its left end; a chip from line 1 dropped left of line 2's
    /// last chip goes after it, where the marker was (on the chip's right, before it in reading order).
    @Test func rightToLeftDropsLandWhereTheMarkerWas() throws {
        let display = try VirtualDisplay()
        try display.startWindowManager()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(["--rtl"], on: display, scratch: scratch)
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
        let example = try ReorderExampleProcess(["--wrap-reverse"], on: display, scratch: scratch)
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
        let example = try ReorderExampleProcess(["--max-lines", "2"], on: display, scratch: scratch)
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
        let example = try ReorderExampleProcess(["--on-drag", "remove"] + (placement.isEmpty ? [] : [placement]),
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
        let example = try ReorderExampleProcess([when, "close"], on: display, scratch: scratch)
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

    /// Without a window manager: openbox binds Alt+Shift+arrows to moving windows between desktops.
    @Test(arguments: [false, true])
    func altShiftArrowsMoveTheFocusedChip(rightToLeft: Bool) throws {
        let display = try VirtualDisplay()
        let scratch = try Scratch()
        let example = try ReorderExampleProcess(rightToLeft ? ["--rtl"] : [], on: display, scratch: scratch)
        var shown = try example.settled()
        let first = shown.order[0], second = shown.order[1]
        // GTK gives the focus to the first chip when the window appears.
        // Forward in reading order: right in left-to-right, left in right-to-left.
        try example.press(rightToLeft ? "alt+shift+Left" : "alt+shift+Right")
        shown = try example.state("the first chip one place on") { $0.moves == 1 && $0.settled }
        #expect(Array(shown.order.prefix(2)) == [second, first])
        try example.press("alt+shift+End")
        shown = try example.state("the chip at the end") { $0.moves == 2 && $0.settled }
        #expect(shown.order.last == first)
        // The focus stayed on it: Home brings it back to the front.
        try example.press("alt+shift+Home")
        shown = try example.state("the chip at the front") { $0.moves == 3 && $0.settled }
        #expect(shown.order.first == first)
        try example.press("alt+shift+Down")
        shown = try example.state("the chip on the second line") { $0.moves == 4 && $0.settled }
        #expect(shown.lines[1].contains(first))
    }
}
