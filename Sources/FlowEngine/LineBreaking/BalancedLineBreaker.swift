// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// Balanced line breaking: greedy's number of lines, with the leftover space spread as evenly as
/// possible.
///
/// What is optimised, exactly: among all ways to break the items into K lines, where K is the
/// fewest lines that fit (greedy's count), the breaks that minimise
/// Σ over lines (inner length − line extent)², the last line included. An item too long for any
/// line has leftover 0. With an unbounded length the reference length is the extent of all items
/// on one line; since K and the total extent are fixed, the optimum does not depend on that
/// reference (the objective differs from Σ extent² by a constant).
///
/// How it stays fast: the j-th break of any K-line solution lies between where backward greedy
/// puts it (the rest must still fit in K − j lines) and where forward greedy puts it (the most
/// items j lines can hold). The dynamic program keeps, for each j, only the positions in that
/// window, and looks back only into the previous window. A position lies in at most two windows
/// (forward and backward greedy cut every line at most once), and a line holds at most k items,
/// so the work is O(n·k) at worst; since the best start of a line never moves back as its end
/// moves forward (the costs form a Monge array), each end's search starts at a later end's best
/// start and rarely tries more than four: with typical slack the work is close to O(n). Forward
/// greedy is done while the items are summed, so a layout reads each item twice (once to sum,
/// once to place). How each step was tuned, and what was measured slower: `BENCHMARKS.md`.
struct BalancedLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    /// Line ends (exclusive), in order.
    let ends: [Int]
    private var lineIndex = 0
    let items: Items
    let needs: LineSummary.Needs
    let spacing: Double

    init(_ items: Items, rules: LineRules, innerLength: Double, needs: LineSummary.Needs) {
        self.items = items
        self.needs = needs
        spacing = rules.spacing
        ends = Self.optimalEnds(items, Axis.self, rules: rules, innerLength: innerLength)
    }

    /// A breaker that gives the lines ending at `ends`, found before (a line table's, for the
    /// lines it places again), from the first of them on.
    init(_ items: Items, ends: [Int], rules: LineRules, needs: LineSummary.Needs) {
        self.items = items
        self.needs = needs
        spacing = rules.spacing
        self.ends = ends
    }

    /// The next line, its frames written packed from `main` while its summary is gathered: one
    /// read of each item (see `LineBreaker.nextLinePlacing`).
    mutating func nextLinePlacing<Sink: FrameSink>(from start: Int, main: Double, cross: Double,
                                                   into sink: inout Sink) -> LineSummary {
        let end = ends[lineIndex]
        lineIndex += 1
        var sum = 0.0, thickest = 0.0, growth = 0.0
        var position = main
        for i in start..<end {
            let item = items[i]
            let length = Axis.hypotheticalMain(item)
            let thickness = Axis.cross(item)
            sink.write(i, Axis.rect(main: position, cross: cross, mainSize: length, crossSize: thickness))
            position += length + spacing
            sum += length
            thickest = thickness > thickest ? thickness : thickest
            growth += item._grow
        }
        return LineSummary(end: end, hypotheticalSum: sum, growth: growth, thickest: thickest)
    }

    mutating func nextLine(from start: Int) -> LineSummary {
        var summary = LineSummary()
        summary.end = ends[lineIndex]
        lineIndex += 1
        for i in start..<summary.end {
            let item = items[i]
            summary.include(item, length: Axis.hypotheticalMain(item), Axis.self, needs)
        }
        return summary
    }

    static func optimalEnds(_ items: Items, _: Axis.Type, rules: LineRules, innerLength: Double) -> [Int] {
        let n = items.count
        if n == 0 { return [] }

        // prefix[i]: the first i lengths, each followed by one spacing, so that items a..<b span
        // prefix[b] − prefix[a] − spacing. Scratch memory read over and over below: a plain
        // pointer, neither zeroed nor checked. (`Problem.searchWidth` slots more in front, read by
        // the search, never used.)
        let prefixStorage = UnsafeMutablePointer<Double>.allocate(capacity: n + 1 + Problem.searchWidth)
        defer { prefixStorage.deallocate() }
        prefixStorage.initialize(repeating: 0, count: Problem.searchWidth)
        let prefix = prefixStorage + Problem.searchWidth
        // forwardBreaks[j]: the most items j lines can hold (at most n + 1 breaks: every item alone).
        let forwardBreaks = UnsafeMutablePointer<Int>.allocate(capacity: n + 1)
        defer { forwardBreaks.deallocate() }
        let forward = sumAndBreakForward(items, rules: rules, prefix: prefix, forwardBreaks: forwardBreaks)
        let lineCount = forward.lineCount
        if lineCount <= 1 { return [n] }
        // Should the tolerance in `accepts` ever make the sweeps disagree, greedy's breaks are
        // still a valid answer.
        let greedyEnds = { Array(UnsafeBufferPointer(start: forwardBreaks + 1, count: lineCount)) }

        let problem = Problem(prefix: prefix, count: n, spacing: rules.spacing, limit: rules.limit,
                              reference: innerLength == .infinity ? prefix[n] - rules.spacing : innerLength,
                              forwardBreaks: forwardBreaks, lineCount: lineCount)
        guard !forward.anyForced && rules.maxItems >= n else {
            let lowest = earliestStarts(items, maxItems: rules.maxItems)
            defer { lowest.deallocate() }
            return problem.solve(TableFloor(lowest: lowest)) ?? greedyEnds()
        }
        return problem.solve(NoFloor()) ?? greedyEnds()
    }

    /// One pass over the items: fills `prefix` and breaks greedily forward on the way into
    /// `forwardBreaks`. Returns greedy's line count, and whether any item after the first asks for
    /// a break (usually none).
    ///
    /// The running sums stay in registers and each grows by one addition per item (two short
    /// chains of dependent additions side by side, not one twice as long); the loop calls nothing,
    /// so that no call can take its registers.
    @inline(__always)
    private static func sumAndBreakForward(
        _ items: Items, rules: LineRules, prefix: UnsafeMutablePointer<Double>,
        forwardBreaks: UnsafeMutablePointer<Int>
    ) -> (lineCount: Int, anyForced: Bool) {
        let n = items.count
        let spacing = rules.spacing, limit = rules.limit, maxItems = rules.maxItems
        forwardBreaks[0] = 0
        var lineCount = 0
        var anyForced = false
        let firstLength = rules.breakingLength(items[0], Axis.self)
        var running = firstLength + spacing
        prefix[0] = 0
        prefix[1] = running
        var extent = firstLength
        var lineBound = maxItems > n ? n : maxItems   // the first item that cannot join this line
        // Compiled twice: without the item limit (the common case) the loop has one test fewer.
        @inline(__always)
        func sweep(limitingItems: Bool) {
            var i = 1
            while i < n {
                let item = items[i]
                let length = rules.breakingLength(item, Axis.self)
                running = running + (length + spacing)
                prefix[i &+ 1] = running
                let next = extent + (spacing + length)
                if next <= limit && (!limitingItems || i < lineBound) && !item.breakBefore {
                    extent = next
                } else {
                    if item.breakBefore { anyForced = true }
                    lineCount &+= 1
                    forwardBreaks[lineCount] = i
                    if limitingItems { lineBound = maxItems > n - i ? n : i + maxItems }
                    extent = length
                }
                i &+= 1
            }
        }
        if maxItems >= n {
            sweep(limitingItems: false)
        } else {
            sweep(limitingItems: true)
        }
        lineCount += 1
        forwardBreaks[lineCount] = n
        return (lineCount, anyForced)
    }

    /// lowest[b]: the earliest start of a line that ends at b. No item after a line's first may ask
    /// for a break, and a line holds at most `maxItems` (both allow one item alone). The caller
    /// deallocates it.
    private static func earliestStarts(_ items: Items, maxItems: Int) -> UnsafeMutablePointer<Int> {
        let n = items.count
        let lowest = UnsafeMutablePointer<Int>.allocate(capacity: n + 1)
        var forced = 0
        lowest[0] = 0
        for b in 1...n {
            if b >= 2 && items[b - 1].breakBefore { forced = b - 1 }
            lowest[b] = max(forced, b > maxItems ? b - maxItems : 0)
        }
        return lowest
    }
}

