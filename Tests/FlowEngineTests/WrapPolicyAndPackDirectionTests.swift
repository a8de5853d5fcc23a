// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// wrap-policy and pack-direction with libadwaita's AdwWrapLayout meaning: the minimum policy
/// breaks a line only when its items no longer fit at their minimum sizes, then shares the room
/// out from the minimums; end-to-start reverses each line in place.
@Suite struct WrapPolicyAndPackDirectionTests {
    func item(_ natural: Double, minimum: Double) -> FlowItem {
        FlowItem(width: natural, height: 20, minimumWidth: minimum, minimumHeight: 20)
    }

    @Test func theMinimumPolicyKeepsItemsOnALineUntilTheirMinimumsDoNotFit() {
        let items = Array(repeating: item(100, minimum: 40), count: 3)
        var layout = FlowLayout()
        // Natural: one a line at 150 (100 + 100 does not fit).
        #expect(layout.layout(items, in: 150).lines.count == 3)
        layout.wrapPolicy = .minimum
        let result = layout.layout(items, in: 150)
        #expect(result.lines.count == 1, "40 × 3 fits in 150")
        #expect(result.frames.map(\.x) == [0, 50, 100])
        #expect(result.frames.map(\.width) == [50, 50, 50], "each its minimum and an equal share")
        // Below the minimums' sum the line breaks.
        #expect(layout.layout(items, in: 100).lines.count == 2)
    }

    @Test func theRoomGoesToTheSmallestGapsFirst() {
        var layout = FlowLayout()
        layout.wrapPolicy = .minimum
        let result = layout.layout([item(50, minimum: 40), item(100, minimum: 40)], in: 120)
        #expect(result.frames.map(\.width) == [50, 70], "the first is full at 50; the second takes the rest")
        #expect(result.frames.map(\.x) == [0, 50])
    }

    @Test func aLineThatFitsAtNaturalSizesIsTheSameUnderEitherPolicy() {
        let items = [item(30, minimum: 10), item(40, minimum: 10), item(50, minimum: 10)]
        var minimum = FlowLayout(itemSpacing: 5, justification: .center)
        minimum.wrapPolicy = .minimum
        #expect(minimum.layout(items, in: 300) == FlowLayout(itemSpacing: 5, justification: .center).layout(items, in: 300))
    }

    @Test func endToStartReversesEachLineInPlace() {
        let items = [item(30, minimum: 30), item(40, minimum: 40), item(50, minimum: 50), item(200, minimum: 200)]
        var layout = FlowLayout()
        layout.packDirection = .endToStart
        let result = layout.layout(items, in: 300)
        #expect(result.lines.count == 2)
        // The first line's block stays at the start (0…120); its items run from its end.
        #expect(result.frames.prefix(3).map(\.x) == [90, 50, 0])
        #expect(result.frames[3].x == 0)
        // Centred lines keep their place too.
        layout.justification = .center
        let centred = layout.layout(items, in: 300)
        #expect(centred.frames.prefix(3).map(\.x) == [180, 140, 90])
        // Right to left: the block at the right, the first item at its left.
        layout.justification = .start
        layout.direction = .rightToLeft
        let rtl = layout.layout(items, in: 300)
        #expect(rtl.frames.prefix(3).map(\.x) == [180, 210, 250])
    }

    @Test func endToStartInAVerticalLayout() {
        var layout = FlowLayout(axis: .vertical)
        layout.packDirection = .endToStart
        let items = [FlowItem(width: 20, height: 30), FlowItem(width: 20, height: 40)]
        let result = layout.layout(items, in: 200)
        #expect(result.frames.map(\.y) == [40, 0])
    }
}
