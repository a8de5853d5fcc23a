// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd.LiveView {
    /// Another program writes a file's tags with a second spelling of one ("Two" beside "two"),
    /// older KDE's ", " spacing and an empty part, while the editor shows the file: a tag typed
    /// afterwards is added and every part the other program wrote stays as it wrote it (found by
    /// a new user: the next edit used to write the file back as the editor shows it, "Two" lost).
    /// The typed tag goes after every part (not between the two spellings of "two"). Removing
    /// the tag with its chip's button takes every spelling of it, and Ctrl+Z gives each back in
    /// its place, byte for byte.
    @Test func anotherProgramsSpellingsSurviveTheNextEdit() throws {
        let scratch = try Scratch(), display = try VirtualDisplay()
        let b = scratch.file("b.txt", tags: "one")
        let editor = try EditorProcess([b], on: display, dataHome: scratch.path)
        try editor.state("the file's tags") { $0.names == ["one"] }
        OnDisk.setTags("one, two,,three, ,Two", of: b)
        try editor.state("the other program's tags") { $0.names == ["one", "two", "three"] && $0.settled }
        try editor.addTag("four")
        try waitUntil("four written") { OnDisk.rawTags(of: b)?.contains("four") == true ? true : nil }
        #expect(OnDisk.rawTags(of: b) == "one, two,,three, ,Two,four")
        let shown = try editor.state("four shown") { $0.names == ["one", "two", "three", "four"] && $0.settled }
        let two = try #require(shown.chip("two")?.remove)
        try editor.click(x: two.x, y: two.y)
        try waitUntil("two removed, every spelling") { OnDisk.rawTags(of: b) == "one,,three, ,four" ? true : nil }
        try editor.state("two gone") { $0.names == ["one", "three", "four"] }
        try editor.key("ctrl+z")
        try waitUntil("every spelling of two back") { OnDisk.rawTags(of: b) == "one, two,,three, ,Two,four" ? true : nil }
        try editor.state("two back") { $0.names == ["one", "two", "three", "four"] }
    }
}
