// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport
import FlowEngine

// The box as ItemInteraction's host: its items are ``entries``; places come from the engine
// (FlowResult.insertionPlace, insertionMarker, neighbor) on the layout on screen, whatever order
// it shows. The box makes room: while a drag hovers, it lays the children out in
// ``layoutOrder`` (the dragged child at the hovered place), gliding as content changes do. The
// real order changes only when the drop or the key is taken (`move(from:to:)`).

extension WrapHStackController: ItemHost {
    var hostWidget: Widget { widget }
    var itemCount: Int { entries.count }
    func item(showing widget: Widget) -> Int? { entryIndex(of: widget) }
    func widget(forItem index: Int) -> Widget? { entries.indices.contains(index) ? entries[index].widget : nil }
    var itemWidgets: [Widget] { children }
    var focusedItem: Int? { gtk_widget_get_focus_child(chipParent).flatMap(entryIndex(of:)) }
    func focusItem(_ index: Int) { gtk_widget_grab_focus(entries[index].widget) }
    var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment>? { nil }
    var linesAreHorizontal: Bool { layout.layout.axis == .horizontal }

    var makesRoom: Bool { true }

    func dropPreviewChanged() {
        contentChanged = true
        layoutChanged(.order)
    }

    /// The order of ``entries`` the layout uses: the real one (`nil`), or during a hovering drag
    /// the one with the dragged child at its place.
    var layoutOrder: [Int]? {
        guard let (from, to) = interaction.previewedMove else { return nil }
        var order = Array(entries.indices)
        order.remove(at: from)
        order.insert(from, at: min(to, order.count))
        return order
    }

    /// The children as the layout on screen shows them (hidden ones included, the preview's order
    /// while a drag hovers).
    var itemsOnScreen: ItemsOnScreen? {
        guard let shown else { return nil }
        return ItemsOnScreen(result: shown.report.result, layout: shown.report.request.layout, origin: (0, 0), firstLine: 0,
                             item: { [unowned self] in entryIndex(of: shown.widgets[$0]) },
                             position: { [unowned self] in shown.widgets.firstIndex(of: entries[$0].widget) })
    }

    /// The engine's neighbour on the last layout, or, when keys came faster than the layout (its
    /// order is no longer the box's), first and last, and left and right along the reading order
    /// (mirrored in right-to-left); across the lines waits for the layout (the next key).
    func neighbor(of index: Int, moving move: FlowNavigation) -> Int? {
        let child = entries[index].widget
        let widgets = entries.filter { gtk_widget_get_visible($0.widget) != 0 }.map(\.widget)
        if let shown, shown.widgets == widgets, let item = shown.widgets.firstIndex(of: child) {
            return shown.report.result.neighbor(of: item, moving: move, in: shown.report.request.layout)
                .flatMap { $0 < widgets.count ? entryIndex(of: widgets[$0]) : nil }
        }
        guard let item = widgets.firstIndex(of: child) else { return nil }
        let laidOut = shown?.report.request.layout ?? layout.layout
        let back = laidOut.direction == .rightToLeft && laidOut.axis == .horizontal ? 1 : -1
        let targets: [FlowNavigation: Int] = [.first: 0, .last: widgets.count - 1, .left: item + back, .right: item - back]
        guard let target = targets[move], widgets.indices.contains(target) else { return nil }
        return entryIndex(of: widgets[target])
    }

    func moveItem(from: Int, to: Int, reporting report: () -> Void) {
        move(from: from, to: to)
        report()
    }
}
