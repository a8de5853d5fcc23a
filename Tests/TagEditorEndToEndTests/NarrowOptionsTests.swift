// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EditorState {
    /// The options panel lies over the chips: the window is too narrow for both side by side.
    var optionsOverChips: Bool { values["optionsOverChips"] as? Bool ?? false }
}

extension EndToEnd.AppShell {
    /// With the layout options shown, the window can still be made 360 px wide (openbox resizing
    /// it): too narrow for both, the panel lies over the chips, whole inside the window (it was
    /// cut at the right edge, its rows half off-screen), the header bar's buttons stay inside;
    /// Escape and F9 put it away, the entry under it then takes a tag, and in a wide window it
    /// stands beside the chips again (found by a new user: the panel held the window at 422 px).
    @Test func at360PixelsTheOptionsLieOverTheChipsWholeAndPutAway() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        try display.startWindowManager()
        let a = scratch.file("a.txt", tags: "photo,holiday,2026")
        let editor = try EditorProcess([a, "--options"], on: display, dataHome: scratch.path)
        _ = try editor.resize(width: 360, height: 600)
        let narrow = try editor.state("the panel over the chips") { $0.optionsShown && $0.optionsOverChips && $0.settled }
        #expect(narrow.windowWidth <= 360 && narrow.windowWidth >= 340, "\(narrow.windowWidth)")
        for name in ["open", "options", "menu"] {
            let widget = try #require(narrow.widget(name), "\(name) shown")
            #expect(widget.left >= 0 && widget.right <= Double(narrow.windowWidth), "\(name): \(widget.left)...\(widget.right)")
        }
        let panel = try #require(narrow.widget("panel")), content = try #require(narrow.widget("content"))
        #expect(panel.left >= content.left && panel.right <= content.right, "panel \(panel.left)...\(panel.right) in \(content.left)...\(content.right)")
        #expect(panel.width >= 280, "the panel keeps its rows' width")

        try editor.key("Escape")
        let closed = try editor.state("Escape put the panel away") { !$0.optionsShown && $0.settled }
        #expect(closed.widget("panel") == nil)
        let entry = try #require(closed.widget("entry"))
        #expect(entry.width >= 200, "the entry is \(entry.width) px wide")
        try editor.addTag("narrow")
        try waitUntil("narrow saved") { OnDisk.tags(of: a) == ["photo", "holiday", "2026", "narrow"] ? true : nil }

        try editor.key("F9")
        try editor.state("F9 showed it again, over the chips") { $0.optionsShown && $0.optionsOverChips && $0.settled }
        try editor.key("F9")
        try editor.state("F9 put it away") { !$0.optionsShown && $0.settled }
        try editor.key("F9")
        _ = try editor.resize(width: 1000, height: 600)
        let wide = try editor.state("beside the chips") { $0.optionsShown && !$0.optionsOverChips && $0.settled && $0.windowWidth >= 900 }
        let besidePanel = try #require(wide.widget("panel")), besideEntry = try #require(wide.widget("entry"))
        let wideContent = try #require(wide.widget("content"))
        #expect(besideEntry.right <= besidePanel.left, "entry \(besideEntry.left)...\(besideEntry.right), panel \(besidePanel.left)...")
        #expect(besidePanel.right <= wideContent.right)
    }
}
