// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import CFlow
import FlowBridge
import FlowEngine
import FlowTestSupport
import GObjectSupport
import Testing

/// A GtkStringList (a real GListModel) of `texts`.
@MainActor
func stringList(_ texts: [String]) -> OpaquePointer {
    let list = gtk_string_list_new(nil)!
    for text in texts { gtk_string_list_append(list, text) }
    return list
}

/// A factory of labels that show a GtkStringList's strings, read through the list's model.
@MainActor
func stringListFactory(_ view: @escaping @MainActor () -> WrapListView?) -> WrapListItemFactory {
    WrapListItemFactory(setup: { gtk_label_new(nil) }, bind: { widget, index in
        view()?.withItem(at: index) { item in
            gtk_label_set_text(cgtk_label(widget), gtk_string_object_get_string(OpaquePointer(item)))
        }
    })
}

@MainActor @Suite(.serialized)
struct WrapListViewBehaviourTests {
    func contentFrames(_ list: WrapListView, offset: Double) -> [Int: FlowRect] {
        var frames: [Int: FlowRect] = [:]
        for (index, widget) in list.realizedItems where gtk_widget_get_child_visible(widget) != 0 {
            var rect = allocation(widget)
            rect.y += offset
            frames[index] = rect
        }
        return frames
    }

