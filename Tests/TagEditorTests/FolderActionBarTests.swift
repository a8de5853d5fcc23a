// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Testing
@testable import tag_editor

/// The folder view's action bar as its description makes it.
@MainActor @Suite(.serialized)
struct FolderActionBarTests {
    /// “Merge into”'s completion lists the folder's tags with their names: its list has a cell
    /// that draws the text column (the rows were blank: the description set the text column
    /// only), and the names given are its rows.
    @Test func theMergeCompletionDrawsTheNamesItOffers() throws {
        if gtk_is_initialized() == 0 { gtk_init() }
        let bar = FolderActionBar()
        bar.complete(from: ["holiday", "holiday/2023", "work"])
        let completion = try #require(gtk_entry_get_completion(cgtk_entry(bar.entry)))
        let cells = gtk_cell_layout_get_cells(completion)
        defer { g_list_free(cells) }
        #expect(g_list_length(cells) == 1)
        let cell = try #require(cells?.pointee.data)
        #expect(g_type_check_instance_is_a(cell.assumingMemoryBound(to: GTypeInstance.self), gtk_cell_renderer_text_get_type()) != 0)
        #expect(gtk_entry_completion_get_text_column(completion) == 0)
        let model = try #require(gtk_entry_completion_get_model(completion))
        #expect(gtk_tree_model_iter_n_children(model, nil) == 3)
    }
}
