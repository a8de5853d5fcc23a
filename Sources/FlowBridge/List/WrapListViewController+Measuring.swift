// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

// Measuring the items that have no size from the app: the first few at once (so the estimate is
// a mean of real sizes), the items on screen in the allocation from their own widgets, the rest
// in idle time by binding an off-screen probe widget to each, a few milliseconds per main-loop turn.

extension WrapListViewController {
    /// Asks the provider again for every item, or, without one, forgets every measured size.
    func resetSizes() {
        let count = sizes.model.count, filter = sizes.filter
        sizes = ShownItems()
        _ = sizes.replace(at: 0, removed: 0, added: count, provider: sizeProvider)
        _ = sizes.setFilter(filter)
        measureFirstItems()
        invalidateTable()
    }

    /// Without a provider, measures the first few items at once, so that the first estimate is a
    /// mean of real sizes.
    func measureFirstItems() {
        guard sizeProvider == nil, sizes.count > 0 else { return }
        // A FlowWrapListView whose `setup` handler is not connected yet (a model set first, as
        // a .ui or Python's keyword arguments do) measures them once it is (startMeasuring).
        guard items.canMakeWidgets else {
            if !disposed { lifecycle = .firstItemsPending }
            return
        }
        if lifecycle == .firstItemsPending { lifecycle = .live }
        for index in 0..<min(sizes.count, 16) where !sizes.isKnown(index) { _ = measureWithProbe(index) }
        sizes.replaceEstimates(sizes.estimate)
        scheduleIdleMeasuring()
    }

    /// Measures item `index` by binding the off-screen widget to it. Returns whether its size
    /// changed.
    func measureWithProbe(_ index: Int) -> Bool {
        let item = items.measureWithProbe(index, axis: layout.axis)
        counters.itemsMeasured += 1
        return sizes.setMeasured(index, item)
    }

    /// Measures the realized items whose size is not known yet, from their own widgets, and
    /// updates the table for those that changed. Returns whether any did.
    func measureRealized() -> Bool {
        guard sizeProvider == nil else { return false }
        var changed: [Int] = []
        for (index, widget) in items.realized where !sizes.isKnown(index) {
            counters.itemsMeasured += 1
            if sizes.setMeasured(index, measuredItem(widget, axis: layout.axis)) { changed.append(index) }
        }
        sizesChanged(changed)
        return !changed.isEmpty
    }

    /// Updates the table after the sizes of `indices` changed: one incremental update per run of
    /// neighbouring items, or a new table when they are many.
    func sizesChanged(_ indices: [Int]) {
        guard !indices.isEmpty else { return }
        spareTable = nil
        viewport.tableMoved()
        guard table != nil else { return }
        let runs = Self.runs(of: indices.sorted())
        if runs.count > 64 {
            table = nil
            return
        }
        // A list too long to be measured whole (past measuresEverythingUpTo) breaks the lines up
        // to the realized items and a page past them now, as for a model change, and the rest once
        // the measuring stops. Items measured while scrolling through estimated ones shift every
        // later line, which then never lines up with an old line again: broken again at once,
        // that was the whole tail of a million items in every frame. A shorter list is measured
        // whole in idle time anyway, and its table stays the layout's at every step.
        let shownEnd = (items.realized.keys.max() ?? indices.max()!) + 1
        let bounded = sizes.count > Self.measuresEverythingUpTo
        // Past the items at the estimate, the engine spans the lines without breaking them: a
        // realization margin's worth of lines past the shown ones is enough (settleLines breaks
        // more when the view gets there). Otherwise a page several times over, as for a change.
        let measuringAhead = table!.unsettledLineSpansUniformItems ? Self.measuringAhead : Self.breakingAhead
        for run in runs {
            let broken = table!.itemsChanged(at: run.lowerBound, removed: run.count, added: run.count, items: sizes.items,
                                             breakingAtMost: bounded ? max(shownEnd - run.lowerBound, run.count) + measuringAhead : nil)
            counters.tableUpdates += 1
            counters.linesBrokenByMeasuring += broken.count
        }
        if bounded { scheduleSettlingWhenStill() }
    }

    /// How many items past the realized ones a measured size breaks into lines at once, when the
    /// lines after them span items at the estimate (a few lines of small chips past the margin).
    static let measuringAhead = 200

    /// How long the measuring must rest before the lines past the shown ones are settled: while
    /// the user scrolls, every frame measures the items coming into view, and a settling run
    /// between two frames would only make the next frame's change break its lines again.
    static let settlingDelay = 300

    /// Settles the table (scheduleIdleSettling) once no item was measured for ``settlingDelay``
    /// milliseconds.
    func scheduleSettlingWhenStill() {
        guard !disposed, tableNeedsSettling else { return }
        if settleSource != 0 { g_source_remove(settleSource) }
        settleSource = runAfter(milliseconds: Self.settlingDelay) { [weak self] in
            guard let self else { return }
            self.settleSource = 0
            self.scheduleIdleSettling()
        }
    }

    static func runs(of sorted: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in sorted {
            if let last = runs.last, last.upperBound == index { runs[runs.count - 1] = last.lowerBound..<index + 1 }
            else { runs.append(index..<index + 1) }
        }
        return runs
    }

    // MARK: Idle measuring

    /// How long one idle run may measure, so that a frame is never held up by more.
    static let idleBudget: Duration = .milliseconds(3)

    /// Measures the first items if that waited for the factory, and starts idle measuring if
    /// items are left (each allocation calls this: cheap when there is nothing to do).
    func startMeasuring() {
        if lifecycle == .firstItemsPending, items.canMakeWidgets {
            measureFirstItems()
            table = nil
            spareTable = nil
            viewport.tableMoved()
        }
        scheduleIdleMeasuring()
    }

    /// Past this many items, idle measuring does not run: measuring all of a million items takes
    /// minutes of CPU, and every run's line update made a page scroll wait. Items stay at the
    /// estimate until they are realized, and are measured then (the view keeps what is on screen
    /// in place).
    static let measuresEverythingUpTo = 50_000

    func scheduleIdleMeasuring() {
        guard idleSource == 0, !disposed, sizeProvider == nil, sizes.unmeasuredCount > 0,
              sizes.model.count <= Self.measuresEverythingUpTo, !filteredItemsMeasured,
              items.canMakeWidgets else { return }
        idleSource = runWhenIdle { [weak self] in
            guard let self else { return }
            self.idleSource = 0
            self.measureInIdleTime()
        }
    }

    func stopIdleMeasuring() {
        if idleSource != 0 { g_source_remove(idleSource) }
        idleSource = 0
    }

    /// One idle run: measures unmeasured items for at most ``idleBudget``, the ones near the
    /// viewport first, then in order; updates the lines and schedules the next run.
    private func measureInIdleTime() {
        guard !disposed, sizeProvider == nil, items.canMakeWidgets else { return }
        counters.idleMeasuringRuns += 1
        let started = ContinuousClock.now
        var changed: [Int] = []
        var next = viewport.anchor?.index ?? 0
        while ContinuousClock.now - started < Self.idleBudget, let index = sizes.firstUnknown(from: next) {
            if measureWithProbe(index) { changed.append(index) }
            next = index + 1
        }
        // With a filter, the items left unknown may all be filtered out: measuring waits for the
        // next filter (or change) instead of looking for them at every idle run.
        if sizes.filter != nil, ContinuousClock.now - started < Self.idleBudget { filteredItemsMeasured = true }
        if !changed.isEmpty {
            sizesChanged(changed)
            gtk_widget_queue_resize(view)
        }
        scheduleIdleMeasuring()
    }
}

