import CFlowClasses
import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Measuring: the children's GTK sizes become engine items, and GTK's size queries about the
// widget are answered by the engine. Both measuring and the allocation use `currentChildren()`
// and `engineLayout`, so what GTK is told and what gets placed cannot disagree.
//
// When to measure the children again. GTK caches every size query's answer per widget and clears
// that cache when the widget or anything inside it queues a resize (a label's text changed, a
// child was added, hidden or restyled). A query with no given size (`for_size` -1) has a cache slot
// of its own that nothing else evicts, and GTK asks it after the cache was cleared before any
// query for a given size. But GTK also asks a layout manager's -1 question directly, bypassing
// its cache, each time it measures a given size that it has not cached (to clamp that size to the
// minimum: gtk_widget_query_size_for_orientation), which a resize does all the time. So a -1
// question is only the moment to look: a watch on the widget (wrap_hstack_resize_watch.h, in a size
// group with it, which GTK passes every resize queued on the widget or inside it) says whether a
// resize was queued since the last look, and only then are the children measured again. Every
// other query, and every allocation, uses the items kept from then. A resize alone measures no
// child. (With a box's children in a GtkFixed the box's own moves queue resizes too; +FixedPlacing
// says how it tells those from a child's change.)
//
// A plain widget's children are read from it here: its visible children in widget-tree order
// (popovers and other native widgets aside), with those that `maxLines` unmapped (see +Placing),
// each with the options of its FlowWrapLayoutChild.

extension WrapLayoutController {
    /// The children the engine lays out (those GTK considers visible), as items.
    struct LaidOutChildren {
        var items: [FlowItem] = []
        /// For each item, the index of its entry.
        var entryIndices: [Int] = []
        /// For each item, its widget.
        var widgets: [Widget] = []
        /// With the `.fixed` placement, for each item, the size GtkFixed would allocate its widget
        /// at (see +FixedPlacing); empty with `.direct`.
        var fixedMinimums: [(width: Int32, height: Int32)] = []
    }

    /// The children as items: the ones kept since the last time GTK reported a possible change,
    /// or measured now.
    func currentChildren() -> LaidOutChildren {
        if let measuredChildren { return measuredChildren }
        remeasureIndicator()
        if host == nil { readWidgetChildren() }
        let fresh = laidOutChildren()
        measuredChildren = fresh
        statistics.childMeasurements += 1
        return fresh
    }

    /// Measures every child the engine lays out.
    private func laidOutChildren() -> LaidOutChildren {
        let inFixed = placement == .fixed
        // The children's own sizes, not the requests that gave them their last frames.
        if inFixed { releaseSizeRequests() }
        var children = LaidOutChildren()
        children.items.reserveCapacity(entries.count)
        children.entryIndices.reserveCapacity(entries.count)
        children.widgets.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated()
        where entry.hiddenItem != nil || gtk_widget_get_visible(entry.widget) != 0 {
            var item = entry.hiddenItem ?? measuredItem(entry.widget)
            item.grow = entry.grow
            item.breakBefore = entry.breakBefore
            children.items.append(item)
            children.entryIndices.append(index)
            children.widgets.append(entry.widget)
            if inFixed { children.fixedMinimums.append(Self.fixedMinimum(of: entry.widget)) }
        }
        return children
    }

