// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

// What a WrapHStack tells about its work: the report of each layout and the work counters. The
// list has the same two under the same names (WrapListView.LayoutReport, WrapListView.Statistics).

extension WrapHStack {
    /// What one layout of a ``WrapHStack`` did.
    public struct LayoutReport: Sendable, Equatable {
        /// Exactly what the container gave the engine: options, available length and one item per
        /// laid-out child, enough to reproduce the layout (`request.run()`; FlowJSON writes it as
        /// `flow-layout`'s input, as `tag-editor --dump-layout` does).
        public var request: FlowRequest
        /// The engine's result, snapped to whole pixels, as applied to the children.
        public var result: FlowResult
        /// The container's allocated size.
        public var allocatedWidth: Int
        public var allocatedHeight: Int
        /// How long the allocation took, measuring and placing included.
        public var duration: Duration

        /// The number of lines shown.
        public var lineCount: Int { result.lines.count }
        /// The content's height (its width in vertical layouts is `result.size.width`).
        public var contentHeight: Int { Int(result.size.height) }
    }

    /// Work counters.
    public struct Statistics: Sendable, Equatable {
        /// Allocations in which the engine ran and children were placed.
        public var layoutPasses = 0
        /// Size queries answered (GTK caches them; each one is a real computation).
        public var measurePasses = 0
        /// Times the children were measured again because GTK reported a possible size change
        /// (content changed, a child queued a resize, the style changed).
        public var childMeasurements = 0
        /// Times GTK's height for a width was found to be a guess and measured again (see
        /// WrapLayoutController+GuessedHeight).
        public var cacheCorrections = 0
    }
}
