// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine

/// What the box keeps between GTK's size queries and its allocations (see
/// WrapHStackController+Layout), as one value with one way to make each part stale: the children as
/// engine items, the environment, and the engine's answers for the current inputs. A change says
/// what it changed (``Change``), so that a move or a drag's preview reorders the items it has
/// instead of measuring every child again.
struct BoxLayoutCache {
    /// What changed in what the engine is given.
    enum Change {
        /// The same children in another order (a move, a hovering drag's preview).
        case order
        /// Children came or went, or may have changed size: they are measured again.
        case sizes
        /// A child's grow or break-before, or the layout's options (the items are made again; the
        /// children are measured again if the options' generation moved: the axis may have changed).
        case options
        /// The stylesheet or the text direction may have changed: it is read again.
        case environment
    }

    /// The children as items, and the layout options' generation they were measured at.
    private(set) var children: LaidOutChildren?
    private(set) var childrenGeneration = 0
    /// Their sizes hold, but not their order or options: the items are made again from them.
    private(set) var childrenNeedOrder = false
    /// The stylesheet's spacing and extents and the direction, read once each time GTK's size
    /// cache is cleared (`nil`: read again), and as last read.
    private(set) var environment: LayoutEnvironment?
    private var lastEnvironment: LayoutEnvironment?
    /// Counts the changes of what the engine is given besides the options (the children's items,
    /// the environment, the indicator), and the engine's answers kept for the current count.
    private var inputsEpoch = 0
    private(set) var answers = EngineAnswers()
    /// The result the layout before the one on screen showed, for the next computation to write
    /// its frames and lines into (see WrapLayoutController.compute(_:_:indicator:available:reusing:)).
    var spareResult: FlowResult?

    /// The engine's answers for the current inputs and options: the lengths along the main axis,
    /// which no width changes, and the layout computed for the last length GTK asked about, which is
    /// the length it then allocates. So a resize runs the engine once, and a size query with no
    /// given size (asked at every new width, see WrapLayoutController.widgetResized) reads no item.
    struct EngineAnswers {
        var epoch = -1, generation = -1
        var lengths: (minimum: Int, natural: Int)?
        var computed: ComputedLayout?
    }

    mutating func invalidate(_ change: Change) {
        switch change {
        case .order, .options: childrenNeedOrder = true
        case .sizes: children = nil
        case .environment: environment = nil
        }
    }

    /// The children as items now (measured or made again from their sizes).
    mutating func keep(_ items: LaidOutChildren, generation: Int) {
        children = items
        childrenGeneration = generation
        childrenNeedOrder = false
        inputsEpoch &+= 1
    }

    /// The environment as read now.
    mutating func keep(_ read: LayoutEnvironment) {
        if read != lastEnvironment { inputsEpoch &+= 1 }
        lastEnvironment = read
        environment = read
    }

    /// Something else the engine is given changed (the indicator's size).
    mutating func inputsChanged() {
        inputsEpoch &+= 1
    }

    /// The answers, forgotten first if they were kept for other inputs or options.
    mutating func currentAnswers(generation: Int) -> EngineAnswers {
        if answers.epoch != inputsEpoch || answers.generation != generation {
            answers = EngineAnswers(epoch: inputsEpoch, generation: generation)
        }
        return answers
    }

    mutating func keepAnswers(lengths: (minimum: Int, natural: Int)) { answers.lengths = lengths }
    mutating func keepAnswers(computed: ComputedLayout) { answers.computed = computed }

    /// The box is disposed: nothing is kept.
    mutating func clear() {
        self = BoxLayoutCache()
    }
}
