// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

// The app's GtkListItemFactory as the list's item factory. GTK 4.8 keeps a factory's setup and
// bind private and sets a GtkListItem's item only from its own list item widget, so the one
// factory the list can drive is a GtkBuilderListItemFactory: its template is built here, with
// GtkBuilder and the factory's scope, against a FlowListItem (flow-list-item.c), whose item,
// position and selected the list sets at bind as GTK sets a GtkListItem's.

extension WrapListViewController {
    /// Makes `factory` (a GtkListItemFactory, or `nil` for the view's signals) the item factory,
    /// or says why it cannot be: the list keeps its factory then.
    func setItemFactory(_ factory: gpointer?) throws(FactoryError) {
        guard factory != itemFactory else { return }
        var newFactory = Self.signalFactory(view: view)
        if let factory {
            guard g_type_check_instance_is_a(factory.assumingMemoryBound(to: GTypeInstance.self),
                                             gtk_builder_list_item_factory_get_type()) != 0 else {
                throw FactoryError(message: "GTK 4.8 keeps a GtkListItemFactory's setup and bind private and sets a "
                                   + "GtkListItem's item only from its own list widgets, so only a "
                                   + "GtkBuilderListItemFactory can be used (or the list's own setup and bind signals)")
            }
            // The template is built once now, so that a broken one is refused here, not at the first item.
            var error: UnsafeMutablePointer<GError>? = nil
            guard let probe = flow_list_item_new_from_template(OpaquePointer(factory), &error) else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "its template does not build"
                g_clear_error(&error)
                throw FactoryError(message: message)
            }
            g_object_unref(UnsafeMutableRawPointer(probe))
            newFactory = builderFactory(OpaquePointer(factory))
            g_object_ref(factory)
        }
        let old = itemFactory
        itemFactory = factory
        setFactory(newFactory)
        if let old { g_object_unref(old) }
    }

    /// The Swift view's factory replaces any GtkListItemFactory (the `factory` property then reads
    /// NULL, and notifies).
    func setSwiftFactory(_ factory: WrapListItemFactory) {
        let old = itemFactory
        itemFactory = nil
        setFactory(factory)
        if let old {
            g_object_unref(old)
            flow_wrap_list_view_notify_factory(flow_wrap_list_view_cast(view))
        }
    }

    struct FactoryError: Error {
        let message: String
    }

    private func builderFactory(_ factory: OpaquePointer) -> WrapListItemFactory {
        WrapListItemFactory(
            setup: { [unowned self] in
                var error: UnsafeMutablePointer<GError>? = nil
                guard let item = flow_list_item_new_from_template(factory, &error),
                      let child = flow_list_item_get_child(item) else {
                    preconditionFailure("FlowWrapListView: the factory's template no longer builds")
                }
                listItems[child] = item
                return child
            },
            bind: { [unowned self] widget, index in
                guard let item = listItems[widget] else { return }
                let selected = interaction.selection?.isSelected(index) ?? false
                withItem(at: index) { flow_list_item_update(item, $0, guint(index), selected ? 1 : 0) }
            },
            unbind: { [unowned self] widget, _ in
                guard let item = listItems[widget] else { return }
                flow_list_item_update(item, nil, GTK_INVALID_LIST_POSITION, 0)
            },
            teardown: { [unowned self] widget in
                if let item = listItems.removeValue(forKey: widget) { g_object_unref(UnsafeMutableRawPointer(item)) }
            })
    }

    /// A FlowListItem's `selected` follows the model's selection of its item.
    func listItemsSelectionChanged(_ range: Range<Int>) {
        guard !listItems.isEmpty else { return }
        for index in range {
            guard let widget = items.realized[index], let item = listItems[widget] else { continue }
            let selected = interaction.selection?.isSelected(index) ?? false
            withItem(at: index) { flow_list_item_update(item, $0, guint(index), selected ? 1 : 0) }
        }
    }
}

private func withList<Result>(_ controller: UnsafeMutableRawPointer?,
                              _ body: @MainActor (WrapListViewController) -> Result) -> Result {
    let pointer = MainThreadPointer(controller)
    return MainActor.assumeIsolated {
        MainThreadValue(body(ControllerOwnership.controller(WrapListViewController.self, pointer.raw!)))
    }.value
}

private func setFactory(_ controller: UnsafeMutableRawPointer, _ factory: OpaquePointer?,
                        _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean {
    let factory = MainThreadPointer(factory), out = MainThreadPointer(error)
    return withList(controller) { controller in
        do {
            try controller.setItemFactory(factory.raw)
            return 1
        } catch let error as WrapListViewController.FactoryError {
            g_set_error_literal(out.raw?.assumingMemoryBound(to: UnsafeMutablePointer<GError>?.self),
                                gtk_builder_error_quark(), Int32(GTK_BUILDER_ERROR_INVALID_VALUE.rawValue), error.message)
            return 0
        } catch {
            return 0
        }
    }
}

extension FlowControllerTable {
    /// Sets FlowWrapListView's factory entries (ControllerTable.swift registers the table).
    mutating func setWrapListViewFactoryEntries() {
        list_get_factory = { controller in
            withList(controller) { MainThreadPointer($0.itemFactory) }.raw.map { OpaquePointer($0) }
        }
        list_set_factory = { setFactory($0!, $1, $2) }
    }
}
