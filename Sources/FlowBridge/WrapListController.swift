import CGtk
import CWrapListView
import FlowEngine
import GObjectSupport

// The machinery behind a WrapListView, owned by its FlowWrapListView widget (the C instance holds
// the controller's reference and drops it on dispose). Its parts, by file:
// - WrapListView+Sizes: every item's size (provided, measured, or estimated) and idle measuring;
// - WrapListView+Model: the GListModel or the app's collection, and `items-changed`;
// - WrapListView+Allocation: the line table, the scroll offset and the first visible item kept;
// - WrapListView+Recycling: binding widgets to the items in view, recycling the others;
// - WrapListView+Keyboard: arrows, Home/End, Page Up/Down across unrealized items.

@MainActor
final class WrapListController {
    /// The view widget (not retained: it owns this controller).
    let view: Widget
    var factory: WrapListItemFactory

    var layout: FlowLayout {
        didSet { if layout != oldValue { invalidateTable() } }
    }

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

    init(view: Widget, layout: FlowLayout, factory: WrapListItemFactory) {
        self.view = view
        self.layout = layout
        self.factory = factory
    }

    /// Hands the controller to its widget, which owns it from now on.
    func install() {
        var callbacks = FlowWrapListViewCallbacks()
        callbacks.request_mode = { data in
            let horizontal = MainActor.assumeIsolated { WrapListController.from(data).layout.axis == .horizontal }
            // GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH (0) or WIDTH_FOR_HEIGHT (1): the constants' names are
            // not always visible here (both C targets include gtk.h, and Clang gives its enums to
            // whichever module it builds first).
            return .init(rawValue: horizontal ? 0 : 1)
        }
        callbacks.measure = { data, orientation, forSize, minimum, natural in
            MainActor.assumeIsolated {
                let (min, nat) = WrapListController.from(data).measure(orientation, forSize: Int(forSize))
                minimum?.pointee = Int32(clamping: min)
                natural?.pointee = Int32(clamping: nat)
            }
        }
        callbacks.size_allocate = { data, width, height in
            MainActor.assumeIsolated { WrapListController.from(data).allocate(width: Int(width), height: Int(height)) }
        }
        callbacks.dispose = { data in
            MainActor.assumeIsolated { WrapListController.from(data).dispose() }
        }
        callbacks.scrolled = { data, _ in
            MainActor.assumeIsolated { WrapListController.from(data).userScrolled = true }
        }
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<WrapListController>.fromOpaque(data).release()
        }
        flow_wrap_list_view_set_controller(flow_wrap_list_view_cast(view), &callbacks,
                                           Unmanaged.passRetained(self).toOpaque(), destroy)
        installKeyboard()
    }

    static func from(_ data: gpointer?) -> WrapListController {
        Unmanaged<WrapListController>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The view is going away: every item widget is unbound and torn down, the model let go.
    func dispose() {
        guard !disposed else { return }
        disposed = true
        stopIdleMeasuring()
        disconnectModel()
        for index in realized.keys.sorted() { recycle(index) }
        for widget in pool { tearDown(widget) }
        pool.removeAll()
        if let probe { tearDown(probe) }
        probe = nil
    }

    func setFactory(_ newFactory: WrapListItemFactory) {
        for index in realized.keys.sorted() { recycle(index) }
        for widget in pool { tearDown(widget) }
        pool.removeAll()
        if let probe { tearDown(probe) }
        probe = nil
        factory = newFactory
        gtk_widget_queue_resize(view)
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
