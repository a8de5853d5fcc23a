// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// What a GObject client's handlers of a container's reordering signals saw, in order. Handed to
/// GObject as the handlers' data (retained once per handler, released by each one's
/// destroy-notify).
private final class MoveRecorder: @unchecked Sendable {
    var events: [String] = []
    /// What the `move-child` or `move-item` handler answers.
    var allow = true
    var notifications = 0
}

private func recorder(_ data: gpointer?) -> MoveRecorder {
    Unmanaged<MoveRecorder>.fromOpaque(data!).takeUnretainedValue()
}

private let moveChildHandler: @convention(c) (gpointer?, gpointer?, guint, guint, gpointer?) -> gboolean = {
    _, _, from, to, data in
    let record = recorder(data)
    record.events.append("move \(from) \(to)")
    return record.allow ? 1 : 0
}

private let childMovedHandler: @convention(c) (gpointer?, gpointer?, guint, guint, gpointer?) -> Void = {
    _, _, from, to, data in recorder(data).events.append("moved \(from) \(to)")
}

private let moveItemHandler: @convention(c) (gpointer?, guint, guint, gpointer?) -> gboolean = { _, from, to, data in
    let record = recorder(data)
    record.events.append("move \(from) \(to)")
    return record.allow ? 1 : 0
}

private let itemMovedHandler: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, from, to, data in
    recorder(data).events.append("moved \(from) \(to)")
}

private let notifyHandler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
    recorder(data).notifications += 1
}

private let releaseRecorder: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    Unmanaged<MoveRecorder>.fromOpaque(data!).release()
}

/// Reordering as a GObject client sees it, on the box (`move-child`, `child-moved`) and the list
/// (`move-item`, `item-moved`, flow_wrap_list_view_move_item): the `reorderable` property, the
/// veto and report signals beside the Swift closures of the same container (the harness sets
/// `onChildMoved` or `onItemMoved`).
@MainActor @Suite(.serialized)
struct ReorderingSignalsTests {
    typealias Kind = ReorderHarness.Kind

    private func connect(_ harness: ReorderHarness) -> MoveRecorder {
        let record = MoveRecorder()
        let handlers: [(String, GCallback)] = harness.kind.isBox ? [
            ("move-child", unsafeBitCast(moveChildHandler, to: GCallback.self)),
            ("child-moved", unsafeBitCast(childMovedHandler, to: GCallback.self)),
        ] : [
            ("move-item", unsafeBitCast(moveItemHandler, to: GCallback.self)),
            ("item-moved", unsafeBitCast(itemMovedHandler, to: GCallback.self)),
        ]
        for (name, handler) in handlers + [("notify::reorderable", unsafeBitCast(notifyHandler, to: GCallback.self))] {
            cgtk_signal_connect(harness.containerWidget, name, handler, Unmanaged.passRetained(record).toOpaque(),
                                releaseRecorder)
        }
        return record
    }

    /// The C getter and setter of `reorderable`.
    private func reorderable(_ harness: ReorderHarness) -> Bool {
        if let box = harness.box { return flow_wrap_hstack_get_reorderable(box.controller.object) != 0 }
        return flow_wrap_list_view_get_reorderable(flow_wrap_list_view_cast(harness.containerWidget)) != 0
    }

    private func setReorderable(_ harness: ReorderHarness, _ on: Bool) {
        if let box = harness.box { flow_wrap_hstack_set_reorderable(box.controller.object, on ? 1 : 0) }
        else { flow_wrap_list_view_set_reorderable(flow_wrap_list_view_cast(harness.containerWidget), on ? 1 : 0) }
    }

    @Test(arguments: Kind.each)
    func theSwiftPropertyIsTheGObjectOneAndNotifiesOnceAChange(kind: Kind) {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let record = connect(harness)
        #expect(reorderable(harness))
        harness.reorderable = false
        harness.reorderable = false
        #expect(!reorderable(harness))
        #expect(harness.interaction.dragSources.isEmpty)
        setReorderable(harness, true)
        #expect(harness.reorderable)
        #expect(harness.interaction.dragSources.count >= (harness.list?.realizedItems.count ?? harness.count))
        #expect(record.notifications == 2)
    }

