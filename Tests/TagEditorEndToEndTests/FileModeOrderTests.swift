// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Issue 39, item 7: in file mode a chip dragged among the chips, or Ctrl+Shift+Left on it,
    /// moves nothing, and the message says why (the drop did nothing, silently).
    @Suite(.serialized) struct FileModeOrder {
        @Test func aMoveInFileModeSaysWhyNothingMoves() throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let a = scratch.file("a.txt", tags: "alpha,beta,gamma"), b = scratch.file("b.txt", tags: "beta")
            let editor = try EditorProcess([a, b], on: display, dataHome: scratch.path)
            let shown = try editor.state("the chips placed") { $0.settled && $0.frame("alpha") != nil && $0.frame("gamma") != nil }
            let first = try #require(shown.frame("alpha"))
            try EndToEnd.CollectionReorder.drag(editor, "gamma", toX: first.x + 3, y: first.y + first.height / 2)
            let said = try editor.state("the reason") { $0.message?.hasPrefix("Tags on files cannot be put in another order") == true }
            #expect(said.names == ["alpha", "beta", "gamma"])
            #expect(OnDisk.rawTags(of: a) == "alpha,beta,gamma" && OnDisk.rawTags(of: b) == "beta")

            try editor.key("Escape")
            try editor.focus(chip: "gamma")
            try editor.state("no message") { $0.message == nil || $0.focus == "chip:gamma" }
            try editor.key("ctrl+shift+Left")
            let again = try editor.state("the reason for the key") {
                $0.message?.hasPrefix("Tags on files cannot be put in another order") == true && $0.focus == "chip:gamma"
            }
            #expect(again.names == ["alpha", "beta", "gamma"])
            #expect(OnDisk.rawTags(of: a) == "alpha,beta,gamma")
            #expect(!editor.errors.contains("CRITICAL"), "\(editor.errors)")
        }
    }
}