    @Test func itemsChangedOnAGListModelBreaksFromTheChangedLineAndMatchesWrapHStack() throws {
        GTK.setUp()
        var rng = TestRandom(seed: 18)
        var texts = listTexts(1_500, seed: 18)
        let model = stringList(texts)
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        weak var weakList: WrapListView?
        let list = WrapListView(factory: stringListFactory { weakList })
        weakList = list
        let window = gtk_window_new()!
        let scrolled = list.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        defer { gtk_window_destroy(cgtk_window(window)) }
        list.setModel(UnsafeMutableRawPointer(model))
        #expect(list.itemCount == texts.count)
        let (width, height) = (420, 260)
        measureAndAllocate(scrolled, width: width, height: height)
        MainLoop.run(until: { list.allSizesKnown }, milliseconds: 60_000)
        measureAndAllocate(scrolled, width: width, height: height)
        let builds = list.statistics.tableBuilds
        for round in 0..<12 {
            let position = Int.random(in: 0...texts.count, using: &rng)
            let removed = Int.random(in: 0...min(3, texts.count - position), using: &rng)
            let added = listTexts(Int.random(in: 0...3, using: &rng), seed: UInt64(100 + round))
            texts.replaceSubrange(position..<position + removed, with: added)
            let copies = added.map { strdup($0) }
            var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
            gtk_string_list_splice(model, guint(position), guint(removed), &pointers)
            copies.forEach { free($0) }
            #expect(list.itemCount == texts.count)
            MainLoop.run(until: { list.allSizesKnown }, milliseconds: 10_000)
            let vadjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
            gtk_adjustment_set_value(vadjustment, Double(Int.random(in: 0...2_000, using: &rng)))
            measureAndAllocate(scrolled, width: width, height: height)
            // The table brought up to date equals the engine's table of all the items.
            let table = try #require(list.lineTable)
            #expect(table == table.layout.lineTable(list.items, in: table.available))
            let expected = try wrapHStackFrames(texts, layout: list.layout, width: Int(gtk_widget_get_width(list.widget)))
            let offset = gtk_adjustment_get_value(vadjustment)
            let frames = contentFrames(list, offset: offset)
            #expect(!frames.isEmpty)
            for (index, frame) in frames { #expect(frame == expected[index], "item \(index) after change \(round)") }
            for (index, widget) in frames.keys.map({ ($0, list.widget(forItem: $0)!) }) {
                #expect(String(cString: gtk_label_get_text(cgtk_label(widget))) == texts[index])
                #expect(flow_interaction_item_position_is(widget, Int32(index + 1), Int32(texts.count)) != 0)
            }
        }
        // Changes updated the table in place: it was never made again.
        #expect(list.statistics.tableBuilds == builds)
    }

    @Test func theFirstVisibleItemStaysPutWhenEstimatesAreReplaced() throws {
        GTK.setUp()
        let texts = listTexts(3_000, seed: 7)
        let harness = ListHarness(texts: texts)
        defer { harness.destroy() }
        harness.allocate(width: 500, height: 300)
        #expect(!harness.list.allSizesKnown, "the test needs items at an estimate")
        harness.scroll(to: 4_000, width: 500, height: 300)
        let offset = gtk_adjustment_get_value(harness.vadjustment)
        let table = try #require(harness.list.lineTable)
        let first = try #require(table[table.lines(crossingFrom: offset, to: offset + 300).lowerBound].items.first)
        let before = allocation(try #require(harness.list.widget(forItem: first)))
        MainLoop.run(until: { harness.list.allSizesKnown }, milliseconds: 60_000)
        harness.allocate(width: 500, height: 300)
        let after = allocation(try #require(harness.list.widget(forItem: first)))
        #expect(after.y == before.y, "item \(first) moved on screen from \(before) to \(after)")
        #expect(harness.list.statistics.idleMeasuringRuns > 1)
    }

    @Test func aListNobodyHoldsIsFreedWithItsWidgetsAndBoxes() throws {
        GTK.setUp()
        let boxesBefore = ClosureBoxes.liveCount
        var watches: [FinalizationWatch] = []
        var viewWatch: FinalizationWatch?
        var tornDown = 0, setUp = 0
        do {
            let texts = listTexts(2_000, seed: 3)
            let list = WrapListView(factory: WrapListItemFactory(
                setup: { let label = gtk_label_new(nil)!; watches.append(FinalizationWatch(label)); setUp += 1; return label },
                bind: { widget, index in gtk_label_set_text(cgtk_label(widget), texts[index]) },
                teardown: { _ in tornDown += 1 }))
            viewWatch = FinalizationWatch(list.widget)
            let window = gtk_window_new()!
            let scrolled = list.makeScrolledWindow()
            gtk_window_set_child(cgtk_window(window), scrolled)
            list.setItemCount(texts.count)
            let vadjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
            for offset in stride(from: 0.0, through: 6_000, by: 700) {
                gtk_adjustment_set_value(vadjustment, offset)
                measureAndAllocate(scrolled, width: 400, height: 250)
            }
            #expect(ClosureBoxes.liveCount > boxesBefore)
            gtk_window_destroy(cgtk_window(window))
        }
        #expect(viewWatch?.isFinalized == true)
        #expect(!watches.isEmpty && watches.allSatisfy(\.isFinalized))
        #expect(tornDown == setUp)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    @Test func theListNeverLocksTheWidth() throws {
        GTK.setUp()
        let texts = listTexts(800, seed: 11)
        let harness = ListHarness(texts: texts)
        defer { harness.destroy() }
        harness.allocate(width: 900, height: 300)
        MainLoop.run(until: { harness.list.allSizesKnown }, milliseconds: 30_000)
        harness.allocate(width: 900, height: 300)
        var minimum: Int32 = 0
        gtk_widget_measure(harness.scrolled, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        let widest = harness.list.items.map(\.minimumWidth).max()!
        #expect(Double(minimum) <= widest.rounded(.up), "minimum \(minimum), widest item \(widest)")
        harness.allocate(width: Int(minimum), height: 300)
        #expect(Int(gtk_widget_get_width(harness.list.widget)) == Int(minimum))
        for (_, widget) in harness.list.realizedItems where gtk_widget_get_child_visible(widget) != 0 {
            #expect(allocation(widget).maxX <= Double(minimum))
        }
    }

    @Test func aShownListDoesNoWorkWhenIdle() throws {
        GTK.setUp()
        let texts = listTexts(1_000, seed: 5)
        let harness = ListHarness(texts: texts)
        defer { harness.destroy() }
        gtk_window_set_default_size(cgtk_window(harness.window), 500, 400)
        gtk_window_present(cgtk_window(harness.window))
        MainLoop.run(until: { harness.list.allSizesKnown && harness.list.lastLayout != nil }, milliseconds: 30_000)
        MainLoop.run(milliseconds: 300)
        let settled = harness.list.statistics
        MainLoop.run(milliseconds: 500)
        #expect(harness.list.statistics == settled)
        #expect(gtk_test_accessible_has_role(OpaquePointer(harness.list.widget), GTK_ACCESSIBLE_ROLE_LIST) != 0)
    }

    @Test func aMillionProvidedItemsAreExactBeforeTheFirstFrameAndAnInsertIsIncremental() throws {
        GTK.setUp()
        let count = 1_000_000
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_label_new(nil) }, bind: { widget, index in
            gtk_label_set_text(cgtk_label(widget), "\(index)")
        }))
        list.sizeProvider = { index in FlowItem(width: Double(30 + (index * 7919) % 90), height: 24) }
        list.setItemCount(count)
        #expect(list.allSizesKnown)
        let window = gtk_window_new()!
        let scrolled = list.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        defer { gtk_window_destroy(cgtk_window(window)) }
        measureAndAllocate(scrolled, width: 640, height: 480)
        #expect(list.statistics.itemsMeasured == 0)
        #expect(list.realizedItems.count < 400)
        let vadjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
        let table = try #require(list.lineTable)
        #expect(gtk_adjustment_get_upper(vadjustment) == table.crossLength.rounded(.up))
        gtk_adjustment_set_value(vadjustment, gtk_adjustment_get_upper(vadjustment))
        measureAndAllocate(scrolled, width: 640, height: 480)
        #expect(list.widget(forItem: count - 1) != nil, "the last item is shown at the end")
        let whole = table.layout.layout(Array(list.items), in: table.available).snapped()
        let offset = gtk_adjustment_get_value(vadjustment)
        for (index, frame) in contentFrames(list, offset: offset) { #expect(frame == whole.frames[index]) }
        let builds = list.statistics.tableBuilds
        list.itemsChanged(at: 500_000, removed: 0, added: 1)
        measureAndAllocate(scrolled, width: 640, height: 480)
        #expect(list.itemCount == count + 1)
        #expect(list.statistics.tableBuilds == builds)
        #expect(list.allocatedByteCount / list.itemCount < 100)
    }
}

extension WrapListViewBehaviourTests {
    /// The first of 200,000 chips of one width removed: no later line starts where an old one
    /// did. The list breaks the lines it shows (and a page past them) at once, the shown chips
    /// are where the whole layout puts them in the very next allocation, and the rest of the
    /// lines are settled in idle time, after which the table is the layout's.
    @Test func aChangeBreaksTheShownLinesAtOnceAndTheRestWhenIdle() throws {
        GTK.setUp()
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_label_new(nil) }, bind: { widget, index in
            gtk_label_set_text(cgtk_label(widget), "\(index)")
        }))
        list.sizeProvider = { _ in FlowItem(width: 100, height: 24) }
        list.setItemCount(200_000)
        let window = gtk_window_new()!
        let scrolled = list.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        defer { gtk_window_destroy(cgtk_window(window)); MainLoop.drain() }
        measureAndAllocate(scrolled, width: 640, height: 480)
        list.itemsChanged(at: 0, removed: 1, added: 0)
        let table = try #require(list.lineTable)
        let unsettled = try #require(table.unsettledLine, "every line was broken again at once")
        let fresh = table.layout.lineTable(list.items, in: table.available)
        #expect(unsettled < 1_000 && (0..<unsettled).allSatisfy { table[$0].items == fresh[$0].items })
        measureAndAllocate(scrolled, width: 640, height: 480)
        let whole = table.layout.layout(Array(list.items), in: table.available).snapped()
        let offset = gtk_adjustment_get_value(gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!)
        let shown = contentFrames(list, offset: offset)
        #expect(!shown.isEmpty)
        for (index, frame) in shown { #expect(frame == whole.frames[index], "item \(index)") }
        MainLoop.run(until: { list.lineTable?.unsettledLine == nil }, milliseconds: 10_000)
        #expect(list.lineTable == fresh)
    }
}

