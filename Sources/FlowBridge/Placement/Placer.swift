// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

/// How a box's children get to the frames its layout computed: the last step of the resize path
/// (GTK → the box's FlowWrapLayout → the engine → the placer). ``DirectPlacer`` allocates them
/// as the box's own children; ``FixedPlacer`` moves them in a GtkFixed. The box holds one of each
/// kind it has needed and talks to the current one only through this protocol.
@MainActor
protocol Placer: AnyObject {
    /// The widget the children are children of.
    var parent: Widget { get }
    /// The widget that follows the box's own children in ``parent`` (`nil`: none).
    func endOfChildren(members: Set<Widget>) -> Widget?
    /// Whether something other than the placer's own work queued a resize on the children since
    /// the last look: then a child may have changed size.
    func childrenResized() -> Bool
    /// Before the children are measured, and when the placer stops being used: gives every child
    /// its own size again.
    func restoreOwnSizes()
    /// The same, for the indicator only (measured again after its label changed).
    func restoreOwnSize(of indicator: Widget)
    /// The children were measured (their widgets, in item order); the indicator was measured.
    func didMeasure(_ widgets: [Widget])
    func didMeasureIndicator(_ indicator: Widget)
    /// GTK asks the box's size with no given size: the box is about to be measured anew.
    func willAnswerSizeQuery()
    /// Puts the first `visible` of `widgets` at their frames and the indicator at its frame, in
    /// an allocation of `width` × `height`.
    func place(_ widgets: [Widget], frames: [FlowRect], visible: Int, indicator: (widget: Widget, frame: FlowRect)?,
               width: Int, height: Int)
    /// `child` leaves the box: what the placer did to it is undone.
    func forget(_ child: Widget)
    /// Becomes the current placer (before the children move in), or stops being it (after they
    /// moved out).
    func attach()
    func detach()
    /// The placement changes (to this placer or from it): every child gets its own size back and
    /// nothing is known any more of where the children are.
    func reset()
}
