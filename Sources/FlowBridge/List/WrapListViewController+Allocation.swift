// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowEngine
import GObjectSupport

// The list's allocation: the line table for the allocated length, the scroll offset the viewport's
// state gives (ListViewport), and the lines around the viewport bound to widgets and placed. Items
// on screen at an estimate are measured from their widgets before they are placed, so no item is
// ever shown at an estimate.

extension WrapListViewController {
    /// How far beyond the viewport, before and after it, items are realized (in pixels across the
    /// lines): a scroll by a wheel step shows widgets that already exist.
    static let realizationMargin = 96.0

    func invalidateTable() {
        table = nil
        spareTable = nil
        viewport.tableMoved()
        gtk_widget_queue_resize(view)
    }

    /// The line table for main-axis length `available`: the current one, the spare one (made for
    /// a size query at another width), or a new one.
    func currentTable(available: Int) -> FlowLineTable {
        let length = Double(available)
        let options = engineLayout
        if let table, table.available == length, table.layout == options { return table }
        if let spareTable, spareTable.available == length, spareTable.layout == options { return spareTable }
        let made = makeTable(options, available: length)
        counters.tableBuilds += 1
        if table == nil { table = made } else { spareTable = made }
        return made
    }

    /// A new line table of the items. A list too long to be measured whole breaks only the lines
    /// of its first items and a page past them when the rest are at the estimate: the engine
    /// spans those with one unsettled line of their lines' length (its arithmetic, not ours), so
    /// `set_model` with a million items costs a page of lines, and the scrollbar is right for the
    /// estimate. The lines are broken as the view comes to show them (settleLines).
    func makeTable(_ options: FlowLayout, available: Double) -> FlowLineTable {
        guard sizes.count > Self.measuresEverythingUpTo else { return options.lineTable(sizes.items, in: available) }
        return options.lineTable(sizes.items, in: available, breakingAtMost: Self.breakingAhead)
    }

    /// Makes the table for `available` the current one.
    private func useTable(available: Int) -> FlowLineTable {
        let made = currentTable(available: available)
        if table?.available != made.available || table?.layout != made.layout {
            spareTable = table
            table = made
            viewport.tableMoved()
        }
        return made
    }

    func allocate(width: Int, height: Int) {
        guard !disposed else { return }
        startMeasuring()
        let horizontal = layout.axis == .horizontal
        let available = horizontal ? width : height
        let page = Double(horizontal ? height : width)
        var table = useTable(available: available)
        // An item to reveal among the lines still spanned at the estimate: its line is broken
        // first, so that the viewport goes to where the layout puts it.
        if let reveal = viewport.pendingReveal, settleLines(throughItem: reveal) { table = self.table! }
        var offset = startingOffset(table, page: page)
        if settleLines(through: offset + page + Self.realizationMargin) {
            table = self.table!
            offset = startingOffset(table, page: page)
        }
        var frames = framesAround(offset, page: page, in: table)
        measureItemsOnScreen(&table, &offset, &frames, available: available, page: page)
        realize(frames.items)
        configureAdjustments(offset: offset, content: table.crossLength, page: page, width: width, height: height)
        let placed = place(frames, offset: offset, in: table)
        viewport.shown(at: offset, page: page, in: table)
        interaction.placeMarker()
        counters.layoutPasses += 1
        counters.peakRealized = max(counters.peakRealized, items.realized.count)
        lastReport = WrapListView.LayoutReport(layout: table.layout, allocatedWidth: width, allocatedHeight: height,
                                               modelItems: sizes.count, lineCount: table.lineCount,
                                               contentLength: table.crossLength, scrollOffset: offset,
                                               realizedIndices: placed.map(\.index), frames: placed.map(\.frame))
        onLayout?(lastReport!)
    }

