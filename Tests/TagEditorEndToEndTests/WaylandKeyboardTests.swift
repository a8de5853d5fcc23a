// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// The keyboard tests' behaviours under Wayland, as most GNOME users run GTK: typing, the
    /// comma, Enter, Backspace's two presses, undo, Ctrl+A and Delete on the chips as one undo
    /// step, and a 360 px wide window, checked on disk and
    /// in the state report, with GTK criticals fatal.
    @Suite(.enabled(if: WaylandSession.isAvailable, "needs root, sway, wtype and grim")) struct WaylandKeyboard {
        @Test func typingBackspaceAndUndoUnderWayland() throws {
            let scratch = try Scratch()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection(["a", "b", "c"], at: collection)
            let session = try WaylandSession(in: scratch.path, width: 360, height: 600)
            let editor = try WaylandEditor(["--collection", collection], in: session, scratch: scratch.path)
            func shown(_ what: String, _ condition: (EditorState) -> Bool) throws -> EditorState {
                try editor.shown(what, describe: { "\($0.summary), active \($0.active), width \($0.windowWidth)" }, condition)
            }
            let start = try shown("its window with the entry focused") {
                $0.focus == "entry" && $0.settled && $0.names == ["a", "b", "c"]
            }
            #expect(start.windowWidth == 360, "\(start.windowWidth)")

            try session.keys("x1,x2", "-k", "Return")
            try waitUntil("x1 and x2 on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"] ? true : nil }
            try session.keys("-k", "BackSpace")
            try shown("x2 selected") { $0.isSelected("x2") }
            #expect(OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"])
            try session.keys("-k", "BackSpace")
            try waitUntil("x2 removed on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("x2 back on disk") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1", "x2"] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("the add of x2 undone") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            let after = try shown("the window as on disk") { $0.names == ["a", "b", "c", "x1"] && $0.settled }
            #expect(after.message?.contains("Undone") == true, "\(after.message ?? "no message")")

            // Several chips at once, by keyboard: Tab to the first chip, Ctrl+A selects every
            // chip, Delete removes them all, one Ctrl+Z brings them all back.
            try session.keys("-k", "Tab")
            try shown("a focused") { $0.focus == "chip:a" }
            try session.keys("-M", "ctrl", "-k", "a", "-m", "ctrl")
            try shown("every chip selected") { $0.selectedNames == ["a", "b", "c", "x1"] }
            try session.keys("-k", "Delete")
            try waitUntil("every tag removed") { OnDisk.collection(at: collection) == [] ? true : nil }
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            try waitUntil("all four back in one undo") { OnDisk.collection(at: collection) == ["a", "b", "c", "x1"] ? true : nil }
            try shown("the four shown again") { $0.names == ["a", "b", "c", "x1"] && $0.settled }

            let picture = scratch.path + "/wayland-360.png"
            try session.run(["grim", picture])
            let bytes = try #require(FileManager.default.contents(atPath: picture))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            // The PNG's header: width and height, big-endian, at bytes 16 and 20.
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 360)
            if let keep = ProcessInfo.processInfo.environment["TAG_EDITOR_WAYLAND_SCREENSHOT"] {
                try? FileManager.default.removeItem(atPath: keep)
                try FileManager.default.copyItem(atPath: picture, toPath: keep)
            }
            #expect(editor.process.isRunning)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        /// The keyboard's edit paths at a million tags under Wayland (issue 39, item 14): the
        /// user's own collection (the default path) opens in the virtual list, and a typed tag
        /// with Enter, Backspace twice in the empty entry, Ctrl+Z, and Tab then Delete on the chip
        /// that took the focus are each on disk, the rest of the million kept in order.
        @Test func aMillionTagCollectionIsEditedByKeyboardUnderWayland() throws {
            let scratch = try Scratch()
            let folder = scratch.path + "/data/wraphstack-tag-editor"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/tags.json"
            let tags = (0..<1_000_000).map(EndToEnd.VirtualList.tag)
            try OnDisk.writeCollection(tags, at: path)
            let session = try WaylandSession(in: scratch.path, width: 360, height: 700)
            let editor = try WaylandEditor([], in: session, scratch: scratch.path)
            let opened = try editor.shown("a million tags in the list with the entry focused", timeout: 120) {
                $0.isVirtual && $0.modelItems == 1_000_000 && $0.settled && $0.focus == "entry" && !$0.chipsOnScreen.isEmpty
            }
            #expect(opened.lastTag == tags.last)
            func saved(_ what: String, _ expected: [String]) throws {
                let disk = try waitUntil("\(what) on disk", timeout: 60) { () -> [String]? in
                    guard let disk = OnDisk.collection(at: path), disk.count == expected.count else { return nil }
                    return disk
                }
                #expect(disk == expected, "\(what): the million kept in order")
            }

            try session.keys("typed-on-wayland", "-k", "Return")
            var expected = tags + ["typed-on-wayland"]
            try saved("the typed tag", expected)
            try editor.shown("the typed tag shown, the entry empty", timeout: 30) {
                $0.modelItems == 1_000_001 && $0.entry.isEmpty && $0.settled
            }
            try session.keys("-k", "BackSpace")
            try editor.shown("the last tag selected", timeout: 30) { $0.isSelected("typed-on-wayland") }
            try session.keys("-k", "BackSpace")
            expected.removeLast()
            try saved("Backspace, Backspace", expected)
            try session.keys("-M", "ctrl", "-k", "z", "-m", "ctrl")
            expected.append("typed-on-wayland")
            try saved("Ctrl+Z", expected)
            try editor.shown("the tag back in the list", timeout: 30) {
                $0.modelItems == 1_000_001 && $0.lastTag == "typed-on-wayland" && $0.settled
            }

            try session.keys("-k", "Tab")
            let tabbed = try editor.shown("Tab on a chip", timeout: 30) { $0.focus.hasPrefix("chip:") }
            let name = String(tabbed.focus.dropFirst("chip:".count))
            try session.keys("-k", "Delete")
            expected.remove(at: try #require(expected.firstIndex(of: name)))
            try saved("Tab, Delete", expected)
            let last = try editor.shown("every edit done", timeout: 30) { $0.modelItems == expected.count && $0.settled }
            #expect(last.lastActionError == nil)
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
