// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// The box's measuring and allocation, which GTK asks the box itself (its measure and size_allocate
// vfuncs: the box has no layout manager, whose allocation would look at every child first): the
// children as items and the environment go to the layout's arithmetic, the frames that come back
// to the placer. Measuring and allocating share `currentChildren()` and
// `environment()`, so what GTK is told and what gets placed cannot disagree.

extension WrapHStackController {
    /// What is on screen: the last layout, the widgets it placed (in item order, as the engine's
    /// frames are indexed) and the frames they are shown at (the engine's, or eased ones while an
    /// animation runs).
    struct ShownLayout {
        let report: WrapHStack.LayoutReport
        let widgets: [Widget]
        let frames: [FlowRect]
    }

    /// What the engine is given changed: the cache forgets what `change` makes stale, and GTK is
    /// told.
    func layoutChanged(_ change: BoxLayoutCache.Change) {
        cache.invalidate(change)
        // Taken off now, outside any size query, so that measuring sees the children's own sizes.
        currentPlacer?.restoreOwnSizes()
        gtk_widget_queue_resize(widget)
    }

    /// Sets the layout's options (see ``WrapHStack/layout``).
    func setLayout(_ options: FlowLayout) {
        let generation = layout.optionsGeneration
        layout.setLayout(options)
        if layout.optionsGeneration != generation { layoutChanged(.options) }
    }

    // MARK: Measuring

    /// The children as items: the ones kept since GTK last reported a possible change (made again
    /// from their sizes when only their order or options changed), or measured now.
    func currentChildren() -> LaidOutChildren {
        if let kept = cache.children, cache.childrenGeneration == layout.optionsGeneration {
            guard cache.childrenNeedOrder else { return kept }
            var sizes: [Widget: FlowItem] = [:]
            sizes.reserveCapacity(kept.widgets.count)
            for (widget, item) in zip(kept.widgets, kept.items) { sizes[widget] = item }
            return laidOutChildren { sizes[$0] }
        }
        remeasureIndicator()
        statistics.childMeasurements += 1
        return laidOutChildren { _ in nil }
    }

    /// The children as items in the order the layout shows (during a hovering drag, the dragged
    /// child at the hovered place), each of the size `known` gives or measured, with its options.
    private func laidOutChildren(_ known: (Widget) -> FlowItem?) -> LaidOutChildren {
        // The children's own sizes, not the ones the placer gave them for their last frames.
        currentPlacer?.restoreOwnSizes()
        let axis = layout.layout.axis
        var children = LaidOutChildren()
        children.items.reserveCapacity(entries.count)
        children.entryIndices.reserveCapacity(entries.count)
        children.widgets.reserveCapacity(entries.count)
        for index in layoutOrder ?? Array(entries.indices) {
            let entry = entries[index]
            // A child the app hid is left out; one `maxLines` unmapped is measured as any other.
            guard gtk_widget_get_visible(entry.widget) != 0 else { continue }
            var item = known(entry.widget) ?? measuredItem(entry.widget, axis: axis)
            item.grow = effectiveGrow(entry.grow, of: entry.widget, axis: axis)
            item.breakBefore = entry.breakBefore
            children.items.append(item)
            children.entryIndices.append(index)
            children.widgets.append(entry.widget)
        }
        currentPlacer?.didMeasure(children.widgets)
        cache.keep(children, generation: layout.optionsGeneration)
        return children
    }

    /// The overflow indicator as an item, when there is one and `maxLines` can hide children.
    /// Measured again whenever the children are, and after its label changed with the count it
    /// shows (see `remeasureIndicator`).
    func indicatorItem() -> FlowItem? {
        guard var state = indicator, layout.layout.maxLines != nil else { return nil }
        if let item = state.item { return item }
        let item = measuredItem(state.widget, axis: layout.layout.axis)
        cache.inputsChanged()
        state.item = item
        currentPlacer?.didMeasureIndicator(state.widget)
        indicator = state
        return item
    }

    /// Forgets the indicator's measured size (its label changed, or every child is measured again),
    /// with its own size back first.
    func remeasureIndicator() {
        guard var state = indicator else { return }
        cache.inputsChanged()
        state.item = nil
        indicator = state
        currentPlacer?.restoreOwnSize(of: state.widget)
    }

    /// The box's environment: its text direction and the stylesheet's spacing and extents (kept
    /// until GTK's size cache is cleared, see +Theming).
    func environment() -> LayoutEnvironment {
        if let kept = cache.environment { return kept }
        var environment = LayoutEnvironment(of: widget)
        environment.cssSpacing = cssSpacing()
        environment.boxExtents = cssBoxExtents()
        cache.keep(environment)
        return environment
    }

    /// GTK's size query (see WrapLayoutController.measure).
    func measure(_ orientation: GtkOrientation, forSize: Int) -> (minimum: Int, natural: Int) {
        statistics.measurePasses += 1
        // GTK's cache was cleared: a child or the stylesheet may have changed a size, unless only
        // the placer's own work cleared it.
        if forSize < 0 {
            // No placer yet: no child either (adding one makes it).
            if currentPlacer?.childrenResized() ?? true { cache.invalidate(.sizes) }
            cache.invalidate(.environment)
        }
        let children = currentChildren()
        if forSize < 0 { currentPlacer?.willAnswerSizeQuery() }
        let environment = environment(), indicator = indicatorItem()
        let answers = cache.currentAnswers(generation: layout.optionsGeneration)
        if orientation == layout.mainOrientation {
            if let lengths = answers.lengths { return lengths }
            let lengths = layout.measure(children.items, environment, indicator: indicator, orientation, forSize: forSize)
            cache.keepAnswers(lengths: lengths)
            return lengths
        }
        guard forSize >= 0 else {
            return layout.measure(children.items, environment, indicator: indicator, orientation, forSize: forSize)
        }
        let computed = answers.computed.flatMap { Int($0.request.available) == forSize ? $0 : nil }
            ?? layout.compute(children, environment, indicator: indicator, available: forSize,
                              reusing: &cache.spareResult)
        cache.keepAnswers(computed: computed)
        let size = computed.result.size
        let cross = Int((layout.layout.axis == .horizontal ? size.height : size.width).rounded(.up))
        return (cross, cross)
    }

