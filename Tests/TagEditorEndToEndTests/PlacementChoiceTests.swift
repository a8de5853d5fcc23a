// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The options panel's "Chips placed" drop-down, used with the pointer and the keyboard as a
    /// user does: the chips move between the GtkFixed and the container, live, keeping every tag,
    /// and the panel's figures say which placement is in use.
    @Suite struct PlacementChoice {
        @Test func choosingThePlacementInThePanelMovesTheChipsLive() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (0..<25).map { "tag-\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            // Started without --placement: the app's default.
            let editor = try EditorProcess(["--collection", collection, "--options"], on: display,
                                           dataHome: scratch.path, placement: nil)
            // The figures follow the first layout: waited for, then read.
            let start = try editor.state("the panel shown with its figures") {
                $0.settled && $0.placementChoice != nil && $0.figures.contains("\n")
            }
            #expect(start.placement == "fixed")
            #expect(start.chipParent == "GtkFixed")
            #expect(start.figures.contains("GtkFixed"))

            for (choice, placement, said) in [("Directly", "direct", "direct placement"),
                                              ("In a GtkFixed", "fixed", "GtkFixed")] {
                // The state report is written when the chips or the focus change; the panel's
                // place can change after that (the header bar joins the window): a key typed and
                // taken back has it written again, with the drop-down where it is now.
                try editor.clickEntry()
                try editor.type("x")
                try editor.state("the x typed") { $0.entry == "x" }
                try editor.key("BackSpace")
                let shown = try editor.state("the drop-down") { $0.entry.isEmpty && $0.placementChoice != nil }
                // A click the window gets before it is ready to take one opens nothing: as a user
                // would, click again when the list did not open.
                var open = false
                for _ in 0..<3 where !open {
                    try editor.click(x: shown.placementChoice!.x, y: shown.placementChoice!.y)
                    open = (try? editor.state("the drop-down's list open", timeout: 3) { $0.placementChoiceOpen }) != nil
                }
                try #require(open, "the drop-down's list opens")
                // The drop-down's list opens with the current choice selected; the other is one
                // step away.
                // Keys straight to X: the harness's key() gives the window the focus first, which
                // would close the drop-down's popover.
                try display.xdotool(["key", "--delay", "80", placement == "direct" ? "Down" : "Up", "Return"])
                let after = try editor.state("\(choice) in use") {
                    $0.placement == placement && $0.settled && $0.figures.contains(said)
                }
                // In the direct placement the chips are the container's own children.
                #expect((after.chipParent == "GtkFixed") == (placement == "fixed"), "\(choice): \(after.chipParent ?? "none")")
                #expect(after.names == tags, "every tag still shown, in order")
                #expect(OnDisk.collection(at: collection) == tags, "nothing written")
            }
            #expect(!editor.errors.contains("CRITICAL"))
        }
    }
}
