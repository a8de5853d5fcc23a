// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// What a GObject client's handlers of a FlowWrapListView's reordering signals saw, in order.
/// Handed to GObject as the handlers' data (retained once per handler, released by each one's
/// destroy-notify).
private final class MoveRecorder: @unchecked Sendable {
    var events: [String] = []
    /// What the `move-item` handler answers.
    var allow = true
    var notifications = 0
}

private func recorder(_ data: gpointer?) -> MoveRecorder {
    Unmanaged<MoveRecorder>.fromOpaque(data!).takeUnretainedValue()
}

private let moveItemHandler: @convention(c) (gpointer?, guint, guint, gpointer?) -> gboolean = { _, from, to, data in
    let record = recorder(data)
    record.events.append("move-item \(from) \(to)")
    return record.allow ? 1 : 0
}

private let itemMovedHandler: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, from, to, data in
    recorder(data).events.append("item-moved \(from) \(to)")
}

private let notifyHandler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
    recorder(data).notifications += 1
}

private let releaseRecorder: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    Unmanaged<MoveRecorder>.fromOpaque(data!).release()
}

/// The list's reordering as a GObject client sees it: the `reorderable` property, the
/// `move-item` and `item-moved` signals, flow_wrap_list_view_move_item, beside the Swift
/// closures of the same list (ReorderListHarness sets `onItemMoved`).
@MainActor @Suite(.serialized)
struct WrapListViewReorderingGObjectTests {
    let altShift = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)

    private func connect(_ harness: ReorderListHarness) -> MoveRecorder {
        let record = MoveRecorder()
        let handlers: [(String, GCallback)] = [
            ("move-item", unsafeBitCast(moveItemHandler, to: GCallback.self)),
            ("item-moved", unsafeBitCast(itemMovedHandler, to: GCallback.self)),
            ("notify::reorderable", unsafeBitCast(notifyHandler, to: GCallback.self)),
        ]
        for (name, handler) in handlers {
            cgtk_signal_connect(harness.list.widget, name, handler, Unmanaged.passRetained(record).toOpaque(),
                                releaseRecorder)
        }
        return record
    }

    @Test func theSwiftPropertyIsTheGObjectOneAndNotifiesOnceAChange() {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let record = connect(harness)
        #expect(flow_wrap_list_view_get_reorderable(flow_wrap_list_view_cast(harness.list.widget)) != 0)
        harness.list.reorderable = false
        harness.list.reorderable = false
        #expect(flow_wrap_list_view_get_reorderable(flow_wrap_list_view_cast(harness.list.widget)) == 0)
        #expect(harness.list.interaction.dragSources.count == 0)
        flow_wrap_list_view_set_reorderable(flow_wrap_list_view_cast(harness.list.widget), 1)
        #expect(harness.list.reorderable)
        #expect(harness.list.interaction.dragSources.count >= harness.list.realizedItems.count)
        #expect(record.notifications == 2)
    }

    @Test(arguments: [ReorderListHarness.Source.store, .strings])
    func keysAndDropsEmitTheSignalsBesideTheSwiftClosure(source: ReorderListHarness.Source) throws {
        let harness = ReorderListHarness(source)
        defer { harness.destroy() }
        let list = harness.list
        let record = connect(harness)
        let before = harness.order
        #expect(list.focus(item: 5))
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_Home), altShift))
        harness.allocate()
        #expect(record.events == ["move-item 5 0", "item-moved 5 0"])
        #expect(harness.moves.count == 1 && harness.moves[0] == (5, 0))
        #expect(harness.order == harness.moved(before, from: 5, to: 0))
        #expect(list.focusedItem == 0)

        // A drop: item 0 to after item 10, as the place there says.
        let target = harness.centre(of: 10)
        list.interaction.beginDrag(of: try #require(list.widget(forItem: 0)))
        #expect(list.interaction.drop(atX: target.x + 40, y: target.y))
        #expect(record.events.suffix(2) == ["move-item 0 10", "item-moved 0 10"])
        #expect(harness.moves.count == 2 && harness.moves[1] == (0, 10))
    }

    @Test func moveItemReturningFalseRefusesTheMoveAndTheSwiftVetoComesFirst() throws {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        let record = connect(harness)
        let before = harness.order
        record.allow = false
        #expect(list.focus(item: 2))
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_End), altShift))
        #expect(!list.moveItem(from: 3, to: 4))
        #expect(record.events == ["move-item 2 199", "move-item 3 4"])
        #expect(harness.moves.isEmpty && harness.order == before)

        record.allow = true
        var asked = 0
        list.shouldMoveItem = { _, _ in asked += 1; return false }
        #expect(!list.moveItem(from: 3, to: 4))
        #expect(asked == 1 && record.events.count == 2, "the Swift veto refused it: the signal is not asked")
    }

    @Test func theCMoveItemIsAUsersMoveWhetherOrNotReorderable() {
        let harness = ReorderListHarness(.store)
        defer { harness.destroy() }
        let list = harness.list
        let record = connect(harness)
        let before = harness.order
        list.reorderable = false
        #expect(list.focus(item: 7))
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(harness.list.widget), 7, 2) != 0)
        harness.allocate()
        #expect(record.events == ["move-item 7 2", "item-moved 7 2"])
        #expect(harness.moves.count == 1 && harness.moves[0] == (7, 2))
        #expect(harness.order == harness.moved(before, from: 7, to: 2))
        #expect(list.focusedItem == 2, "the focus stays on the moved item")
        // The same place, and places past the end, are no move and emit nothing.
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(harness.list.widget), 4, 4) == 0)
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(harness.list.widget), 4, 200) == 0)
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(harness.list.widget), guint.max, 0) == 0)
        #expect(record.events.count == 2)
    }

    @Test func anotherModelIsMovedByTheItemMovedHandlerAndTheListFollows() throws {
        // A GtkSortListModel without a sorter over a store: a model the list cannot change.
        let harness = ReorderListHarness(.collection, count: 0)
        defer { harness.destroy() }
        let list = harness.list
        let store = g_list_store_new(g_object_get_type())!
        for index in 0..<50 {
            let item = gtk_string_object_new("item \(index)")!
            g_list_store_append(store, UnsafeMutableRawPointer(item))
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        let sorted = gtk_sort_list_model_new(store, nil)!   // takes the store
        list.setModel(UnsafeMutableRawPointer(sorted))
        harness.model = sorted
        list.onItemMoved = nil
        // The app's handler, as a C client writes it, moves the item in the store below.
        let moveInStore: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, from, to, data in
            let store = OpaquePointer(data!)
            let item = g_list_model_get_item(store, from)!
            g_list_store_remove(store, from)
            g_list_store_insert(store, to, item)
            g_object_unref(item)
        }
        cgtk_signal_connect(list.widget, "item-moved", unsafeBitCast(moveInStore, to: GCallback.self),
                            UnsafeMutableRawPointer(store), nil)
        harness.allocate()
        let before = harness.order
        #expect(list.focus(item: 1))
        #expect(list.interaction.handleKey(UInt32(GDK_KEY_Right), altShift))
        harness.allocate()
        #expect(harness.order == harness.moved(before, from: 1, to: 2))
        #expect(list.focusedItem == 2)
        g_object_unref(UnsafeMutableRawPointer(sorted))
    }
}
