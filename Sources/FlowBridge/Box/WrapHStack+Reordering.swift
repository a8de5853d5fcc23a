// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import GObjectSupport

extension WrapHStack {
    /// Whether the user can reorder the children: drag one with the pointer (the others make room
    /// while it hovers, a marker, CSS node `marker.insertion-marker`, shows where it lands; Escape or
    /// a drop outside puts everything back), or move the focused one with Ctrl+Shift (or Alt+Shift) and the arrow
    /// keys, Home or End (the focus stays on it). The "+N more" indicator is never a place. Each
    /// child's accessible description says how to move it. Default `false`; the box's
    /// `reorderable` property (its GObject reference says more).
    ///
    /// The move is the box's: ``shouldMoveChild`` may refuse it first, then the child moves and
    /// ``onChildMoved`` is called.
    public var reorderable: Bool {
        get { controller.interaction.reorderable }
        // Through the C class's setter, which notifies `reorderable` when it changes.
        set { flow_wrap_hstack_set_reorderable(controller.object, newValue ? 1 : 0) }
    }

    /// Asked before the user's move of a child (the child, its index, the index it would get):
    /// returning `false` vetoes it, and nothing moves or is reported. The veto comes before the
    /// move, so an app need not revert anything in ``onChildMoved``.
    public var shouldMoveChild: ((Widget, Int, Int) -> Bool)? {
        get { controller.interaction.hooks.shouldMove.map { veto in { veto($0, $1, $2) } } }
        set { controller.interaction.hooks.shouldMove = newValue.map { veto in { veto($0!, $1, $2) } } }
    }

    /// Called after the user moved a child (by a drop or the keys), with the child, its old index
    /// and its new one; ``children`` already has the new order.
    public var onChildMoved: ((Widget, Int, Int) -> Void)? {
        get { controller.interaction.hooks.moved.map { report in { report($0, $1, $2) } } }
        set { controller.interaction.hooks.moved = newValue.map { report in { report($0!, $1, $2) } } }
    }

    /// The text a reordering drag of a child also offers (plain UTF-8), so that the child can be
    /// dropped as text in another program or widget (a copy; nothing moves in the box); `nil`
    /// for a child, or no closure, offers the child to the box alone.
    public var reorderDragText: ((Widget) -> String?)? {
        get { controller.interaction.hooks.dragText.map { text in { text($0, 0) } } }
        set { controller.interaction.hooks.dragText = newValue.map { text in { child, _ in text(child!) } } }
    }

    /// The interaction core, for the tests, the benchmarks and the example's state report (a drag
    /// without a pointer).
    package func beginDrag(of child: Widget) { controller.interaction.beginDrag(of: child) }
    package func dragMoved(toX x: Double, y: Double) { controller.interaction.dragMoved(toX: x, y: y) }
    package func drop(atX x: Double, y: Double) -> Bool { controller.interaction.drop(atX: x, y: y) }
    package func endDrag() { controller.interaction.endDrag() }
    package var isDragging: Bool { controller.interaction.drag != nil }
    var interaction: ItemInteraction { controller.interaction }
}
