// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

/// The box's children are its own, allocated at their frames by its layout. Nothing here queues
/// a resize, so a resize costs one layout pass and leaves no work for the next frame.
@MainActor
final class DirectPlacer: Placer {
    let box: Widget
    let layout: WrapLayoutController
    /// The first widget after the children (the box's stylesheet probes come after them).
    let end: Widget

    init(box: Widget, layout: WrapLayoutController, end: Widget) {
        self.box = box
        self.layout = layout
        self.end = end
    }

    var parent: Widget { box }
    func endOfChildren(members: Set<Widget>) -> Widget? { end }
    func childrenResized() -> Bool { layout.widgetResized() }
    func restoreOwnSizes() {}
    func restoreOwnSize(of indicator: Widget) {}
    func didMeasure(_ widgets: [Widget]) {}
    func didMeasureIndicator(_ indicator: Widget) {}
    func willAnswerSizeQuery() {}
    func forget(_ child: Widget) {}
    func reset() {}
    func attach() {}
    func detach() {}

    /// Every shown child is allocated, even where nothing changed: GTK clears the container's
    /// "a child needs an allocation" mark after this, so a child skipped here would keep a pending
    /// allocation (queued by an animation inside it, say) until the next layout. This loop is the
    /// whole per-child cost of a resize.
    func place(_ widgets: [Widget], frames: [FlowRect], visible: Int, indicator: (widget: Widget, frame: FlowRect)?,
               width: Int, height: Int) {
        widgets.withUnsafeBufferPointer { widgets in
            frames.withUnsafeBufferPointer { frames in
                for k in 0..<visible { WrapLayoutController.allocate(widgets[k], at: frames[k]) }
            }
        }
        if let indicator { WrapLayoutController.allocate(indicator.widget, at: indicator.frame) }
    }
}
