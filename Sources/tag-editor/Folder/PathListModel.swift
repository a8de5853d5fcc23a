// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport

/// The file list's model: a GListModel of the paths shown, each a GtkStringObject made when GTK
/// asks for its position. A GtkStringList makes an object for every string it is given (a
/// hundred thousand objects and copies before the first frame of a large folder); the column
/// view asks only for the rows on screen.
@MainActor
final class PathListModel {
    /// The model's GObject (a `TagEditorPathList`); its last reference ends this value's use.
    let object: OpaquePointer
    /// The paths, in the list's order.
    private(set) var paths: [String] = []

    init() {
        object = OpaquePointer(g_object_new_with_properties(Self.type, 0, nil, nil))
        Self.models[UnsafeMutableRawPointer(object)] = self
        g_object_weak_ref(cgtk_object(UnsafeMutableRawPointer(object)), { _, instance in
            guard let instance else { return }
            let key = Int(bitPattern: instance)
            MainActor.assumeIsolated { _ = PathListModel.models.removeValue(forKey: UnsafeMutableRawPointer(bitPattern: key)!) }
        }, nil)
    }

    /// Replaces every path: one `items-changed` for the whole list.
    func replace(with newPaths: [String]) {
        let removed = guint(paths.count)
        paths = newPaths
        g_list_model_items_changed(object, 0, removed, guint(newPaths.count))
    }

    /// Tells the views that every row's text may have changed (the paths stay).
    func rebindAll() {
        let count = guint(paths.count)
        g_list_model_items_changed(object, 0, count, count)
    }

    /// The value behind each model object (GTK calls the interface with the object only).
    private static var models: [UnsafeMutableRawPointer: PathListModel] = [:]

    /// How many models are alive (for the tests of their release).
    static var liveCount: Int { models.count }

    private static func model(_ address: Int) -> PathListModel? {
        UnsafeMutableRawPointer(bitPattern: address).flatMap { models[$0] }
    }

    private static let type: GType = {
        var query = GTypeQuery()
        g_type_query(g_object_get_type(), &query)
        let type = g_type_register_static_simple(g_object_get_type(), "TagEditorPathList", query.class_size, nil,
                                                 query.instance_size, nil, GTypeFlags(0))
        var listModel = GInterfaceInfo(interface_init: { interface, _ in
            guard let interface = interface?.assumingMemoryBound(to: GListModelInterface.self) else { return }
            interface.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            interface.pointee.get_n_items = { list in
                let key = Int(bitPattern: list)
                return MainActor.assumeIsolated { guint(PathListModel.model(key)?.paths.count ?? 0) }
            }
            interface.pointee.get_item = { list, position in
                // The model and the new object cross the main actor's closure as addresses.
                let key = Int(bitPattern: list)
                let address = MainActor.assumeIsolated { () -> Int in
                    guard let paths = PathListModel.model(key)?.paths, Int(position) < paths.count else { return 0 }
                    return Int(bitPattern: gtk_string_object_new(paths[Int(position)]))
                }
                return UnsafeMutableRawPointer(bitPattern: address)
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
        return type
    }()
}
