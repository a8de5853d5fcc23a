// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import FlowGObject
import GObjectSupport

// The machinery behind a FlowWrapListView (and so a WrapListView), made by the widget's instance
// init and freed by its finalize (ControllerOwnership.swift). In GTK's shape: the item widgets
// are a WrapListItemManager's, where the viewport goes is a ListViewport's, the sizes are
// ItemSizes'; this class holds the line table and runs GTK's size queries and allocation with them.

@MainActor
final class WrapListViewController: ObjectController {
    /// The view widget (not retained: it owns this controller).
    let view: Widget
    /// The item widgets: made, bound, recycled, pooled.
    let items: WrapListItemManager

    /// What the controller is waiting for, if anything.
    enum Lifecycle {
        /// Working.
        case live
        /// The first items were not measured because the factory could not make a widget yet
        /// (no `setup` handler): they are, once it can.
        case firstItemsPending
        /// The view was disposed: nothing is made for it any more.
        case disposed
    }
    var lifecycle = Lifecycle.live
    var disposed: Bool { lifecycle == .disposed }

    /// The options the properties do not cover (insets, the overflow indicator), as last set
    /// from Swift; the rest are the widget's properties (+Options).
    var swiftOnlyOptions = FlowLayout()
    /// ``layout``, kept until the properties or ``swiftOnlyOptions`` change.
    var cachedLayout: FlowLayout?

    var sizeProvider: (@MainActor (Int) -> FlowItem)? {
        didSet { resetSizes() }
    }

    // Model
    var model: gpointer?
    var modelHandler: gulong = 0
    /// The model's `selection-changed` handler, when the model is a GtkSelectionModel.
    var selectionHandler: gulong = 0
    /// The app's GtkListItemFactory (referenced), and the FlowListItem each of its widgets came
    /// with (+Factory); `nil`: the view's own signals make the widgets.
    var itemFactory: gpointer?
    var listItems: [Widget: OpaquePointer] = [:]
    /// The sizes of the items shown, over every model item's (ShownItems.swift).
    var sizes = ShownItems()

    // Layout
    var table: FlowLineTable?
    /// A table made for a size query at another length (GtkScrolledWindow asks at the widths with
    /// and without its scrollbar), kept in case the allocation comes at that length.
    var spareTable: FlowLineTable?
    /// Where the viewport goes at the next allocation (+Allocation).
    var viewport = ListViewport()
    var lastReport: WrapListView.LayoutReport?
    var onLayout: ((WrapListView.LayoutReport) -> Void)?

    var idleSource: guint = 0
    /// Set when idle measuring found no unknown item among those a filter shows.
    var filteredItemsMeasured = false
    /// The idle run that settles the table's lines after a change (+Model).
    var settleSource: guint = 0
    var keyController: gpointer?
    /// What the user does to the items: reordering (ItemInteraction, over +ItemHost).
    lazy var interaction = ItemInteraction(host: self)
    /// The counters the controller keeps (the item manager keeps the widgets').
    var counters = WrapListView.Statistics()

    /// The controller of a new FlowWrapListView: the factory its signals make, and the keyboard.
    init(object: OpaquePointer) {
        view = UnsafeMutablePointer<GtkWidget>(object)
        items = WrapListItemManager(view: view, factory: Self.signalFactory(view: view))
        installKeyboard()
        items.widgetMade = { [weak self] widget in self?.interaction.widgetAdded(widget) }
        items.widgetRecycled = { [weak self] widget in self?.interaction.widgetStoppedShowing(widget) }
        items.widgetTornDown = { [weak self] widget in self?.interaction.widgetRemoved(widget) }
        // A list that never had a selection model binds without touching the widgets' states (a
        // scroll binds many widgets a frame).
        items.widgetBound = { [weak self] widget, index in
            guard let self, interaction.showsModelSelection else { return }
            interaction.showSelection(on: widget, item: index)
        }
        interaction.installSelectionControllers()
    }

    /// The controller of a FlowWrapListView.
    static func of(_ view: Widget) -> WrapListViewController {
        ControllerOwnership.controller(WrapListViewController.self,
                                       flow_wrap_list_view_get_controller(flow_wrap_list_view_cast(view))!)
    }

    /// The view is going away: every item widget is unbound and torn down, the model let go.
    func dispose() {
        guard !disposed else { return }
        lifecycle = .disposed
        interaction.dispose()
        stopIdleMeasuring()
        if settleSource != 0 { g_source_remove(settleSource) }
        settleSource = 0
        disconnectModel()
        items.tearDownAll()
        if let itemFactory { g_object_unref(itemFactory) }
        itemFactory = nil
    }

    func setFactory(_ newFactory: WrapListItemFactory) {
        items.replaceFactory(newFactory)
        gtk_widget_queue_resize(view)
    }

    /// The options the engine runs with: ``layout`` with the direction from GTK.
    var engineLayout: FlowLayout {
        var options = layout
        options.direction = gtk_widget_get_direction(view) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
        return options
    }

    /// The realized items' widgets, by item (what the C entry points read).
    var realized: [Int: Widget] { items.realized }

    var statistics: WrapListView.Statistics {
        var all = counters
        (all.setups, all.binds, all.teardowns) = items.counts
        return all
    }

    var allocatedByteCount: Int {
        sizes.allocatedByteCount + (table?.allocatedByteCount ?? 0) + items.allocatedByteCount
    }

    // MARK: GTK's size queries

    /// Along the lines: the engine's minimum (the widest item's minimum plus the insets, so the
    /// list never locks its parent's width) and natural length. Across: nothing required (the
    /// list scrolls), and the content's length at that width as the natural size.
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        let main = layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        let options = engineLayout
        if orientation == main {
            let (minimum, natural) = sizes.mainLengths(options)
            return (Int(minimum.rounded(.up)), Int(max(minimum, natural).rounded(.up)))
        }
        guard forSize >= 0 else { return (0, 0) }
        return (0, Int(currentTable(available: forSize).crossLength.rounded(.up)))
    }
}
