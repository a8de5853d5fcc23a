import CGtk
import FlowEngine
import GObjectSupport

// Every item's size, as the engine lays it out: from the app's size provider, measured from a
// bound widget, or, until then, an estimate (the mean of the sizes measured so far, taken when the
// item arrives; it stays that item's size until it is measured, so that measuring one item moves
// only that item's lines). The items on screen are measured in the allocation, from the widgets
// bound to them; the rest in idle time, by binding an off-screen widget of the factory's to each
// in turn, a few milliseconds per main-loop turn.

/// The sizes of a list's items.
struct ItemSizes {
    /// One engine item per model item.
    private(set) var items: [FlowItem] = []
    /// Whether each item's size is known (provided or measured).
    private var known: [Bool] = []
    private(set) var unmeasuredCount = 0
    /// Sums of the known sizes, for the estimate.
    private var sums = (width: 0.0, height: 0.0, minimumWidth: 0.0, minimumHeight: 0.0, count: 0)
    /// The engine's minimum and natural length of all items, kept until they change.
    private var lengths: (options: FlowLayout, minimum: Double, natural: Double)?
    /// What those lengths are summed from, kept in runs, so that a change costs a run's sum again
    /// rather than a pass over every item.
    private var lengthSummary = FlowLengthSummary(count: 0, axis: .horizontal)

    var count: Int { items.count }

    /// The mean of the known sizes (a small chip before any is known).
    var estimate: FlowItem {
        guard sums.count > 0 else { return FlowItem(width: 48, height: 24) }
        let n = Double(sums.count)
        return FlowItem(width: (sums.width / n).rounded(), height: (sums.height / n).rounded(),
                        minimumWidth: (sums.minimumWidth / n).rounded(),
                        minimumHeight: (sums.minimumHeight / n).rounded())
    }

    func isKnown(_ index: Int) -> Bool { known[index] }

    /// Replaces `removed` items at `position` by `added` new ones, sized by `provider` when there
    /// is one (known), else at the estimate (unknown).
    @MainActor
    mutating func replace(at position: Int, removed: Int, added: Int, provider: (@MainActor (Int) -> FlowItem)?) {
        let old = position..<position + removed
        for index in old where known[index] { forget(items[index]) }
        unmeasuredCount -= old.count { !known[$0] }
        var fresh: [FlowItem]
        if let provider {
            var sums = self.sums
            fresh = [FlowItem](unsafeUninitializedCapacity: added) { buffer, initialized in
                for offset in 0..<added {
                    let item = provider(position + offset)
                    (buffer.baseAddress! + offset).initialize(to: item)
                    sums.width += item.width
                    sums.height += item.height
                    sums.minimumWidth += item.minimumWidth
                    sums.minimumHeight += item.minimumHeight
                }
                sums.count += added
                initialized = added
            }
            self.sums = sums
        } else {
            fresh = Array(repeating: estimate, count: added)
            unmeasuredCount += added
        }
        // Array's replaceSubrange copies element by element; building a whole list (a million
        // items) takes the new array as it is.
        if items.isEmpty {
            items = fresh
            known = Array(repeating: provider != nil, count: added)
            lengthSummary = FlowLengthSummary(count: added, axis: .horizontal)
        } else {
            items.replaceSubrange(old, with: fresh)
            known.replaceSubrange(old, with: repeatElement(provider != nil, count: added))
            lengthSummary.itemsChanged(at: position, removed: removed, added: added)
        }
        lengths = nil
    }

    /// Gives item `index` its measured size. Returns whether its size changed.
    mutating func setMeasured(_ index: Int, _ item: FlowItem) -> Bool {
        var item = item
        item.grow = items[index].grow
        item.breakBefore = items[index].breakBefore
        if known[index] { forget(items[index]) } else { unmeasuredCount -= 1 }
        known[index] = true
        remember(item)
        guard items[index] != item else { return false }
        items[index] = item
        lengthSummary.itemsChanged(at: index, removed: 1, added: 1)
        lengths = nil
        return true
    }

    /// Gives every unknown item `estimate` (they stay unknown).
    mutating func replaceEstimates(_ estimate: FlowItem) {
        guard unmeasuredCount > 0 else { return }
        for index in items.indices where !known[index] {
            var item = estimate
            item.grow = items[index].grow
            item.breakBefore = items[index].breakBefore
            items[index] = item
        }
        lengthSummary = FlowLengthSummary(count: items.count, axis: .horizontal)
        lengths = nil
    }