/// The earliest start allowed for a line that ends at a given position.
private protocol StartFloor {
    func callAsFunction(_ end: Int) -> Int
    /// Whether the floor can lie above the previous window's first start (the search must then
    /// test each start against it).
    static var mayRaiseStarts: Bool { get }
}

/// No item asks for a break and lines hold any number of items (the common case, compiled apart).
private struct NoFloor: StartFloor {
    @inline(__always) func callAsFunction(_ end: Int) -> Int { 0 }
    static var mayRaiseStarts: Bool { false }
}

private struct TableFloor: StartFloor {
    let lowest: UnsafeMutablePointer<Int>
    @inline(__always) func callAsFunction(_ end: Int) -> Int { lowest[end] }
    static var mayRaiseStarts: Bool { true }
}

/// Where each break may lie: break j lies in `low[j]...forwardBreaks[j]` (`low` from backward
/// greedy). Frees its memory when it ends.
private struct BreakWindows: ~Copyable {
    let low: UnsafeMutablePointer<Int>
    /// The most positions one window holds.
    let widest: Int
    /// The positions of all windows together.
    let total: Int

    deinit { low.deallocate() }
}

/// The dynamic program's memory. Each window's costs are needed only by the next window, so two
/// small buffers take turns (they stay in the nearest cache), each with `searchWidth` − 1 slots of
/// +∞ before its entries (starts before a window cost +∞ to the search). The choices of all windows
/// are kept, for following them back: each as its offset in the window before, in 4 bytes;
/// `offsets[j]` is where window j's choices begin. Every entry is written before it is read.
private struct CostTables: ~Copyable {
    var previous: UnsafeMutablePointer<Double>
    var current: UnsafeMutablePointer<Double>
    let choice: UnsafeMutablePointer<Int32>
    let offsets: UnsafeMutablePointer<Int>
    static var pad: Int { Problem.searchWidth - 1 }

