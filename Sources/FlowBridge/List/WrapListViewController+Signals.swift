// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// The factory a FlowWrapListView has until a Swift WrapListView gives it closures: the widget's
// GObject signals (setup, bind, unbind, teardown), which is how C, Python and every other GTK
// language fill the list. `bind` and `unbind` carry the item widget, the position and the model's
// item itself; `unbind` gets the very item `bind` got (held until then), since by the time an
// `items-changed` unbinds a removed item, the model no longer has it.

extension WrapListViewController {
    /// The items the signal factory's widgets show, each held from `bind` to `unbind`.
    final class BoundItems {
        var items: [Widget: gpointer?] = [:]
    }

    /// The factory that emits the view's signals. It finds the controller through the view (it is
    /// made in the controller's init, so it cannot capture it).
    static func signalFactory(view: Widget) -> WrapListItemFactory {
        let bound = BoundItems()
        let object = flow_wrap_list_view_cast(view)
        var factory = WrapListItemFactory(
            setup: {
                guard let widget = flow_wrap_list_view_emit_setup(object) else {
                    // canSetUp said a handler is connected, but none returned a widget.
                    preconditionFailure("FlowWrapListView: no ::setup handler returned a widget (return a new widget without a parent)")
                }
                return widget
            },
            bind: { widget, index in
                let item = WrapListViewController.of(view).withItem(at: index) { item -> gpointer? in
                    if let item { g_object_ref(item) }
                    return item
                }
                bound.items[widget] = item
                flow_wrap_list_view_emit_bind(object, widget, guint(index), item?.assumingMemoryBound(to: GObject.self))
            },
            unbind: { widget, index in
                let item = bound.items.removeValue(forKey: widget) ?? nil
                flow_wrap_list_view_emit_unbind(object, widget, guint(index), item?.assumingMemoryBound(to: GObject.self))
                if let item { g_object_unref(item) }
            },
            teardown: { widget in
                flow_wrap_list_view_emit_teardown(object, widget)
            })
        factory.setupTransfersReference = true
        factory.canSetUp = { flow_wrap_list_view_has_setup_handler(object) != 0 }
        return factory
    }
}

extension WrapListViewController {
    /// The app's size func (flow_wrap_list_view_set_size_func) as the view's size provider: the
    /// natural width and height it gives, as the minimum too, each kept within the engine's range.
    func sizeFuncProvider() -> @MainActor (Int) -> FlowItem {
        let object = flow_wrap_list_view_cast(view)
        return { [unowned self] index in
            var width: Int32 = 0, height: Int32 = 0
            // Straight from the model: the sizes are asked while the view's count is still the old.
            let item = self.model.flatMap { g_list_model_get_item(OpaquePointer($0), guint(index)) }
            flow_wrap_list_view_call_size_func(object, guint(index), item?.assumingMemoryBound(to: GObject.self),
                                               &width, &height)
            if let item { g_object_unref(item) }
            let size = (width: Double(max(0, width)), height: Double(max(0, height)))
            return FlowItem(width: size.width, height: size.height, minimumWidth: size.width, minimumHeight: size.height)
        }
    }
}
