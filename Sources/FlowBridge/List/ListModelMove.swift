// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import GObjectSupport

// Moving one item of the models a WrapListView can change itself: a GListStore (the very item
// object moves) and a GtkStringList (its string, as a new string object). Any other GListModel
// has no API to move an item, so the app moves it in WrapListView.onItemMoved.

extension WrapListViewController {
    /// Moves item `from` of the model to index `to` (counted after the move) when the model is a
    /// GListStore or a GtkStringList: a removal then an insertion, each an `items-changed` of one
    /// item (a splice over the range between would replace every item in it). Returns whether it
    /// moved the item (`false`: no model, or a model the list cannot change).
    func moveInModel(from: Int, to: Int) -> Bool {
        guard let model = Self.storeModel(under: model) else { return false }
        let instance = model.assumingMemoryBound(to: GTypeInstance.self)
        if g_type_check_instance_is_a(instance, g_list_store_get_type()) != 0 {
            guard let item = g_list_model_get_item(OpaquePointer(model), guint(from)) else { return false }
            g_list_store_remove(OpaquePointer(model), guint(from))
            g_list_store_insert(OpaquePointer(model), guint(to), item)
            g_object_unref(item)
            return true
        }
        if g_type_check_instance_is_a(instance, gtk_string_list_get_type()) != 0 {
            guard let text = gtk_string_list_get_string(OpaquePointer(model), guint(from)).map({ g_strdup($0) })
            else { return false }
            defer { g_free(text) }
            gtk_string_list_remove(OpaquePointer(model), guint(from))
            var strings: [UnsafePointer<CChar>?] = [UnsafePointer(text), nil]
            gtk_string_list_splice(OpaquePointer(model), guint(to), 0, &strings)
            return true
        }
        return false
    }

    /// The model a GtkNoSelection, GtkSingleSelection or GtkMultiSelection wraps (the store a move
    /// changes; the selection model follows its `items-changed`), or `model` itself.
    static func storeModel(under model: gpointer?) -> gpointer? {
        guard let model else { return nil }
        let instance = model.assumingMemoryBound(to: GTypeInstance.self)
        let wrapped: OpaquePointer?
        if g_type_check_instance_is_a(instance, gtk_single_selection_get_type()) != 0 {
            wrapped = gtk_single_selection_get_model(OpaquePointer(model))
        } else if g_type_check_instance_is_a(instance, gtk_multi_selection_get_type()) != 0 {
            wrapped = gtk_multi_selection_get_model(OpaquePointer(model))
        } else if g_type_check_instance_is_a(instance, gtk_no_selection_get_type()) != 0 {
            wrapped = gtk_no_selection_get_model(OpaquePointer(model))
        } else {
            return model
        }
        return wrapped.map { UnsafeMutableRawPointer($0) }
    }
}