    init(_ windows: borrowing BreakWindows, lineCount: Int) {
        offsets = .allocate(capacity: lineCount + 1)
        previous = .allocate(capacity: Self.pad + windows.widest)
        current = .allocate(capacity: Self.pad + windows.widest)
        choice = .allocate(capacity: windows.total)
        previous.initialize(repeating: .infinity, count: Self.pad)
        current.initialize(repeating: .infinity, count: Self.pad)
        previous[Self.pad] = 0   // window 0 is the single position 0
    }

    deinit {
        offsets.deallocate()
        previous.deallocate()
        current.deallocate()
        choice.deallocate()
    }
}

/// The breaking problem once the items are summed: lines must fit, and there must be as many as
/// forward greedy made.
private struct Problem {
    let prefix: UnsafeMutablePointer<Double>
    let count: Int
    let spacing: Double
    let limit: Double
    let reference: Double
    /// Forward greedy's breaks: lineCount + 1 positions, the first 0 and the last `count`.
    let forwardBreaks: UnsafePointer<Int>
    let lineCount: Int

    static let infinityBits = Double.infinity.bitPattern
    /// How many starts the search tries between two tests of whether to go on.
    static let searchWidth = 4

    /// The optimal ends, or `nil` when rounding made the bounds disagree.
    @inline(__always)
    func solve<Floor: StartFloor>(_ floor: Floor) -> [Int]? {
        let windows = backwardGreedy(floor)
        // (Offsets within a window fit in 32 bits for any layout that fits in memory: a window
        // holds at most two lines of items, since window j + 2 begins after window j ends.)
        guard windows.widest < Int(Int32.max) else { return nil }
        var tables = CostTables(windows, lineCount: lineCount)
        guard solveWindows(floor, windows, &tables) else { return nil }
        return followChoices(windows, tables)
    }

