// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// A pasted list is one change written once to each file, watched by another process while the
    /// editor writes; and a rename taken back gives the attribute back byte for byte. Both as a new
    /// user met them: real keys and pastes to the real binary, checked on disk.
    @Suite struct OneWrite {
        /// Every value another program reads of a file while a 150-tag paste is saved is the old
        /// one or the whole new one, never a part; `kill -9` just after the first file changed
        /// leaves every file with all of the list or none of it.
        @Test func aPastedListReachesEachFileWholeAndAKillLeavesNoPart() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let files = ["a.jpg", "b.jpg", "c.jpg"].map { scratch.file($0, tags: "photo, Two") }
            let editor = try EditorProcess(files, on: display, dataHome: scratch.path)
            try editor.state("the files' tags") { $0.names == ["photo", "Two"] }
            let names = (0..<150).map { "k\($0)" }
            try editor.paste(names.joined(separator: ","))
            try editor.key("Return")
            // Another program reads the files as fast as it can while the editor writes them.
            var seen = Set<String>()
            var changed = false
            for _ in 0..<200_000 {
                for file in files {
                    let value = OnDisk.rawTags(of: file) ?? ""
                    seen.insert(value)
                    if value != "photo, Two" { changed = true }
                }
                if changed { break }
            }
            #expect(changed, "no file changed")
            editor.killHard()
            let whole = "photo, Two," + names.joined(separator: ",")
            #expect(seen.isSubset(of: ["photo, Two", whole]), "a part of the list was seen: \(seen.map { $0.count })")
            for file in files {
                let value = OnDisk.rawTags(of: file)
                #expect(value == "photo, Two" || value == whole, "\(file): \(value?.count ?? -1) bytes")
            }
        }

        /// The new user's steps: a file with two spellings of one tag and a `", "` spacing, the
        /// chip renamed (Tab, Right, F2: the new name keeps the old one's space), then Ctrl+Z: every
        /// spelling and every byte come back.
        @Test func undoingARenameGivesBackTheAttributeByteForByte() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("one.jpg", tags: "beach, Two, two,holiday")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            try editor.state("the chips") { $0.names == ["beach", "Two", "holiday"] && $0.settled }
            try editor.key("Tab")
            try editor.state("a chip focused") { $0.focus == "chip:beach" }
            try editor.key("Right")
            try editor.state("Two focused") { $0.focus == "chip:Two" }
            try editor.key("F2")
            try editor.state("the rename popover") { $0.renaming == "Two" }
            try editor.key("ctrl+a")
            try editor.type("Pair")
            try editor.key("Return")
            try waitUntil("the rename on disk") { OnDisk.rawTags(of: file) == "beach, Pair,holiday" ? true : nil }
            try editor.state("the renamed chip") { $0.names == ["beach", "Pair", "holiday"] }
            try editor.key("ctrl+z")
            try waitUntil("the rename undone") { OnDisk.rawTags(of: file) == "beach, Two, two,holiday" ? true : nil }
            try editor.state("Two back") { $0.names == ["beach", "Two", "holiday"] }
            try editor.key("ctrl+shift+z")
            try waitUntil("the rename again") { OnDisk.rawTags(of: file) == "beach, Pair,holiday" ? true : nil }
            try editor.key("ctrl+z")
            try waitUntil("undone again") { OnDisk.rawTags(of: file) == "beach, Two, two,holiday" ? true : nil }
        }
    }
}

extension EndToEnd {
    /// Ctrl+Z while typing takes back the typing, as in every GTK entry, and changes nothing on
    /// disk; with the entry empty it undoes the last change on disk.
    @Suite struct UndoWhileTyping {
        @Test func ctrlZInAnEntryWithTextUndoesTheTypingNotTheDisk() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let file = scratch.file("p.jpg", tags: "old")
            let editor = try EditorProcess([file], on: display, dataHome: scratch.path)
            try editor.state("the tags") { $0.names == ["old"] }
            try editor.addTag("new")
            try waitUntil("new on disk") { OnDisk.tags(of: file) == ["old", "new"] ? true : nil }
            try editor.state("new shown") { $0.names == ["old", "new"] && $0.entry.isEmpty }
            try editor.type("xyz")
            try editor.state("typed") { $0.entry == "xyz" }
            try editor.key("ctrl+z")
            let undone = try editor.state("the typing undone") { $0.entry != "xyz" }
            #expect(undone.entry.isEmpty, "\(undone.entry)")
            #expect(undone.names == ["old", "new"])
            #expect(OnDisk.tags(of: file) == ["old", "new"])
            try editor.key("ctrl+z")
            try waitUntil("the add undone on disk") { OnDisk.tags(of: file) == ["old"] ? true : nil }
        }
    }
}
