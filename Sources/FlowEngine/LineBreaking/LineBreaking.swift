/// How items are divided into lines.
public enum LineBreaking: String, Sendable, Hashable, CaseIterable {
    /// First fit: each line takes items until the next one would not fit. Exactly CSS's rule for
    /// `flex-wrap: wrap`. O(n).
    case greedy
    /// The same number of lines as ``greedy`` (the fewest that fit), and among all ways of
    /// breaking into that many lines, the one with the smallest sum over all lines (the last one
    /// included) of the squared leftover space. Exact, not a heuristic: a dynamic program in
    /// O(n·k), where k is the most items one line can hold. Ties go to the break that fills
    /// earlier lines more.
    case balanced
}

/// The rules every line must keep, shared by both line breakers so they can never disagree on
/// what fits.
struct LineRules {
    /// The line's inner length (available minus main-axis insets); +∞ when unbounded.
    let limit: Double
    let spacing: Double
    let maxItems: Int

    init(innerLength: Double, spacing: Double, maxItems: Int?) {
        // A hair of tolerance so that sums which are equal in exact arithmetic but differ in the
        // last bits (0.1 + 0.2) still fit: 1e-12 of the length, far below a pixel.
        limit = innerLength == .infinity ? .infinity : innerLength + (innerLength + 1) * 1e-12
        self.spacing = spacing
        self.maxItems = maxItems ?? .max
    }

    /// Whether a line whose items already span `extent` can take one more item of `length`, given
    /// it holds `count` items now.
    @inline(__always)
    func accepts(extent: Double, adding length: Double, count: Int) -> Bool {
        count < maxItems && extent + spacing + length <= limit
    }
}

/// Produces lines one after another.
protocol LineBreaker {
    /// The end (exclusive) of the line that starts at `start`.
    mutating func lineEnd(from start: Int) -> Int
}

/// Where greedy breaking ends a line starting at `start`: CSS's rule. The first item always
/// stays (an item too long for any line stands alone).
@inline(__always)
func greedyLineEnd<Items: ItemSource, Axis: AxisProjection>(
    _ items: Items, _: Axis.Type, from start: Int, rules: LineRules
) -> Int {
    let count = items.count
    var extent = Axis.hypotheticalMain(items[start])
    var end = start + 1
    while end < count {
        let item = items[end]
        if item.breakBefore { break }
        let length = Axis.hypotheticalMain(item)
        if !rules.accepts(extent: extent, adding: length, count: end - start) { break }
        extent += rules.spacing + length
        end += 1
    }
    return end
}
