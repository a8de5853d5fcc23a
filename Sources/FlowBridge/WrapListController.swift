import CFlow
import CGtk
import FlowEngine
import FlowGObject
import GObjectSupport

// The machinery behind a FlowWrapListView (and so a WrapListView), owned by the widget: its
// instance init makes this controller through flow_wrap_list_view_controller_new
// (WrapListController+EntryPoints.swift), however the widget is made (g_object_new from any
// language, GtkBuilder, a Swift WrapListView), and its finalize frees it. Its parts, by file:
// - WrapListView+Sizes: every item's size (provided, measured, or estimated) and idle measuring;
// - WrapListView+Model: the GListModel or the app's collection, and `items-changed`;
// - WrapListView+Allocation: the line table, the scroll offset and the first visible item kept;
// - WrapListView+Recycling: binding widgets to the items in view, recycling the others;
// - WrapListView+Keyboard: arrows, Home/End, Page Up/Down across unrealized items;
// - WrapListController+Options: the layout properties and the Swift `layout`, kept equal;
// - WrapListController+Signals: the default factory, the widget's GObject signals.

@MainActor
final class WrapListController: ObjectController {
    /// The view widget (not retained: it owns this controller).
    let view: Widget
    var factory: WrapListItemFactory

    /// The options, which the widget's layout properties and orientation show (a change of
    /// either side is made on the other, see +Options).
    var layout: FlowLayout {
        didSet {
            guard layout != oldValue else { return }
            if !applyingProperties { showOptionsAsProperties() }
            invalidateTable()
        }
    }
    /// Set while `layout` is being set from the properties.
    var applyingProperties = false
    /// Set when the first items were not measured yet because the factory could not make a widget
    /// (no `setup` handler yet): they are, once it can.
    var firstItemsPending = false

    var sizeProvider: (@MainActor (Int) -> FlowItem)? {
        didSet { resetSizes() }
    }

    // Model
    var model: gpointer?
    var modelHandler: gulong = 0
    var sizes = ItemSizes()

    // Layout
    var table: FlowLineTable?
    /// A table made for a size query at another length (GtkScrolledWindow asks at the widths with
    /// and without its scrollbar), kept in case the allocation comes at that length.
    var spareTable: FlowLineTable?
    /// The first item on screen and how far the viewport's start was past its line's start, as
    /// of the last allocation: when the table changes (sizes, a resize, items-changed) the
    /// viewport follows that item, so nothing the user is looking at jumps.
    var anchor: (index: Int, delta: Double)?
    /// Set when the table changed since the last allocation (the anchor applies).
    var tableMoved = false
    /// Set when the user scrolled since the last allocation (the adjustment's value wins).
    var userScrolled = false
    /// Set when the user scrolled to the very end: the allocation shows the end, even if the
    /// lines grew in between (idle measuring replaced estimates), as a scrollbar dragged to the
    /// bottom should.
    var userScrolledToEnd = false
    /// Set when the last allocation showed the end of the content: when the table changes, the
    /// end stays in view (the lines after the first visible item can break differently once
    /// sizes above are measured, so keeping that item alone would let the end slide away).
    var shownAtEnd = false
    /// An item to bring on screen at the next allocation (keyboard moves, `scroll(toItem:)`).
    var pendingReveal: Int?
    var shownOffset: Double = 0
    var lastReport: WrapListLayoutReport?
    var onLayout: ((WrapListLayoutReport) -> Void)?

    // Widgets
    var realized: [Int: Widget] = [:]
    var pool: [Widget] = []
    /// The off-screen widget idle measuring binds each unmeasured item to.
    var probe: Widget?
    var idleSource: guint = 0
    var keyController: gpointer?

    var statistics = WrapListStatistics()
    var disposed = false

    /// The controller of a new FlowWrapListView: the options its properties have (their defaults),
    /// the factory its signals make, and the keyboard.
    init(object: OpaquePointer) {
        view = UnsafeMutablePointer<GtkWidget>(object)
        layout = FlowLayoutValues.defaults.layout(dpi: LengthUnit.dpi())
        factory = Self.signalFactory(view: view)
        installKeyboard()
    }

    /// The controller of a FlowWrapListView.
    static func of(_ view: Widget) -> WrapListController {
        ControllerOwnership.controller(WrapListController.self,
                                       flow_wrap_list_view_get_controller(flow_wrap_list_view_cast(view))!)
    }

    /// The view is going away: every item widget is unbound and torn down, the model let go.
    func dispose() {
        guard !disposed else { return }
        disposed = true
        stopIdleMeasuring()
        disconnectModel()
        tearDownAll()
    }

    func setFactory(_ newFactory: WrapListItemFactory) {
        tearDownAll()
        factory = newFactory
        gtk_widget_queue_resize(view)
    }

    /// Unbinds every realized item and tears down every widget, spares and the probe included.
    func tearDownAll() {
        for index in realized.keys.sorted() { recycle(index) }
        for widget in pool { tearDown(widget) }
        pool.removeAll()
        if let probe { tearDown(probe) }
        probe = nil
    }

    /// The options the engine runs with: ``layout`` with the direction from GTK.
    var engineLayout: FlowLayout {
        var options = layout
        options.direction = gtk_widget_get_direction(view) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
        return options
    }

    var realizedItems: [(index: Int, widget: Widget)] {
        realized.keys.sorted().map { ($0, realized[$0]!) }
    }

    var allocatedByteCount: Int {
        sizes.allocatedByteCount + (table?.allocatedByteCount ?? 0)
            + realized.capacity * (MemoryLayout<Int>.stride + MemoryLayout<Widget>.stride)
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
