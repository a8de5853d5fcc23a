// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

@Suite struct NavigationTests {
    // Three lines in 100: [40 40] [20 30 30] [90], spacing 5.
    let items = [item(40), item(40), item(20), item(30), item(30), item(90)]

    func move(_ from: Int, _ direction: FlowNavigation, _ layout: FlowLayout = FlowLayout(itemSpacing: 5)) -> Int? {
        layout.layout(items, in: 100).neighbor(of: from, moving: direction, in: layout)
    }

    @Test func readingOrderAndEnds() {
        #expect(move(0, .next) == 1)
        #expect(move(1, .next) == 2)          // across the line end
        #expect(move(5, .next) == nil)
        #expect(move(0, .previous) == nil)
        #expect(move(3, .first) == 0)
        #expect(move(3, .last) == 5)
    }

    @Test func leftAndRightFollowTheLineAndContinueAcrossLineEnds() {
        #expect(move(0, .right) == 1)
        #expect(move(1, .right) == 2)
        #expect(move(2, .left) == 1)
        var rtl = FlowLayout(itemSpacing: 5)
        rtl.direction = .rightToLeft
        #expect(move(0, .left, rtl) == 1)     // mirrored: the next item is to the left
        #expect(move(1, .right, rtl) == 0)
    }

    @Test func upAndDownGoToTheNearestCentre() {
        // Line 1 centres: 10, 40, 75. Item 0's centre is 20: nearest is item 2 (10).
        #expect(move(0, .down) == 2)
        // Item 1's centre is 65: nearest is item 4 (75).
        #expect(move(1, .down) == 4)
        #expect(move(4, .up) == 1)
        #expect(move(3, .down) == 5)
        #expect(move(5, .down) == nil)
        #expect(move(0, .up) == nil)
        var reversed = FlowLayout(itemSpacing: 5)
        reversed.wrapReverse = true         // line 1 is above line 0
        #expect(move(0, .up, reversed) == 2)
        #expect(move(0, .down, reversed) == nil)
    }

    @Test func verticalLayoutsMoveDownTheColumnAndAcrossColumns() {
        let columns = [FlowItem(width: 10, height: 40), FlowItem(width: 10, height: 40),
                       FlowItem(width: 10, height: 70), FlowItem(width: 10, height: 20)]
        var layout = FlowLayout(axis: .vertical)
        let result = layout.layout(columns, in: 90)
        #expect(result.lines == [0..<2, 2..<4])
        #expect(result.neighbor(of: 0, moving: .down, in: layout) == 1)
        #expect(result.neighbor(of: 1, moving: .right, in: layout) == 3)   // centre 60: 80 is nearer than 35
        #expect(result.neighbor(of: 3, moving: .left, in: layout) == 1)
        layout.direction = .rightToLeft
        let mirrored = layout.layout(columns, in: 90)
        #expect(mirrored.neighbor(of: 1, moving: .left, in: layout) == 3)
    }

    @Test func hiddenItemsAreNotReached() {
        let layout = FlowLayout(itemSpacing: 5, maxLines: 1)
        let result = layout.layout(items, in: 100)
        #expect(result.neighbor(of: 1, moving: .next, in: layout) == nil)
        #expect(result.neighbor(of: 4, moving: .previous, in: layout) == nil)
        #expect(result.neighbor(of: 0, moving: .last, in: layout) == 1)
    }
}
