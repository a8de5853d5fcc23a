// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The chips of issue 14 on the real window: long names, right to left, adding a partial tag
    /// to every file, merging on a rename, and "+N more" / "Show less".
    @Suite struct Chips {
        static let tag70 = "the-quick-brown-fox-jumps-over-the-lazy-dog-then-runs-far-far-away-now"
        static let tag200 = String(repeating: "a-very-long-tag-", count: 13).prefix(199) + "Z"

        /// With a 70- and a 200-character tag, a window manager (openbox) lets the window be made
        /// 360 px wide: the chips' names are shortened in the middle, each chip and its remove
        /// button stay inside the window, and the full name is in the tooltip.
        @Test func longTagsLetTheWindowBeNarrow() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            try display.startWindowManager()
            let collection = scratch.path + "/tags.json"
            let tags = ["short", Self.tag70, "photo", String(Self.tag200)]
            #expect(Self.tag70.count == 70 && Self.tag200.count == 200)
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection, "--no-options"], on: display,
                                           dataHome: scratch.path)
            try editor.state("the chips placed") { $0.settled && $0.chips.count == 4 }
            try editor.resize(width: 360, height: 500)
            // What X says, whatever the window reports: the window manager refused any width
            // below the window's minimum (the old chips kept it over 540 px).
            let width = try? waitUntil("the window 360 px wide", timeout: 5) {
                try editor.geometry().width == 360 ? true : nil
            }
            let xWidth = try editor.geometry().width
            #expect(width != nil, "the window is \(xWidth) px wide")
            // The window widget's own width: the 360 px X gave, less the frame GTK draws around a
            // window with a header bar (a few pixels).
            let shown = try editor.state("the window at 360 px") { $0.windowWidth >= 340 && $0.windowWidth <= 360 && $0.settled }
            for name in tags {
                let frame = try #require(shown.frame(name))
                let remove = try #require(shown.chip(name)?.remove)
                #expect(frame.x >= 0 && frame.x + frame.width <= 360, "\(name): \(frame)")
                #expect(remove.x < 360)
            }
            for long in [Self.tag70, String(Self.tag200)] {
                let fields = try #require(shown.chipFields(long))
                #expect(fields["shortened"] as? Bool == true)
                // Shortened by the rule of Chip.shownName (Pango cuts it further only when
                // even that does not fit).
                #expect(((fields["shownName"] as? String)?.count ?? 999) <= 33, "\(fields)")
                #expect(fields["tooltip"] as? String == long)
            }
            #expect(shown.chipFields("short")?["ellipsized"] as? Bool == false)
            // A click on the long tag's remove button at this width lands on it.
            let remove = try #require(shown.chip(String(Self.tag200))?.remove)
            try editor.click(x: remove.x, y: remove.y)
            try waitUntil("the long tag removed") {
                OnDisk.collection(at: collection) == Array(tags.prefix(3)) ? true : nil
            }
        }

        /// The chips' tooltips, with the real pointer: resting on a chip's × shows "Remove tag …",
        /// on a long name the whole name (a wider tooltip), on a short name none. The chips give
        /// them when GTK asks (`query-tooltip`), not by gtk_widget_set_tooltip_text, which asked
        /// the X server where the pointer was for every chip made.
        @Test func tooltipsShowWhereThePointerRests() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let long = "a-tag-name-long-enough-to-be-shown-in-its-tooltip"
            try OnDisk.writeCollection(["short", long, "x"], at: collection)
            let editor = try EditorProcess(["--collection", collection, "--no-options"], on: display,
                                           dataHome: scratch.path, position: (0, 0))
            let shown = try editor.state("the chips placed") { $0.settled && $0.chips.allSatisfy { $0.remove != nil } }
            #expect(shown.chipFields("short")?["removeTooltip"] as? String == "Remove tag “short”")
            /// The tooltip shown after the pointer came to rest at (x, y) in small steps, as a hand
            /// moves it; nil when none shows within two seconds.
            func tooltipWidth(restingAt x: Double, _ y: Double) throws -> Int? {
                try display.xdotool(["mousemove", "--window", editor.window, "600", "400", "sleep", "0.6"])
                for step in 0..<3 {
                    try display.xdotool(["mousemove", "--window", editor.window, "\(Int(x) - 4 + step * 2)",
                                         "\(Int(y))", "sleep", "0.05"])
                }
                return try? waitUntil("a tooltip", timeout: 2) { try display.mappedPopups().first?.width }
            }
            let remove = try #require(shown.chip("short")?.remove)
            let removeTip = try #require(try tooltipWidth(restingAt: remove.x, remove.y), "no tooltip over the ×")
            let longChip = try #require(shown.chip(long)?.centre)
            let longTip = try #require(try tooltipWidth(restingAt: longChip.x, longChip.y), "no tooltip over the long name")
            #expect(longTip > removeTip + 100, "\(longTip) against \(removeTip)")
            let shortChip = try #require(shown.chip("short")?.centre)
            #expect(try tooltipWidth(restingAt: shortChip.x, shortChip.y) == nil)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// Right to left (`--direction rtl`, and the language: LANGUAGE=he): the first tag is at
        /// the right, lines run leftwards, and each chip's remove button is on its left.
        @Test(arguments: [(["--direction", "rtl"], [String: String]()), ([], ["LANGUAGE": "he", "LANG": "C.UTF-8"])])
        func rightToLeft(arguments: [String], environment: [String: String]) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["one", "two", "three"], at: collection)
            let editor = try EditorProcess(["--collection", collection] + arguments, on: display,
                                           dataHome: scratch.path, environment: environment)
            let shown = try editor.state("the chips placed") { $0.settled && $0.chips.allSatisfy { $0.remove != nil } }
            #expect(shown.direction == "rtl")
            let frames = try ["one", "two", "three"].map { try #require(shown.frame($0)) }
            #expect(frames[0].x > frames[1].x && frames[1].x > frames[2].x)
            for (name, frame) in zip(["one", "two", "three"], frames) {
                let remove = try #require(shown.chip(name)?.remove)
                #expect(remove.x < frame.x + frame.width / 2, "\(name)'s remove button is not on its left")
            }
            let two = try #require(shown.chip("two")?.remove)
            try editor.click(x: two.x, y: two.y)
            try waitUntil("two removed") { OnDisk.collection(at: collection) == ["one", "three"] ? true : nil }
        }

        /// A tag only some files have: its chip's add button puts it on every file.
        @Test func aPartialTagIsAddedToAllFiles() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "x,shared"), b = scratch.file("b.txt", tags: "shared")
            let c = scratch.file("c.txt", tags: "shared,x")
            let editor = try EditorProcess([a, b, c], on: display, dataHome: scratch.path)
            let shown = try editor.state("the partial chip") { $0.settled && $0.addAll("x") != nil }
            #expect(shown.chip("x")?.count == 2 && shown.addAll("shared") == nil)
            let button = try #require(shown.addAll("x"))
            try editor.click(x: button.x, y: button.y)
            try waitUntil("x on b.txt") { OnDisk.tags(of: b) == ["shared", "x"] ? true : nil }
            #expect(OnDisk.tags(of: a) == ["x", "shared"] && OnDisk.tags(of: c) == ["shared", "x"])
            let after = try editor.state("x on all files") { $0.chip("x")?.count == 3 }
            #expect(after.addAll("x") == nil)
            #expect(after.focus == "chip:x")
        }

        /// Renaming a tag to another tag's name asks first; Cancel and Escape leave everything as
        /// it was, Merge makes one tag of the two on every file.
        @Test func renamingOntoAnotherTagMergesAfterAsking() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "pics,photo"), b = scratch.file("b.txt", tags: "pics")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            func askToMerge() throws -> EditorState {
                let pics = try editor.state("the chips placed") { $0.settled && $0.chip("pics")?.centre != nil }.chip("pics")!
                try editor.click(x: pics.centre!.x, y: pics.centre!.y)
                try editor.key("F2")
                try editor.state("the rename popover") { $0.focus == "rename:pics" }
                try editor.key("ctrl+a")
                try editor.type("Photo")
                try editor.key("Return")
                return try editor.state("the merge question") { $0.mergeInto == "photo" && $0.mergeButton != nil }
            }
            let asked = try askToMerge()
            #expect(asked.message == nil && OnDisk.tags(of: b) == ["pics"])
            // Cancel is before Merge, which has the focus. (Keys rather than a click: the popover
            // grows for the question, and X may not have moved its window yet when the state is
            // reported.)
            #expect(asked.cancelMergeButton != nil)
            try editor.key("shift+Tab", "space")
            try editor.state("back to the name") { $0.mergeInto == nil && $0.focus == "rename:pics" }
            try editor.key("Escape")
            try editor.state("the popover closed") { $0.renaming == nil }
            #expect(OnDisk.tags(of: a) == ["pics", "photo"] && OnDisk.tags(of: b) == ["pics"])

            _ = try askToMerge()
            try editor.key("Return")   // Merge has the focus
            try waitUntil("the merge on disk") { OnDisk.tags(of: b) == ["photo"] ? true : nil }
            #expect(OnDisk.tags(of: a) == ["photo"])
            let merged = try editor.state("one tag") { $0.names == ["photo"] && $0.renaming == nil }
            #expect(merged.chip("photo")?.count == 2)
            #expect(merged.focus == "chip:photo")
        }

        /// With `--max-lines 2`, "+N more" is a button that shows every tag, and "Show less" at
        /// the end hides them again; an edit while expanded keeps them shown.
        @Test func moreAndShowLess() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            let tags = (1...60).map { "tag-\($0)" }
            try OnDisk.writeCollection(tags, at: collection)
            let editor = try EditorProcess(["--collection", collection, "--max-lines", "2", "--no-options"], on: display,
                                           dataHome: scratch.path)
            let collapsed = try editor.state("the +N more chip") { $0.settled && $0.more != nil }
            #expect(collapsed.hidden > 0 && collapsed.showLess == nil)
            try editor.click(x: collapsed.more!.x, y: collapsed.more!.y)
            let expanded = try editor.state("every tag shown") { $0.settled && $0.hidden == 0 && $0.showLess != nil }
            #expect(expanded.more == nil)
            #expect(expanded.chips.allSatisfy { $0.centre != nil })
            let firstRevealed = tags[tags.count - collapsed.hidden]
            #expect(expanded.focus == "chip:\(firstRevealed)")

            try editor.addTag("new")
            let edited = try editor.state("the new tag, still expanded") { $0.names.last == "new" && $0.settled && $0.showLess != nil }
            #expect(edited.hidden == 0)
            try editor.click(x: edited.showLess!.x, y: edited.showLess!.y)
            let again = try editor.state("collapsed again") { $0.settled && $0.more != nil && $0.showLess == nil }
            #expect(again.hidden > 0)
            #expect(OnDisk.collection(at: collection) == tags + ["new"])
        }
    }
}
