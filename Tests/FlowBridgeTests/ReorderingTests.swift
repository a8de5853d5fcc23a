// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// Reordering by the user: the keys (through the box's key handler: these tests have no way to
/// synthesize GDK key events, the end-to-end test sends real ones), the drop place wired to the
/// order the layout shows, Escape, the veto, and what the drag machinery holds.
@MainActor @Suite(.serialized)
struct ReorderingTests {
    let altShift = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)

    func buttons(_ widths: [Int]) -> [Widget] {
        widths.map { width in
            let button = gtk_button_new()!
            gtk_widget_set_size_request(button, Int32(width), 30)
            return button
        }
    }

    /// [80 80] [40 60 60] [180] in 180 with spacing 10 (other widths, other lines).
    func reorderableStack(_ placement: WrapHStack.Placement, rtl: Bool = false, widths: [Int] = [80, 80, 40, 60, 60, 180],
                          layout: FlowLayout = FlowLayout(itemSpacing: 10),
                          height: Int = 300) throws -> (WrapHStack, [Widget], Widget) {
        let stack = WrapHStack(layout: layout, placement: placement)
        let children = buttons(widths)
        for child in children { try stack.append(child) }
        if rtl { gtk_widget_set_direction(stack.widget, GTK_TEXT_DIR_RTL) }
        stack.reorderable = true
        let window = gtk_window_new()!
        gtk_window_set_child(cgtk_window(window), stack.widget)
        gtk_window_set_default_size(cgtk_window(window), 180, Int32(height))
        gtk_window_present(cgtk_window(window))
        MainLoop.run(until: { stack.lastLayout != nil && Int(gtk_widget_get_width(window)) == 180 })
        MainLoop.run(milliseconds: 50)
        return (stack, children, window)
    }

    /// Runs the main loop until a layout after now has been placed.
    func waitForLayout(_ stack: WrapHStack) {
        let passes = stack.statistics.layoutPasses
        MainLoop.run(until: { stack.statistics.layoutPasses > passes && !stack.isAnimating })
    }

    /// Every child at the frame the engine gave it, in the order the layout shows.
    func expectFramesFromEngine(_ stack: WrapHStack) {
        guard let shown = stack.controller.shown else { Issue.record("no layout"); return }
        for (child, frame) in zip(shown.widgets, shown.report.result.frames) {
            #expect(allocation(child) == frame)
        }
    }

    func pressMove(_ stack: WrapHStack, _ key: Int32) -> Bool {
        stack.interaction.handleKey(UInt32(key), altShift)
    }

    @Test(arguments: WrapHStack.Placement.allCases, [false, true])
    func altShiftArrowsMoveTheFocusedChildInTheVisualDirection(placement: WrapHStack.Placement, rtl: Bool) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement, rtl: rtl)
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        var moves: [(Int, Int)] = []
        stack.onChildMoved = { child, from, to in
            #expect(child == c[0])
            moves.append((from, to))
        }
        gtk_widget_grab_focus(c[0])
        // Forward in reading order is right in LTR, left in RTL.
        #expect(pressMove(stack, rtl ? GDK_KEY_Left : GDK_KEY_Right))
        #expect(stack.children == [c[1], c[0], c[2], c[3], c[4], c[5]])
        #expect(gtk_root_get_focus(OpaquePointer(window)) == c[0])
        waitForLayout(stack)
        expectFramesFromEngine(stack)
        // Down from the end of line 1 (centre 130) to the nearest item of line 2: the 60 at 150.
        let down = try #require(stack.lastLayout?.result.neighbor(of: 1, moving: .down,
                                                                  in: stack.lastLayout!.request.layout))
        #expect(down == 4)
        #expect(pressMove(stack, GDK_KEY_Down))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(gtk_root_get_focus(OpaquePointer(window)) == c[0])
        waitForLayout(stack)
        expectFramesFromEngine(stack)
        #expect(pressMove(stack, GDK_KEY_End))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[5], c[0]])
        #expect(pressMove(stack, GDK_KEY_Home))
        #expect(stack.children.first == c[0])
        #expect(gtk_root_get_focus(OpaquePointer(window)) == c[0])
        #expect(moves.map(\.0) == [0, 1, 4, 5])
        #expect(moves.map(\.1) == [1, 4, 5, 0])
        // At the start, backward is no move; the key is still taken.
        #expect(pressMove(stack, rtl ? GDK_KEY_Right : GDK_KEY_Left))
        #expect(moves.count == 4)
        // Without both modifiers, or with reordering off, the keys are not reordering.
        #expect(!stack.interaction.handleKey(UInt32(GDK_KEY_Right), GDK_SHIFT_MASK))
        stack.reorderable = false
        #expect(!pressMove(stack, GDK_KEY_Right))
        #expect(moves.count == 4)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func theLayoutShowsTheDraggedChildAtTheHoveredPlaceAndTheDropMovesItThere(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement)
        defer { gtk_window_destroy(cgtk_window(window)) }
        var moves: [(Widget, Int, Int)] = []
        stack.onChildMoved = { moves.append(($0, $1, $2)) }
        let line3 = allocation(c[5])
        stack.beginDrag(of: c[0])
        // Before line 3's only child: the start of line 3.
        stack.dragMoved(toX: line3.x + 2, y: line3.midY)
        waitForLayout(stack)
        #expect(stack.children == c)   // the real order is untouched while hovering
        let shown = try #require(stack.controller.shown)
        #expect(shown.widgets == [c[1], c[2], c[3], c[4], c[0], c[5]])
        expectFramesFromEngine(stack)
        // The marker is the engine's, for the place under the pointer on the layout shown.
        let layout = shown.report.request.layout, result = shown.report.result
        let place = try #require(result.insertionPlace(nearestTo: line3.x + 2, line3.midY, in: layout, excluding: 4))
        let marker = try #require(result.insertionMarker(for: place, thickness: 3, in: layout, excluding: 4))
        #expect(stack.interaction.markerFrame.map { abs($0.x - marker.x) <= 1 && abs($0.y - marker.y) <= 1 } == true)
        #expect(stack.drop(atX: line3.x + 2, y: line3.midY))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(moves.count == 1 && moves[0].0 == c[0] && moves[0].1 == 0 && moves[0].2 == 4)
        #expect(!stack.isDragging)
        #expect(stack.interaction.markerFrame == nil)
        waitForLayout(stack)
        expectFramesFromEngine(stack)
    }

    /// [40 80] [60 60 30] [150]: the 40 put at the start of line 3 fits at the end of line 2
    /// once it has left line 1, and goes there. The marker shows it there, not under the pointer
    /// at line 3's start, and the drop leaves it where the live layout showed it.
    @Test(arguments: WrapHStack.Placement.allCases)
    func theMarkerStandsWhereTheDropPutsTheChild(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement, widths: [40, 80, 60, 60, 30, 150])
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        let lineThree = allocation(c[5])
        stack.beginDrag(of: c[0])
        stack.dragMoved(toX: lineThree.x + 2, y: lineThree.midY)
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        let hovering = allocation(c[0])
        let lineTwoEnd = allocation(c[4])
        #expect(hovering.y == lineTwoEnd.y && hovering.x > lineTwoEnd.x)   // at the end of line 2
        let marker = try #require(stack.interaction.markerFrame)
        #expect(marker.y == hovering.y && marker.height == hovering.height)
        #expect(marker.x >= lineTwoEnd.maxX && marker.maxX <= hovering.x)
        #expect(stack.drop(atX: lineThree.x + 2, y: lineThree.midY))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        waitForLayout(stack)
        #expect(allocation(c[0]) == hovering)
        expectFramesFromEngine(stack)
    }

    /// Right to left, a line's end is on its left: a drop left of line 2's last chip puts the
    /// dragged one after it, and the marker is on that side.
    @Test(arguments: WrapHStack.Placement.allCases)
    func rightToLeftDropsReadFromTheRight(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement, rtl: true)
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        // Line 2 mirrored: c2 at the right, c4 at the left.
        #expect(allocation(c[2]).x > allocation(c[4]).x)
        let lineTwoEnd = allocation(c[4])
        stack.beginDrag(of: c[5])
        stack.dragMoved(toX: lineTwoEnd.x + 2, y: lineTwoEnd.midY)
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == c)   // after c4 is c5's own place
        stack.dragMoved(toX: allocation(c[3]).maxX - 2, y: lineTwoEnd.midY)   // right part of c3: before it
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == [c[0], c[1], c[2], c[5], c[3], c[4]])
        let marker = try #require(stack.interaction.markerFrame)
        // Before c5 in reading order is on its right (kept inside the box when c5 fills the line).
        #expect(marker.x > allocation(c[5]).midX)
        #expect(stack.drop(atX: allocation(c[3]).maxX - 2, y: lineTwoEnd.midY))
        #expect(stack.children == [c[0], c[1], c[2], c[5], c[3], c[4]])
    }

    /// Wrap-reverse: the keys move in the direction they name on screen.
    @Test(arguments: WrapHStack.Placement.allCases)
    func keysMoveInTheVisualDirectionUnderWrapReverse(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var reversed = FlowLayout(itemSpacing: 10)
        reversed.wrapReverse = true
        let (stack, c, window) = try reorderableStack(placement, layout: reversed)
        defer { gtk_window_destroy(cgtk_window(window)) }
        #expect(stack.lastLayout?.result.lines == [0..<2, 2..<5, 5..<6])
        // Wrap-reverse: line 1 at the bottom. Up goes to the line above, which comes after it.
        // The content grows or shrinks at the bottom, so the checks compare with c1, which stays
        // on the bottom line.
        #expect(allocation(c[0]).y > allocation(c[2]).y)
        #expect(allocation(c[0]).y == allocation(c[1]).y)
        gtk_widget_grab_focus(c[0])
        #expect(pressMove(stack, GDK_KEY_Up))
        #expect(stack.children.firstIndex(of: c[0])! >= 2)
        waitForLayout(stack)
        #expect(allocation(c[0]).y < allocation(c[1]).y)
        #expect(gtk_root_get_focus(OpaquePointer(window)) == c[0])
        #expect(pressMove(stack, GDK_KEY_Down))
        waitForLayout(stack)
        #expect(allocation(c[0]).y == allocation(c[1]).y)
        #expect(allocation(c[0]).y > allocation(c[2]).y)
        expectFramesFromEngine(stack)
        // A drag to the start of the top line (the last in order): before c5.
        let top = allocation(c[5])
        #expect(top.y < allocation(c[2]).y)
        stack.beginDrag(of: c[0])
        stack.dragMoved(toX: top.x + 2, y: top.midY)
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == [c[1], c[2], c[3], c[4], c[0], c[5]])
        let marker = try #require(stack.interaction.markerFrame)
        // Before c0, at its line's start (kept inside the box).
        #expect(marker.y == allocation(c[0]).y && marker.x <= allocation(c[0]).x && marker.maxX < allocation(c[0]).midX)
        #expect(stack.drop(atX: top.x + 2, y: top.midY))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        waitForLayout(stack)
        expectFramesFromEngine(stack)
    }

    /// Columns of 30-high children, 10 apart, in 100 (two to a column): Right goes to the next
    /// column, Down one place along the column; a drag hit-tests along the column.
    @Test(arguments: WrapHStack.Placement.allCases)
    func keysAndDropsMoveInTheVisualDirectionInColumns(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var columns = FlowLayout(itemSpacing: 10)
        columns.axis = .vertical
        let (stack, c, window) = try reorderableStack(placement, widths: [40, 40, 40, 40, 40, 40], layout: columns,
                                                      height: 100)
        defer { gtk_window_destroy(cgtk_window(window)) }
        let result = try #require(stack.lastLayout?.result)
        #expect(result.lines == [0..<2, 2..<4, 4..<6])
        let first = c[0]
        gtk_widget_grab_focus(first)
        let top = allocation(first)
        #expect(pressMove(stack, GDK_KEY_Down))
        #expect(stack.children.firstIndex(of: first) == 1)
        waitForLayout(stack)
        #expect(allocation(first).y > top.y && allocation(first).x == top.x)
        let lower = allocation(first)
        #expect(pressMove(stack, GDK_KEY_Right))
        waitForLayout(stack)
        #expect(allocation(first).x > lower.x)
        #expect(gtk_root_get_focus(OpaquePointer(window)) == first)
        expectFramesFromEngine(stack)
        // A drag of the last child to the top of the first column: before its first child.
        let top0 = allocation(stack.children[0])
        stack.beginDrag(of: c[5])
        stack.dragMoved(toX: top0.midX, y: top0.y + 2)
        waitForLayout(stack)
        let marker = try #require(stack.interaction.markerFrame)
        #expect(marker.width == top0.width && marker.height == 3)
        #expect(stack.drop(atX: top0.midX, y: top0.y + 2))
        #expect(stack.children.first == c[5])
        waitForLayout(stack)
        #expect(allocation(c[5]).y == top0.y && allocation(c[5]).x == top0.x)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func escapeOrLeavingPutsEverythingBack(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement)
        defer { gtk_window_destroy(cgtk_window(window)) }
        let before = c.map(allocation)
        var moved = false
        stack.onChildMoved = { _, _, _ in moved = true }
        stack.beginDrag(of: c[1])
        let last = allocation(c[5])
        stack.dragMoved(toX: last.maxX - 2, y: last.midY)   // after the last child
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets.last == c[1])
        #expect(stack.interaction.markerFrame != nil)
        stack.interaction.dragLeft()
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == c)
        #expect(stack.interaction.markerFrame == nil)
        stack.dragMoved(toX: last.maxX - 2, y: last.midY)
        waitForLayout(stack)
        stack.endDrag()   // what drag-end does after Escape or a drop elsewhere
        waitForLayout(stack)
        #expect(stack.children == c)
        #expect(stack.controller.shown?.widgets == c)
        // Escape reaching the box during a drag ends it the same way.
        stack.beginDrag(of: c[1])
        stack.dragMoved(toX: last.maxX - 2, y: last.midY)
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets.last == c[1])
        #expect(stack.interaction.handleKey(UInt32(GDK_KEY_Escape), GdkModifierType(rawValue: 0)))
        #expect(!stack.isDragging)
        waitForLayout(stack)
        #expect(stack.children == c)
        #expect(stack.controller.shown?.widgets == c)
        #expect(c.map(allocation) == before)
        #expect(!moved)
        #expect(stack.interaction.markerFrame == nil)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func aChildRemovedDuringItsDragEndsTheDrag(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement)
        defer { gtk_window_destroy(cgtk_window(window)) }
        let marker = try #require(stack.interaction.marker)
        #expect(String(cString: gtk_widget_get_css_name(marker)) == "marker")
        #expect(gtk_widget_has_css_class(marker, "insertion-marker") != 0)
        stack.beginDrag(of: c[0])
        let last = allocation(c[5])
        stack.dragMoved(toX: last.maxX - 2, y: last.midY)
        waitForLayout(stack)
        #expect(stack.interaction.markerFrame != nil)
        try stack.remove(c[0])
        #expect(!stack.isDragging)
        waitForLayout(stack)
        #expect(stack.controller.shown?.widgets == Array(c.dropFirst()))
        #expect(stack.interaction.markerFrame == nil)
        // What GTK's drag-end and a late drop then do is nothing.
        stack.endDrag()
        #expect(!stack.drop(atX: last.maxX - 2, y: last.midY))
        #expect(stack.children == Array(c.dropFirst()))
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func theAppCanVetoAMove(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement)
        defer { gtk_window_destroy(cgtk_window(window)) }
        var asked: [(Int, Int)] = []
        var moved = false
        stack.shouldMoveChild = { _, from, to in asked.append((from, to)); return false }
        stack.onChildMoved = { _, _, _ in moved = true }
        gtk_widget_grab_focus(c[2])
        #expect(pressMove(stack, GDK_KEY_Home))
        stack.beginDrag(of: c[0])
        let last = allocation(c[5])
        stack.dragMoved(toX: last.maxX - 2, y: last.midY)
        waitForLayout(stack)
        #expect(!stack.drop(atX: last.maxX - 2, y: last.midY))
        stack.endDrag()
        waitForLayout(stack)
        #expect(asked.map(\.0) == [2, 0] && asked.map(\.1) == [0, 5])
        #expect(!moved)
        #expect(stack.children == c)
        #expect(stack.controller.shown?.widgets == c)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func theOverflowIndicatorIsNoPlace(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let (stack, c, window) = try reorderableStack(placement)
        defer { gtk_window_destroy(cgtk_window(window)) }
        try stack.setOverflowIndicator(gtk_label_new("+more"))
        stack.layout.maxLines = 2
        waitForLayout(stack)
        let result = try #require(stack.lastLayout?.result)
        #expect(result.hiddenCount > 0)
        let visible = result.visibleCount
        // Past the end of the last line shown, where the indicator is.
        let lastShown = result.frames[visible - 1]
        let point = (x: Double(gtk_widget_get_width(stack.widget)) - 1, y: lastShown.midY)
        stack.beginDrag(of: c[0])
        stack.dragMoved(toX: point.x, y: point.y)
        waitForLayout(stack)
        // The marker is never on or past the indicator.
        let indicator = try #require(stack.controller.indicator.map { allocation($0.widget) })
        if let marker = stack.interaction.markerFrame {
            #expect(marker.maxX <= indicator.x || marker.y != indicator.y)
        }
        #expect(stack.drop(atX: point.x, y: point.y))
        // Dropped at the end of what was shown, never after the hidden children or the indicator.
        #expect(stack.children.firstIndex(of: c[0]) == visible - 1)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func dragSourcesGoWithTheirChildrenAndTheBox(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var childWatches: [FinalizationWatch] = []
        var sourceWatches: [FinalizationWatch] = []
        var hostWatch: FinalizationWatch?
        let kept = gtk_label_new("kept")!
        retainWidget(kept)
        defer { releaseWidget(kept) }
        do {
            let stack = WrapHStack(placement: placement)
            hostWatch = FinalizationWatch(stack.widget)
            stack.reorderable = true
            for i in 0..<5 {
                let child = gtk_label_new("\(i)")!
                childWatches.append(FinalizationWatch(child))
                try stack.append(child)
            }
            try stack.append(kept)
            #expect(stack.interaction.dragSources.count == 6)
            sourceWatches = stack.interaction.dragSources.values.map { FinalizationWatch(object: $0) }
            try stack.remove(at: 0)
            #expect(childWatches[0].isFinalized)
            #expect(stack.interaction.dragSources.count == 5)
            // A child the app holds is given back without the box's drag source.
            try stack.remove(kept)
            #expect(stack.interaction.dragSources.count == 4)
        }
        #expect(hostWatch?.isFinalized == true)
        #expect(childWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(sourceWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }
}