extension WrapListViewBehaviourTests {
    /// The items' sizes after random changes, many near the start (where the list moves the
    /// items before a change rather than the ones after it) and some near the end: the sizes the
    /// provider gave, in the model's order, and a line table equal to a fresh one of them.
    @Test func sizesFollowChangesNearEitherEnd() throws {
        GTK.setUp()
        final class Model { var widths: [Double] = [] }
        let model = Model()
        var rng = SplitMix64(seed: 4_242)
        model.widths = (0..<30_000).map { _ in Double(Int.random(in: 20...140, using: &rng)) }
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_label_new(nil) }, bind: { _, _ in }))
        list.sizeProvider = { [model] index in FlowItem(width: model.widths[index], height: 24) }
        list.setItemCount(model.widths.count)
        let window = gtk_window_new()!
        let scrolled = list.makeScrolledWindow()
        gtk_window_set_child(cgtk_window(window), scrolled)
        defer { gtk_window_destroy(cgtk_window(window)); MainLoop.drain() }
        measureAndAllocate(scrolled, width: 700, height: 400)
        for step in 0..<400 {
            let count = model.widths.count
            let position = switch Int.random(in: 0..<4, using: &rng) {
            case 0: Int.random(in: 0...min(40, count), using: &rng)
            case 1: max(0, count - Int.random(in: 0...40, using: &rng))
            case 2: Int.random(in: 0...min(3_000, count), using: &rng)
            default: Int.random(in: 0...count, using: &rng)
            }
            let removed = min(count - position, Int.random(in: 0...3, using: &rng))
            let added = (0..<Int.random(in: 0...(step % 50 == 0 ? 3_000 : 3), using: &rng)).map { _ in
                Double(Int.random(in: 20...140, using: &rng))
            }
            model.widths.replaceSubrange(position..<(position + removed), with: added)
            list.itemsChanged(at: position, removed: removed, added: added.count)
            guard list.items.map(\.width) == model.widths else {
                Issue.record("step \(step): the sizes differ after \(removed) removed and \(added.count) added at \(position)")
                return
            }
            #expect(list.itemSize(at: position == model.widths.count ? 0 : position).width
                    == model.widths[position == model.widths.count ? 0 : position])
        }
        // Most items removed near the start: more free places than items, given back.
        let removed = model.widths.count - 5_000
        model.widths.removeSubrange(100..<(100 + removed))
        list.itemsChanged(at: 100, removed: removed, added: 0)
        #expect(list.items.map(\.width) == model.widths)
        measureAndAllocate(scrolled, width: 700, height: 400)
        MainLoop.run(until: { list.lineTable?.unsettledLine == nil }, milliseconds: 10_000)
        let table = try #require(list.lineTable)
        #expect(table == table.layout.lineTable(Array(list.items), in: table.available))
        #expect(list.allocatedByteCount < 2 * model.widths.count * MemoryLayout<FlowItem>.stride + 4_096 * 64)
    }
}