    /// The first unknown item at or after `start` (wrapping around), if any.
    func firstUnknown(from start: Int) -> Int? {
        guard unmeasuredCount > 0, !items.isEmpty else { return nil }
        let start = min(max(0, start), items.count)
        return known[start...].firstIndex(of: false) ?? known[..<start].firstIndex(of: false)
    }

    /// The engine's minimum and natural main-axis length of the items, kept until they change.
    mutating func mainLengths(_ options: FlowLayout) -> (minimum: Double, natural: Double) {
        if let lengths, lengths.options == options { return (lengths.minimum, lengths.natural) }
        let computed = lengthSummary.lengths(options, items: items)
        lengths = (options, computed.minimum, computed.natural)
        return computed
    }

    var allocatedByteCount: Int {
        items.capacity * MemoryLayout<FlowItem>.stride + known.capacity + lengthSummary.allocatedByteCount
    }

    private mutating func remember(_ item: FlowItem) {
        sums.width += item.width
        sums.height += item.height
        sums.minimumWidth += item.minimumWidth
        sums.minimumHeight += item.minimumHeight
        sums.count += 1
    }

    private mutating func forget(_ item: FlowItem) {
        sums.width -= item.width
        sums.height -= item.height
        sums.minimumWidth -= item.minimumWidth
        sums.minimumHeight -= item.minimumHeight
        sums.count -= 1
    }
}

extension WrapListController {
    /// Asks the provider again for every item, or, without one, forgets every measured size.
    func resetSizes() {
        let count = sizes.count
        sizes = ItemSizes()
        sizes.replace(at: 0, removed: 0, added: count, provider: sizeProvider)
        measureFirstItems()
        invalidateTable()
    }

    /// Without a provider, measures the first few items at once, so that the first estimate is a
    /// mean of real sizes.
    func measureFirstItems() {
        guard sizeProvider == nil, sizes.count > 0 else { return }
        // A FlowWrapListView whose `setup` handler is not connected yet (a model set first, as
        // a .ui or Python's keyword arguments do) measures them once it is (startMeasuring).
        guard factory.canSetUp() else {
            firstItemsPending = true
            return
        }
        firstItemsPending = false
        for index in 0..<min(sizes.count, 16) where !sizes.isKnown(index) { _ = measureWithProbe(index) }
        sizes.replaceEstimates(sizes.estimate)
        scheduleIdleMeasuring()
    }

    /// Measures item `index` by binding the off-screen widget to it. Returns whether its size
    /// changed.
    func measureWithProbe(_ index: Int) -> Bool {
        let probe = self.probe ?? makeProbe()
        factory.bind(probe, index)
        let item = measuredItem(probe, axis: layout.axis)
        factory.unbind(probe, index)
        statistics.itemsMeasured += 1
        return sizes.setMeasured(index, item)
    }

    private func makeProbe() -> Widget {
        let widget = makeItemWidget()
        gtk_widget_set_child_visible(widget, 0)
        // Never shown, so no item of the list for a screen reader (it holds the last item it measured).
        cgtk_accessible_set_hidden(widget, 1)
        probe = widget
        return widget
    }

    /// Measures the realized items whose size is not known yet, from their own widgets, and
    /// updates the table for those that changed. Returns whether any did.
    func measureRealized() -> Bool {
        guard sizeProvider == nil else { return false }
        var changed: [Int] = []
        for (index, widget) in realized where !sizes.isKnown(index) {
            statistics.itemsMeasured += 1
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
        tableMoved = true
        guard table != nil else { return }
        let runs = Self.runs(of: indices.sorted())
        if runs.count > 64 {
            table = nil
            return
        }
        for run in runs {
            table!.itemsChanged(at: run.lowerBound, removed: run.count, added: run.count, items: sizes.items)
            statistics.tableUpdates += 1
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
        if firstItemsPending, factory.canSetUp() {
            measureFirstItems()
            table = nil
            spareTable = nil
            tableMoved = true
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
              sizes.count <= Self.measuresEverythingUpTo, factory.canSetUp() else { return }
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
        guard !disposed, sizeProvider == nil, factory.canSetUp() else { return }
        statistics.idleMeasuringRuns += 1
        let started = ContinuousClock.now
        var changed: [Int] = []
        var next = anchor?.index ?? 0
        while ContinuousClock.now - started < Self.idleBudget, let index = sizes.firstUnknown(from: next) {
            if measureWithProbe(index) { changed.append(index) }
            next = index + 1
        }
        if !changed.isEmpty {
            sizesChanged(changed)
            gtk_widget_queue_resize(view)
        }
        scheduleIdleMeasuring()
    }
}

