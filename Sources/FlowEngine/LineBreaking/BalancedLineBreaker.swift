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
/// (forward and backward greedy cut every line at most once), and a line holds at most k items;
/// since the best start of a line never moves back as its end moves forward (the costs form a
/// Monge array), each window is solved middle first, in O(n·log k) at worst.
struct BalancedLineBreaker<Items: ItemSource, Axis: AxisProjection>: LineBreaker {
    /// Line ends (exclusive), in order.
    private(set) var ends: [Int]
    private var lineIndex = 0
    let items: Items
    let needs: LineSummary.Needs

    init(_ items: Items, rules: LineRules, innerLength: Double, needs: LineSummary.Needs) {
        self.items = items
        self.needs = needs
        ends = Self.optimalEnds(items, Axis.self, rules: rules, innerLength: innerLength)
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

        // One pass over the items into compact arrays the rest reads over and over:
        // lengths, their prefix sums, and lastForcedBreak[i], the last item at or before i that
        // starts a line by itself (breakBefore), or 0.
        // Scratch memory, read over and over below: plain pointers, neither zeroed nor checked.
        let lengths = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let prefix = UnsafeMutablePointer<Double>.allocate(capacity: n + 1)
        let lastForcedBreak = UnsafeMutablePointer<Int>.allocate(capacity: n)
        defer {
            lengths.deallocate()
            prefix.deallocate()
            lastForcedBreak.deallocate()
        }
        prefix[0] = 0
        var forced = 0
        for i in 0..<n {
            let item = items[i]
            let length = Axis.hypotheticalMain(item)
            lengths[i] = length
            prefix[i + 1] = prefix[i] + length
            if i > 0 && item.breakBefore { forced = i }
            lastForcedBreak[i] = forced
        }

        // Forward greedy: forwardBreaks[j] is the most items j lines can hold.
        var forwardBreaks = [0]
        var start = 0
        while start < n {
            var end = start + 1
            var extent = lengths[start]
            while end < n && lastForcedBreak[end] != end
                    && rules.accepts(extent: extent, adding: lengths[end], count: end - start) {
                extent += rules.spacing + lengths[end]
                end += 1
            }
            forwardBreaks.append(end)
            start = end
        }
        let lineCount = forwardBreaks.count - 1
        if lineCount <= 1 { return [n] }

        // Backward greedy: backwardBreaks[j] is the fewest items the first j lines may hold.
        var backwardBreaks = [Int](repeating: 0, count: lineCount + 1)
        backwardBreaks[lineCount] = n
        var end = n
        for line in stride(from: lineCount - 1, through: 1, by: -1) {
            var lineStart = end - 1
            var extent = lengths[lineStart]
            while lineStart > 0 && lastForcedBreak[lineStart] != lineStart
                    && rules.accepts(extent: extent, adding: lengths[lineStart - 1], count: end - lineStart) {
                extent += rules.spacing + lengths[lineStart - 1]
                lineStart -= 1
            }
            backwardBreaks[line] = lineStart
            end = lineStart
        }

        let reference: Double = innerLength == .infinity
            ? prefix[n] + rules.spacing * Double(n - 1) : innerLength

        // Windows: break j lies in backwardBreaks[j]...forwardBreaks[j]. Costs and choices of all
        // windows live in flat arrays, window j starting at offsets[j].
        var offsets = [Int](repeating: 0, count: lineCount + 2)
        for j in 0...lineCount {
            offsets[j + 1] = offsets[j] + max(0, forwardBreaks[j] - backwardBreaks[j] + 1)
        }
        var cost = [Double](repeating: .infinity, count: offsets[lineCount + 1])
        var choice = [Int](repeating: -1, count: offsets[lineCount + 1])
        cost[0] = 0   // window 0 is the single position 0

        let feasible: Bool = cost.withUnsafeMutableBufferPointer { cost in
            choice.withUnsafeMutableBufferPointer { choice in
                for j in 1...lineCount {
                    let low = backwardBreaks[j], high = forwardBreaks[j]
                    let previousLow = backwardBreaks[j - 1], previousHigh = forwardBreaks[j - 1]
                    let base = offsets[j], previousBase = offsets[j - 1]
                    guard low <= high else { return false }
                    var anyReachable = false

                    // The best start for a line ending at b (the latest, among equals).
                    func bestStart(for b: Int, from lowest: Int, to highest: Int) -> (cost: Double, start: Int) {
                        var best = Double.infinity
                        var bestStart = -1
                        // Latest start first: ties keep earlier lines fuller.
                        var a = min(highest, b - 1)
                        while a >= lowest {
                            let count = b - a
                            let extent = prefix[b] - prefix[a] + rules.spacing * Double(count - 1)
                            if count > 1 {
                                // No item after the first may force a break.
                                if count > rules.maxItems || lastForcedBreak[b - 1] > a { break }
                                if extent > rules.limit { break }
                            }
                            let previous = cost[previousBase + a - previousLow]
                            if previous < .infinity {
                                let leftover = reference - extent
                                let total = previous + (leftover > 0 ? leftover * leftover : 0)
                                if total < best {
                                    best = total
                                    bestStart = a
                                }
                            }
                            a -= 1
                        }
                        return (best, bestStart)
                    }

                    // The squared leftover of a line is a convex function of the line's
                    // extent, and the extent a difference of prefix sums: the costs form a
                    // Monge array (the limits on a line only cut off starts that are too
                    // early, a staircase that keeps it so). So the best start never moves
                    // back as the end moves forward, and the ends of a window can be solved
                    // middle first, each half searching only the starts on its side of the
                    // middle's best: O((window + previous window) · log window) per line
                    // instead of their product.
                    func solve(_ firstEnd: Int, _ lastEnd: Int, _ lowest: Int, _ highest: Int) {
                        if firstEnd > lastEnd { return }
                        let middle = (firstEnd + lastEnd) / 2
                        let (best, start) = bestStart(for: middle, from: lowest, to: highest)
                        cost[base + middle - low] = best
                        choice[base + middle - low] = start
                        if start >= 0 { anyReachable = true }
                        // No feasible start (unreachable previous lines): no bound to use.
                        solve(firstEnd, middle - 1, lowest, start >= 0 ? start : highest)
                        solve(middle + 1, lastEnd, start >= 0 ? start : lowest, highest)
                    }
                    solve(low, high, previousLow, previousHigh)
                    if !anyReachable { return false }
                }
                return cost[offsets[lineCount]] < .infinity
            }
        }
        // Should the tolerance in `accepts` ever make the sweeps disagree, greedy's breaks are
        // still a valid answer.
        guard feasible else { return Array(forwardBreaks.dropFirst()) }

        var ends = [Int](repeating: 0, count: lineCount)
        var b = n
        for j in stride(from: lineCount, through: 1, by: -1) {
            ends[j - 1] = b
            b = choice[offsets[j] + b - backwardBreaks[j]]
        }
        return ends
    }
}
