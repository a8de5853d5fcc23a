// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct ReorderingTests {
    // Three lines in 100, 10 high, line spacing 4: [40 40] [20 30 30] [90], item spacing 5.
    // Line 0: x 0–40, 45–85 (y 0–10); line 1: 0–20, 25–55, 60–90 (y 14–24); line 2: 0–90 (y 28–38).
    let items = [item(40), item(40), item(20), item(30), item(30), item(90)]

    func layout(_ change: (inout FlowLayout) -> Void = { _ in }) -> FlowLayout {
        var layout = FlowLayout(itemSpacing: 5)
        layout.lineSpacing = 4
        change(&layout)
        return layout
    }

    func place(_ x: Double, _ y: Double, _ layout: FlowLayout, excluding: Int? = nil) -> FlowInsertionPlace? {
        layout.layout(items, in: 100).insertionPlace(nearestTo: x, y, in: layout, excluding: excluding)
    }

    @Test func aPointChoosesTheGapBeforeTheFirstItemWhoseCentreIsPastIt() {
        let plain = layout()
        #expect(place(5, 5, plain) == FlowInsertionPlace(index: 0, line: 0))
        #expect(place(42, 5, plain) == FlowInsertionPlace(index: 1, line: 0))
        // Line 1's centres: 10, 40, 75.
        #expect(place(30, 20, plain) == FlowInsertionPlace(index: 3, line: 1))
        #expect(place(66, 20, plain) == FlowInsertionPlace(index: 4, line: 1))
        #expect(place(80, 20, plain) == FlowInsertionPlace(index: 5, line: 1))   // the line's end
    }

    @Test func theEndOfALineAndTheStartOfTheNextAreTwoPlaces() {
        let plain = layout()
        let end = place(95, 5, plain)
        let start = place(1, 20, plain)
        #expect(end == FlowInsertionPlace(index: 2, line: 0))
        #expect(start == FlowInsertionPlace(index: 2, line: 1))
        let result = plain.layout(items, in: 100)
        let endMarker = result.insertionMarker(for: end!, thickness: 2, in: plain)
        let startMarker = result.insertionMarker(for: start!, thickness: 2, in: plain)
        // Half the spacing after item 1 (85 + 2.5), centred; the start of line 1 kept inside.
        #expect(endMarker == FlowRect(x: 86.5, y: 0, width: 2, height: 10))
        #expect(startMarker == FlowRect(x: 0, y: 14, width: 2, height: 10))
    }

    @Test func pointsOutsideTheLinesGoToTheNearestLineAndPastTheLastItem() {
        let plain = layout()
        #expect(place(50, -30, plain) == FlowInsertionPlace(index: 1, line: 0))
        #expect(place(95, 500, plain) == FlowInsertionPlace(index: 6, line: 2))
        // In the line gap (y 10–14): nearer line 0 at 11, line 1 at 13.
        #expect(place(1, 11, plain)?.line == 0)
        #expect(place(1, 13, plain)?.line == 1)
        let result = plain.layout(items, in: 100)
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 6, line: 2), thickness: 2, in: plain)
            == FlowRect(x: 91.5, y: 28, width: 2, height: 10))
        #expect(result.insertionPlace(nearestTo: .nan, 3, in: plain) == nil)
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 1, line: 2), thickness: 2, in: plain) == nil)
    }

    @Test func theMarkerBetweenTwoItemsIsCentredInTheirGap() {
        let plain = layout()
        let result = plain.layout(items, in: 100)
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 1, line: 0), thickness: 3, in: plain)
            == FlowRect(x: 41, y: 0, width: 3, height: 10))
    }

    @Test func theDraggedItemAndTheGapItLeavesAreItsOwnPlace() {
        let plain = layout()
        // Item 1 dragged: over it, or just past it, is no move.
        let over = place(60, 5, plain, excluding: 1)
        let past = place(95, 5, plain, excluding: 1)
        #expect(over == FlowInsertionPlace(index: 1, line: 0))
        #expect(past == FlowInsertionPlace(index: 1, line: 0))
        #expect(over?.destination(movingFrom: 1) == 1)
        // Before item 0: the dragged item becomes the first.
        #expect(place(2, 5, plain, excluding: 1)?.destination(movingFrom: 1) == 0)
        // Item 0 dragged to the start of line 2 (before item 5): it ends up fifth.
        let third = place(1, 33, plain, excluding: 0)
        #expect(third == FlowInsertionPlace(index: 5, line: 2))
        #expect(third?.destination(movingFrom: 0) == 4)
        // The marker skips the dragged item: with item 1 lifted, line 0's end is after item 0.
        let result = plain.layout(items, in: 100)
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 2, line: 0), thickness: 2, in: plain, excluding: 1)
            == FlowRect(x: 41.5, y: 0, width: 2, height: 10))
    }

    @Test func rightToLeftLinesReadFromTheRight() {
        let rtl = layout { $0.direction = .rightToLeft }
        // Line 0 mirrored: item 0 at x 60–100, item 1 at 15–55.
        #expect(place(95, 5, rtl) == FlowInsertionPlace(index: 0, line: 0))
        #expect(place(57, 5, rtl) == FlowInsertionPlace(index: 1, line: 0))
        #expect(place(2, 5, rtl) == FlowInsertionPlace(index: 2, line: 0))
        let result = rtl.layout(items, in: 100)
        // The end of line 0 is on its left: half the spacing left of item 1 (15 − 2.5).
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 2, line: 0), thickness: 2, in: rtl)
            == FlowRect(x: 11.5, y: 0, width: 2, height: 10))
    }

    @Test func wrapReverseStacksTheLinesUpward() {
        let reversed = layout { $0.wrapReverse = true }
        // Line 0 is at the bottom (y 28–38), line 2 at the top.
        #expect(place(1, 35, reversed)?.line == 0)
        #expect(place(1, 2, reversed)?.line == 2)
        #expect(place(1, -50, reversed) == FlowInsertionPlace(index: 5, line: 2))
    }

    @Test func columnsHitTestAlongYAndAcrossX() {
        let vertical = layout { $0.axis = .vertical }
        let tall = [item(10, 40), item(10, 40), item(10, 20), item(10, 30)]
        let result = vertical.layout(tall, in: 100)
        // Column 0: y 0–40, 45–85; column 1 at x 14: y 0–20, 25–55.
        #expect(result.lines == [0..<2, 2..<4])
        #expect(result.insertionPlace(nearestTo: 2, 60, in: vertical) == FlowInsertionPlace(index: 1, line: 0))
        #expect(result.insertionPlace(nearestTo: 20, 95, in: vertical) == FlowInsertionPlace(index: 4, line: 1))
        #expect(result.insertionMarker(for: FlowInsertionPlace(index: 1, line: 0), thickness: 2, in: vertical)
            == FlowRect(x: 0, y: 41.5, width: 10, height: 2))
    }

    @Test func hiddenItemsAndTheIndicatorAreNoPlace() {
        let limited = layout {
            $0.maxLines = 1
            $0.overflowIndicator = item(10)
        }
        let result = limited.layout(items, in: 100)
        #expect(result.hiddenCount > 0)
        let last = result.visibleCount
        // Anywhere past the visible line, even over the indicator, is after the last visible item.
        #expect(result.insertionPlace(nearestTo: 99, 60, in: limited) == FlowInsertionPlace(index: last, line: 0))
        #expect(result.insertionPlace(nearestTo: 1, 1, in: FlowLayout()) != nil)
        let nothing = FlowLayout().layout([], in: 100)
        #expect(nothing.insertionPlace(nearestTo: 1, 1, in: FlowLayout()) == nil)
    }
}
