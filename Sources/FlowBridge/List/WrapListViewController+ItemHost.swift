// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport
import FlowEngine

// The list as ItemInteraction's host: its items are the model's (or the app's collection); places
// and the marker come from the engine on the lines in the viewport only, so a drag costs the same
// at a million items as at a hundred; the keys' neighbour from the lines around the item. The
// list does not make room while a drag hovers (the marker alone shows the place). The move is
// made in the model when the list can (a GListStore, a GtkStringList: ListModelMove.swift), else
// by the app when it is told.

extension WrapListViewController: ItemHost {
    var hostWidget: Widget { view }
    var itemCount: Int { sizes.count }
    func item(showing widget: Widget) -> Int? { items.realized.first { $0.value == widget }?.key }
    func widget(forItem index: Int) -> Widget? { items.realized[index] }
    var itemWidgets: [Widget] { items.itemWidgets }
    var focusedItem: Int? { items.focusedIndex }
    func focusItem(_ index: Int) { focus(item: index) }
    var linesAreHorizontal: Bool { layout.axis == .horizontal }
    var makesRoom: Bool { false }
    func dropPreviewChanged() {}

    func neighbor(of index: Int, moving move: FlowNavigation) -> Int? {
        table.flatMap { neighbor(of: index, moving: move, in: $0) }
    }

    // MARK: Places on the lines shown

    /// The lines on screen (an item hidden by a line limit is no place), numbered from the first
    /// item on them.
    var itemsOnScreen: ItemsOnScreen? {
        guard let table, table.visibleCount > 0 else { return nil }
        let horizontal = layout.axis == .horizontal
        let page = Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
        let offset = viewport.shownOffset
        let lines = table.lines(crossingFrom: offset, to: offset + max(page, 1))
        guard !lines.isEmpty else { return nil }
        let part = table.frames(ofLines: lines, items: sizes.items).snapped()
        let first = part.items.lowerBound, end = min(part.items.upperBound, table.visibleCount)
        guard end > first else { return nil }
        let ranges = lines.map { line -> Range<Int> in
            let items = table[line].items.clamped(to: first..<end)
            return (items.lowerBound - first)..<(items.upperBound - first)
        }
        let result = FlowResult(frames: Array(part.frames.prefix(end - first)), size: table.size, lines: ranges,
                                hiddenCount: 0, indicatorFrame: nil)
        return ItemsOnScreen(result: result, layout: engineLayout, origin: horizontal ? (0, -offset) : (-offset, 0),
                             firstLine: lines.lowerBound, item: { first + $0 },
                             position: { (first..<end).contains($0) ? $0 - first : nil })
    }

    // MARK: The move

    /// Moves the item in the model where the list can, or has the app move it when `report` tells
    /// it; the moved item keeps the size it was measured at (a new item would start at an
    /// estimate), and the list keeps its scroll offset.
    ///
    /// With a filter, `from` and `to` are positions shown: the model item moves next to the one
    /// shown at `to` (``ShownItems/move(from:to:through:)``), and the filter then shows it there.
    func moveItem(from: Int, to: Int, reporting report: () -> Void) {
        let count = sizes.count, modelCount = sizes.model.count, scrolling = viewport.state
        let size = sizes.isKnown(from) && sizeProvider == nil ? sizes[from] : nil
        let moving = ShownItems.move(from: from, to: to, through: sizes.filter)
        // A selection model drops a removed item's selection: the moved item gets it back.
        let wasSelected = interaction.selection?.isSelected(from) ?? false
        let movedHere = moveInModel(from: moving.from, to: moving.to)
        func restoreSelection() {
            if movedHere, wasSelected, let selection = interaction.selection, !selection.isSelected(to) {
                selection.select(to, unselectingRest: false)
            }
        }
        if moving.filter == nil { restoreSelection() }
        report()
        // The app's own collection: the app moved its items when told; the list follows.
        if !movedHere, model == nil, sizes.model.count == modelCount {
            itemsChanged(at: moving.from, removed: 1, added: 0)
            itemsChanged(at: moving.to, removed: 0, added: 1)
        }
        // The model's removal took the item out of the filter, its insertion is not shown yet.
        if let filter = moving.filter, sizes.filter?.count == count - 1, sizes.model.count == modelCount {
            setFilter(filter)
            restoreSelection()
        }
        guard sizes.count == count else { return }
        if let size, !sizes.isKnown(to), sizes.setMeasured(to, size) { sizesChanged([to]) }
        viewport.itemMoved(restoring: scrolling)
    }

    /// Without the app's text, a GtkStringObject item's string (a GtkStringList's, or a store's).
    func defaultDragText(ofItem index: Int) -> String? {
        withItem(at: index) { item in
            guard let item, g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self),
                                                       gtk_string_object_get_type()) != 0,
                  let string = gtk_string_object_get_string(OpaquePointer(item)) else { return nil }
            return String(cString: string)
        }
    }
}
