import CGtk
import FlowEngine
import GObjectSupport

// The allocation: GTK gives the widget its size, and before the allocation returns every child is
// at its frame for that size, so the frame GTK paints next already shows the new layout. It runs
// in five steps:
//
// 1. compute: the engine's layout of the children for the allocated length, with a box's "+N
//    more" indicator settled (below);
// 2. check GTK's guessed height, and have the window laid out again when it was a guess
//    (+GuessedHeight); before placing, which in a GtkFixed clears GTK's size cache;
// 3. present: the frames to show, eased from the old ones while an animation runs (+Animation);
// 4. place: every shown child at its frame, allocated directly (+Placing) or, for a box with the
//    GtkFixed placement, moved in the GtkFixed, which is then allocated (+FixedPlacing);
// 5. publish: what is on screen now, then the box's notification and callbacks (below).
//
// With `.direct` nothing here queues a resize (only `maxLines` showing or hiding a box's child
// does, once, or a height that GTK's cache guessed), so a resize costs one layout pass and leaves
// no work for the next frame. With `.fixed` the moves queue resizes, which cost GDK one more
// measuring pass in the same frame (not an allocation, and no child measured: see +FixedPlacing).

extension WrapLayoutController {
    /// A layout computed for an allocation.
    struct ComputedLayout {
        let children: LaidOutChildren
        /// Exactly what the engine was given.
        var request: FlowRequest
        /// The engine's result, snapped to whole pixels.
        var result: FlowResult
    }

    /// What is on screen: the last layout, the widgets it placed (in item order, as the engine's
    /// frames are indexed) and the frames they are shown at (the engine's, or eased ones while an
    /// animation runs).
    struct ShownLayout {
        let report: LayoutReport
        let widgets: [Widget]
        let frames: [FlowRect]
    }

    func allocate(width: Int, height: Int) {
        let started = ContinuousClock.now
        needsRelayout = false
        let computed = computeLayout(available: layout.axis == .horizontal ? width : height)
        distrustGuessedCrossLength(computed.result, width: width, height: height)
        let frames = present(computed)
        switch placement {
        case .fixed: placeInFixed(computed, frames: frames, width: width, height: height)
        case .direct: placeDirectly(computed, frames: frames)
        }
        statistics.layoutPasses += 1
        let report = LayoutReport(request: computed.request, result: computed.result, allocatedWidth: width,
                                  allocatedHeight: height, duration: ContinuousClock.now - started)
        publish(ShownLayout(report: report, widgets: computed.children.widgets, frames: frames))
    }

    /// Step 1, compute: the children as measured, laid out at `available` (the main-axis length).
    private func computeLayout(available: Int) -> ComputedLayout {
        // GTK measures a widget before allocating it; should a child have queued a resize since,
        // this (normally answered from GTK's cache) query measures the children again.
        if let widget {
            var ignored: Int32 = 0
            gtk_widget_measure(widget, mainOrientation, -1, &ignored, nil, nil, nil)
        }
        let children = currentChildren()
        let request = FlowRequest(layout: engineLayout(indicator: indicatorItem()), available: Double(available),
                                  items: children.items)
        var computed = ComputedLayout(children: children, request: request, result: Self.snappedResult(of: request))
        if indicator != nil && request.layout.overflowIndicator != nil { settleIndicator(&computed) }
        return computed
    }

    /// The indicator says "+N more", and its size depends on N: update it with the hidden count
    /// and lay out again until the count stops changing. Should it oscillate (a wider label hides
    /// one more child, a narrower one shows it again), the larger count wins: its label is the one
    /// that fits.
    private func settleIndicator(_ computed: inout ComputedLayout) {
        func layOutAgain() {
            computed.request.layout.overflowIndicator = indicatorItem()
            computed.result = Self.snappedResult(of: computed.request)
        }
        var seen: Set<Int> = []
        for _ in 0..<4 {
            let hidden = computed.result.hiddenCount
            guard var state = indicator, hidden != state.hiddenCount else { return }
            if seen.contains(hidden) {
                let largest = seen.max() ?? hidden
                state.hiddenCount = largest
                indicator = state
                state.update(largest)
                remeasureIndicator()
                layOutAgain()
                return
            }
            seen.insert(hidden)
            state.hiddenCount = hidden
            indicator = state
            if hidden > 0 {
                state.update(hidden)
                remeasureIndicator()
            }
            layOutAgain()
        }
    }

    /// The engine's result for `request`, rounded to whole pixels in place.
    private static func snappedResult(of request: FlowRequest) -> FlowResult {
        var result = request.run()
        result.snap()
        return result
    }

    /// The content height of the last layout (its width in vertical layouts is the cross size).
    var contentHeight: Int { shown?.report.contentHeight ?? 0 }

    /// Step 5, publish: records what is on screen now (the one place it is set), then tells the box.
    private func publish(_ now: consuming ShownLayout) {
        let previousHeight = contentHeight
        let report = now.report
        shown = consume now
        host?.didLayout(report, heightChanged: report.contentHeight != previousHeight)
    }
}
