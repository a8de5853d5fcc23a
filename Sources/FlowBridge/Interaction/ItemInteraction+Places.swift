// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// Where a drop lands and where the marker stands, found by the engine (FlowResult.insertionPlace,
// insertionMarker) on the items the host's layout shows (ItemsOnScreen), whatever order that
// layout shows them in, and given back in the host's numbering.

extension ItemInteraction {
    /// The place nearest to (`x`, `y`) in the host, the dragged item left out: the host's item
    /// the place is before (the end of the items shown: the one after them) and the host's line.
    func place(atX x: Double, y: Double) -> FlowInsertionPlace? {
        guard let shown = host.itemsOnScreen,
              let place = nearestPlace(x, y, in: shown, excluding: draggedItem.flatMap(shown.position)),
              let item = hostItem(at: place.index, in: shown) else { return nil }
        return FlowInsertionPlace(index: item, line: place.line + shown.firstLine)
    }

    /// Where a drop at (`x`, `y`) would put item `index` (its index after the move), or, with
    /// `landing`, where the layout on screen shows it (a preview: the drop follows the layout, not
    /// the pointer's line, so the marker and the drop never disagree).
    func destination(of index: Int, atX x: Double = 0, y: Double = 0, landing: Bool = false) -> Int? {
        guard let shown = host.itemsOnScreen else { return nil }
        let dragged = shown.position(index)
        let place: Int
        if landing {
            guard let at = dragged, at < shown.result.visibleCount else { return nil }
            place = at
        } else {
            guard let found = nearestPlace(x, y, in: shown, excluding: dragged) else { return nil }
            place = dragged.map { found.destination(movingFrom: $0) } ?? found.index
        }
        // The item it would come before, among the others.
        guard let next = hostItem(at: place, in: shown, excluding: dragged) else { return nil }
        return next > index ? next - 1 : next
    }

    /// The marker's rectangle in the host for item `index` dragged with the pointer at `pointer`:
    /// in the gap before the item where a preview shows it, else at the place nearest the pointer.
    func markerFrame(dragging index: Int, pointer: (x: Double, y: Double), previewing: Bool) -> FlowRect? {
        guard let shown = host.itemsOnScreen else { return nil }
        let result = shown.result, dragged = shown.position(index)
        let previewed = dragged.flatMap { at in
            previewing && at < result.visibleCount
                ? result.lines.firstIndex { $0.contains(at) }.map { FlowInsertionPlace(index: at, line: $0) } : nil
        }
        guard let place = previewed ?? nearestPlace(pointer.x, pointer.y, in: shown, excluding: dragged),
              var rect = result.insertionMarker(for: place, thickness: Self.markerThickness, in: shown.layout,
                                                excluding: previewed == nil ? dragged : nil) else { return nil }
        rect.x += shown.origin.x
        rect.y += shown.origin.y
        return rect
    }

    private func nearestPlace(_ x: Double, _ y: Double, in shown: ItemsOnScreen, excluding dragged: Int?) -> FlowInsertionPlace? {
        shown.result.insertionPlace(nearestTo: x - shown.origin.x, y - shown.origin.y, in: shown.layout, excluding: dragged)
    }

    /// The host's item at position `at` of the items shown (the `dragged` one left out, as the
    /// places number them); past the last, the item after it.
    private func hostItem(at position: Int, in shown: ItemsOnScreen, excluding dragged: Int? = nil) -> Int? {
        let count = shown.result.frames.count - (dragged == nil ? 0 : 1)
        guard count > 0 else { return nil }
        func item(_ other: Int) -> Int? { shown.item(dragged.map { other >= $0 ? other + 1 : other } ?? other) }
        return position < count ? item(position) : item(count - 1).map { $0 + 1 }
    }
}
