import CGtk
import FlowEngine
import FlowJSON

// Placing: in the container's allocation, run the engine for the allocated width and put every
// child at its frame before returning, so the frame GTK paints next already shows the new layout.
//
// GtkFixed's traps (see GTK-NOTES): it moves a child only through `gtk_fixed_move`, which queues
// a resize, so only children whose position changed are moved; and it allocates each child at the
// child's minimum size, so a child whose frame differs from that (it grows, fills, or is stretched)
// is allocated again at its frame right after the GtkFixed's allocation. Size requests are not used
// for this: they would hide the child's own natural size from the next measurement.

extension WrapHStack {
    func allocate(width: Int, height: Int) {
        let clock = ContinuousClock()
        let started = clock.now
        let children = laidOutChildren()
        let available = layout.axis == .horizontal ? width : height
        var options = engineLayout(indicator: indicatorItem())
        var result = options.layout(children.items, in: Double(available)).snapped()
        if indicator != nil && options.overflowIndicator != nil {
            settleIndicator(&result, &options, children.items, available: available)
        }

        laidOutWidgets = children.entryIndices.map { entries[$0].widget }
        // A change of the main-axis length is a resize: it follows the pointer at once.
        let resized = lastLayout.map { Int($0.request.available) != available } ?? false
        if !resized && shouldAnimate() {
            startAnimation()
        } else if resized {
            stopAnimation()
        }
        contentChanged = false
        let shown = displayedFrames(result, children: laidOutWidgets)
        let moves = place(children, result, shown)
        allocateFixed(children, result, shown, width: width, height: height)

        recordLayout(moves: moves)
        let request = FlowRequest(layout: options, available: Double(available), items: children.items)
        publish(LayoutReport(request: request, result: result, allocatedWidth: width,
                             allocatedHeight: height, duration: clock.now - started))
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
                result = options.layout(items, in: Double(available)).snapped()
                return
            }
            seen.insert(hidden)
            state.hiddenCount = hidden
            indicator = state
            if hidden > 0 { state.update(hidden) }
            options.overflowIndicator = indicatorItem()
            result = options.layout(items, in: Double(available)).snapped()
        }
    }

    /// Moves the children that changed position and hides or shows those `maxLines` decides.
    /// Returns the number of moves.
    private func place(_ children: LaidOutChildren, _ result: FlowResult, _ shown: [FlowRect]) -> Int {
        var moves = 0
        for (k, entryIndex) in children.entryIndices.enumerated() {
            let isShown = k < result.visibleCount
            let child = entries[entryIndex].widget
            // Invisible children take no part in GtkFixed's size or allocation.
            if isShown {
                if entries[entryIndex].hiddenItem != nil {
                    entries[entryIndex].hiddenItem = nil
                    gtk_widget_set_visible(child, 1)
                }
            } else {
                if entries[entryIndex].hiddenItem == nil { entries[entryIndex].hiddenItem = children.items[k] }
                if gtk_widget_get_visible(child) != 0 { gtk_widget_set_visible(child, 0) }
                continue
            }
            if move(child, to: shown[k], from: &entries[entryIndex].position) { moves += 1 }
        }
        if var state = indicator {
            let frame = result.indicatorFrame
            if (frame != nil) != (gtk_widget_get_visible(state.widget) != 0) {
                gtk_widget_set_visible(state.widget, frame != nil ? 1 : 0)
            }
            if let frame, move(state.widget, to: frame, from: &state.position) { moves += 1 }
            indicator = state
        }
        return moves
    }

    /// Moves a child in the GtkFixed when its position changed (every move queues a resize).
    private func move(_ child: Widget, to frame: FlowRect, from position: inout (x: Int, y: Int)?) -> Bool {
        let target = (x: Int(frame.x), y: Int(frame.y))
        if let position, position == target { return false }
        gtk_fixed_move(cgtk_fixed(fixed), child, Double(target.x), Double(target.y))
        position = target
        return true
    }

    /// Allocates the GtkFixed exactly as large as the content, then gives each child whose frame
    /// is not its minimum size (which is what GtkFixed allocates) its frame.
    private func allocateFixed(_ children: LaidOutChildren, _ result: FlowResult, _ shown: [FlowRect],
                               width: Int, height: Int) {
        // GTK requires a measure before an allocation; the GtkFixed's minimum is where its
        // furthest child ends, which the layout keeps within the content.
        var fixedMinWidth: Int32 = 0, fixedMinHeight: Int32 = 0
        gtk_widget_measure(fixed, GTK_ORIENTATION_HORIZONTAL, -1, &fixedMinWidth, nil, nil, nil)
        let fixedWidth = max(Int32(result.size.width), fixedMinWidth)
        gtk_widget_measure(fixed, GTK_ORIENTATION_VERTICAL, fixedWidth, &fixedMinHeight, nil, nil, nil)
        let fixedHeight = max(Int32(result.size.height), fixedMinHeight)
        gtk_widget_allocate(fixed, fixedWidth, fixedHeight, -1, nil)

        for (k, entryIndex) in children.entryIndices.enumerated() where k < result.visibleCount {
            let frame = shown[k]
            let item = children.items[k]
            if children.minimumIsNatural[k] && frame.width == item.width && frame.height == item.height {
                continue
            }
            allocate(entries[entryIndex].widget, at: frame)
        }
        if let state = indicator, let frame = result.indicatorFrame {
            allocate(state.widget, at: frame)
        }
    }

    /// Allocates a child at its frame unless GtkFixed already did.
    private func allocate(_ child: Widget, at frame: FlowRect) {
        var minimum = GtkRequisition()
        gtk_widget_get_preferred_size(child, &minimum, nil)
        let width = Int32(frame.width), height = Int32(frame.height)
        if minimum.width == width && minimum.height == height { return }
        var origin = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
        gtk_widget_allocate(child, width, height, -1, gsk_transform_translate(nil, &origin))
    }
}
