// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// FlowLayout.minimumCrossLength: the cross size with lines as long as they can be (a vertical
/// layout's narrowest width at any height), split only by maxItemsPerLine and forced breaks.
@Suite struct MinimumCrossLengthTests {
    @Test func isOneLineOfTheWidestItem() {
        var layout = FlowLayout()
        layout.axis = .vertical
        let items = [50.0, 80, 120, 60].map { FlowItem(width: $0, height: 30) }
        #expect(layout.minimumCrossLength(of: items) == 120)
        layout.maxItemsPerLine = 2
        #expect(layout.minimumCrossLength(of: items) == 80 + 120)
        layout.axis = .horizontal
        layout.maxItemsPerLine = nil
        #expect(layout.minimumCrossLength(of: items) == 30)
    }

    @Test func forcedBreaksAndInsetsCount() {
        var layout = FlowLayout()
        layout.axis = .vertical
        layout.lineSpacing = 4
        layout.insets = FlowInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
        var items = [50.0, 80, 120].map { FlowItem(width: $0, height: 30) }
        items[2].breakBefore = true
        #expect(layout.minimumCrossLength(of: items) == 80 + 4 + 120 + 16)
    }
}