    /// Backward greedy: the fewest items the first j lines may hold, the rest packed as tightly
    /// as they go, with the windows' widths summed on the way. Each line's start is found from the
    /// prefix sums, stepping a few items either way from the length of the line after it, instead
    /// of reading every item again; the fit test is the search's own, to the last bit.
    @inline(__always)
    func backwardGreedy<Floor: StartFloor>(_ floor: Floor) -> BreakWindows {
        let n = count, highs = forwardBreaks
        let low = UnsafeMutablePointer<Int>.allocate(capacity: lineCount + 1)
        low[0] = 0
        low[lineCount] = n
        var end = n
        var span = n / lineCount
        var widest = 1, total = 2   // windows 0 and lineCount are single positions
        var line = lineCount &- 1
        while line >= 1 {
            let lowest = floor(end)
            let single = end &- 1
            var a = end &- span
            if a < lowest { a = lowest }
            if a > single { a = single }
            // Items a..<end fit when prefix[a] ≥ fitting; a line of one item is always allowed.
            let fitting = (prefix[end] - spacing) - limit
            if a == single || prefix[a] >= fitting {
                while a > lowest && prefix[a &- 1] >= fitting { a &-= 1 }
            } else {
                repeat { a &+= 1 } while a < single && prefix[a] < fitting
            }
            low[line] = a
            let width = highs[line] &- a &+ 1
            widest = width > widest ? width : widest
            total &+= width > 0 ? width : 0
            span = end &- a
            end = a
            line &-= 1
        }
        return BreakWindows(low: low, widest: widest, total: total)
    }

    /// The dynamic program, window by window: each end's cost is the best over the starts of the
    /// previous window of that start's cost plus the line's squared leftover. The squared leftover
    /// is a convex function of the extent, a difference of prefix sums, so the costs form a Monge
    /// array (the limits on a line only rule out starts that are too early, a staircase that keeps
    /// it so): the best start never moves back as the end moves forward. So a window's ends are
    /// solved from the last one back, each searching down from the best start of the end two after
    /// it (so that two chains of ends run side by side). Returns `false` when the last end is out
    /// of reach (were any window, it would be too: no early exit is needed).
    @inline(__always)
    func solveWindows<Floor: StartFloor>(_ floor: Floor, _ windows: borrowing BreakWindows,
                                         _ tables: inout CostTables) -> Bool {
        let highs = forwardBreaks, lows = windows.low, pad = CostTables.pad
        var stored = 1
        for j in 1...lineCount {
            let low = lows[j], high = highs[j]
            let previousLow = lows[j &- 1], previousHigh = highs[j &- 1]
            guard low <= high else { return false }
            tables.offsets[j] = stored
            let window = tables.current + pad, windowChoice = tables.choice + stored
            stored &+= high &- low &+ 1
            // Indexed by start position (wrapping arithmetic: the pointer may point before the
            // buffer; only the +∞ slots before the entries are read there).
            let previousCosts = UnsafePointer(tables.previous + (pad &- previousLow))
            var ceiling = previousHigh, nextCeiling = previousHigh
            var b = high
            while b >= low {
                let best = bestStart(ofLineEndingAt: b, below: ceiling, previousLow: previousLow,
                                     previousCosts: previousCosts, floor)
                window[b &- low] = best.cost
                windowChoice[b &- low] = Int32(truncatingIfNeeded: best.start &- previousLow)
                // The next end's ceiling is known before this end is solved, so that the two
                // chains of ends run side by side.
                ceiling = nextCeiling
                nextCeiling = best.start
                b &-= 1
            }
            swap(&tables.previous, &tables.current)
        }
        return tables.previous[pad] < .infinity
    }

