// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine

extension WrapListView {
    /// Whether the user can reorder the items: drag one with the pointer among the lines on screen
    /// (a marker, CSS node `marker.insertion-marker`, shows where it lands; near the top or bottom
    /// edge, the left or right for vertical lines, the list scrolls; Escape or a drop outside
    /// changes nothing), or move the focused one with Ctrl+Shift (or Alt+Shift) and the arrow keys, Home or End
    /// (the focus stays on it). The others do not make room while a drag hovers. Each item widget's
    /// accessible description says how to move it. Default `false`; the list's `reorderable`
    /// property (its GObject reference says more).
    ///
    /// Who moves the item: ``shouldMoveItem`` may refuse the move first. Then
    /// - with a `GListStore` or a `GtkStringList` as the model, the list moves the item in the
    ///   model itself (a removal and an insertion), then calls ``onItemMoved``;
    /// - with any other `GListModel`, ``onItemMoved`` must move it in the model (which tells the
    ///   list through its `items-changed`);
    /// - with the app's own collection (``setItemCount(_:)``), ``onItemMoved`` must move it in
    ///   the collection, and the list follows by itself (do not call
    ///   ``itemsChanged(at:removed:added:)`` for the move).
    ///
    /// While a filter is set (``setFilter(_:)``, a search), the user moves the items shown among
    /// themselves: the indices given are positions shown, and the model item goes next to the
    /// one it was dropped by (``modelMove(from:to:filter:)``); the filter then shows it there.
    ///
    /// - Complexity: Turning it on or off is O(w), w being the item widgets (realized and spare);
    ///   each pointer motion and each frame of edge scrolling costs O(s), s being the items on
    ///   screen, whatever the number of items.
    public var reorderable: Bool {
        get { controller.interaction.reorderable }
        // Through the C class's setter, which notifies `reorderable` when it changes.
        set { flow_wrap_list_view_set_reorderable(flow_wrap_list_view_cast(widget), newValue ? 1 : 0) }
    }

    /// Asked before the user's move of an item (its index, the index it would get): returning
    /// `false` vetoes it, and nothing moves or is reported. The C class's `move-item` signal is
    /// asked after it (a GObject client of the same list may veto too).
    public var shouldMoveItem: ((Int, Int) -> Bool)? {
        get { controller.interaction.hooks.shouldMove.map { veto in { veto(nil, $0, $1) } } }
        set { controller.interaction.hooks.shouldMove = newValue.map { veto in { veto($1, $2) } } }
    }

    /// Called when the user moved an item (by a drop or the keys), with its old index and its new
    /// one. With a `GListStore` or a `GtkStringList` the model already has the new order; with
    /// another model or the app's own collection, this is where the app moves the item (see
    /// ``reorderable``). The C class's `item-moved` signal is emitted after it.
    public var onItemMoved: ((Int, Int) -> Void)? {
        get { controller.interaction.hooks.moved.map { report in { report(nil, $0, $1) } } }
        set { controller.interaction.hooks.moved = newValue.map { report in { report($1, $2) } } }
    }

    /// Where a move of the item shown at `from` to shown position `to` (counted after the move)
    /// puts the model item while `filter` (``filter``) is set: the model index it leaves, the one
    /// it takes (counted after its removal: just before the item shown at `to` when it moves
    /// back, just after it when it moves on), and the filter that then shows it at `to`. This
    /// is the move the list makes in its model, or asks of the app in ``onItemMoved`` (which is
    /// given the positions shown): an app that keeps its own collection moves it the same way.
    /// Without a filter, `from` and `to` themselves.
    ///
    /// - Complexity: O(*f*) for the *f* items shown with a filter.
    public static func modelMove(from: Int, to: Int, filter: [Int]?) -> (from: Int, to: Int, filter: [Int]?) {
        ShownItems.move(from: from, to: to, through: filter)
    }

    /// Moves item `from` to `to` as a user's move does (the vetoes, the model, ``onItemMoved``, and
    /// the C class's `move-item` and `item-moved`: flow_wrap_list_view_move_item is this), whether
    /// or not ``reorderable`` is on; a focused item keeps the focus, and the list keeps its
    /// scroll offset. Returns whether it moved.
    ///
    /// - Complexity: O(n) in the number of items (the sizes move; the lines are updated from the
    ///   two changed places), plus the model's own removal and insertion.
    @discardableResult
    public func moveItem(from: Int, to: Int) -> Bool { controller.interaction.moveItem(from: from, to: to) }

    /// The text a reordering drag of an item also offers (plain UTF-8), given the item's index, so
    /// that the item can be dropped as text in another program or widget (a copy; nothing moves
    /// in the list). Without a closure (the default), an item that is a `GtkStringObject` (a
    /// `GtkStringList`'s, or a `GListStore` of them) offers its string; a closure returning `nil`
    /// for an item offers the item to the list alone.
    public var reorderDragText: ((Int) -> String?)? {
        get { controller.interaction.hooks.dragText.map { text in { index in text(nil, index) } } }
        set { controller.interaction.hooks.dragText = newValue.map { text in { _, index in text(index) } } }
    }

    /// The interaction core and the list's places, for the tests.
    var interaction: ItemInteraction { controller.interaction }
    func insertionPlace(atX x: Double, y: Double) -> FlowInsertionPlace? { controller.interaction.place(atX: x, y: y) }
}
