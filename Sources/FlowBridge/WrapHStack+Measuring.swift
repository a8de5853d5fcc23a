import CGtk
import FlowEngine
import GObjectSupport

// Measuring: the children's GTK sizes become engine items, and GTK's size queries about the
// container are answered by the engine. Both measuring and the allocation use `currentChildren()`
// and `engineLayout`, so what GTK is told and what gets placed cannot disagree.
//
// When to measure the children again. GTK caches every size query's answer per widget and clears
// that cache when the widget or anything inside it queues a resize (a label's text changed, a
// child was added, hidden or restyled). A query with no given size (`for_size` -1) has a cache slot
// of its own that nothing else evicts, and GTK asks it before any query for a given size (to clamp
// that size to the minimum). So the container is asked a `for_size` -1 question exactly when its
// cache was cleared: that is when the children are measured again. Every other query, and every
// allocation, uses the items kept from then. A resize alone measures no child. (With the children
// in a GtkFixed the container's own moves clear the cache too; WrapHStack+FixedPlacing says how it
// tells those from a child's change.)

extension WrapHStack {
    /// The children the engine lays out (those GTK considers visible), as items.
    struct LaidOutChildren {
        var items: [FlowItem] = []
        /// For each item, the index of its entry.
        var entryIndices: [Int] = []
        /// For each item, its widget.
        var widgets: [Widget] = []
        /// With the `.fixed` placement, for each item, the size GtkFixed would allocate its widget
        /// at (see WrapHStack+FixedPlacing); empty with `.direct`.
        var fixedMinimums: [(width: Int32, height: Int32)] = []
    }

    /// The children as items: the ones kept since the last time GTK reported a possible change,
    /// or measured now.
    func currentChildren() -> LaidOutChildren {
        if let measuredChildren { return measuredChildren }
        remeasureIndicator()
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
    /// the stylesheet when it asks for more, and the indicator as measured.
    func engineLayout(indicator: FlowItem?) -> FlowLayout {
        var options = layout
        let css = cssSpacing()
        options.itemSpacing = max(options.itemSpacing, css.item)
        options.lineSpacing = max(options.lineSpacing, css.line)
        options.direction = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
        options.overflowIndicator = indicator
        return options
    }

    var mainOrientation: GtkOrientation {
        layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }

    /// GTK's size query. Along the main axis: the engine's minimum (widest child minimum plus
    /// insets, so the container never locks its parent's width) and natural length. Across it:
    /// the engine's cross length at the given length (or at the minimum when none is given).
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        statistics.measurePasses += 1
        // GTK's cache was cleared: a child or the stylesheet may have changed a size (see the top
        // of this file), unless, in a GtkFixed, only the container's own placing cleared it.
        if forSize < 0 {
            if placement == .direct || fixedContentResized() { measuredChildren = nil }
            boxExtents = nil
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
}
