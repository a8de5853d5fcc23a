// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

extension WrapHStack {
    /// Whether the user can reorder the children. Default `false`.
    ///
    /// When on, a child can be dragged with the pointer (its own picture is the drag icon) and
    /// dropped between any two children, at a line's start or end, or after the last; while it
    /// hovers, the others make room (the layout with the child at the hovered place, gliding when
    /// animations are on) and a marker (CSS node `marker`, class `insertion-marker`, a child of
    /// the box) stands in the gap before the child in that layout, which is where a drop leaves
    /// it. The end of one line and the start of the next are one place in the children's order,
    /// so the line it lands on is the layout's: aimed at a line's start, a child that fits at the
    /// end of the line before goes there, and the marker shows it there. Escape (under X11 too,
    /// where the box lets the key reach GDK's drag) or a drop outside puts everything back. With a child focused, Alt+Shift+Left/Right move it one place (mirrored in
    /// right-to-left), Alt+Shift+Up/Down to the nearest place on the line above or below, and
    /// Alt+Shift+Home/End to the first or last place; the focus stays on it. The "+N more"
    /// indicator is never a place. Each child's accessible description says how to move it.
    ///
    /// The move is the box's: ``shouldMoveChild`` may refuse it first, then the child moves and
    /// ``onChildMoved`` is called.
    public var reorderable: Bool {
        get { controller.reordering.enabled }
        // Through the C class's setter, which notifies `reorderable` when it changes.
        set { flow_wrap_hstack_set_reorderable(controller.object, newValue ? 1 : 0) }
    }

    /// Asked before the user's move of a child (the child, its index, the index it would get):
    /// returning `false` vetoes it, and nothing moves or is reported. The veto comes before the
    /// move, so an app need not revert anything in ``onChildMoved``.
    public var shouldMoveChild: ((Widget, Int, Int) -> Bool)? {
        get { controller.reordering.shouldMoveChild }
        set { controller.reordering.shouldMoveChild = newValue }
    }

    /// Called after the user moved a child (by a drop or the keys), with the child, its old index
    /// and its new one; ``children`` already has the new order.
    public var onChildMoved: ((Widget, Int, Int) -> Void)? {
        get { controller.reordering.onChildMoved }
        set { controller.reordering.onChildMoved = newValue }
    }

    /// The text a reordering drag of a child also offers (plain UTF-8), so that the child can be
    /// dropped as text in another program or widget (a copy; nothing moves in the box); `nil`
    /// for a child, or no closure, offers the child to the box alone.
    public var reorderDragText: ((Widget) -> String?)? {
        get { controller.reordering.dragText }
        set { controller.reordering.dragText = newValue }
    }

    // MARK: For the tests, the benchmarks and the example's state report (a drag without a pointer)

    func handleReorderKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        controller.handleReorderKey(keyval, state)
    }
    package func beginDrag(of child: Widget) { controller.beginDrag(of: child) }
    package func dragMoved(toX x: Double, y: Double) { controller.dragMoved(toX: x, y: y) }
    func dragLeft() { controller.dragLeft() }
    package func drop(atX x: Double, y: Double) -> Bool { controller.drop(atX: x, y: y) }
    package func endDrag() { controller.endDrag(dropped: false) }
    var markerFrame: FlowRect? { controller.markerFrame }
    package var isDragging: Bool { controller.reordering.drag != nil }
    var dragSourceCount: Int { controller.reordering.dragSources.count }
}
