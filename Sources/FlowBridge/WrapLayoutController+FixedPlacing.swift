import CFlowClasses
import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Placing through a box's GtkFixed, step 4 of the allocation when the placement is `.fixed` (see
// +Allocation): the children whose position changed are moved (`gtk_fixed_move`), each
// child is given its frame's size, and the GtkFixed is measured and allocated at the container's
// size, which allocates every child where it was moved.
//
// Sizes. GtkFixed allocates a child at its minimum size (`gtk_widget_get_preferred_size`). A child
// whose frame is another size (grown, filled, shrunk, stretched across its line) gets a size
// request of its frame's size, and loses it when its frame is its minimum again. An app's own
// size request on a child is put back then. Before the children are measured, the requests the
// container set are taken off, so that what the engine is told is each child's own size.
//
// Resizes the container causes itself. Every move and every size request queues a resize, which
// clears GTK's size cache of the GtkFixed, of the container widget and of every ancestor, and has
// GDK run the layout phase once more in the same frame (a measuring pass: the flags that would
// allocate again are cleared when each allocation returns). That pass asks the container a size
// query with no given size, which, in `.direct`, means that a child may have changed (see
// +Measuring). Here the container tells its own resizes from the others: a watch on the
// GtkFixed (wrap_hstack_resize_watch.h) says whether anything queued a resize on it since the
// container's own placing, and only then are the children measured again. A resize of the window
// therefore measures no child in either placement.
//
// A resize queued inside an allocation has one more effect: an ancestor that GTK only walked
// through on its way down (its size and its own flags unchanged, say a box re-allocated because a
// sibling label changed) keeps the flags the resize set, while the allocated ancestor above it
// clears its own; GTK would never allocate it again, and the chips would vanish. So after such a
// placing every ancestor is allocated again, in the same frame (flow-classes-private.h).

extension WrapLayoutController {
    /// What the container last did to one child in the GtkFixed.
    struct FixedSlot {
        /// Where the child was moved to (NaN: not yet).
        var x = Double.nan, y = Double.nan
        /// The size request the container set, if any, and the child's own before it.
        var request: (width: Int32, height: Int32)?
        var ownRequest: (width: Int32, height: Int32) = (-1, -1)
    }

    /// Moves and sizes every shown child, then allocates the GtkFixed at the container's size.
    func placeInFixed(_ computed: ComputedLayout, frames: [FlowRect], width: Int, height: Int) {
        guard let parts = host?.fixedParts else { return }
        let children = computed.children, result = computed.result
        updateHidden(children, visible: result.visibleCount)
        children.widgets.withUnsafeBufferPointer { widgets in
            frames.withUnsafeBufferPointer { frames in
                for k in 0..<result.visibleCount {
                    settle(&entries[children.entryIndices[k]].slot, widgets[k], at: frames[k],
                           minimum: children.fixedMinimums[k], in: parts.fixed)
                }
            }
        }
        placeIndicatorInFixed(result.indicatorFrame, in: parts.fixed)
        // The resizes just queued are the container's own (see the top of this file). Queued
        // inside an allocation, they can strand an ancestor that GTK only walked through: it is
        // allocated again after this layout phase (see flow-classes-private.h).
        if wrap_hstack_resize_watch_take(parts.resizeWatch) != 0 {
            flow_wrap_layout_reallocate_ancestors_after_layout(object)
        }
        var ignored: Int32 = 0
        gtk_widget_measure(parts.fixed, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
        gtk_widget_allocate(parts.fixed, Int32(width), Int32(height), -1, nil)
    }

    private func placeIndicatorInFixed(_ frame: FlowRect?, in fixed: Widget) {
        guard var state = indicator else { return }
        showIndicator(frame != nil)
        guard let frame else { return }
        settle(&state.slot, state.widget, at: frame, minimum: state.fixedMinimum, in: fixed)
        indicator = state
    }

    /// Moves `child` to its frame's origin if it is elsewhere, and sets or clears its size request
    /// so that GtkFixed allocates it at its frame's size. `minimum` is what GtkFixed allocates it
    /// without a request of the container's.
    @inline(__always)
    private func settle(_ slot: inout FixedSlot, _ child: Widget, at frame: FlowRect,
                        minimum: (width: Int32, height: Int32), in fixed: Widget) {
        if slot.x != frame.x || slot.y != frame.y {
            gtk_fixed_move(cgtk_fixed(fixed), child, frame.x, frame.y)
            slot.x = frame.x
            slot.y = frame.y
        }
        let width = Int32(frame.width), height = Int32(frame.height)
        if width == minimum.width && height == minimum.height {
            if slot.request != nil { releaseSizeRequest(&slot, child) }
            return
        }
        // A size request is the content's size: the child's own margins come on top of it.
        let request = (width - gtk_widget_get_margin_start(child) - gtk_widget_get_margin_end(child),
                       height - gtk_widget_get_margin_top(child) - gtk_widget_get_margin_bottom(child))
        if let current = slot.request, current == request { return }
        if slot.request == nil {
            var ownWidth: Int32 = -1, ownHeight: Int32 = -1
            gtk_widget_get_size_request(child, &ownWidth, &ownHeight)
            slot.ownRequest = (ownWidth, ownHeight)
        }
        slot.request = request
        gtk_widget_set_size_request(child, max(0, request.0), max(0, request.1))
    }

    /// Puts back a child's own size request.
    private func releaseSizeRequest(_ slot: inout FixedSlot, _ child: Widget) {
        slot.request = nil
        gtk_widget_set_size_request(child, slot.ownRequest.width, slot.ownRequest.height)
    }

    /// Takes off every size request the container set, so that the children measure at their own
    /// sizes (before they are measured, and when they leave the GtkFixed).
    func releaseSizeRequests() {
        for index in entries.indices where entries[index].slot.request != nil {
            releaseSizeRequest(&entries[index].slot, entries[index].widget)
        }
        releaseIndicatorSizeRequest()
    }

    func releaseIndicatorSizeRequest() {
        guard var state = indicator, state.slot.request != nil else { return }
        releaseSizeRequest(&state.slot, state.widget)
        indicator = state
    }

    /// Forgets where the children were moved to (they are moved again at the next placing).
    func forgetFixedPositions() {
        for index in entries.indices { entries[index].slot.x = .nan }
        indicator?.slot.x = .nan
    }

    /// Whether something other than the container's own placing queued a resize on the GtkFixed
    /// since it last looked: then a child (or an app's widget) may have changed size.
    func fixedContentResized() -> Bool {
        guard placement == .fixed, let parts = host?.fixedParts else { return false }
        return wrap_hstack_resize_watch_take(parts.resizeWatch) != 0
    }

    /// Measures the GtkFixed, as a parent must before allocating it, and so that a resize a child
    /// queues from now on reaches the container (GTK passes a resize on only from a widget that was
    /// measured since its last one). Its answer (its furthest child's edge) is not passed on.
    func measureFixed() {
        guard placement == .fixed, let parts = host?.fixedParts else { return }
        _ = wrap_hstack_resize_watch_take(parts.resizeWatch)
        var ignored: Int32 = 0
        gtk_widget_measure(parts.fixed, GTK_ORIENTATION_HORIZONTAL, -1, &ignored, nil, nil, nil)
    }

    /// The size GtkFixed allocates `child` at: its minimum width and its minimum height for that
    /// width (for a height-for-width child; the other way round otherwise).
    static func fixedMinimum(of child: Widget) -> (width: Int32, height: Int32) {
        var minimum = GtkRequisition()
        gtk_widget_get_preferred_size(child, &minimum, nil)
        return (minimum.width, minimum.height)
    }
}
