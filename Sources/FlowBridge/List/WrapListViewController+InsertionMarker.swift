// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// The insertion marker of the list's reordering (WrapListView.reorderable): where a drop would
// land, found by the engine (FlowResult.insertionPlace and insertionMarker) on the lines in the
// viewport only, so a drag costs the same at a million items as at a hundred; shown by a widget
// with the box's CSS names, allocated after the items.

extension WrapListViewController {
    /// The marker's thickness, in pixels (the box's).
    static var markerThickness: Double { WrapHStackController.markerThickness }

    // MARK: Places on the lines shown

    /// The lines on screen as a FlowResult (content coordinates), with the list's item number of
    /// each of its items: what the engine's hit test and marker run on.
    private func shownLines() -> (result: FlowResult, first: Int, firstLine: Int)? {
        guard let table, table.visibleCount > 0 else { return nil }
        let horizontal = layout.axis == .horizontal
        let page = Double(horizontal ? gtk_widget_get_height(view) : gtk_widget_get_width(view))
        let offset = viewport.shownOffset
        let lines = table.lines(crossingFrom: offset, to: offset + max(page, 1))
        guard !lines.isEmpty else { return nil }
        let part = table.frames(ofLines: lines, items: sizes.items).snapped()
        // An item hidden by a line limit is no place.
        let end = min(part.items.upperBound, table.visibleCount)
        guard end > part.items.lowerBound else { return nil }
        let first = part.items.lowerBound
        let ranges = lines.map { line -> Range<Int> in
            let items = table[line].items.clamped(to: first..<end)
            return (items.lowerBound - first)..<(items.upperBound - first)
        }
        let result = FlowResult(frames: Array(part.frames.prefix(end - first)), size: table.size, lines: ranges,
                                hiddenCount: 0, indicatorFrame: nil)
        return (result, first, lines.lowerBound)
    }

    /// The point (`x`, `y`) of the view in the content's coordinates.
    private func contentPoint(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        layout.axis == .horizontal ? (x, y + viewport.shownOffset) : (x + viewport.shownOffset, y)
    }

    /// The place nearest to (`x`, `y`) in the view among the lines on screen, in the model's
    /// order (its line the table's), and the marker's rectangle in the content's coordinates.
    func insertionPlace(atX x: Double, y: Double) -> FlowInsertionPlace? {
        placeAndMarker(atX: x, y: y)?.place
    }

    private func placeAndMarker(atX x: Double, y: Double) -> (place: FlowInsertionPlace, marker: FlowRect?)? {
        guard let (result, first, firstLine) = shownLines() else { return nil }
        let point = contentPoint(x, y)
        let dragged = draggedItem.flatMap { $0 >= first && $0 < first + result.frames.count ? $0 - first : nil }
        let options = engineLayout
        guard let local = result.insertionPlace(nearestTo: point.x, point.y, in: options, excluding: dragged)
        else { return nil }
        let marker = result.insertionMarker(for: local, thickness: Self.markerThickness, in: options,
                                            excluding: dragged)
        return (FlowInsertionPlace(index: local.index + first, line: local.line + firstLine), marker)
    }

    // MARK: The marker

    /// After an allocation: the place under the pointer on the lines just placed, and the marker
    /// at the engine's rectangle for it, moved by the scroll offset.
    func placeMarker() {
        guard reordering.marker != nil else { return }
        guard let pointer = reordering.drag?.pointer,
              let (place, rect) = placeAndMarker(atX: pointer.x, y: pointer.y), let rect else {
            reordering.drag?.place = nil
            return hideMarker()
        }
        reordering.drag!.place = place
        let marker = reordering.marker!
        if gtk_widget_get_visible(marker) == 0 { gtk_widget_set_visible(marker, 1) }
        var ignored: Int32 = 0
        gtk_widget_measure(marker, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        let horizontal = layout.axis == .horizontal
        let offset = viewport.shownOffset
        var allocation = GtkAllocation(x: Int32((horizontal ? rect.x : rect.x - offset).rounded()),
                                       y: Int32((horizontal ? rect.y - offset : rect.y).rounded()),
                                       width: Int32(max(1, rect.width.rounded())),
                                       height: Int32(max(1, rect.height.rounded())))
        gtk_widget_size_allocate(marker, &allocation, -1)
    }

    func hideMarker() { InsertionMarker.hide(reordering.marker) }

    /// The marker's rectangle as last allocated, while it is shown (for the tests).
    var markerFrame: FlowRect? { InsertionMarker.frame(of: reordering.marker) }
}
