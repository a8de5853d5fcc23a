// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// A reorderable WrapListView of buttons (focusable, so the keys have an item to move) whose
/// items are all 90 × 30 with spacing 10: four to a line at 420 wide, a line every 40 pixels.
/// The items come from a GListStore, a GtkStringList, or the app's own collection (`names`).
@MainActor
final class ReorderListHarness {
    enum Source { case store, strings, collection }

    let window: Widget
    let scrolled: Widget
    let list: WrapListView
    let source: Source
    /// The app's collection (for `.collection`), or the names the model started with.
    var names: [String]
    var model: OpaquePointer?
    var moves: [(Int, Int)] = []
    let width = 420, height = 200

    init(_ source: Source, count: Int = 200, rtl: Bool = false, axis: FlowAxis = .horizontal) {
        GTK.setUp()
        self.source = source
        names = (0..<count).map { "item \($0)" }
        window = gtk_window_new()!
        list = WrapListView(layout: FlowLayout(axis: axis, itemSpacing: 10, lineSpacing: 10), factory: WrapListItemFactory(
            setup: { gtk_button_new_with_label("") },
            bind: { _, _ in }))
        list.sizeProvider = { _ in FlowItem(width: 90, height: 30) }
        scrolled = list.makeScrolledWindow()
        if rtl { gtk_widget_set_direction(list.widget, GTK_TEXT_DIR_RTL) }
        gtk_window_set_child(cgtk_window(window), scrolled)
        switch source {
        case .store:
            let store = g_list_store_new(g_object_get_type())!
            for name in names {
                let item = gtk_string_object_new(name)!
                g_list_store_append(store, UnsafeMutableRawPointer(item))
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            model = store
        case .strings:
            let strings = gtk_string_list_new(nil)!
            for name in names { gtk_string_list_append(strings, name) }
            model = strings
        case .collection:
            break
        }
        if let model {
            list.setModel(UnsafeMutableRawPointer(model))
            g_object_unref(UnsafeMutableRawPointer(model))
        } else {
            list.setItemCount(count)
        }
        list.setFactory(WrapListItemFactory(
            setup: { gtk_button_new_with_label("") },
            bind: { [weak self] button, index in
                guard let self else { return }
                gtk_button_set_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), self.name(at: index))
            }))
        list.reorderable = true
        list.onItemMoved = { [weak self] from, to in
            guard let self else { return }
            self.moves.append((from, to))
            // The app's own collection is the app's to move.
            if source == .collection { self.names.insert(self.names.remove(at: from), at: to) }
        }
        allocate()
    }

    /// The name of item `index` as the model (or the collection) has it now.
    func name(at index: Int) -> String {
        guard model != nil else { return names[index] }
        return list.withItem(at: index) { item in
            item.flatMap { gtk_string_object_get_string(OpaquePointer($0)) }.map { String(cString: $0) } ?? "?"
        }
    }

    /// Every item's name in the order shown.
    var order: [String] { (0..<list.itemCount).map(name(at:)) }

    /// The names in their first order with item `from` taken out and put at `to`.
    func moved(_ order: [String], from: Int, to: Int) -> [String] {
        var result = order
        result.insert(result.remove(at: from), at: to)
        return result
    }

    var vadjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrollable_get_vadjustment(OpaquePointer(list.widget))!
    }

    func allocate() { measureAndAllocate(scrolled, width: width, height: height) }

    func scroll(to value: Double) {
        gtk_adjustment_set_value(vadjustment, value)
        allocate()
    }

    /// The centre of item `index` in the view's coordinates (it must be realized).
    func centre(of index: Int) -> (x: Double, y: Double) {
        let frame = allocation(list.widget(forItem: index)!)
        return (frame.midX, frame.midY)
    }

    func destroy() {
        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
    }
}

/// The end of a content provider's write into memory (GAsyncReadyCallback): its data is a
/// ``ProviderWrite``, unretained (the caller waits for it).
private final class ProviderWrite {
    var finished = false
    var succeeded = false
}

private let providerWritten: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = {
    provider, result, data in
    let write = Unmanaged<ProviderWrite>.fromOpaque(data!).takeUnretainedValue()
    write.succeeded = gdk_content_provider_write_mime_type_finish(
        UnsafeMutableRawPointer(provider!).assumingMemoryBound(to: GdkContentProvider.self), result, nil) != 0
    write.finished = true
}