    /// The best start of a line ending at `b`, no later than `ceiling`, with the cost of the best
    /// lines before it plus its own. Starts are tried `searchWidth` at a time with no branch on
    /// the data, the unfit ones costing +∞, and the search goes on only while the start after the
    /// last one tried still fits: one branch per end, almost always taken the same way.
    @inline(__always)
    func bestStart<Floor: StartFloor>(
        ofLineEndingAt b: Int, below ceiling: Int, previousLow: Int,
        previousCosts: UnsafePointer<Double>, _ floor: Floor
    ) -> (cost: Double, start: Int) {
        let spannedEnd = prefix[b] - spacing
        // Items a..<b fit when prefix[a] ≥ fitting; their leftover is room + prefix[a].
        let fitting = spannedEnd - limit, room = reference - spannedEnd
        let lowest = Floor.mayRaiseStarts ? max(previousLow, floor(b)) : previousLow
        let single = b &- 1
        // The cost of the line a..<b after the best lines before it. An unfit start costs +∞ by
        // arithmetic, not by a choice the compiler would turn back into a branch; the penalty
        // joins the previous cost while the leftover is squared (two short chains side by side,
        // not one long one). (A fitting line's leftover is never negative, bar the hair of
        // tolerance in `limit`, so it needs no clamping.)
        @inline(__always)
        func cost(_ a: Int) -> Double {
            let start = prefix[a]
            var unfit = start < fitting
            if Floor.mayRaiseStarts { unfit = unfit || a < lowest }
            let penalty = Double(bitPattern: UInt64(unfit ? 1 : 0) &* Self.infinityBits)
            let leftover = room + start
            return (previousCosts[a] + penalty) + leftover * leftover
        }
        // Indices stay within −searchWidth...n: wrapping arithmetic only drops overflow checks
        // from the hottest loop of balanced breaking.
        var a = ceiling < single ? ceiling : single
        let top = a
        // The first start tried is the best so far, even at +∞: an end that no start reaches
        // keeps it as its choice, never followed, and it is still a ceiling for the ends solved
        // after (below) this one.
        var best = cost(a)
        var bestStart = a
        // Later starts first, kept on ties: earlier lines fuller.
        @inline(__always)
        func consider(_ a: Int) {
            let total = cost(a)
            let better = total < best
            best = better ? total : best
            bestStart = better ? a : bestStart
        }
        consider(a &- 1)
        consider(a &- 2)
        consider(a &- 3)
        a &-= Self.searchWidth
        while prefix[a] >= fitting && a >= lowest {
            consider(a)
            consider(a &- 1)
            consider(a &- 2)
            consider(a &- 3)
            a &-= Self.searchWidth
        }
        // A line of one item is always allowed, too long or not (leftover 0); the search above
        // priced a too-long one at +∞. It is the latest start, so it wins ties.
        if top == single && single >= lowest && prefix[single] < fitting {
            let total = previousCosts[single]
            if total <= best && total < .infinity {
                best = total
                bestStart = single
            }
        }
        return (best, bestStart)
    }

    /// The optimal ends, following each end's choice back from the last.
    @inline(__always)
    func followChoices(_ windows: borrowing BreakWindows, _ tables: borrowing CostTables) -> [Int] {
        let lows = windows.low, choice = tables.choice, offsets = tables.offsets
        return [Int](unsafeUninitializedCapacity: lineCount) { ends, initialized in
            var b = count, j = lineCount
            while j >= 1 {
                ends[j &- 1] = b
                b = lows[j &- 1] &+ Int(choice[offsets[j] &+ b &- lows[j]])
                j &-= 1
            }
            initialized = lineCount
        }
    }
}