    /// The items on screen at an estimate are measured now, from their widgets; the lines then
    /// change, and the viewport follows the first visible item (a few rounds at most).
    private func measureItemsOnScreen(_ table: inout FlowLineTable, _ offset: inout Double,
                                      _ frames: inout FlowLineFrames, available: Int, page: Double) {
        for _ in 0..<4 {
            realize(frames.items)
            guard measureRealized() else { return }
            if self.table == nil { self.table = makeTable(engineLayout, available: Double(available)) }
            table = self.table!
            offset = startingOffset(table, page: page)
            frames = framesAround(offset, page: page, in: table)
        }
    }

    /// Where the viewport starts: as the viewport's state says, from the adjustment's value.
    private func startingOffset(_ table: FlowLineTable, page: Double) -> Double {
        viewport.offset(in: table, page: page,
                        current: scrollAdjustment.map { gtk_adjustment_get_value($0) } ?? viewport.shownOffset)
    }

    /// Gives a widget to the items in `range` (and keeps the focused item's and a dragged one's),
    /// recycling the rest.
    private func realize(_ range: Range<Int>) {
        items.realize(range, keeping: [items.focusedIndex, interaction.draggedItem].compactMap { $0 }, count: sizes.count)
    }

    /// The frames of the lines that cross the viewport and the margin around it, snapped to
    /// whole pixels as WrapHStack's are.
    private func framesAround(_ offset: Double, page: Double, in table: FlowLineTable) -> FlowLineFrames {
        let lines = table.lines(crossingFrom: offset - Self.realizationMargin,
                                to: offset + page + Self.realizationMargin)
        return table.frames(ofLines: lines, items: sizes.items).snapped()
    }

    /// The scrollbar, the wheel or the app moved the adjustment.
    func scrolledByUser() {
        guard let adjustment = scrollAdjustment else {
            viewport.userScrolled(toEnd: false)
            return
        }
        let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        viewport.userScrolled(toEnd: end > 0 && gtk_adjustment_get_value(adjustment) >= end - 0.5)
    }

    /// The adjustment the list scrolls with: the vertical one for horizontal lines.
    var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        let orientation = layout.axis == .horizontal ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
        return flow_wrap_list_view_get_adjustment(flow_wrap_list_view_cast(view), orientation)
    }

    private func configureAdjustments(offset: Double, content: Double, page: Double, width: Int, height: Int) {
        let cast = flow_wrap_list_view_cast(view)
        let scrolling = layout.axis == .horizontal ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL
        let other = layout.axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        flow_wrap_list_view_configure(cast, scrolling, offset, max(content.rounded(.up), page), page)
        let length = Double(layout.axis == .horizontal ? width : height)
        flow_wrap_list_view_configure(cast, other, 0, length, length)
    }

    /// Allocates every realized widget at its frame, moved by the scroll offset: the items in
    /// `frames`, and the focused or dragged item should it be outside them (it is kept, off screen).
    private func place(_ frames: FlowLineFrames, offset: Double,
                       in table: FlowLineTable) -> [(index: Int, frame: FlowRect)] {
        var placed: [(index: Int, frame: FlowRect)] = []
        placed.reserveCapacity(items.realized.count)
        let horizontal = layout.axis == .horizontal
        for (index, widget) in items.realizedItems {
            guard let frame = frames.items.contains(index) ? frames[item: index] : frameOutside(index, in: table)
            else { continue }
            var ignored: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
            var origin = graphene_point_t(x: Float(horizontal ? frame.x : frame.x - offset),
                                          y: Float(horizontal ? frame.y - offset : frame.y))
            gtk_widget_allocate(widget, Int32(frame.width), Int32(frame.height), -1,
                                gsk_transform_translate(nil, &origin))
            placed.append((index, frame))
        }
        return placed
    }

    /// The frame of an item outside the lines around the viewport (the focused one).
    private func frameOutside(_ index: Int, in table: FlowLineTable) -> FlowRect? {
        guard let line = table.line(containing: index) else { return nil }
        return table.frames(ofLines: line..<line + 1, items: sizes.items).snapped()[item: index]
    }
}