    // MARK: The allocation

    /// Before it returns, every child is at its frame for the new size, so the frame GTK paints
    /// next already shows the new layout: compute (the indicator settled), check GTK's guessed
    /// height (WrapLayoutController+GuessedHeight), present (eased while an animation runs), place
    /// (the placer), publish.
    func allocate(width: Int, height: Int) {
        let started = ContinuousClock.now
        needsRelayout = false
        let computed = computeLayout(available: layout.layout.axis == .horizontal ? width : height)
        if layout.distrustGuessedCrossLength(computed.result, width: width, height: height,
                                             boxExtents: environment().boxExtents,
                                             stylesheetMinimum: { cssMinimumSize() }) {
            statistics.cacheCorrections += 1
            needsRelayout = true
        }
        let frames = present(computed)
        let result = computed.result
        updateHidden(computed.children, visible: result.visibleCount)
        let indicatorFrame = result.indicatorFrame
        showIndicator(indicatorFrame != nil)
        currentPlacer?.place(computed.children.widgets, frames: frames, visible: result.visibleCount,
                              indicator: indicator.flatMap { state in indicatorFrame.map { (state.widget, $0) } },
                              width: width, height: height)
        statistics.layoutPasses += 1
        let report = WrapHStack.LayoutReport(request: computed.request, result: result, allocatedWidth: width,
                                  allocatedHeight: height, duration: ContinuousClock.now - started)
        publish(ShownLayout(report: report, widgets: computed.children.widgets, frames: frames))
        interaction.placeMarker()
    }

    /// The children as measured, laid out at `available` (the main-axis length).
    private func computeLayout(available: Int) -> ComputedLayout {
        // GTK measures a widget before allocating it; should a child have queued a resize since,
        // this (normally answered from GTK's cache) query measures the children again.
        var ignored: Int32 = 0
        gtk_widget_measure(widget, layout.mainOrientation, -1, &ignored, nil, nil, nil)
        let children = currentChildren(), environment = environment(), indicatorItem = indicatorItem()
        let answers = cache.currentAnswers(generation: layout.optionsGeneration)
        var computed = answers.computed.flatMap { Int($0.request.available) == available ? $0 : nil }
            ?? layout.compute(children, environment, indicator: indicatorItem, available: available,
                              reusing: &cache.spareResult)
        cache.keepAnswers(computed: computed)
        if indicator != nil && computed.request.layout.overflowIndicator != nil { settleIndicator(&computed) }
        return computed
    }

    /// The indicator says "+N more", and its size depends on N: update it with the hidden count
    /// and lay out again until the count stops changing. Should it oscillate (a wider label hides
    /// one more child, a narrower one shows it again), the larger count wins: its label is the one
    /// that fits.
    private func settleIndicator(_ computed: inout ComputedLayout) {
        func layOutAgain() {
            computed.request.layout.overflowIndicator = indicatorItem()
            computed.result = WrapLayoutController.snappedResult(of: computed.request)
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

    /// Unmaps the children `maxLines` leaves out (`gtk_widget_set_child_visible`, so they are
    /// neither drawn nor focused, and AT-SPI reports them as not showing) and maps the others
    /// again. Their `visible` is the app's and stays as the app set it: a child the app hid stays
    /// hidden when `maxLines` is cleared. GTK resets child-visible when a widget changes parent,
    /// so the widget's own state is compared, not only the mark.
    private func updateHidden(_ children: LaidOutChildren, visible: Int) {
        // Only the layout before can have hidden children that this one shows again (a child
        // `maxLines` hid is shown by the next layout that fits it, or when it is removed).
        let previouslyHidden = (shown?.report.result.hiddenCount ?? 0) > 0
        guard visible < children.items.count || previouslyHidden else { return }
        for k in children.items.indices {
            let entryIndex = children.entryIndices[k]
            let child = children.widgets[k]
            let shows = k < visible
            entries[entryIndex].hiddenByLayout = !shows
            if shows != (gtk_widget_get_child_visible(child) != 0) { gtk_widget_set_child_visible(child, shows ? 1 : 0) }
        }
    }

    /// Shows or hides the "+N more" indicator, by child-visible as for the children (its
    /// `visible` is the app's).
    private func showIndicator(_ shows: Bool) {
        guard let indicatorWidget = indicator?.widget,
              shows != (gtk_widget_get_child_visible(indicatorWidget) != 0) else { return }
        gtk_widget_set_child_visible(indicatorWidget, shows ? 1 : 0)
    }

    /// The content height of the last layout (its width in vertical layouts is the cross size).
    var contentHeight: Int { shown?.report.contentHeight ?? 0 }

    /// Records what is on screen now (the one place it is set), then the content-height
    /// notification and the Swift view's callbacks. The result shown until now becomes the spare
    /// the next computation writes into: the one before it is no longer shown.
    private func publish(_ now: consuming ShownLayout) {
        let previousHeight = contentHeight
        let report = now.report
        let retired = shown?.report.result
        shown = consume now
        cache.spareResult = retired
        let heightChanged = report.contentHeight != previousHeight
        if heightChanged { flow_wrap_hstack_notify_content_height(object) }
        onLayout?(report)
        if heightChanged { onContentHeightChanged?(report.contentHeight) }
    }
}