@MainActor @Suite(.serialized)
struct WrapListViewFocusTests {
    @Test func theFocusedItemKeepsItsWidgetAndTheFocusWhenScrolledFarAway() throws {
        GTK.setUp()
        let count = 20_000
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_button_new_with_label("") }, bind: { widget, index in
            gtk_button_set_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self), "chip \(index)")
        }))
        list.sizeProvider = { index in FlowItem(width: Double(60 + index % 50), height: 30) }
        list.setItemCount(count)
        let window = gtk_window_new()!
        gtk_window_set_child(cgtk_window(window), list.makeScrolledWindow())
        gtk_window_set_default_size(cgtk_window(window), 500, 400)
        gtk_window_present(cgtk_window(window))
        defer {
            gtk_window_destroy(cgtk_window(window))
            MainLoop.drain()
        }
        MainLoop.run(until: { list.lastLayout != nil && gtk_widget_get_mapped(window) != 0 })
        #expect(list.focus(item: 3))
        MainLoop.run(milliseconds: 50)
        let focused = try #require(list.widget(forItem: 3))
        let vadjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
        for offset in [5_000.0, 40_000, 90_000] {
            gtk_adjustment_set_value(vadjustment, offset)
            MainLoop.run(until: { list.scrollOffset == offset }, milliseconds: 2_000)
            #expect(list.scrollOffset == offset)
            #expect(list.widget(forItem: 3) == focused, "the focused item lost its widget at \(offset)")
            #expect(list.focusedItem == 3)
            #expect(gtk_widget_has_focus(focused) != 0)
            #expect(list.realizedItems.count < 150)
        }
        // The focus goes with its item when items are inserted before it.
        list.itemsChanged(at: 0, removed: 0, added: 2)
        MainLoop.run(milliseconds: 50)
        #expect(list.focusedItem == 5)
        #expect(list.widget(forItem: 5) == focused)
        gtk_adjustment_set_value(vadjustment, 0)
        MainLoop.run(until: { list.scrollOffset == 0 }, milliseconds: 2_000)
        #expect(gtk_widget_has_focus(focused) != 0)
    }
}

extension WrapListViewBehaviourTests {
    /// 200,000 labels with no size provider (too many to be measured whole): scrolling measures
    /// the labels that come into view, and each allocation breaks again only the lines up to them
    /// and a page past them, not the whole tail (whose lines the measured sizes all shift). Once
    /// the measuring rests, the rest is settled, and the table is the layout's.
    @Test func measuringWhileScrollingALongListBreaksOnlyTheLinesNearTheViewport() throws {
        GTK.setUp()
        let texts = listTexts(200_000, seed: 11)
        let harness = ListHarness(texts: texts)
        defer { harness.destroy() }
        harness.allocate(width: 500, height: 300)
        #expect(!harness.list.allSizesKnown, "the test needs items at an estimate")
        let before = harness.list.statistics
        let pages = 30
        for page in 1...pages { harness.scroll(to: Double(page * 300), width: 500, height: 300) }
        let after = harness.list.statistics
        #expect(after.itemsMeasured - before.itemsMeasured > pages * 5, "the scroll measured the labels it showed")
        let table = try #require(harness.list.lineTable)
        // Every allocation may break a page of lines past the shown ones: about 2,000 items, a few
        // hundred lines; the whole tail is tens of thousands of lines each time.
        #expect(after.linesBrokenByMeasuring - before.linesBrokenByMeasuring < pages * 1_000,
                "\(after.linesBrokenByMeasuring - before.linesBrokenByMeasuring) lines broken again for \(pages) pages of \(table.lineCount) lines")
        // Once the measuring rests, the lines are the layout's up to the labels never shown,
        // which stay at the estimate: their lines are one unsettled line of those lines' length,
        // so the table's size is the layout's and they are never broken (a million labels never
        // shown are never broken into lines).
        MainLoop.run(milliseconds: 1_000)
        let settled = try #require(harness.list.lineTable)
        let fresh = settled.layout.lineTable(Array(harness.list.items), in: settled.available)
        let unsettled = try #require(settled.unsettledLine, "the labels never shown are broken into lines")
        #expect(settled.unsettledLineSpansUniformItems)
        #expect(unsettled < fresh.lineCount / 4)
        #expect((0..<unsettled).allSatisfy { settled[$0] == fresh[$0] })
        #expect(settled.size == fresh.size)
    }
}

