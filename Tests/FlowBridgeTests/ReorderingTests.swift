// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// Reordering by the user, one test per behaviour, each against the box (both placements) and
/// the list (over a GListStore, a GtkStringList or the app's own collection) where both have it:
/// the keys (through the host's key handler: these tests cannot synthesize GDK key events; the
/// end-to-end tests send real ones), the drop places, Escape, the veto, removal during a drag,
/// the drag's text, and what the drag machinery holds. What only one container does (the box's
/// room-making preview and its "+N more" indicator; the list's edge scrolling, its models and a
/// million items) has its own tests here too.
@MainActor @Suite(.serialized)
struct ReorderingTests {
    typealias Kind = ReorderHarness.Kind

    /// [80 80] [40 60 60] [180] in 180, spacing 10.
    static let sixWidths: [Double] = [80, 80, 40, 60, 60, 180]

    /// Every shown item at the frame the engine gave it: the box's children at its last layout's
    /// frames, the list's realized widgets at their line table's (the list not scrolled).
    func expectFramesFromEngine(_ harness: ReorderHarness) {
        if let box = harness.box {
            guard let shown = box.controller.shown else { Issue.record("no layout"); return }
            for (child, frame) in zip(shown.widgets, shown.report.result.frames) { #expect(allocation(child) == frame) }
        } else if let list = harness.list, let table = list.lineTable {
            let frames = table.frames(ofLines: 0..<table.lineCount, items: list.items).snapped()
            for (index, widget) in list.realizedItems where frames.items.contains(index) {
                #expect(allocation(widget) == frames[item: index])
            }
        }
    }

    func setVeto(_ harness: ReorderHarness, _ veto: ((Int, Int) -> Bool)?) {
        if let box = harness.box { box.shouldMoveChild = veto.map { veto in { veto($1, $2) } } }
        else { harness.list!.shouldMoveItem = veto }
    }

    // MARK: The keys

    @Test(arguments: [(Kind.box(.fixed), false), (.box(.fixed), true), (.box(.direct), false), (.box(.direct), true),
                      (.list(.store), false), (.list(.collection), false), (.list(.strings), true)])
    func altShiftKeysMoveTheFocusedItemAndTheFocusStaysOnIt(kind: Kind, rtl: Bool) throws {
        let harness = ReorderHarness(kind, rtl: rtl)
        defer { harness.destroy() }
        var order = harness.order
        let name = order[1]
        #expect(harness.focus(1))
        harness.settle()
        // Forward in reading order: right in left-to-right, left in right-to-left.
        #expect(harness.press(rtl ? GDK_KEY_Left : GDK_KEY_Right))
        order = harness.moved(order, from: 1, to: 2)
        #expect(harness.order == order && harness.focusedItem == 2)
        #expect(harness.press(GDK_KEY_Down))   // the item below on the next line: 6
        order = harness.moved(order, from: 2, to: 6)
        #expect(harness.order == order && harness.focusedItem == 6)
        #expect(harness.press(GDK_KEY_Up))
        order = harness.moved(order, from: 6, to: 2)
        #expect(harness.order == order && harness.focusedItem == 2)
        #expect(harness.press(GDK_KEY_End))   // the list: far past the realized range
        order = harness.moved(order, from: 2, to: 199)
        #expect(harness.order == order && harness.focusedItem == 199)
        #expect(harness.order.last == name)
        #expect(harness.press(rtl ? GDK_KEY_Right : GDK_KEY_Left))
        order = harness.moved(order, from: 199, to: 198)
        #expect(harness.order == order && harness.focusedItem == 198)
        #expect(harness.press(GDK_KEY_Home))
        order = harness.moved(order, from: 198, to: 0)
        #expect(harness.order == order && harness.focusedItem == 0)
        #expect(harness.order.first == name)
        // At the first place, Home again is the reordering key still, and moves nothing.
        #expect(harness.press(GDK_KEY_Home))
        #expect(harness.moves.count == 6)
        if kind.isBox {
            #expect(harness.moves.allSatisfy { $0.widget.map { String(cString: gtk_widget_get_name($0)) } == name })
        }
        // Without both modifiers the keys are the focus's.
        #expect(!harness.press(GDK_KEY_Right, GdkModifierType(rawValue: GDK_ALT_MASK.rawValue)))
        #expect(!harness.press(GDK_KEY_Right, GDK_SHIFT_MASK))
        #expect(harness.focusedWidget == harness.widget(0))
        // Off, the keys do nothing.
        harness.reorderable = false
        #expect(!harness.press(GDK_KEY_End))
        #expect(harness.moves.count == 6)
        #expect(harness.interaction.dragSources.isEmpty)
    }

    @Test(arguments: [(Kind.box(.fixed), false), (.box(.fixed), true), (.box(.direct), false), (.box(.direct), true),
                      (.list(.store), false), (.list(.strings), true)])
    func theKeysFollowTheEnginesNeighboursOnTheLayoutShown(kind: Kind, rtl: Bool) throws {
        let harness = ReorderHarness(kind, widths: Self.sixWidths, width: 180, height: 300, rtl: rtl)
        defer { harness.destroy() }
        #expect(harness.lines == [0..<2, 2..<5, 5..<6])
        let c = harness.order
        let first = try #require(harness.widget(0))
        #expect(harness.focus(0))
        #expect(harness.press(rtl ? GDK_KEY_Left : GDK_KEY_Right))
        #expect(harness.order == [c[1], c[0], c[2], c[3], c[4], c[5]])
        #expect(harness.focusedItem == 1)
        if kind.isBox { #expect(harness.focusedWidget == first) }
        expectFramesFromEngine(harness)
        // Down from the end of line 1 (centre 130) to the nearest item of line 2: the 60 at 150.
        #expect(harness.press(GDK_KEY_Down))
        #expect(harness.order == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(harness.focusedItem == 4)
        expectFramesFromEngine(harness)
        #expect(harness.press(GDK_KEY_End))
        #expect(harness.order == [c[1], c[2], c[3], c[4], c[5], c[0]])
        #expect(harness.press(GDK_KEY_Home))
        #expect(harness.order.first == c[0] && harness.focusedItem == 0)
        #expect(harness.moves.map(\.from) == [0, 1, 4, 5])
        #expect(harness.moves.map(\.to) == [1, 4, 5, 0])
        if kind.isBox { #expect(harness.moves.allSatisfy { $0.widget == first }) }
        // At the start, backward is no move; the key is still taken.
        #expect(harness.press(rtl ? GDK_KEY_Right : GDK_KEY_Left))
        #expect(harness.moves.count == 4)
    }

    /// Wrap-reverse: the keys move in the direction they name on screen, and a drop at the start
    /// of the top line (the last in order) lands before its first item.
    @Test(arguments: Kind.each)
    func keysAndDropsGoWhereTheyPointUnderWrapReverse(kind: Kind) throws {
        var reversed = FlowLayout(itemSpacing: 10, lineSpacing: 10)
        reversed.wrapReverse = true
        let harness = ReorderHarness(kind, widths: Self.sixWidths, width: 180, height: 300, layout: reversed)
        defer { harness.destroy() }
        #expect(harness.lines == [0..<2, 2..<5, 5..<6])
        let c = harness.order
        func y(_ name: String) -> Double { harness.frame(harness.order.firstIndex(of: name)!).y }
        // Line 1 at the bottom. Up goes to the line above, which comes after it. The content
        // grows or shrinks at the bottom, so the checks compare with c1, on the bottom line.
        #expect(y(c[0]) > y(c[2]) && y(c[0]) == y(c[1]))
        #expect(harness.focus(0))
        #expect(harness.press(GDK_KEY_Up))
        #expect(harness.order.firstIndex(of: c[0])! >= 2)
        #expect(y(c[0]) < y(c[1]))
        #expect(harness.focusedItem == harness.order.firstIndex(of: c[0]))
        #expect(harness.press(GDK_KEY_Down))
        #expect(y(c[0]) == y(c[1]) && y(c[0]) > y(c[2]))
        expectFramesFromEngine(harness)
        // A drag to the start of the top line (the last in order): before c5.
        let top = harness.frame(harness.order.firstIndex(of: c[5])!)
        #expect(top.y < y(c[2]))
        let from = harness.order.firstIndex(of: c[0])!
        try harness.drag(from, toX: top.x + 2, y: top.midY)
        let marker = try #require(harness.interaction.markerFrame)
        if kind.isBox {
            #expect(harness.box!.controller.shown?.widgets.map { String(cString: gtk_widget_get_name($0)) }
                    == [c[1], c[2], c[3], c[4], c[0], c[5]])
            // Before c0 where it is shown, at its line's start (kept inside the box).
            let shown = allocation(harness.widget(from)!)
            #expect(marker.y == shown.y && marker.x <= shown.x && marker.maxX < shown.midX)
        } else {
            #expect(marker.y == top.y && marker.maxX <= top.midX)
        }
        #expect(harness.interaction.drop(atX: top.x + 2, y: top.midY))
        #expect(harness.order == [c[1], c[2], c[3], c[4], c[0], c[5]])
        harness.settle()
        expectFramesFromEngine(harness)
    }

    /// Columns of 30-high items, 10 apart, in 100 (two to a column): Right goes to the next
    /// column, Down one place along the column; a drag hit-tests along the column.
    @Test(arguments: Kind.each)
    func keysAndDropsGoWhereTheyPointInColumns(kind: Kind) throws {
        let harness = ReorderHarness(kind, widths: Array(repeating: 40, count: 6), width: 180, height: 100,
                                     layout: FlowLayout(axis: .vertical, itemSpacing: 10, lineSpacing: 10))
        defer { harness.destroy() }
        #expect(harness.lines == [0..<2, 2..<4, 4..<6])
        let c = harness.order
        #expect(harness.focus(0))
        let top = harness.frame(0)
        #expect(harness.press(GDK_KEY_Down))
        #expect(harness.order.firstIndex(of: c[0]) == 1)
        #expect(harness.frame(1).y > top.y && harness.frame(1).x == top.x)
        let lower = harness.frame(1)
        #expect(harness.press(GDK_KEY_Right))
        let at = try #require(harness.order.firstIndex(of: c[0]))
        #expect(harness.frame(at).x > lower.x)
        #expect(harness.focusedItem == at)
        expectFramesFromEngine(harness)
        // A drag of the last item to the top of the first column: before its first item.
        let first = harness.frame(0)
        try harness.drag(5, toX: first.midX, y: first.y + 2)
        let marker = try #require(harness.interaction.markerFrame)
        #expect(marker.width == first.width && marker.height == 3)
        #expect(harness.interaction.drop(atX: first.midX, y: first.y + 2))
        #expect(harness.order.first == c[5])
        harness.settle()
        #expect(harness.frame(0).y == first.y && harness.frame(0).x == first.x)
    }

    // MARK: The drop

    @Test(arguments: Kind.all)
    func aDropMovesTheItemWhereTheMarkerShowedIt(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let before = harness.order
        // Item 1 of line 0 to the start of line 2 (before item 8): it becomes item 7.
        let target = harness.centre(8)
        try harness.drag(1, toX: target.x - 40, y: target.y)
        #expect(harness.interaction.draggedItem == 1)
        let marker = try #require(harness.interaction.markerFrame)
        if kind.isBox {
            // The box shows it at its place, the end of line 1, the marker in the gap before it.
            let shown = allocation(harness.widget(1)!)
            #expect(shown.x >= 300 && marker.y == shown.y && marker.maxX <= shown.x && marker.x > shown.x - 10)
        } else {
            #expect(marker.y == 80 && marker.x < 10)
        }
        #expect(harness.order == before)   // nothing moves while hovering
        #expect(harness.interaction.drop(atX: target.x - 40, y: target.y))
        harness.settle()
        let once = harness.moved(before, from: 1, to: 7)
        #expect(harness.order == once)
        #expect(harness.moves.count == 1 && harness.moves[0].from == 1 && harness.moves[0].to == 7)
        #expect(!harness.interaction.isDragging && harness.interaction.markerFrame == nil)
        #expect(gtk_widget_get_opacity(harness.widget(7)!) == 1)
        // Item 0 after the last item of the last line in view.
        let lastShown = try #require((0..<harness.count).filter { harness.widget($0).map { allocation($0).maxY <= 200 } == true }.max())
        let end = harness.centre(lastShown)
        harness.interaction.beginDrag(of: try #require(harness.widget(0)))
        #expect(harness.interaction.drop(atX: end.x + 40, y: end.y))
        harness.settle()
        #expect(harness.order == harness.moved(once, from: 0, to: lastShown))
        if let list = harness.list {
            // The widgets show the model's order.
            for (index, widget) in list.realizedItems {
                #expect(String(cString: gtk_button_get_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self)))
                        == harness.name(at: index))
            }
        }
    }

    @Test(arguments: Kind.each)
    func dropsAfterTheVeryLastItemAndOnTheItemsOwnPlace(kind: Kind) throws {
        let harness = ReorderHarness(kind, widths: Array(repeating: 90, count: 30))
        defer { harness.destroy() }
        let before = harness.order
        harness.scroll(to: 10_000)
        let last = harness.centre(29)
        // On its own place: no move, nothing reported.
        let own = harness.centre(28)
        harness.interaction.beginDrag(of: try #require(harness.widget(28)))
        #expect(!harness.interaction.drop(atX: own.x, y: own.y))
        #expect(harness.moves.isEmpty && harness.order == before)
        harness.interaction.beginDrag(of: try #require(harness.widget(28)))
        #expect(harness.interaction.drop(atX: last.x + 44, y: last.y))
        #expect(harness.order == harness.moved(before, from: 28, to: 29))
    }

    /// Right to left, a line's end is on its left: a drop left of line 2's last item is its own
    /// place after it; right of c3's middle, before c3, and the marker is on that side.
    @Test(arguments: Kind.each)
    func rightToLeftDropsReadFromTheRight(kind: Kind) throws {
        let harness = ReorderHarness(kind, widths: Self.sixWidths, width: 180, height: 300, rtl: true)
        defer { harness.destroy() }
        #expect(harness.lines == [0..<2, 2..<5, 5..<6])
        let c = harness.order
        // Line 2 mirrored: c2 at the right, c4 at the left.
        #expect(harness.frame(2).x > harness.frame(4).x)
        let lineTwoEnd = harness.frame(4), cThree = harness.frame(3)
        try harness.drag(5, toX: lineTwoEnd.x + 2, y: lineTwoEnd.midY)
        if let box = harness.box { #expect(box.controller.shown?.widgets.map { String(cString: gtk_widget_get_name($0)) } == c) }
        harness.interaction.dragMoved(toX: cThree.maxX - 2, y: lineTwoEnd.midY)   // right part of c3: before it
        harness.settle()
        let marker = try #require(harness.interaction.markerFrame)
        if let box = harness.box {
            #expect(box.controller.shown?.widgets.map { String(cString: gtk_widget_get_name($0)) } == [c[0], c[1], c[2], c[5], c[3], c[4]])
            // Before c5 in reading order is on its right (kept inside the box when c5 fills the line).
            #expect(marker.x > allocation(harness.widget(5)!).midX)
        } else {
            #expect(marker.x > cThree.midX)
        }
        #expect(harness.interaction.drop(atX: cThree.maxX - 2, y: lineTwoEnd.midY))
        #expect(harness.order == [c[0], c[1], c[2], c[5], c[3], c[4]])
    }

    @Test(arguments: Kind.each)
    func escapeLeavingAndADropOutsideChangeNothing(kind: Kind) throws {
        let harness = ReorderHarness(kind, widths: Self.sixWidths, width: 180, height: 300)
        defer { harness.destroy() }
        let c = harness.order
        let before = (0..<6).map(harness.frame)
        let dragged = try #require(harness.widget(1))
        func shown() -> [String]? { harness.box?.controller.shown?.widgets.map { String(cString: gtk_widget_get_name($0)) } }
        let last = harness.frame(5)
        try harness.drag(1, toX: last.maxX - 2, y: last.midY)   // after the last item
        if kind.isBox { #expect(shown()?.last == c[1]) }
        #expect(harness.interaction.markerFrame != nil)
        harness.interaction.dragLeft()
        harness.settle()
        if kind.isBox { #expect(shown() == c) }
        #expect(harness.interaction.markerFrame == nil)
        harness.interaction.dragMoved(toX: last.maxX - 2, y: last.midY)
        harness.settle()
        harness.interaction.endDrag()   // what drag-end does after a drop elsewhere
        harness.settle()
        #expect(harness.order == c)
        if kind.isBox { #expect(shown() == c) }
        #expect(!harness.interaction.isDragging && harness.interaction.markerFrame == nil)
        // Escape reaching the host during a drag ends it the same way.
        try harness.drag(1, toX: last.maxX - 2, y: last.midY)
        if kind.isBox { #expect(shown()?.last == c[1]) }
        #expect(harness.interaction.handleKey(UInt32(GDK_KEY_Escape), GdkModifierType(rawValue: 0)))
        #expect(!harness.interaction.isDragging && harness.interaction.markerFrame == nil)
        harness.settle()
        #expect(harness.order == c)
        if kind.isBox { #expect(shown() == c) }
        #expect((0..<6).map(harness.frame) == before)
        // GTK's drag-end and a late drop after it do nothing.
        harness.interaction.endDrag()
        #expect(!harness.interaction.drop(atX: last.maxX - 2, y: last.midY))
        #expect(harness.order == c && harness.moves.isEmpty)
        #expect(gtk_widget_get_opacity(dragged) == 1)
        #expect(gtk_widget_has_css_class(dragged, "dragged") == 0)
    }

    @Test(arguments: Kind.each)
    func anItemRemovedDuringItsDragEndsTheDrag(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let marker = try #require(harness.interaction.marker)
        #expect(String(cString: gtk_widget_get_css_name(marker)) == "marker")
        #expect(gtk_widget_has_css_class(marker, "insertion-marker") != 0)
        let widget = retainWidget(try #require(harness.widget(3)))
        defer { releaseWidget(widget) }
        var expected = harness.order
        let target = harness.centre(9)
        try harness.drag(3, toX: target.x, y: target.y)
        #expect(harness.interaction.markerFrame != nil)
        func remove(_ index: Int) {
            expected.remove(at: index)
            if let box = harness.box { try! box.remove(at: index) } else { g_list_store_remove(harness.model, guint(index)) }
            harness.settle()
        }
        // An item before it goes: the drag follows its item.
        remove(0)
        #expect(harness.interaction.draggedItem == 2)
        remove(2)
        #expect(!harness.interaction.isDragging)
        #expect(harness.interaction.markerFrame == nil)
        #expect(gtk_widget_get_opacity(widget) == 1)
        #expect(harness.order == expected)
        if let box = harness.box { #expect(box.controller.shown?.widgets == box.children) }
        // What GTK's drag-end and a late drop then do is nothing.
        harness.interaction.endDrag()
        #expect(!harness.interaction.drop(atX: target.x, y: target.y))
        #expect(harness.moves.isEmpty && harness.order == expected)
    }

    @Test(arguments: Kind.all)
    func theAppCanVetoAMove(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let before = harness.order
        var asked: [(Int, Int)] = []
        setVeto(harness) { from, to in asked.append((from, to)); return false }
        #expect(harness.focus(5))
        #expect(harness.press(GDK_KEY_Home))
        let target = harness.centre(10)
        try harness.drag(0, toX: target.x + 40, y: target.y)
        #expect(!harness.interaction.drop(atX: target.x + 40, y: target.y))
        harness.interaction.endDrag()
        harness.settle()
        #expect(asked.count == 2 && asked[0] == (5, 0) && asked[1] == (0, 10))
        #expect(harness.moves.isEmpty && harness.order == before)
        if let box = harness.box { #expect(box.controller.shown?.widgets == box.children) }
        #expect(!harness.interaction.moveItem(from: 3, to: 4))
        setVeto(harness, nil)
        #expect(harness.interaction.moveItem(from: 3, to: 4))
        #expect(harness.order == harness.moved(before, from: 3, to: 4))
    }

    // MARK: What a drag carries

    @Test(arguments: [Kind.list(.store), .list(.strings)])
    func aDragOfAStringObjectItemOffersItsStringBesideTheWidget(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let drag = try PreparedDrag(harness, item: 3)
        defer { drag.release() }
        #expect(drag.provider != nil)
        #expect(drag.offers(gtk_widget_get_type()), "the list's own drop target still gets the widget")
        #expect(drag.text() == "item 3")
        #expect(drag.actions.rawValue == GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue,
                "another program copies the text; the list moves the item")
    }

    @Test(arguments: [Kind.box(.fixed), .box(.direct), .list(.collection)])
    func theAppsDragTextReplacesTheDefaultAndNilOffersNone(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let plain = try PreparedDrag(harness, item: 2)
        #expect(plain.offers(gtk_widget_get_type()))
        #expect(plain.text() == nil, "the box, and the app's own collection, have no text to offer by themselves")
        #expect(plain.actions == GDK_ACTION_MOVE)
        plain.release()

        if let box = harness.box {
            box.reorderDragText = { child in
                let name = String(cString: gtk_widget_get_name(child))
                return name == "item 4" ? nil : "#" + name
            }
        } else {
            harness.list!.reorderDragText = { [weak harness] index in index == 4 ? nil : harness.map { "#\($0.names[index])" } }
        }
        let named = try PreparedDrag(harness, item: 2)
        #expect(named.text() == "#item 2")
        named.release()
        let none = try PreparedDrag(harness, item: 4)
        #expect(none.offers(gtk_widget_get_type()))
        #expect(none.text() == nil)
        #expect(none.actions == GDK_ACTION_MOVE)
        none.release()
        // After a move the text is the moved item's, at its new index.
        #expect(harness.interaction.moveItem(from: 2, to: 0))
        harness.settle()
        let moved = try PreparedDrag(harness, item: 0)
        #expect(moved.text() == "#item 2")
        moved.release()
    }

    // MARK: On, off, and what is released

    @Test(arguments: Kind.each)
    func turningItOffRemovesTheDragSourcesAndTheDescriptions(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let interaction = harness.interaction
        func everyWidgetHasItsSource() -> Bool {
            (0..<harness.count).compactMap(harness.widget).allSatisfy { interaction.dragSources[$0] != nil }
        }
        #expect(everyWidgetHasItsSource())
        let first = try #require(harness.widget(0))
        #expect(flow_interaction_description_is(first, ItemInteraction.reorderHint) != 0)
        if let list = harness.list {
            harness.scroll(to: 1_000)   // new widgets get theirs too
            #expect(list.realizedItems.first.map { $0.index > 50 } == true)
            #expect(everyWidgetHasItsSource())
        }
        harness.reorderable = false
        #expect(interaction.dragSources.isEmpty)
        #expect(gtk_test_accessible_has_property(cgtk_accessible(first), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) == 0)
        interaction.beginDrag(of: try #require(harness.widget(harness.list?.realizedItems.first?.index ?? 0)))
        #expect(!interaction.isDragging)
        harness.reorderable = true
        #expect(everyWidgetHasItsSource())
    }

    @Test(arguments: Kind.each)
    func dragSourcesClosuresAndWidgetsAreReleased(kind: Kind) throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var itemWatches: [FinalizationWatch] = []
        var sourceWatches: [FinalizationWatch] = []
        var hostWatch: FinalizationWatch?
        var markerWatch: FinalizationWatch?
        weak var weakView: AnyObject?
        let kept = gtk_label_new("kept")!
        retainWidget(kept)
        defer { releaseWidget(kept) }
        do {
            let harness = ReorderHarness(kind)
            weakView = harness.box ?? harness.list
            hostWatch = FinalizationWatch(harness.containerWidget)
            markerWatch = harness.interaction.marker.map { FinalizationWatch($0) }
            if let box = harness.box {
                try box.append(kept)
                #expect(harness.interaction.dragSources.count == 201)
                let removed = try #require(harness.widget(0))
                let removedWatch = FinalizationWatch(removed)
                try box.remove(at: 0)
                #expect(removedWatch.isFinalized)
                #expect(harness.interaction.dragSources.count == 200)
                // A child the app holds is given back without the box's drag source.
                try box.remove(kept)
                #expect(harness.interaction.dragSources.count == 199)
            } else {
                harness.scroll(to: 300)
                harness.scroll(to: 0)
            }
            #expect(harness.interaction.dragSources.count >= (harness.list?.realizedItems.count ?? 199))
            itemWatches = harness.interaction.dragSources.keys.map { FinalizationWatch($0) }
            sourceWatches = harness.interaction.dragSources.values.map { FinalizationWatch(object: $0) }
            // A drag in progress when the window goes (the list scrolling at its edge).
            try harness.drag(1, toX: 150, y: 198)
            if harness.list != nil { #expect(harness.interaction.isAutoScrolling) }
            harness.destroy()
        }
        MainLoop.drain()
        #expect(weakView == nil)
        #expect(hostWatch?.isFinalized == true)
        #expect(markerWatch?.isFinalized == true)
        #expect(!itemWatches.isEmpty && itemWatches.allSatisfy(\.isFinalized))
        #expect(!sourceWatches.isEmpty && sourceWatches.allSatisfy(\.isFinalized))
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    // MARK: The box: the others make room, the indicator is no place

    @Test(arguments: WrapHStack.Placement.allCases)
    func theBoxShowsTheDraggedChildAtTheHoveredPlaceAndTheDropMovesItThere(placement: WrapHStack.Placement) throws {
        let harness = ReorderHarness(.box(placement), widths: Self.sixWidths, width: 180, height: 300)
        defer { harness.destroy() }
        let stack = try #require(harness.box)
        let c = stack.children
        let line3 = allocation(c[5])
        try harness.drag(0, toX: line3.x + 2, y: line3.midY)   // before line 3's only child
        #expect(stack.children == c)   // the real order is untouched while hovering
        let shown = try #require(stack.controller.shown)
        #expect(shown.widgets == [c[1], c[2], c[3], c[4], c[0], c[5]])
        expectFramesFromEngine(harness)
        // The marker is the engine's, for the place under the pointer on the layout shown.
        let layout = shown.report.request.layout, result = shown.report.result
        let place = try #require(result.insertionPlace(nearestTo: line3.x + 2, line3.midY, in: layout, excluding: 4))
        let marker = try #require(result.insertionMarker(for: place, thickness: 3, in: layout, excluding: 4))
        #expect(harness.interaction.markerFrame.map { abs($0.x - marker.x) <= 1 && abs($0.y - marker.y) <= 1 } == true)
        #expect(harness.interaction.drop(atX: line3.x + 2, y: line3.midY))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(harness.moves.count == 1 && harness.moves[0].widget == c[0] && harness.moves[0].from == 0
                && harness.moves[0].to == 4)
        #expect(!stack.isDragging && harness.interaction.markerFrame == nil)
        harness.settle()
        expectFramesFromEngine(harness)
    }

    /// [40 80] [60 60 30] [150]: the 40 put at the start of line 3 fits at the end of line 2
    /// once it has left line 1, and goes there. The marker shows it there, not under the pointer
    /// at line 3's start, and the drop leaves it where the live layout showed it.
    @Test(arguments: WrapHStack.Placement.allCases)
    func theBoxsMarkerStandsWhereTheDropPutsTheChild(placement: WrapHStack.Placement) throws {
        let harness = ReorderHarness(.box(placement), widths: [40, 80, 60, 60, 30, 150], width: 180, height: 300)
        defer { harness.destroy() }
        let stack = try #require(harness.box)
        let c = stack.children
        #expect(harness.lines == [0..<2, 2..<5, 5..<6])
        let lineThree = allocation(c[5])
        try harness.drag(0, toX: lineThree.x + 2, y: lineThree.midY)
        #expect(stack.controller.shown?.widgets == [c[1], c[2], c[3], c[4], c[0], c[5]])
        #expect(harness.lines == [0..<2, 2..<5, 5..<6])
        let hovering = allocation(c[0])
        let lineTwoEnd = allocation(c[4])
        #expect(hovering.y == lineTwoEnd.y && hovering.x > lineTwoEnd.x)   // at the end of line 2
        let marker = try #require(harness.interaction.markerFrame)
        #expect(marker.y == hovering.y && marker.height == hovering.height)
        #expect(marker.x >= lineTwoEnd.maxX && marker.maxX <= hovering.x)
        #expect(harness.interaction.drop(atX: lineThree.x + 2, y: lineThree.midY))
        #expect(stack.children == [c[1], c[2], c[3], c[4], c[0], c[5]])
        harness.settle()
        #expect(allocation(c[0]) == hovering)
        expectFramesFromEngine(harness)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func theBoxsOverflowIndicatorIsNoPlace(placement: WrapHStack.Placement) throws {
        let harness = ReorderHarness(.box(placement), widths: Self.sixWidths, width: 180, height: 300)
        defer { harness.destroy() }
        let stack = try #require(harness.box)
        let c = stack.children
        try stack.setOverflowIndicator(gtk_label_new("+more"))
        stack.layout.maxLines = 2
        harness.settle()
        let result = try #require(stack.lastLayout?.result)
        #expect(result.hiddenCount > 0)
        let visible = result.visibleCount
        // Past the end of the last line shown, where the indicator is.
        let lastShown = result.frames[visible - 1]
        let point = (x: Double(gtk_widget_get_width(stack.widget)) - 1, y: lastShown.midY)
        try harness.drag(0, toX: point.x, y: point.y)
        // The marker is never on or past the indicator.
        let indicator = try #require(stack.controller.indicator.map { allocation($0.widget) })
        if let marker = harness.interaction.markerFrame {
            #expect(marker.maxX <= indicator.x || marker.y != indicator.y)
        }
        #expect(harness.interaction.drop(atX: point.x, y: point.y))
        // Dropped at the end of what was shown, never after the hidden children or the indicator.
        #expect(stack.children.firstIndex(of: c[0]) == visible - 1)
    }

    // MARK: The list: places on the lines on screen, edge scrolling, its models, a million items

    @Test func theListsPlacesAreTheEnginesOnTheLinesOnScreenAndALinesEndIsNotTheNextOnesStart() throws {
        let harness = ReorderHarness(.list(.collection))
        defer { harness.destroy() }
        let list = try #require(harness.list)
        #expect(list.lastLayout?.lineCount == 50)
        harness.scroll(to: 400)   // line 10 at the top
        let widget = Double(gtk_widget_get_width(list.widget))
        // Line 11 (items 44..<48) is 40 below the viewport's top; its middle at 55.
        let line11 = 55.0
        #expect(list.insertionPlace(atX: 2, y: line11) == FlowInsertionPlace(index: 44, line: 11))
        #expect(list.insertionPlace(atX: 150, y: line11) == FlowInsertionPlace(index: 46, line: 11))
        #expect(list.insertionPlace(atX: widget - 2, y: line11) == FlowInsertionPlace(index: 48, line: 11))
        #expect(list.insertionPlace(atX: 2, y: line11 + 40) == FlowInsertionPlace(index: 48, line: 12))
        // Each place the engine's, on the whole layout.
        let table = try #require(list.lineTable)
        let all = table.frames(ofLines: 0..<table.lineCount, items: list.items).snapped()
        let result = FlowResult(frames: all.frames, size: table.size,
                                lines: (0..<table.lineCount).map { table[$0].items }, hiddenCount: 0, indicatorFrame: nil)
        for (x, y) in [(3.0, 10.0), (95, 90), (260, 130), (widget - 1, 170), (200, 185)] {
            #expect(list.insertionPlace(atX: x, y: y) == result.insertionPlace(nearestTo: x, y + 400, in: table.layout))
        }
        // The marker at a line's end and at the next line's start are two marks.
        try harness.drag(41, toX: widget - 2, y: line11)
        let end = try #require(harness.interaction.markerFrame)
        harness.interaction.dragMoved(toX: 2, y: line11 + 40)
        harness.settle()
        let start = try #require(harness.interaction.markerFrame)
        #expect(end.y == 40 && start.y == 80 && end.height == 30 && start.height == 30)
        #expect(end.x > 380 && start.x < 10)
        harness.interaction.endDrag()
        #expect(harness.interaction.markerFrame == nil)
    }

    @Test func draggingNearTheListsBottomEdgeScrollsAndTheItemDropsFarBelow() throws {
        let harness = ReorderHarness(.list(.store))
        defer { harness.destroy() }
        let list = try #require(harness.list)
        let interaction = harness.interaction
        let vadjustment = try #require(gtk_scrollable_get_vadjustment(OpaquePointer(list.widget)))
        let before = harness.order
        let widget = try #require(list.widget(forItem: 2))
        // Pressing on a button focuses it: the focus goes with the item, not to the one after.
        #expect(list.focus(item: 2))
        harness.settle()
        interaction.beginDrag(of: widget)
        interaction.dragMoved(toX: 150, y: 100)
        #expect(!interaction.isAutoScrolling)
        interaction.dragMoved(toX: 150, y: 198)
        #expect(interaction.isAutoScrolling)
        var scrolled = 0
        while gtk_adjustment_get_value(vadjustment) < 1_200, scrolled < 100 {
            #expect(interaction.autoScrollStep(seconds: 0.05))
            harness.settle()
            scrolled += 1
        }
        let offset = gtk_adjustment_get_value(vadjustment)
        #expect(offset >= 1_200 && list.scrollOffset == offset)
        // The dragged item keeps its widget, far out of view.
        #expect(list.widget(forItem: 2) == widget && interaction.draggedItem == 2)
        // The marker follows the lines under the pointer.
        let marker = try #require(interaction.markerFrame)
        #expect(marker.maxY <= 200 && marker.y > 120)
        // Out of the edge zone: the scrolling stops; the drop lands on the line shown there.
        interaction.dragMoved(toX: 150, y: 100)
        #expect(!interaction.isAutoScrolling)
        harness.settle()
        let place = try #require(list.insertionPlace(atX: 150, y: 100))
        #expect(place.index > 100)
        #expect(interaction.drop(atX: 150, y: 100))
        #expect(harness.order == harness.moved(before, from: 2, to: place.index - 1))
        harness.settle()
        #expect(gtk_widget_get_opacity(widget) == 1)
        #expect(list.focusedItem == place.index - 1)
        #expect(list.scrollOffset == offset)
        // Back up: the top edge scrolls towards the start, and stops there.
        interaction.beginDrag(of: try #require(list.widget(forItem: place.index - 1)))
        interaction.dragMoved(toX: 150, y: 1)
        for _ in 0..<200 where gtk_adjustment_get_value(vadjustment) > 0 {
            _ = interaction.autoScrollStep(seconds: 0.1)
            harness.settle()
        }
        #expect(gtk_adjustment_get_value(vadjustment) == 0)
        interaction.endDrag()
        #expect(!interaction.isAutoScrolling)
    }

    @Test func inTheListsColumnsThePlacesRunDownAndTheEdgesScrollSideways() throws {
        // Columns of five items (30 high, spacing 10) in 200, a column every 100 pixels.
        let harness = ReorderHarness(.list(.store), layout: FlowLayout(axis: .vertical, itemSpacing: 10, lineSpacing: 10))
        defer { harness.destroy() }
        let list = try #require(harness.list)
        let interaction = harness.interaction
        let before = harness.order
        #expect(list.insertionPlace(atX: 205, y: 2) == FlowInsertionPlace(index: 10, line: 2))
        #expect(list.insertionPlace(atX: 205, y: 198) == FlowInsertionPlace(index: 15, line: 2))
        try harness.drag(0, toX: 205, y: 2)
        let marker = try #require(interaction.markerFrame)
        #expect(marker.x == 200 && marker.width == 90 && marker.height == 3 && marker.y <= 1)
        #expect(interaction.drop(atX: 205, y: 2))
        #expect(harness.order == harness.moved(before, from: 0, to: 9))
        // The right edge scrolls the columns.
        let hadjustment = try #require(gtk_scrollable_get_hadjustment(OpaquePointer(list.widget)))
        interaction.beginDrag(of: try #require(list.widget(forItem: 1)))
        interaction.dragMoved(toX: Double(gtk_widget_get_width(list.widget)) - 2, y: 100)
        #expect(interaction.isAutoScrolling)
        #expect(interaction.autoScrollStep(seconds: 0.1))
        harness.settle()
        #expect(gtk_adjustment_get_value(hadjustment) > 100)
        #expect(list.scrollOffset == gtk_adjustment_get_value(hadjustment))
        #expect(interaction.markerFrame != nil)
        interaction.endDrag()
    }

    @Test func aModelTheListCannotChangeIsTheAppsToMove() throws {
        GTK.setUp()
        let store = g_list_store_new(g_object_get_type())!
        for index in 0..<40 {
            let item = gtk_string_object_new("item \(index)")!
            g_list_store_append(store, UnsafeMutableRawPointer(item))
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        // A filter model (no filter: every item) has no API to move one.
        g_object_ref(UnsafeMutableRawPointer(store))
        let filtered = gtk_filter_list_model_new(store, nil)!
        let list = WrapListView(layout: FlowLayout(itemSpacing: 10, lineSpacing: 10), factory: WrapListItemFactory(
            setup: { gtk_button_new_with_label("") }, bind: { _, _ in }))
        list.sizeProvider = { _ in FlowItem(width: 90, height: 30) }
        list.setModel(UnsafeMutableRawPointer(filtered))
        g_object_unref(UnsafeMutableRawPointer(filtered))
        let window = gtk_window_new()!
        let scrolled = list.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        defer {
            gtk_window_destroy(cgtk_window(window))
            g_object_unref(UnsafeMutableRawPointer(store))
            MainLoop.drain()
        }
        measureAndAllocate(scrolled, width: 420, height: 200)
        list.reorderable = true
        func names() -> [String] {
            (0..<list.itemCount).map { index in
                list.withItem(at: index) { String(cString: gtk_string_object_get_string(OpaquePointer($0!))) }
            }
        }
        let before = names()
        var reported: [(Int, Int)] = []
        list.onItemMoved = { from, to in
            reported.append((from, to))
            // Where the items are: the store under the filter, which tells the list.
            let item = g_list_model_get_item(store, guint(from))!
            g_list_store_remove(store, guint(from))
            g_list_store_insert(store, guint(to), item)
            g_object_unref(item)
        }
        #expect(list.focus(item: 4))
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_Down), ReorderHarness.altShift))
        #expect(reported.count == 1 && reported[0] == (4, 8))
        var expected = before
        expected.insert(expected.remove(at: 4), at: 8)
        #expect(names() == expected && list.focusedItem == 8)
        // Without a handler that moves it, the item stays: the list cannot move it itself.
        list.onItemMoved = { from, to in reported.append((from, to)) }
        #expect(list.moveItem(from: 0, to: 3))
        #expect(reported.count == 2 && names() == expected)
    }

    @Test func aMillionItemsOfTheListMoveByTheKeysAndTheDropAsAHundredDo() throws {
        let count = 1_000_000
        let harness = ReorderHarness(.list(.collection), widths: Array(repeating: 90, count: count))
        defer { harness.destroy() }
        let list = try #require(harness.list)
        #expect(list.focus(item: 0))
        harness.settle()
        #expect(harness.press(GDK_KEY_End))
        #expect(harness.moves.count == 1 && harness.moves[0].from == 0 && harness.moves[0].to == count - 1)
        #expect(list.focusedItem == count - 1 && harness.names.last == "item 0")
        #expect(list.scrollOffset > 9_000_000)
        // At the end, a drag to the start of the line on screen above the last.
        let table = try #require(list.lineTable)
        let first = table[table.lineCount - 2].items.lowerBound
        harness.interaction.beginDrag(of: try #require(list.widget(forItem: count - 1)))
        let target = harness.centre(first)
        #expect(harness.interaction.drop(atX: target.x - 40, y: target.y))
        harness.settle()
        #expect(harness.moves.count == 2 && harness.moves[1].from == count - 1 && harness.moves[1].to == first)
        #expect(harness.names[first] == "item 0" && list.focusedItem == first)
        #expect(list.realizedItems.count < 100)
    }
}
