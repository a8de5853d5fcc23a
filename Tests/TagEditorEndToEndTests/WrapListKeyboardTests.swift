// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `wraplist-example` (the virtualized list over a GtkStringList of chips) on a
/// ``VirtualDisplay``, driven by real key presses; what its window shows comes from its state
/// report (`WRAPLIST_EXAMPLE_STATE`, see `Sources/wraplist-example/main.swift`).
final class ListExampleProcess: ExampleProcess {
    struct State {
        var modelItems: Int
        var realizedItems: Int
        var scrollOffset: Double
        var focusedItem: Int?
        var focusedOnScreen: Bool
    }

    init(_ arguments: [String], on display: VirtualDisplay, scratch: Scratch) throws {
        try super.init("wraplist-example", arguments, stateVariable: "WRAPLIST_EXAMPLE_STATE", stateFile: "list-state.json",
                       on: display, scratch: scratch)
    }

    var current: State? {
        guard let data = FileManager.default.contents(atPath: statePath),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let items = object["modelItems"] as? Int, let realized = object["realizedItems"] as? Int,
              let offset = object["scrollOffset"] as? Double, let onScreen = object["focusedOnScreen"] as? Bool
        else { return nil }
        return State(modelItems: items, realizedItems: realized, scrollOffset: offset,
                     focusedItem: object["focusedItem"] as? Int, focusedOnScreen: onScreen)
    }

    /// Waits until the window shows what `condition` accepts.
    @discardableResult
    func state(_ what: String, _ condition: (State) -> Bool) throws -> State {
        try waitUntil("the list to show \(what) (it shows \(String(describing: current)))", timeout: 20) {
            guard process.isRunning else {
                throw EndToEndError(description: "wraplist-example exited (status \(process.terminationStatus))")
            }
            return current.flatMap { condition($0) ? $0 : nil }
        }
    }

    func press(_ key: String) throws {
        try display.xdotool(["key", "--delay", "20", key])
    }
}

@Suite(.serialized)
struct WrapListKeyboardTests {
    @Test func keysMoveTheFocusAcrossUnrealizedItemsAndScrollItIntoView() throws {
        let display = try VirtualDisplay()
        let scratch = try Scratch()
        let count = 50_000
        let list = try ListExampleProcess(["--items", "\(count)", "--provider"], on: display, scratch: scratch)
        try list.state("its items") { $0.modelItems == count }
        try list.press("Tab")
        var state = try list.state("the first chip focused") { $0.focusedItem == 0 }
        let bound = state.realizedItems + 40
        try list.press("End")
        state = try list.state("the last chip focused, on screen") {
            $0.focusedItem == count - 1 && $0.focusedOnScreen && $0.scrollOffset > 0
        }
        #expect(state.realizedItems <= bound)
        try list.press("Left")
        try list.state("the chip before the last") { $0.focusedItem == count - 2 && $0.focusedOnScreen }
        try list.press("Home")
        try list.state("the first chip, scrolled to the top") {
            $0.focusedItem == 0 && $0.scrollOffset == 0 && $0.focusedOnScreen
        }
        try list.press("Right")
        try list.state("the second chip") { $0.focusedItem == 1 }
        try list.press("Down")
        let below = try list.state("a chip on the next line") { ($0.focusedItem ?? 0) > 2 }
        try list.press("Up")
        try list.state("back on the first line") { ($0.focusedItem ?? 99) < below.focusedItem! }
        for _ in 0..<5 { try list.press("Page_Down") }
        let paged = try list.state("five pages down, on screen") {
            ($0.focusedItem ?? 0) > 150 && $0.focusedOnScreen && $0.scrollOffset > 1_000
        }
        #expect(paged.realizedItems <= bound)
        try list.press("Page_Up")
        try list.state("a page back up") { ($0.focusedItem ?? .max) < paged.focusedItem! && $0.focusedOnScreen }
    }
}
