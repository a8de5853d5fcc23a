// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import GObjectSupport

/// How a ``WrapListView`` makes and fills its item widgets, as GtkListView's factories do: the
/// view makes widgets only for the items on screen (and a small margin), and gives a widget that
/// scrolled away to another item.
public struct WrapListItemFactory {
    /// Makes an empty item widget (called once per widget; widgets are recycled).
    public var setup: @MainActor () -> Widget
    /// Shows item `index` in the widget (a widget from `setup`, empty or just unbound).
    public var bind: @MainActor (_ widget: Widget, _ index: Int) -> Void
    /// The widget stops showing item `index` (it is about to show another, or be torn down).
    public var unbind: @MainActor (_ widget: Widget, _ index: Int) -> Void
    /// The widget is given up; the view drops its reference after this.
    public var teardown: @MainActor (_ widget: Widget) -> Void
    /// Whether `setup` gives the view a reference of its own (the GObject signals' factory does);
    /// otherwise the view takes one, sinking a floating widget.
    var setupTransfersReference = false
    /// Whether `setup` can make a widget now (the signals' factory: once a handler is connected).
    var canSetUp: @MainActor () -> Bool = { true }

    /// A factory. Only `setup` and `bind` are required.
    public init(setup: @escaping @MainActor () -> Widget,
                bind: @escaping @MainActor (_ widget: Widget, _ index: Int) -> Void,
                unbind: @escaping @MainActor (_ widget: Widget, _ index: Int) -> Void = { _, _ in },
                teardown: @escaping @MainActor (_ widget: Widget) -> Void = { _ in }) {
        self.setup = setup
        self.bind = bind
        self.unbind = unbind
        self.teardown = teardown
    }
}
