// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Keys that follow a removal faster than the window lays itself out again, as a quick typist's
    /// or a queued burst's do: GTK delivers every queued key before the next frame's layout.
    @Suite struct FocusAfterRemoval {
        /// Backspace on a focused chip, then Tab, sent in one burst: the focus goes to the previous
        /// chip, and Tab on to the chip after the removed one (a chip is one focus stop, its
        /// remove button none), as when the keys come slowly. Before the fix
        /// the second asked the removed, freed chip for the focus (the chips' container still
        /// listed its last layout's widgets): `gtk_widget_child_focus: assertion 'GTK_IS_WIDGET
        /// (widget)' failed`, the monkey run's crash (docs/reliability.md §10).
        @Test func tabRightAfterRemovingAChipGoesToTheNextChip() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let names = ["a", "b", "c", "d", "e", "f", "g", "h"]
            try OnDisk.writeCollection(names, at: collection)
            let editor = try EditorProcess(["--collection", collection], on: display, dataHome: scratch.path)
            var left = names
            // Three times: each burst removes one chip and tabs on past where it was.
            for (removed, next) in [("g", "h"), ("e", "f"), ("c", "d")] {
                let shown = try editor.state("\(removed) placed") { $0.settled && $0.chip(removed)?.centre != nil }
                let chip = shown.chip(removed)!
                try editor.click(x: chip.centre!.x, y: chip.centre!.y)
                try editor.state("\(removed) focused") { $0.focus == "chip:\(removed)" }
                try editor.focus()
                try display.xdotool(["key", "--delay", "0", "BackSpace", "Tab"])
                left.removeAll { $0 == removed }
                try waitUntil("\(removed) removed on disk") { OnDisk.collection(at: collection) == left ? true : nil }
                let after = try editor.state("the focus on \(next)") { $0.names == left && $0.focus == "chip:\(next)" }
                #expect(after.focus == "chip:\(next)")
            }
            #expect(editor.isRunning)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
