// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// What a WrapListView tells about its work: the report of each allocation and the work counters
// (named as WrapHStack's: WrapHStack.LayoutReport, WrapHStack.Statistics).

extension WrapListView {
    /// What a ``WrapListView`` allocation did.
    public struct LayoutReport: Sendable, Equatable {
        /// The options the engine ran with.
        public var layout: FlowLayout
        /// The allocated size and the main-axis length laid out.
        public var allocatedWidth: Int
        public var allocatedHeight: Int
        /// The number of model items, of lines, and the content's length across the lines.
        public var modelItems: Int
        public var lineCount: Int
        public var contentLength: Double
        /// The scroll offset the items were placed at.
        public var scrollOffset: Double
        /// The realized items and their frames in the content's coordinates (add `scrollOffset` away
        /// to get the widget's), as the engine gave them.
        public var realizedIndices: [Int]
        public var frames: [FlowRect]
    }

    /// Work counters of a ``WrapListView``.
    public struct Statistics: Sendable, Equatable {
        /// Allocations that placed items.
        public var layoutPasses = 0
        /// Line tables made whole (first layout, resize, options changed, many sizes changed).
        public var tableBuilds = 0
        /// Incremental updates of the table (`items-changed`, measured sizes).
        public var tableUpdates = 0
        /// Widgets made by `setup`, bound by `bind`, and torn down.
        public var setups = 0
        public var binds = 0
        public var teardowns = 0
        /// Items measured from widgets (in allocation or in idle time), and idle runs of measuring.
        public var itemsMeasured = 0
        public var idleMeasuringRuns = 0
        /// Lines broken again because items were measured (in allocation or idle time), not
        /// counting the settling of the lines past them.
        public var linesBrokenByMeasuring = 0
        /// Filters set that changed what is shown (``WrapListView/setFilter(_:)``).
        public var filterChanges = 0
        /// The most items realized at once.
        public var peakRealized = 0
    }
}