extension WrapListViewBehaviourTests {
    /// A million labels with no size provider, as GtkGridView is given them: the list keeps no
    /// size for the labels still at the estimate and breaks only a page of lines at `set_model`
    /// and as it scrolls (counted: lines in the table, bytes the list keeps), while the scroll
    /// bar spans all of them and the labels shown are where the whole layout of these sizes puts
    /// them.
    @Test func aMillionLabelsAtTheEstimateKeepNoSizeAndBreakAPageOfLines() throws {
        GTK.setUp()
        let count = 1_000_000
        let harness = ListHarness(texts: (0..<count).map { "label \($0)" })
        defer { harness.destroy() }
        harness.allocate(width: 700, height: 600)
        let table = try #require(harness.list.lineTable)
        #expect(table.lineCount < 1_000, "\(table.lineCount) lines broken at the first allocation")
        #expect(table.unsettledLineSpansUniformItems)
        #expect(harness.list.allocatedByteCount < 200_000, "\(harness.list.allocatedByteCount) bytes for a million items")
        let fresh = table.layout.lineTable(Array(harness.list.items), in: table.available)
        #expect(table.size == fresh.size)
        #expect(gtk_adjustment_get_upper(harness.vadjustment) == fresh.crossLength.rounded(.up))
        // Forty frames of 97 px: the labels coming into view are measured, a page of lines past
        // them is broken, and the rest stays one estimated line.
        for frame in 1...40 { harness.scroll(to: Double(frame * 97), width: 700, height: 600) }
        MainLoop.run(milliseconds: 500)
        let scrolled = try #require(harness.list.lineTable)
        #expect(scrolled.lineCount < 2_000, "\(scrolled.lineCount) lines after scrolling")
        #expect(scrolled.unsettledLineSpansUniformItems)
        #expect(harness.list.allocatedByteCount < 400_000, "\(harness.list.allocatedByteCount) bytes after scrolling")
        let items = Array(harness.list.items)
        let whole = scrolled.layout.lineTable(items, in: scrolled.available)
        #expect(scrolled.size == whole.size)
        let offset = gtk_adjustment_get_value(harness.vadjustment)
        let frames = whole.frames(ofLines: whole.lines(crossingFrom: offset, to: offset + 600), items: items).snapped()
        let shown = contentFrames(harness.list, offset: offset)
        #expect(!shown.isEmpty)
        for (index, frame) in shown where frames.items.contains(index) { #expect(frame == frames[item: index], "item \(index)") }
        // An item among the lines still spanned at the estimate, revealed: its line is broken
        // (and those before it), and the viewport shows it where the whole layout puts it.
        harness.list.scroll(toItem: 600_000)
        harness.allocate(width: 700, height: 600)
        let revealed = try #require(harness.list.lineTable)
        let unsettled = try #require(revealed.unsettledLine, "every line was broken to reveal one item")
        #expect(revealed[unsettled].items.lowerBound > 600_000 && revealed.unsettledLineSpansUniformItems)
        let after = Array(harness.list.items)
        let layout = revealed.layout.lineTable(after, in: revealed.available)
        let line = try #require(layout.line(containing: 600_000))
        let place = layout.frames(ofLines: line..<line + 1, items: after).snapped()[item: 600_000]
        let top = gtk_adjustment_get_value(harness.vadjustment)
        #expect(place.y >= top && place.y + place.height <= top + 600, "item 600,000 at \(place.y), the viewport at \(top)")
        #expect(contentFrames(harness.list, offset: top)[600_000] == place)
    }
}
