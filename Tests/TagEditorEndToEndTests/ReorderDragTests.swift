import Foundation
import Testing

/// `wraphstack-example --reorderable` on a ``VirtualDisplay``, its chips dragged with the real
/// pointer (xdotool: press, moves in steps, release) and moved with real keys; what its window
/// shows comes from its state report (`WRAPHSTACK_EXAMPLE_STATE`, see
/// `Sources/wraphstack-example/ReorderableWindow.swift`).
final class ReorderExampleProcess {
    struct State {
        var order: [String]
        var frames: [String: (x: Double, y: Double, width: Double, height: Double)]
        var markerShown: Bool
        var moves: Int
        var settled: Bool

        /// The chips' names line by line (a line: the chips whose frames share a top).
        var lines: [[String]] {
            let tops = Set(frames.values.map(\.y)).sorted()
            return tops.map { top in order.filter { frames[$0]?.y == top } }
        }
    }

    let display: VirtualDisplay
    let process = Process()
    let statePath: String
    private(set) var window = ""

    init(_ arguments: [String], on display: VirtualDisplay, scratch: Scratch) throws {
        self.display = display
        statePath = scratch.path + "/reorder-state.json"
        window = try display.launchExample(process, named: "wraphstack-example", ["--reorderable"] + arguments,
                                           stateVariable: "WRAPHSTACK_EXAMPLE_STATE", statePath: statePath)
    }

    deinit { process.stop() }

    var current: State? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let order = object["order"] as? [String], let frames = object["frames"] as? [String: [Double]],
              let moves = object["moves"] as? Int, let settled = object["settled"] as? Bool else { return nil }
        var parsed: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for (name, f) in frames where f.count == 4 { parsed[name] = (f[0], f[1], f[2], f[3]) }
        return State(order: order, frames: parsed, markerShown: !(object["marker"] is NSNull), moves: moves,
                     settled: settled)
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

    /// All chips shown and still.
    func settled() throws -> State {
        try state("all chips, settled") { $0.settled && $0.frames.count == $0.order.count && !$0.markerShown }
    }

    /// Presses on `name`'s centre and moves the pointer in steps to (`x`, `y`) of the window, as a
    /// hand does; then releases, or with `escape` presses Escape before releasing.
    func drag(_ name: String, toX x: Double, y: Double, escape: Bool = false) throws {
        let shown = try settled()
        let frame = try #require(shown.frames[name])
        let start = (x: Int(frame.x + frame.width / 2), y: Int(frame.y + frame.height / 2))
        try display.xdotool(["mousemove", "--window", window, "\(start.x)", "\(start.y)", "mousedown", "1"])
        let steps = 12
        for step in 1...steps {
            let px = start.x + (Int(x) - start.x) * step / steps, py = start.y + (Int(y) - start.y) * step / steps
            try display.xdotool(["mousemove", "--window", window, "\(px)", "\(py)", "sleep", "0.04"])
        }
        try state("the insertion marker during the drag") { $0.markerShown }
        if escape { try display.xdotool(["key", "Escape"]) }
        try display.xdotool(["sleep", "0.1", "mouseup", "1"])
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
        var expected = moving(lines[0][0], before: lines[2][0], in: shown.order)
        try example.drag(lines[0][0], toX: lineThreeStart.x + 3, y: lineThreeStart.y + lineThreeStart.height / 2)
        shown = try example.state("the first chip before line 3's first") { $0.moves == 1 && $0.settled }
        #expect(shown.order == expected)

        // From line 1 to the end of line 2: past its last chip's centre.
        lines = shown.lines
        let lineTwoEnd = try #require(shown.frames[lines[1].last!])
        let after = shown.order.firstIndex(of: lines[1].last!)! + 1
        expected = moving(lines[0][1], before: after < shown.order.count ? shown.order[after] : nil, in: shown.order)
        try example.drag(lines[0][1], toX: lineTwoEnd.x + lineTwoEnd.width - 2, y: lineTwoEnd.y + lineTwoEnd.height / 2)
        shown = try example.state("the chip at the end of line 2") { $0.moves == 2 && $0.settled }
        #expect(shown.order == expected)

        // After the last chip.
        let last = try #require(shown.frames[shown.order.last!])
        expected = moving(shown.lines[0][0], before: nil, in: shown.order)
        try example.drag(shown.lines[0][0], toX: last.x + last.width + 3, y: last.y + last.height / 2)
        shown = try example.state("the chip after the last") { $0.moves == 3 && $0.settled }
        #expect(shown.order == expected)

        // Escape mid-drag should put everything back. Under Xvfb neither GDK's X11 drag (a PyGObject
        // drag source behaves the same: it ends as a drop with no target) nor the box's own
        // Escape handler sees the key while the drag holds the pointer, so the chip is dropped.
        let before = shown
        try example.drag(shown.lines[0][0], toX: last.x + 3, y: last.y + last.height / 2, escape: true)
        shown = try example.settled()
        withKnownIssue("Escape does not reach a GTK 4.8 X11 drag from xdotool under Xvfb") {
            #expect(shown.moves == 3)
            #expect(shown.order == before.order)
        }
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
