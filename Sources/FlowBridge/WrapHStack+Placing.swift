import CGtk
import CWrapHStack
import FlowEngine
import GObjectSupport

// Placing: in the container's allocation, run the engine for the allocated width and allocate
// every child at its frame before returning, so the frame GTK paints next already shows the new
// layout. Nothing here queues a resize (only `maxLines` showing or hiding a child does, once, or
// finding a height that GTK's cache guessed: see `distrustGuessedCrossLength`), so a resize
// costs one layout pass and leaves no work for the next frame.

extension WrapHStack {
    func allocate(width: Int, height: Int) {
        let clock = ContinuousClock()
        let started = clock.now
        // GTK measures a widget before allocating it; should a child have queued a resize since,
        // this (normally answered from GTK's cache) query measures the children again.
        var ignored: Int32 = 0
        gtk_widget_measure(widget, mainOrientation, -1, &ignored, nil, nil, nil)
        needsRelayout = false
        let children = currentChildren()
        let available = layout.axis == .horizontal ? width : height
        var options = engineLayout(indicator: indicatorItem())
        var result = options.layout(children.items, in: Double(available))
        result.snap()
        if indicator != nil && options.overflowIndicator != nil {
            settleIndicator(&result, &options, children.items, available: available)
        }

        // A change of the main-axis length is a resize: it follows the pointer at once.
        let resized = lastLayout.map { Int($0.request.available) != available } ?? false
        if !resized && shouldAnimate() {
            startAnimation()
        } else if resized {
            stopAnimation()
        }
        contentChanged = false
        let shown = displayedFrames(result, children: children.widgets)
        place(children, result, shown)

        distrustGuessedCrossLength(result, width: width, height: height)
        statistics.layoutPasses += 1
        let request = FlowRequest(layout: options, available: Double(available), items: children.items)
        publish(LayoutReport(request: request, result: result, allocatedWidth: width,
                             allocatedHeight: height, duration: clock.now - started))
    }