/// What a drag of an item's widget carries: its reordering drag source's `prepare`, as GTK
/// emits it when the pointer starts a drag (the content provider, or none), then its formats
/// and its text.
@MainActor
struct PreparedDrag {
    static let textType = "text/plain;charset=utf-8"

    let provider: UnsafeMutablePointer<GdkContentProvider>?
    let actions: GdkDragAction

    init(_ list: WrapListView, item index: Int) throws {
        let widget = try #require(list.widget(forItem: index))
        let source = try #require(list.interaction.dragSources[widget])
        var arguments = [GValue](repeating: GValue(), count: 3)
        var result = GValue()
        g_value_init(&result, gdk_content_provider_get_type())
        arguments.withUnsafeMutableBufferPointer { values in
            g_value_init(&values[0], gtk_drag_source_get_type())
            g_value_set_object(&values[0], source)
            for i in 1...2 {
                g_value_init(&values[i], g_type_from_name("gdouble"))
                g_value_set_double(&values[i], 5)
            }
            g_signal_emitv(values.baseAddress, g_signal_lookup("prepare", gtk_drag_source_get_type()), 0, &result)
            for i in 0..<3 { g_value_unset(&values[i]) }
        }
        provider = g_value_dup_object(&result).map { $0.assumingMemoryBound(to: GdkContentProvider.self) }
        g_value_unset(&result)
        actions = gtk_drag_source_get_actions(OpaquePointer(source))
    }

    func release() { if let provider { g_object_unref(UnsafeMutableRawPointer(provider)) } }

    /// Whether the content offers `type` (a GType, for drops within the process).
    func offers(_ type: GType) -> Bool {
        guard let provider, let formats = gdk_content_provider_ref_formats(provider) else { return false }
        defer { gdk_content_formats_unref(formats) }
        return gdk_content_formats_contain_gtype(formats, type) != 0
    }

    /// The plain text the content gives another program, or `nil` when it offers none.
    func text() -> String? {
        guard let provider, let formats = gdk_content_provider_ref_formats(provider) else { return nil }
        let offered = gdk_content_formats_contain_mime_type(formats, Self.textType) != 0
        gdk_content_formats_unref(formats)
        guard offered else { return nil }
        let stream = g_memory_output_stream_new_resizable()!
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let write = ProviderWrite()
        gdk_content_provider_write_mime_type_async(provider, Self.textType, stream,
                                                   0, nil, providerWritten, Unmanaged.passUnretained(write).toOpaque())
        MainLoop.run(until: { write.finished })
        guard write.succeeded else { return nil }
        let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)
        let size = Int(g_memory_output_stream_get_data_size(memory))
        guard let data = g_memory_output_stream_get_data(memory) else { return size == 0 ? "" : nil }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    }
}

