// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.Chips {
    /// Justification "Fill the line", chosen in the options panel with the pointer and the keys:
    /// the chips widen to fill their line, and each name stays centred between the chip's ends
    /// (its text moves right by half of what its chip gained).
    @Test func fillingTheLineKeepsEachNameCentred() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        try display.startWindowManager()
        let collection = scratch.path + "/tags.json"
        let tags = ["a", "bb", "a-much-longer-tag", "mid-size"]
        try OnDisk.writeCollection(tags, at: collection)
        let editor = try EditorProcess(["--collection", collection, "--options"], on: display, dataHome: scratch.path)
        let title = "Spread along a line"
        // Tall enough for the whole panel: the drop-down is in view without scrolling it.
        try editor.resize(width: 1000, height: 1150)
        let before = try editor.state("the panel shown") {
            $0.settled && $0.panelChoice(title)?.visible == true && $0.drawnNames.count == 4
        }
        var open = false
        for _ in 0..<3 where !open {
            let choice = try #require(try editor.state("the drop-down") { $0.panelChoice(title) != nil }.panelChoice(title))
            try editor.click(x: choice.x, y: choice.y)
            open = (try? editor.state("the drop-down's list open", timeout: 3) { $0.panelChoice(title)?.open == true }) != nil
        }
        try #require(open, "the drop-down's list opens")
        // "Fill the line" is the last choice. Keys straight to X: the harness's key() gives the
        // window the focus first, which would close the drop-down's popover.
        try display.xdotool(["key", "--delay", "80", "End", "Return"])
        let after = try editor.state("the line filled") {
            $0.settled && $0.panelChoice(title)?.selected == 6 && $0.drawnNames.count == 4
                && $0.drawnNames.map(\.width) != before.drawnNames.map(\.width)
        }
        for (old, new) in zip(before.drawnNames, after.drawnNames) {
            let gained = new.width - old.width
            #expect(gained > 10, "\(new.name) widened: \(old.width) → \(new.width)")
            let moved = new.nameLeft - old.nameLeft
            #expect(abs(moved - gained / 2) <= 1, "\(new.name): its text moved \(moved) px of a \(gained) px gain")
            #expect(new.nameWidth == old.nameWidth, "\(new.name)'s text is shown whole, as before")
        }
        #expect(OnDisk.collection(at: collection) == tags, "nothing written")
        #expect(!editor.errors.contains("CRITICAL"))
    }
}

extension EditorState {
    /// Each chip's width and where its name's text is drawn within it.
    struct DrawnName {
        var name: String, width: Double, nameLeft: Double, nameWidth: Double
    }

    var drawnNames: [DrawnName] {
        (values["chips"] as? [[String: Any]] ?? []).compactMap { chip in
            guard let name = chip["name"] as? String, let width = chip["width"] as? Double,
                  let left = chip["nameLeft"] as? Double, let textWidth = chip["nameWidth"] as? Double else { return nil }
            return DrawnName(name: name, width: width, nameLeft: left, nameWidth: textWidth)
        }
    }
}
