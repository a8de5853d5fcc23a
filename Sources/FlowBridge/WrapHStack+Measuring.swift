import CGtk
import FlowEngine

// Measuring: the children's GTK sizes become engine items, and GTK's size queries about the
// container are answered by the engine. Both measuring and placing use `laidOutChildren()` and
// `engineLayout`, so what GTK is told and what gets placed cannot disagree.

extension WrapHStack {
    /// The children the engine lays out (those GTK considers visible), as items.
    struct LaidOutChildren {
        var items: [FlowItem] = []
        /// For each item, the index of its entry.
        var entryIndices: [Int] = []
        /// For each item, whether GtkFixed's own allocation (the child's minimum size) already
        /// equals its natural size, so that a natural-size frame needs no correction.
        var minimumIsNatural: [Bool] = []
    }

    func laidOutChildren() -> LaidOutChildren {
        var children = LaidOutChildren()
        children.items.reserveCapacity(entries.count)
        children.entryIndices.reserveCapacity(entries.count)
        children.minimumIsNatural.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated()
        where entry.hiddenItem != nil || gtk_widget_get_visible(entry.widget) != 0 {
            var (item, minimumIsNatural) = entry.hiddenItem.map { ($0, false) } ?? measuredItem(entry.widget)
            item.grow = entry.grow
            item.breakBefore = entry.breakBefore
            children.items.append(item)
            children.entryIndices.append(index)
            children.minimumIsNatural.append(minimumIsNatural)
        }
        return children
    }

    /// A widget's sizes as an engine item: natural and minimum along the main axis, the cross size
    /// at the natural main size, and the baseline when GTK reports one.
    func measuredItem(_ child: Widget) -> (FlowItem, minimumIsNatural: Bool) {
        var mainMin: Int32 = 0, mainNat: Int32 = 0
        var crossMin: Int32 = 0, crossNat: Int32 = 0
        var baselineMin: Int32 = -1, baselineNat: Int32 = -1
        switch layout.axis {
        case .horizontal:
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &mainMin, &mainNat, nil, nil)
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, mainNat, &crossMin, &crossNat,
                               &baselineMin, &baselineNat)
            let item = FlowItem(width: Double(mainNat), height: Double(crossNat),
                                minimumWidth: Double(mainMin), minimumHeight: Double(crossMin),
                                baseline: baselineNat >= 0 ? Double(baselineNat) : nil)
            return (item, mainMin == mainNat && crossMin == crossNat)
        case .vertical:
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, -1, &mainMin, &mainNat, nil, nil)
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, mainNat, &crossMin, &crossNat, nil, nil)
            let item = FlowItem(width: Double(crossNat), height: Double(mainNat),
                                minimumWidth: Double(crossMin), minimumHeight: Double(mainMin))
            return (item, mainMin == mainNat && crossMin == crossNat)
        }
    }

    /// The overflow indicator as an item, when there is one and `maxLines` can hide children.
    func indicatorItem() -> FlowItem? {
        guard let indicator, layout.maxLines != nil else { return nil }
        return measuredItem(indicator.widget).0
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

    /// GTK's size query. Along the main axis: the engine's minimum (widest child minimum plus
    /// insets, so the container never locks its parent's width) and natural length. Across it:
    /// the engine's cross length at the given length (or at the minimum when none is given).
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        recordMeasure()
        let children = laidOutChildren()
        let options = engineLayout(indicator: indicatorItem())
        let mainOrientation = layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        let minimum = Int(options.minimumLength(of: children.items).rounded(.up))
        if orientation == mainOrientation {
            let natural = Int(options.naturalLength(of: children.items).rounded(.up))
            return (minimum, max(minimum, natural))
        }
        let length = max(forSize, minimum)
        let size = options.measure(children.items, in: Double(length)).size
        let cross = Int((layout.axis == .horizontal ? size.height : size.width).rounded(.up))
        return (cross, cross)
    }

}