    /// GTK's cache assumes that a height-for-width answer is the same for every width between two
    /// widths that got the same answer, and answers those widths without asking. A flow layout's
    /// height is not always monotonic (with items of different heights, a wider container can
    /// need more height), so such a guess can allocate the container too short (the end of the
    /// last line out of scrolling reach) or too tall. So the allocation asks GTK what it holds for
    /// this very length (one cache lookup), and when that is not the content's real cross length,
    /// clears GTK's cache and has the window laid out again before it paints. Once per length, so
    /// that nothing can make it loop.
    private func distrustGuessedCrossLength(_ result: FlowResult, width: Int, height: Int) {
        let exactLength = Int((layout.axis == .horizontal ? result.size.height : result.size.width).rounded(.up))
        // GTK's queries take and give outer sizes: the allocation's inner size plus the CSS
        // margin, border and padding (in the allocated size) plus the widget's own margins.
        let outerWidth = Int(gtk_widget_get_allocated_width(widget))
            + Int(gtk_widget_get_margin_start(widget)) + Int(gtk_widget_get_margin_end(widget))
        let outerHeight = Int(gtk_widget_get_allocated_height(widget))
            + Int(gtk_widget_get_margin_top(widget)) + Int(gtk_widget_get_margin_bottom(widget))
        var answer: Int32 = 0
        let known: Int, length: Int
        switch layout.axis {
        case .horizontal:
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, Int32(outerWidth), &answer, nil, nil, nil)
            known = Int(answer) - (outerHeight - height)
            length = width
        case .vertical:
            gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, Int32(outerHeight), &answer, nil, nil, nil)
            known = Int(answer) - (outerWidth - width)
            length = height
        }
        // GTK raises every answer to the stylesheet's min-height (min-width across a vertical
        // layout): that is no guess. (Read only when the answers differ: this runs every layout.)
        func raisedToStylesheetMinimum() -> Int {
            let minimum = cssMinimumSize()
            return max(exactLength, layout.axis == .horizontal ? minimum.height : minimum.width)
        }
        guard known != exactLength, known != raisedToStylesheetMinimum() else {
            correctedLength = nil
            return
        }
        guard correctedLength != length else { return }
        correctedLength = length
        statistics.cacheCorrections += 1
        needsRelayout = true
        gtk_widget_queue_resize(widget)   // clears GTK's cache; the ancestors, mid-allocation, drop the request
        wrap_hstack_host_relayout_after_allocation(wrap_hstack_host_cast(widget))
    }

    /// The indicator says "+N more", and its size depends on N: update it with the hidden count
    /// and lay out again until the count stops changing. Should it oscillate (a wider label hides
    /// one more child, a narrower one shows it again), the larger count wins: its label is the one
    /// that fits.
    private func settleIndicator(_ result: inout FlowResult, _ options: inout FlowLayout,
                                 _ items: [FlowItem], available: Int) {
        var seen: Set<Int> = []
        for _ in 0..<4 {
            let hidden = result.hiddenCount
            guard var state = indicator, hidden != state.hiddenCount else { return }
            if seen.contains(hidden) {
                let largest = seen.max() ?? hidden
                state.hiddenCount = largest
                indicator = state
                state.update(largest)
                options.overflowIndicator = indicatorItem()
                result = options.layout(items, in: Double(available))
                result.snap()
                return
            }
            seen.insert(hidden)
            state.hiddenCount = hidden
            indicator = state
            if hidden > 0 { state.update(hidden) }
            options.overflowIndicator = indicatorItem()
            result = options.layout(items, in: Double(available))
            result.snap()
        }
    }

    /// Allocates every shown child at its frame, and hides or shows those `maxLines` decides.
    ///
    /// Every shown child is allocated, even where nothing changed: GTK clears the container's
    /// "a child needs an allocation" mark after this, so a child skipped here would keep a pending
    /// allocation (queued by an animation inside it, say) until the next layout. An unchanged
    /// allocation costs GTK little. This loop is the whole per-child cost of a resize: it reads
    /// nothing but the widgets and their frames.
    private func place(_ children: LaidOutChildren, _ result: FlowResult, _ shown: [FlowRect]) {
        let visible = result.visibleCount
        // Only the layout before can have hidden children that this one shows again (a child
        // `maxLines` hid is shown by the next layout that fits it, or when it is removed).
        let previouslyHidden = lastLayout.map { $0.result.hiddenCount > 0 } ?? false
        if visible < children.items.count || previouslyHidden { updateHidden(children, visible: visible) }
        children.widgets.withUnsafeBufferPointer { widgets in
            shown.withUnsafeBufferPointer { frames in
                for k in 0..<visible { allocate(widgets[k], at: frames[k]) }
            }
        }
        laidOutWidgets = children.widgets
        shownFrames = shown
        if let indicatorWidget = indicator?.widget {
            let frame = result.indicatorFrame
            if (frame != nil) != (gtk_widget_get_visible(indicatorWidget) != 0) {
                gtk_widget_set_visible(indicatorWidget, frame != nil ? 1 : 0)
            }
            if let frame { allocate(indicatorWidget, at: frame) }
        }
    }

    /// Makes the children `maxLines` hides invisible (so they are neither drawn, focused nor read
    /// out), keeping the sizes they had (GTK measures an invisible widget as 0 by 0), and shows
    /// the others again.
    private func updateHidden(_ children: LaidOutChildren, visible: Int) {
        for k in children.items.indices {
            let entryIndex = children.entryIndices[k]
            let child = children.widgets[k]
            if k < visible {
                if entries[entryIndex].hiddenItem != nil {
                    // Shown again: visible before it is allocated (GTK skips invisible widgets).
                    entries[entryIndex].hiddenItem = nil
                    gtk_widget_set_visible(child, 1)
                }
            } else {
                if entries[entryIndex].hiddenItem == nil { entries[entryIndex].hiddenItem = children.items[k] }
                if gtk_widget_get_visible(child) != 0 { gtk_widget_set_visible(child, 0) }
            }
        }
    }

    /// Allocates a child at its frame.
    @inline(__always)
    private func allocate(_ child: Widget, at frame: FlowRect) {
        var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
        gtk_widget_allocate(child, Int32(frame.width), Int32(frame.height), -1, gsk_transform_translate(nil, &origin))
    }
}
