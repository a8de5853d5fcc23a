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
/// moves forward (the costs form a Monge array), each search starts where the next end's best
/// start was, and with typical slack the work is close to O(n).
struct BalancedLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    /// Line ends (exclusive), in order.
    private(set) var ends: [Int]
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

    /// The next line, its frames written packed from `main` while its summary is gathered: one
    /// read of each item (see `LineBreaker.nextLinePlacing`).
    mutating func nextLinePlacing<Sink: FrameSink>(from start: Int, main: Double, cross: Double,
                                                   into sink: inout Sink) -> LineSummary? {
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

        // Scratch memory, read over and over below: plain pointers, neither zeroed nor checked.
        // lengths; prefix[i], the sum of the first i lengths each followed by one spacing, so that
        // items a..<b span prefix[b] − prefix[a] − spacing; and lastForcedBreak[i], the last item at
        // or before i that starts a line by itself (breakBefore), or 0.
        let lengths = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let prefix = UnsafeMutablePointer<Double>.allocate(capacity: n + 1)
        let lastForcedBreak = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer {
            lengths.deallocate()
            prefix.deallocate()
            lastForcedBreak.deallocate()
        }

        // One pass over the items fills them, and breaks greedily forward on the way:
        // forwardBreaks[j] is the most items j lines can hold.
        var forwardBreaks = [0]
        forwardBreaks.reserveCapacity(n / 4 + 2)
        prefix[0] = 0
        var forced = 0
        var lineStart = 0
        var extent = 0.0
        for i in 0..<n {
            let item = items[i]
            let length = Axis.hypotheticalMain(item)
            lengths[i] = length
            prefix[i + 1] = prefix[i] + length + rules.spacing
            if i > 0 && item.breakBefore { forced = i }
            lastForcedBreak[i] = forced
            if i == 0 {
                extent = length
            } else if forced != i && rules.accepts(extent: extent, adding: length, count: i - lineStart) {
                extent = extent + (rules.spacing + length)
            } else {
                forwardBreaks.append(i)
                lineStart = i
                extent = length
            }
        }
        forwardBreaks.append(n)
        let lineCount = forwardBreaks.count - 1
        if lineCount <= 1 { return [n] }

        // Backward greedy: backwardBreaks[j] is the fewest items the first j lines may hold.
        var backwardBreaks = [Int](repeating: 0, count: lineCount + 1)
        backwardBreaks[lineCount] = n
        var end = n
        for line in stride(from: lineCount - 1, through: 1, by: -1) {
            var start = end - 1
            var extent = lengths[start]
            while start > 0 && lastForcedBreak[start] != start
                    && rules.accepts(extent: extent, adding: lengths[start - 1], count: end - start) {
                extent = extent + (rules.spacing + lengths[start - 1])
                start -= 1
            }
            backwardBreaks[line] = start
            end = start
        }

        let reference: Double = innerLength == .infinity ? prefix[n] - rules.spacing : innerLength

        // Windows: break j lies in backwardBreaks[j]...forwardBreaks[j]. Costs and choices of all
        // windows live in flat scratch memory, window j starting at offsets[j]; every entry is
        // written before it is read.
        var offsets = [Int](repeating: 0, count: lineCount + 2)
        for j in 0...lineCount {
            offsets[j + 1] = offsets[j] + max(0, forwardBreaks[j] - backwardBreaks[j] + 1)
        }
        let positions = offsets[lineCount + 1]
        let cost = UnsafeMutablePointer<Double>.allocate(capacity: positions)
        let choice = UnsafeMutablePointer<Int>.allocate(capacity: positions)
        defer {
            cost.deallocate()
            choice.deallocate()
        }
        cost[0] = 0   // window 0 is the single position 0
        choice[0] = -1

        // The squared leftover of a line is a convex function of its extent, and the extent a
        // difference of prefix sums, so the costs form a Monge array (the limits on a line only
        // rule out starts that are too early, a staircase that keeps it so): the best start never
        // moves back as the end moves forward. So the ends of a window are solved from the last
        // one back, each end's search starting at the best start of the end after it (measured:
        // a third fewer candidates than bounding from below, the best starts lying low in their
        // ranges).
        var feasible = true
        for j in 1...lineCount {
            let low = backwardBreaks[j], high = forwardBreaks[j]
            let previousLow = backwardBreaks[j - 1], previousHigh = forwardBreaks[j - 1]
            let window = cost + offsets[j], windowChoice = choice + offsets[j]
            let previousWindow = cost + offsets[j - 1]
            guard low <= high else { feasible = false; break }
            var anyReachable = false
            var ceiling = previousHigh
            for b in stride(from: high, through: low, by: -1) {
                var best = Double.infinity
                var bestStart = -1
                let spannedEnd = prefix[b] - rules.spacing
                // The earliest start allowed: no item after the first may force a break, and at
                // most maxItems per line (both bounds allow a line of one item: they are ≤ b − 1).
                let lowest = max(previousLow, lastForcedBreak[b - 1], rules.maxItems >= b ? 0 : b - rules.maxItems)
                // Latest start first: ties keep earlier lines fuller. (An unreachable start costs
                // +∞ and is never taken.)
                // (Indices stay within 0...n here: wrapping arithmetic only drops overflow checks
                // from the hottest loop of balanced breaking.)
                let single = b &- 1
                var a = min(ceiling, single)
                let previousCosts = previousWindow - previousLow
                if a == single && a >= lowest {
                    // A line of one item is always allowed, too long or not.
                    let leftover = max(reference - (spannedEnd - prefix[a]), 0)
                    let total = previousCosts[a] + leftover * leftover
                    if total < best {
                        best = total
                        bestStart = a
                    }
                    a &-= 1
                }
                let limit = rules.limit
                while a >= lowest {
                    let extent = spannedEnd - prefix[a]
                    if extent > limit { break }
                    let leftover = max(reference - extent, 0)
                    let total = previousCosts[a] + leftover * leftover
                    if total < best {
                        best = total
                        bestStart = a
                    }
                    a &-= 1
                }
                window[b - low] = best
                windowChoice[b - low] = bestStart
                if bestStart >= 0 {
                    anyReachable = true
                    ceiling = bestStart
                }
            }
            if !anyReachable { feasible = false; break }
        }
        // Should the tolerance in `accepts` ever make the sweeps disagree, greedy's breaks are
        // still a valid answer.
        guard feasible, cost[offsets[lineCount]] < .infinity else { return Array(forwardBreaks.dropFirst()) }

        var ends = [Int](repeating: 0, count: lineCount)
        var b = n
        for j in stride(from: lineCount, through: 1, by: -1) {
            ends[j - 1] = b
            b = choice[offsets[j] + b - backwardBreaks[j]]
        }
        return ends
    }
}
