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
/// How it stays O(n·k): let f(i) be the fewest lines that hold the first i items (forward greedy)
/// and h(i) the fewest that hold the rest (backward greedy). A break after item i that can still
/// end in K lines has used j lines with f(i) ≤ j ≤ K − h(i), and f(i) + h(i) ≤ K + 1 (cut the
/// greedy solution at i), so j takes at most two values. The dynamic program therefore keeps two
/// states per position, and each state looks back over the at most k starts of a line that ends
/// there.
struct BalancedLineBreaker: LineBreaker {
    /// Line ends (exclusive), in order.
    private(set) var ends: [Int]
    private var nextLine = 0

    init<Items: ItemSource, Axis: AxisProjection>(_ items: Items, _: Axis.Type, rules: LineRules,
                                                   innerLength: Double) {
        ends = Self.optimalEnds(items, Axis.self, rules: rules, innerLength: innerLength)
    }

    mutating func lineEnd(from start: Int) -> Int {
        defer { nextLine += 1 }
        return ends[nextLine]
    }

    static func optimalEnds<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, rules: LineRules, innerLength: Double
    ) -> [Int] {
        let n = items.count
        if n == 0 { return [] }

        // f(i): forward greedy lines for the first i items.
        var greedyEnds: [Int] = []
        var forward = [Int32](repeating: 0, count: n + 1)
        var start = 0
        while start < n {
            let end = greedyLineEnd(items, Axis.self, from: start, rules: rules)
            greedyEnds.append(end)
            let lineNumber = Int32(greedyEnds.count)
            for i in (start + 1)...end { forward[i] = lineNumber }
            start = end
        }
        let lineCount = greedyEnds.count
        if lineCount <= 1 { return greedyEnds }

        // h(i): backward greedy lines for the items from i on.
        var backward = [Int32](repeating: 0, count: n + 1)
        var end = n
        var linesFromEnd: Int32 = 0
        while end > 0 {
            var lineStart = end - 1
            var extent = Axis.hypotheticalMain(items[lineStart])
            while lineStart > 0 {
                // Taking item lineStart-1 makes item lineStart a non-first item of the line.
                if items[lineStart].breakBefore { break }
                let length = Axis.hypotheticalMain(items[lineStart - 1])
                if !rules.accepts(extent: extent, adding: length, count: end - lineStart) { break }
                extent += rules.spacing + length
                lineStart -= 1
            }
            linesFromEnd += 1
            for i in lineStart..<end { backward[i] = linesFromEnd }
            end = lineStart
        }

        var reference = innerLength
        if reference == .infinity {
            reference = 0
            for i in 0..<n { reference += Axis.hypotheticalMain(items[i]) }
            reference += rules.spacing * Double(n - 1)
        }

        // cost[t][i]: the least cost of the first i items in f(i)+t lines; from[t][i] the line
        // start and state it came from.
        let K = Int32(lineCount)
        var cost0 = [Double](repeating: .infinity, count: n + 1)
        var cost1 = [Double](repeating: .infinity, count: n + 1)
        var from0 = [Int32](repeating: -1, count: n + 1)
        var from1 = [Int32](repeating: -1, count: n + 1)
        var fromState0 = [UInt8](repeating: 0, count: n + 1)
        var fromState1 = [UInt8](repeating: 0, count: n + 1)
        cost0[0] = 0

        for i in 1...n {
            let fi = forward[i]
            let room = K - backward[i]   // the most lines the first i items may use
            var extent = 0.0
            var count = 0
            var a = i - 1
            while a >= 0 {
                let length = Axis.hypotheticalMain(items[a])
                if count == 0 {
                    extent = length
                } else {
                    if items[a + 1].breakBefore { break }
                    if !rules.accepts(extent: extent, adding: length, count: count) { break }
                    extent += rules.spacing + length
                }
                count += 1
                let fa = forward[a]
                // j = f(a) + t' + 1 ≥ f(i) needs f(a) ≥ f(i) − 2; f only falls as a falls.
                if fa + 2 < fi { break }
                let leftover = reference - extent
                let lineCost = leftover > 0 ? leftover * leftover : 0
                for previousState in 0...1 {
                    let previousCost = previousState == 0 ? cost0[a] : cost1[a]
                    if previousCost == .infinity { continue }
                    let j = fa + Int32(previousState) + 1
                    if j > room { continue }
                    let total = previousCost + lineCost
                    switch j - fi {
                    case 0:
                        if total < cost0[i] {
                            cost0[i] = total; from0[i] = Int32(a); fromState0[i] = UInt8(previousState)
                        }
                    case 1:
                        if total < cost1[i] {
                            cost1[i] = total; from1[i] = Int32(a); fromState1[i] = UInt8(previousState)
                        }
                    default:
                        break
                    }
                }
                a -= 1
            }
        }

        // Should the tolerance in `accepts` ever make the two sweeps disagree, greedy's breaks
        // are still a valid answer.
        guard cost0[n] < .infinity else { return greedyEnds }

        var ends: [Int] = []
        ends.reserveCapacity(lineCount)
        var i = n
        var state = 0
        while i > 0 {
            ends.append(i)
            let a = state == 0 ? Int(from0[i]) : Int(from1[i])
            state = Int(state == 0 ? fromState0[i] : fromState1[i])
            i = a
        }
        ends.reverse()
        return ends
    }
}