@MainActor @Suite(.serialized)
struct WrapListViewReorderingTests {
    let altShift = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)

    func press(_ harness: ReorderListHarness, _ key: Int32) -> Bool {
        let handled = harness.list.interaction.handleKey(UInt32(key), altShift)
        harness.allocate()
        return handled
    }

    @Test func thePlacesAreTheEnginesOnTheLinesOnScreenAndALinesEndIsNotTheNextOnesStart() throws {
        let harness = ReorderListHarness(.collection)
        defer { harness.destroy() }
        let list = harness.list
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
            #expect(list.insertionPlace(atX: x, y: y)
                    == result.insertionPlace(nearestTo: x, y + 400, in: table.layout))
        }
        // The marker at a line's end and at the next line's start are two marks.
        let dragged = try #require(list.widget(forItem: 41))
        list.interaction.beginDrag(of: dragged)
        list.interaction.dragMoved(toX: widget - 2, y: line11)
        harness.allocate()
        let end = try #require(list.interaction.markerFrame)
        list.interaction.dragMoved(toX: 2, y: line11 + 40)
        harness.allocate()
        let start = try #require(list.interaction.markerFrame)
        #expect(end.y == 40 && start.y == 80 && end.height == 30 && start.height == 30)
        #expect(end.x > 380 && start.x < 10)
        let marker = try #require(list.interaction.marker)
        #expect(String(cString: gtk_widget_get_css_name(marker)) == "marker")
        #expect(gtk_widget_has_css_class(marker, "insertion-marker") != 0)
        list.interaction.endDrag()
        #expect(list.interaction.markerFrame == nil)
    }

    @Test(arguments: [ReorderListHarness.Source.store, .strings, .collection])
    func aDropMovesTheItemWhereTheMarkerWas(source: ReorderListHarness.Source) throws {
        let harness = ReorderListHarness(source)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        // Item 1 of line 0 to the start of line 2 (before item 8): it becomes item 7.
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 1)))
        #expect(list.interaction.draggedItem == 1)
        let target = harness.centre(of: 8)
        list.interaction.dragMoved(toX: target.x - 40, y: target.y)
        harness.allocate()
        let marker = try #require(list.interaction.markerFrame)
        #expect(marker.y == 80 && marker.x < 10)
        #expect(harness.order == before)   // nothing moves while hovering
        #expect(list.interaction.drop(atX: target.x - 40, y: target.y))
        harness.allocate()
        #expect(harness.order == harness.moved(before, from: 1, to: 7))
        #expect(harness.moves.count == 1 && harness.moves[0] == (1, 7))
        #expect(!list.interaction.isDragging && list.interaction.markerFrame == nil)
        #expect(gtk_widget_get_opacity(list.widget(forItem: 7)!) == 1)
        // Item 0 after the last item of the screen's last line, then at the end of line 1.
        let lastShown = try #require(list.lastLayout?.realizedIndices.filter { allocation(list.widget(forItem: $0)!).maxY <= 200 }.max())
        let end = harness.centre(of: lastShown)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 0)))
        #expect(list.interaction.drop(atX: end.x + 40, y: end.y))
        harness.allocate()
        #expect(harness.order == harness.moved(harness.moved(before, from: 1, to: 7), from: 0, to: lastShown))
        // The widgets show the model's order.
        for (index, widget) in list.realizedItems {
            #expect(String(cString: gtk_button_get_label(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkButton.self))) == harness.name(at: index))
        }
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
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_Down), altShift))
        #expect(reported.count == 1 && reported[0] == (4, 8))
        var expected = before
        expected.insert(expected.remove(at: 4), at: 8)
        #expect(names() == expected && list.focusedItem == 8)
        // Without a handler that moves it, the item stays: the list cannot move it itself.
        list.onItemMoved = { from, to in reported.append((from, to)) }
        #expect(list.moveItem(from: 0, to: 3))
        #expect(reported.count == 2 && names() == expected)
    }

    @Test func dropsAfterTheVeryLastItemAndOnTheItemsOwnPlace() throws {
        let harness = ReorderListHarness(.store, count: 30)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        harness.scroll(to: 10_000)
        let last = harness.centre(of: 29)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 28)))
        // On its own place: no move, nothing reported.
        let own = harness.centre(of: 28)
        #expect(!list.interaction.drop(atX: own.x, y: own.y))
        #expect(harness.moves.isEmpty && harness.order == before)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 28)))
        #expect(list.interaction.drop(atX: last.x + 44, y: last.y))
        #expect(harness.order == harness.moved(before, from: 28, to: 29))
    }

    @Test func escapeLeavingAndADropOutsideChangeNothing() throws {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        let target = harness.centre(of: 9)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 2)))
        list.interaction.dragMoved(toX: target.x, y: target.y)
        harness.allocate()
        #expect(list.interaction.markerFrame != nil)
        list.interaction.dragLeft()
        #expect(list.interaction.markerFrame == nil)
        list.interaction.dragMoved(toX: target.x, y: target.y)
        harness.allocate()
        list.interaction.endDrag()   // what drag-end does after a drop elsewhere
        harness.allocate()
        #expect(!list.interaction.isDragging && list.interaction.markerFrame == nil)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 2)))
        list.interaction.dragMoved(toX: target.x, y: target.y)
        harness.allocate()
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_Escape), GdkModifierType(rawValue: 0)))
        #expect(!list.interaction.isDragging && list.interaction.markerFrame == nil)
        // GTK's drag-end and a late drop after it do nothing.
        list.interaction.endDrag()
        #expect(!list.interaction.drop(atX: target.x, y: target.y))
        #expect(harness.order == before && harness.moves.isEmpty)
        #expect(gtk_widget_get_opacity(list.widget(forItem: 2)!) == 1)
        #expect(gtk_widget_has_css_class(list.widget(forItem: 2)!, "dragged") == 0)
    }

    @Test func theAppCanVetoAMove() throws {
        let harness = ReorderListHarness(.strings)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        var asked: [(Int, Int)] = []
        list.shouldMoveItem = { from, to in asked.append((from, to)); return false }
        #expect(list.focus(item: 5))
        #expect(press(harness, GDK_KEY_Home))
        let target = harness.centre(of: 10)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 0)))
        #expect(!list.interaction.drop(atX: target.x + 40, y: target.y))
        #expect(asked.count == 2 && asked[0] == (5, 0) && asked[1] == (0, 10))
        #expect(harness.moves.isEmpty && harness.order == before)
        #expect(!list.moveItem(from: 3, to: 4))
        list.shouldMoveItem = nil
        #expect(list.moveItem(from: 3, to: 4))
        #expect(harness.order == harness.moved(before, from: 3, to: 4))
    }

    @Test(arguments: [(ReorderListHarness.Source.store, false), (.collection, false), (.strings, true)])
    func altShiftKeysMoveTheFocusedItemAndTheFocusStaysOnIt(source: ReorderListHarness.Source, rtl: Bool) throws {
        let harness = ReorderListHarness(source, rtl: rtl)
        defer { harness.destroy() }
        let list = harness.list
        var order = harness.order
        let name = order[1]
        #expect(list.focus(item: 1))
        harness.allocate()
        // Forward in reading order: right in left-to-right, left in right-to-left.
        #expect(press(harness, rtl ? GDK_KEY_Left : GDK_KEY_Right))
        order = harness.moved(order, from: 1, to: 2)
        #expect(harness.order == order && list.focusedItem == 2)
        #expect(press(harness, GDK_KEY_Down))   // the item below on the next line: 6
        order = harness.moved(order, from: 2, to: 6)
        #expect(harness.order == order && list.focusedItem == 6)
        #expect(press(harness, GDK_KEY_Up))
        order = harness.moved(order, from: 6, to: 2)
        #expect(harness.order == order && list.focusedItem == 2)
        #expect(press(harness, GDK_KEY_End))   // far past the realized range
        order = harness.moved(order, from: 2, to: 199)
        #expect(harness.order == order && list.focusedItem == 199)
        #expect(harness.order.last == name)
        #expect(press(harness, rtl ? GDK_KEY_Right : GDK_KEY_Left))
        order = harness.moved(order, from: 199, to: 198)
        #expect(harness.order == order && list.focusedItem == 198)
        #expect(press(harness, GDK_KEY_Home))
        order = harness.moved(order, from: 198, to: 0)
        #expect(harness.order == order && list.focusedItem == 0)
        #expect(harness.order.first == name)
        // At the first place, Home again is the reordering key still, and moves nothing.
        #expect(press(harness, GDK_KEY_Home))
        #expect(harness.moves.count == 6)
        // Without both modifiers the keys are the focus's.
        #expect(!list.interaction.handleKey(UInt32(GDK_KEY_Right), GdkModifierType(rawValue: GDK_ALT_MASK.rawValue)))
        let window = harness.window
        #expect(gtk_root_get_focus(OpaquePointer(window)) == list.widget(forItem: 0))
        // Off, the keys do nothing.
        list.reorderable = false
        #expect(!list.interaction.handleKey(UInt32(GDK_KEY_End), altShift))
        #expect(list.interaction.dragSources.count == 0)
    }

    @Test func draggingNearTheBottomEdgeScrollsAndTheItemDropsFarBelow() throws {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        let widget = try #require(list.widget(forItem: 2))
        // Pressing on a button focuses it: the focus goes with the item, not to the one after.
        #expect(list.focus(item: 2))
        harness.allocate()
        list.interaction.beginDrag(of: widget)
        list.interaction.dragMoved(toX: 150, y: 100)
        #expect(!list.interaction.isAutoScrolling)
        list.interaction.dragMoved(toX: 150, y: 198)
        #expect(list.interaction.isAutoScrolling)
        var scrolled = 0
        while gtk_adjustment_get_value(harness.vadjustment) < 1_200, scrolled < 100 {
            #expect(list.interaction.autoScrollStep(seconds: 0.05))
            harness.allocate()
            scrolled += 1
        }
        let offset = gtk_adjustment_get_value(harness.vadjustment)
        #expect(offset >= 1_200 && list.scrollOffset == offset)
        // The dragged item keeps its widget, far out of view.
        #expect(list.widget(forItem: 2) == widget && list.interaction.draggedItem == 2)
        // The marker follows the lines under the pointer.
        let marker = try #require(list.interaction.markerFrame)
        #expect(marker.maxY <= 200 && marker.y > 120)
        // Out of the edge zone: the scrolling stops; the drop lands on the line shown there.
        list.interaction.dragMoved(toX: 150, y: 100)
        #expect(!list.interaction.isAutoScrolling)
        harness.allocate()
        let place = try #require(list.insertionPlace(atX: 150, y: 100))
        #expect(place.index > 100)
        #expect(list.interaction.drop(atX: 150, y: 100))
        #expect(harness.order == harness.moved(before, from: 2, to: place.index - 1))
        harness.allocate()
        #expect(gtk_widget_get_opacity(widget) == 1)
        #expect(list.focusedItem == place.index - 1)
        #expect(list.scrollOffset == offset)
        // Back up: the top edge scrolls towards the start, and stops there.
        list.interaction.beginDrag(of: try #require(list.widget(forItem: place.index - 1)))
        list.interaction.dragMoved(toX: 150, y: 1)
        for _ in 0..<200 where gtk_adjustment_get_value(harness.vadjustment) > 0 {
            _ = list.interaction.autoScrollStep(seconds: 0.1)
            harness.allocate()
        }
        #expect(gtk_adjustment_get_value(harness.vadjustment) == 0)
        list.interaction.endDrag()
        #expect(!list.interaction.isAutoScrolling)
    }

    @Test func aMillionItemsMoveByTheKeysAndTheDropAsAHundredDo() throws {
        let count = 1_000_000
        let harness = ReorderListHarness(.collection, count: count)
        defer { harness.destroy() }
        let list = harness.list
        #expect(list.focus(item: 0))
        harness.allocate()
        #expect(press(harness, GDK_KEY_End))
        #expect(harness.moves.count == 1 && harness.moves[0] == (0, count - 1))
        #expect(list.focusedItem == count - 1 && harness.names.last == "item 0")
        #expect(list.scrollOffset > 9_000_000)
        // At the end, a drag to the start of the line on screen above the last.
        let lastLine = try #require(list.lineTable).lineCount - 1
        let table = try #require(list.lineTable)
        let first = table[lastLine - 1].items.lowerBound
        list.interaction.beginDrag(of: try #require(list.widget(forItem: count - 1)))
        let target = harness.centre(of: first)
        #expect(list.interaction.drop(atX: target.x - 40, y: target.y))
        harness.allocate()
        #expect(harness.moves.count == 2 && harness.moves[1] == (count - 1, first))
        #expect(harness.names[first] == "item 0" && list.focusedItem == first)
        #expect(list.realizedItems.count < 100)
    }

    @Test func inColumnsThePlacesRunDownAndTheEdgesScrollSideways() throws {
        // Columns of five items (30 high, spacing 10) in 200, a column every 100 pixels.
        let harness = ReorderListHarness(.store, axis: .vertical)
        defer { harness.destroy() }
        let list = harness.list
        let before = harness.order
        #expect(list.insertionPlace(atX: 205, y: 2) == FlowInsertionPlace(index: 10, line: 2))
        #expect(list.insertionPlace(atX: 205, y: 198) == FlowInsertionPlace(index: 15, line: 2))
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 0)))
        list.interaction.dragMoved(toX: 205, y: 2)
        harness.allocate()
        let marker = try #require(list.interaction.markerFrame)
        #expect(marker.x == 200 && marker.width == 90 && marker.height == 3 && marker.y <= 1)
        #expect(list.interaction.drop(atX: 205, y: 2))
        #expect(harness.order == harness.moved(before, from: 0, to: 9))
        // The right edge scrolls the columns.
        let hadjustment = try #require(gtk_scrollable_get_hadjustment(OpaquePointer(list.widget)))
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 1)))
        list.interaction.dragMoved(toX: Double(gtk_widget_get_width(list.widget)) - 2, y: 100)
        #expect(list.interaction.isAutoScrolling)
        #expect(list.interaction.autoScrollStep(seconds: 0.1))
        harness.allocate()
        #expect(gtk_adjustment_get_value(hadjustment) > 100)
        #expect(list.scrollOffset == gtk_adjustment_get_value(hadjustment))
        #expect(list.interaction.markerFrame != nil)
        list.interaction.endDrag()
    }

    @Test func anItemRemovedDuringItsDragEndsTheDrag() throws {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        let widget = try #require(list.widget(forItem: 3))
        list.interaction.beginDrag(of: widget)
        let target = harness.centre(of: 9)
        list.interaction.dragMoved(toX: target.x, y: target.y)
        harness.allocate()
        #expect(list.interaction.markerFrame != nil)
        // An item before it goes: the drag follows its item.
        g_list_store_remove(harness.model, 0)
        harness.allocate()
        #expect(list.interaction.draggedItem == 2)
        g_list_store_remove(harness.model, 2)
        #expect(!list.interaction.isDragging)
        harness.allocate()
        #expect(list.interaction.markerFrame == nil)
        #expect(gtk_widget_get_opacity(widget) == 1)
        #expect(!list.interaction.drop(atX: target.x, y: target.y))
        #expect(harness.moves.isEmpty)
    }

    @Test func dragSourcesClosuresAndWidgetsAreReleased() throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var itemWatches: [FinalizationWatch] = []
        var sourceWatches: [FinalizationWatch] = []
        var viewWatch: FinalizationWatch?
        var markerWatch: FinalizationWatch?
        weak var weakList: WrapListView?
        do {
            let harness = ReorderListHarness(.store)
            weakList = harness.list
            viewWatch = FinalizationWatch(harness.list.widget)
            markerWatch = harness.list.interaction.marker.map { FinalizationWatch($0) }
            harness.scroll(to: 300)
            harness.scroll(to: 0)
            let list = harness.list
            #expect(list.interaction.dragSources.count >= list.realizedItems.count)
            itemWatches = list.realizedItems.map { FinalizationWatch($0.widget) }
            sourceWatches = list.interaction.dragSources.values.map { FinalizationWatch(object: $0) }
            // A drag in progress when the window goes.
            list.interaction.beginDrag(of: try #require(list.widget(forItem: 0)))
            list.interaction.dragMoved(toX: 150, y: 198)
            #expect(list.interaction.isAutoScrolling)
            harness.destroy()
        }
        MainLoop.drain()
        #expect(weakList == nil)
        #expect(viewWatch?.isFinalized == true)
        #expect(markerWatch?.isFinalized == true)
        #expect(!itemWatches.isEmpty && itemWatches.allSatisfy(\.isFinalized))
        #expect(!sourceWatches.isEmpty && sourceWatches.allSatisfy(\.isFinalized))
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    @Test(arguments: [ReorderListHarness.Source.store, .strings])
    func aDragOfAStringObjectItemOffersItsStringBesideTheWidget(source: ReorderListHarness.Source) throws {
        let harness = ReorderListHarness(source)
        defer { harness.destroy() }
        let drag = try PreparedDrag(harness.list, item: 3)
        defer { drag.release() }
        #expect(drag.provider != nil)
        #expect(drag.offers(gtk_widget_get_type()), "the list's own drop target still gets the widget")
        #expect(drag.text() == "item 3")
        #expect(drag.actions.rawValue == GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue,
                "another program copies the text; the list moves the item")
    }

    @Test func theAppsDragTextReplacesTheDefaultAndNilOffersNone() throws {
        let harness = ReorderListHarness(.collection)
        defer { harness.destroy() }
        let list = harness.list
        let plain = try PreparedDrag(list, item: 2)
        #expect(plain.offers(gtk_widget_get_type()))
        #expect(plain.text() == nil, "the app's own collection has no string to offer by itself")
        #expect(plain.actions == GDK_ACTION_MOVE)
        plain.release()

        list.reorderDragText = { [weak harness] index in index == 4 ? nil : harness.map { "#\($0.names[index])" } }
        let named = try PreparedDrag(list, item: 2)
        #expect(named.text() == "#item 2")
        named.release()
        let none = try PreparedDrag(list, item: 4)
        #expect(none.offers(gtk_widget_get_type()))
        #expect(none.text() == nil)
        #expect(none.actions == GDK_ACTION_MOVE)
        none.release()
        // After a move the text is the moved item's, at its new index.
        #expect(list.moveItem(from: 2, to: 0))
        harness.allocate()
        let moved = try PreparedDrag(list, item: 0)
        #expect(moved.text() == "#item 2")
        moved.release()
    }

    @Test func turningItOffRemovesTheDragSourcesAndTheDescriptions() throws {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        #expect(list.interaction.dragSources.count >= list.realizedItems.count)
        harness.scroll(to: 1_000)   // new widgets get theirs too
        #expect(list.realizedItems.allSatisfy { list.interaction.dragSources[$0.widget] != nil })
        list.reorderable = false
        #expect(list.interaction.dragSources.count == 0)
        list.interaction.beginDrag(of: try #require(list.realizedItems.first?.widget))
        #expect(!list.interaction.isDragging)
        list.reorderable = true
        #expect(list.realizedItems.allSatisfy { list.interaction.dragSources[$0.widget] != nil })
    }
}
