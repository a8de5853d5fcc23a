// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

extension EndToEnd {
    /// Chips removed by clicks in quick succession while the others glide into place.
    @Suite struct Glide {
        /// With the chips in a GtkFixed, removing them one after another during the glide (the
        /// status line changing after each layout) once left the scrolled area without an
        /// allocation: "Trying to snapshot … without a current allocation", the chips stopped
        /// where the glide left them, then vanished, and later clicks found nothing. In both
        /// placements the window must end showing exactly what is on disk, with every chip placed.
        @Test(arguments: ["fixed", "direct"])
        func removingChipsQuicklyLeavesThemSettled(placement: String) throws {
            let scratch = try Scratch(), display = try VirtualDisplay()
            let collection = scratch.path + "/tags.json"
            try OnDisk.writeCollection((0..<40).map { "tag-\($0)" }, at: collection)
            let editor = try EditorProcess(["--collection", collection, "--no-options"], on: display,
                                           dataHome: scratch.path, placement: placement)
            let first = try editor.state("the chips placed") { $0.settled && $0.chips.first?.remove != nil }
                .chips[0].remove!
            for _ in 0..<12 { try editor.click(x: first.x, y: first.y) }
            try waitUntil("the removals on disk") { (OnDisk.collection(at: collection)?.count ?? 40) < 40 ? true : nil }
            let shown = try editor.state("the chips settled", timeout: 10) {
                $0.settled && $0.names == OnDisk.collection(at: collection)
            }
            #expect(shown.chips.allSatisfy { $0.centre != nil })
            #expect(!editor.errors.contains("without a current allocation"))
        }
    }
}