    @Test(arguments: [Kind.box(.fixed), .box(.direct), .list(.store), .list(.strings)])
    func keysAndDropsEmitTheSignalsBesideTheSwiftClosure(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let record = connect(harness)
        let before = harness.order
        #expect(harness.focus(5))
        #expect(harness.press(GDK_KEY_Home))
        #expect(record.events == ["move 5 0", "moved 5 0"])
        #expect(harness.moves.count == 1 && harness.moves[0].from == 5 && harness.moves[0].to == 0)
        #expect(harness.order == harness.moved(before, from: 5, to: 0))
        #expect(harness.focusedItem == 0)

        // A drop: item 0 to after item 10, as the place there says.
        let target = harness.centre(10)
        harness.interaction.beginDrag(of: try #require(harness.widget(0)))
        #expect(harness.interaction.drop(atX: target.x + 40, y: target.y))
        #expect(record.events.suffix(2) == ["move 0 10", "moved 0 10"])
        #expect(harness.moves.count == 2 && harness.moves[1].from == 0 && harness.moves[1].to == 10)
    }

    @Test(arguments: Kind.each)
    func aVetoSignalRefusesTheMoveAndTheSwiftVetoComesFirst(kind: Kind) throws {
        let harness = ReorderHarness(kind)
        defer { harness.destroy() }
        let record = connect(harness)
        let before = harness.order
        record.allow = false
        #expect(harness.focus(2))
        #expect(harness.press(GDK_KEY_End))
        #expect(!harness.interaction.moveItem(from: 3, to: 4))
        #expect(record.events == ["move 2 199", "move 3 4"])
        #expect(harness.moves.isEmpty && harness.order == before)

        record.allow = true
        var asked = 0
        if let box = harness.box { box.shouldMoveChild = { _, _, _ in asked += 1; return false } }
        else { harness.list!.shouldMoveItem = { _, _ in asked += 1; return false } }
        #expect(!harness.interaction.moveItem(from: 3, to: 4))
        #expect(asked == 1 && record.events.count == 2, "the Swift veto refused it: the signal is not asked")
    }

    @Test func theListsCMoveItemIsAUsersMoveWhetherOrNotReorderable() {
        let harness = ReorderHarness(.list(.store))
        defer { harness.destroy() }
        let list = harness.list!
        let record = connect(harness)
        let before = harness.order
        list.reorderable = false
        #expect(list.focus(item: 7))
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(list.widget), 7, 2) != 0)
        harness.settle()
        #expect(record.events == ["move 7 2", "moved 7 2"])
        #expect(harness.moves.count == 1 && harness.moves[0].from == 7 && harness.moves[0].to == 2)
        #expect(harness.order == harness.moved(before, from: 7, to: 2))
        #expect(list.focusedItem == 2, "the focus stays on the moved item")
        // The same place, and places past the end, are no move and emit nothing.
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(list.widget), 4, 4) == 0)
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(list.widget), 4, 200) == 0)
        #expect(flow_wrap_list_view_move_item(flow_wrap_list_view_cast(list.widget), guint.max, 0) == 0)
        #expect(record.events.count == 2)
    }

    @Test func anotherModelIsMovedByTheListsItemMovedHandlerAndTheListFollows() throws {
        // A GtkSortListModel without a sorter over a store: a model the list cannot change.
        let harness = ReorderHarness(.list(.collection), widths: [])
        defer { harness.destroy() }
        let list = harness.list!
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
        harness.settle()
        let before = harness.order
        #expect(list.focus(item: 1))
        #expect(harness.press(GDK_KEY_Right))
        #expect(harness.order == harness.moved(before, from: 1, to: 2))
        #expect(list.focusedItem == 2)
        g_object_unref(UnsafeMutableRawPointer(sorted))
    }
}
