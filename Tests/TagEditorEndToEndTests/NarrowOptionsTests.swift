// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.AppShell {
    /// With the layout options shown, the window can still be made 360 px wide (openbox resizing
    /// it): the panel gives way and scrolls sideways, the header bar's buttons and the entry stay
    /// inside the window, and a tag typed there is saved (found by a new user: the panel held the
    /// window at 422 px).
    @Test func at360PixelsWithTheOptionsShownTheEntryWorks() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        try display.startWindowManager()
        let a = scratch.file("a.txt", tags: "photo,holiday,2026")
        let editor = try EditorProcess([a, "--options"], on: display, dataHome: scratch.path)
        let narrow = try editor.resize(width: 360, height: 600)
        #expect(narrow.optionsShown)
        #expect(narrow.windowWidth <= 360 && narrow.windowWidth >= 340, "\(narrow.windowWidth)")
        for name in ["open", "options", "menu", "entry"] {
            let widget = try #require(narrow.widget(name), "\(name) shown")
            #expect(widget.left >= 0 && widget.right <= Double(narrow.windowWidth), "\(name): \(widget.left)...\(widget.right)")
        }
        let entry = try #require(narrow.widget("entry"))
        #expect(entry.width >= 150, "the entry is \(entry.width) px wide")
        try editor.addTag("narrow")
        try waitUntil("narrow saved") { OnDisk.tags(of: a) == ["photo", "holiday", "2026", "narrow"] ? true : nil }
    }
}