    /// A plain widget's children as entries: the visible ones, in widget-tree order, with their
    /// FlowWrapLayoutChild's options. Nothing is kept of them between measurings but what GTK
    /// keeps (the layout children, and the child visibility `maxLines` set).
    private func readWidgetChildren() {
        entries.removeAll(keepingCapacity: true)
        guard let widget else { return }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_visible(current) != 0, !Self.isNative(current),
                  gtk_widget_get_child_visible(current) != 0 || Self.isHiddenByLayout(current, object) else { continue }
            let layoutChild = OpaquePointer(gtk_layout_manager_get_layout_child(manager, current))
            let options = flow_wrap_layout_child_get_options(layoutChild)
            entries.append(Entry(widget: current, grow: options.grow, breakBefore: options.break_before != 0))
        }
    }

    /// A widget's sizes as an engine item: natural and minimum along the main axis, the cross size
    /// at the natural main size, and the baseline when GTK reports one.
    func measuredItem(_ child: Widget) -> FlowItem {
        FlowBridge.measuredItem(child, axis: layout.axis)
    }

    /// The overflow indicator as an item, when there is one and `maxLines` can hide children.
    /// Measured again whenever the children are, and after its label changed with the count it
    /// shows (see `remeasureIndicator`).
    func indicatorItem() -> FlowItem? {
        guard var state = indicator, layout.maxLines != nil else { return nil }
        if let item = state.item { return item }
        let item = measuredItem(state.widget)
        state.item = item
        if placement == .fixed { state.fixedMinimum = Self.fixedMinimum(of: state.widget) }
        indicator = state
        return item
    }

    /// Forgets the indicator's measured size (its label changed, or every child is measured again),
    /// taking off the size request the GtkFixed placement gave it first.
    func remeasureIndicator() {
        guard var state = indicator else { return }
        state.item = nil
        indicator = state
        if placement == .fixed { releaseIndicatorSizeRequest() }
    }

    /// The options the engine runs with: ``layout`` with the direction from GTK, the spacing from
    /// a box's stylesheet when it asks for more, and the indicator as measured.
    func engineLayout(indicator: FlowItem?) -> FlowLayout {
        var options = layout
        if let css = host?.cssSpacing() {
            options.itemSpacing = max(options.itemSpacing, css.item)
            options.lineSpacing = max(options.lineSpacing, css.line)
        }
        if let widget {
            options.direction = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
        }
        options.overflowIndicator = indicator
        return options
    }

    var mainOrientation: GtkOrientation {
        layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }

    /// GTK's size query. Along the main axis: the engine's minimum (widest child minimum plus
    /// insets, so the widget never locks its parent's width) and natural length. Across it: the
    /// engine's cross length at the given length. With no length given, at the minimum length,
    /// as GTK's rule for height-for-width widgets asks ("the height required for its own minimum
    /// possible width": a parent that goes by this answer never cuts the content). libadwaita's
    /// wrap layout answers at the natural line length there instead, which can cut it.
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        statistics.measurePasses += 1
        // GTK's cache was cleared: a child or the stylesheet may have changed a size (see the top
        // of this file), unless, in a GtkFixed, only the box's own placing cleared it.
        if forSize < 0 {
            if placement == .direct ? widgetResized() : fixedContentResized() { measuredChildren = nil }
            host?.forgetBoxExtents()
        }
        let children = currentChildren()
        if forSize < 0 { measureFixed() }
        let options = engineLayout(indicator: indicatorItem())
        func minimum() -> Int { Int(options.minimumLength(of: children.items).rounded(.up)) }
        if orientation == mainOrientation {
            let minimum = minimum()
            let natural = Int(options.naturalLength(of: children.items).rounded(.up))
            return (minimum, max(minimum, natural))
        }
        // GTK never asks for a length below the minimum (it clamps `for_size` first).
        let length = forSize >= 0 ? forSize : minimum()
        let size = options.measure(children.items, in: Double(length)).size
        let cross = Int((layout.axis == .horizontal ? size.height : size.width).rounded(.up))
        return (cross, cross)
    }

    /// Whether a resize was queued on the widget (or inside it) since the last look: the watch on
    /// it says (made the first time, or again for another widget; the first look says yes).
    func widgetResized() -> Bool {
        guard let widget else { return true }
        if let resizeWatch, resizeWatch.widget == widget {
            return wrap_hstack_resize_watch_take(resizeWatch.watch) != 0
        }
        if let old = resizeWatch { releaseWidget(old.watch) }
        // Unparented: it is measured, never shown, and no child of the widget, which is the app's
        // when it is a plain widget. The controller holds it.
        resizeWatch = (widget, retainWidget(wrap_hstack_resize_watch_new(widget)))
        return true
    }

    /// Popovers and other native widgets are children of their widget, but never laid out by it.
    static func isNative(_ widget: Widget) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self),
                                   gtk_native_get_type()) != 0
    }
}
