// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 39, item 1: one tag written "beach" on one file and "Beach" on another is one chip
    /// in file mode, counted over every file that has any spelling; its +, × and rename act on
    /// exactly the files it counts, say how many, and leave the spelling of the files they do not
    /// change as it was.
    @Suite struct OneTagAcrossSpellings {
        private static func fiveFiles(_ scratch: Scratch) -> [String] {
            [scratch.file("img1.jpg", tags: "holiday,beach"), scratch.file("img2.jpg", tags: "holiday,Beach, sunset"),
             scratch.file("img3.jpg"), scratch.file("img4.jpg"), scratch.file("img5.jpg", tags: "holiday")]
        }

        @Test func oneChipCountsBothSpellingsAndTheRemoveButtonSaysHowMany() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let files = Self.fiveFiles(scratch)
            let editor = try EditorProcess(files, on: display, dataHome: scratch.path)
            let shown = try editor.state("one beach chip") { $0.settled && $0.names.contains { $0.lowercased() == "beach" } }
            let beaches = shown.chips.filter { $0.name.lowercased() == "beach" }
            #expect(beaches.count == 1, "chips: \(shown.names)")
            let beach = try #require(beaches.first)
            #expect(beach.count == 2 && beach.total == 5)
            let fields = try #require(shown.chipFields(beach.name))
            #expect(fields["removeTooltip"] as? String == "Remove from 2 files", "\(fields)")
            let remove = try #require(beach.remove)
            try editor.click(x: remove.x, y: remove.y)
            try waitUntil("beach off both files") {
                OnDisk.rawTags(of: files[0]) == "holiday" && OnDisk.rawTags(of: files[1]) == "holiday, sunset" ? true : nil
            }
            try editor.state("the message saying how many") {
                !$0.names.contains(beach.name) && $0.message == "Removed “\(beach.name)” from 2 files."
            }
            #expect(OnDisk.rawTags(of: files[2]) == nil && OnDisk.rawTags(of: files[4]) == "holiday")
            try editor.key("ctrl+z")
            try waitUntil("both spellings back") {
                OnDisk.rawTags(of: files[0]) == "holiday,beach" && OnDisk.rawTags(of: files[1]) == "holiday,Beach, sunset" ? true : nil
            }
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }

        @Test func addToAllAddsToTheFilesWithoutAnySpellingOnly() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let files = Self.fiveFiles(scratch)
            let editor = try EditorProcess(files, on: display, dataHome: scratch.path)
            let shown = try editor.state("the beach chip's + placed") {
                $0.settled && $0.chips.contains { $0.name.lowercased() == "beach" && $0.centre != nil }
            }
            let name = shown.chips.first { $0.name.lowercased() == "beach" }!.name
            let add = try #require(shown.addAll(name))
            try editor.click(x: add.x, y: add.y)
            try waitUntil("beach on every file") { files.allSatisfy { OnDisk.tags(of: $0).contains { $0.lowercased() == "beach" } } ? true : nil }
            // img2 kept its own spelling and spacing; the three others got the chip's.
            #expect(OnDisk.rawTags(of: files[1]) == "holiday,Beach, sunset")
            #expect(OnDisk.rawTags(of: files[0]) == "holiday,beach")
            let after = try editor.state("one chip on all five") { $0.chip(name).map { $0.count == 5 } ?? false }
            #expect(after.chips.filter { $0.name.lowercased() == "beach" }.count == 1)
            #expect(after.message == "Added “\(name)” to 3 files.", "message: \(after.message ?? "none")")
        }

        @Test func renameRenamesEverySpellingOnTheCountedFiles() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let files = Self.fiveFiles(scratch)
            let editor = try EditorProcess(files, on: display, dataHome: scratch.path)
            let shown = try editor.state("beach placed") { $0.settled && $0.chips.contains { $0.name.lowercased() == "beach" && $0.centre != nil } }
            let name = shown.chips.first { $0.name.lowercased() == "beach" }!.name
            try editor.focus(chip: name)
            try editor.key("F2")
            try editor.state("the rename open") { $0.renaming == name }
            try editor.key("ctrl+a")
            try editor.type("seaside")
            try editor.key("Return")
            try waitUntil("seaside on both") {
                OnDisk.rawTags(of: files[0]) == "holiday,seaside" && OnDisk.rawTags(of: files[1]) == "holiday,seaside, sunset" ? true : nil
            }
            let after = try editor.state("seaside shown") { $0.chip("seaside")?.count == 2 }
            #expect(after.message == "Renamed “\(name)” to “seaside” on 2 files.", "message: \(after.message ?? "none")")
            #expect(OnDisk.rawTags(of: files[4]) == "holiday" && OnDisk.rawTags(of: files[2]) == nil)
        }
    }
}
