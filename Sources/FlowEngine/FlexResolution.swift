// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
/// Resolves the used main sizes of one line's items: CSS Flexbox §9.7 "Resolving Flexible
/// Lengths", for items with `flex-shrink: 1`, a `min-width` and no maximum.
///
/// Only lines that need it come here: a line with growing items, a ``Justification/fill`` line
/// with free space, or a line whose items overflow it (a lone item longer than the line). Every
/// other line uses its items' hypothetical sizes unchanged, which is what this algorithm would
/// return for them.
///
/// The scratch arrays are reused from line to line, so a layout allocates them once.
struct FlexResolver {
    private(set) var sizes: [Double] = []
    private var bases: [Double] = []
    private var minimums: [Double] = []
    private var factors: [Double] = []
    private var frozen: [Bool] = []

    /// Fills ``sizes`` (indexed from 0 for the line's first item) and returns their sum.
    ///
    /// - Parameters:
    ///   - space: the line's inner length minus its item spacing.
    ///   - equalGrowth: treat every item as `flex-grow: 1` (``Justification/fill`` on a line with
    ///     no growing item).
    mutating func resolve<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, line: Range<Int>, space: Double, equalGrowth: Bool
    ) -> Double {
        let count = line.count
        reserve(count)
        let growing = freezeInflexible(items, Axis.self, line: line, space: space, equalGrowth: equalGrowth)
        distribute(count, space: space, growing: growing)
        var sum = 0.0
        for k in 0..<count {
            if sizes[k] < 0 { sizes[k] = 0 }
            sum += sizes[k]
        }
        return sum
    }

    /// Fills ``sizes`` for a line broken at the items' minimum sizes whose natural sizes do not fit
    /// (``WrapPolicy/minimum``): each item its minimum plus an equal share of the room left,
    /// at most its natural size; what an item cannot take goes to the others (the smallest gaps
    /// are filled first). CSS §9.7 for `flex-basis` at the minimum, `flex-grow: 1` and
    /// `max-width` at the natural size. Returns the sizes' sum.
    mutating func resolveFromMinimum<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, line: Range<Int>, space: Double
    ) -> Double {
        let count = line.count
        reserve(count)
        var room = space
        for k in 0..<count {
            let item = items[line.lowerBound + k]
            sizes[k] = Axis.minimumMain(item)
            bases[k] = Axis.hypotheticalMain(item)   // the most it takes
            frozen[k] = sizes[k] >= bases[k]
            room -= sizes[k]
        }
        var open = (0..<count).reduce(0) { $0 + (frozen[$1] ? 0 : 1) }
        while room > 0 && open > 0 {
            let share = room / Double(open)
            var anyCapped = false
            for k in 0..<count where !frozen[k] && bases[k] - sizes[k] <= share {
                room -= bases[k] - sizes[k]
                sizes[k] = bases[k]
                frozen[k] = true
                open -= 1
                anyCapped = true
            }
            guard !anyCapped else { continue }
            for k in 0..<count where !frozen[k] { sizes[k] += share }
            room = 0
        }
        var sum = 0.0
        for k in 0..<count { sum += sizes[k] }
        return sum
    }

    /// Room for a line of `count` items in the scratch arrays.
    private mutating func reserve(_ count: Int) {
        guard sizes.count < count else { return }
        let grown = max(count, sizes.count * 2)
        sizes = Array(repeating: 0, count: grown)
        bases = sizes
        minimums = sizes
        factors = sizes
        frozen = Array(repeating: false, count: grown)
    }

    /// Steps 1 and 2: whether the line grows or shrinks (from the hypothetical sizes), each item's
    /// flex factor, and the inflexible items frozen at their hypothetical size.
    private mutating func freezeInflexible<Items: ItemSource, Axis: AxisProjection>(
        _ items: Items, _: Axis.Type, line: Range<Int>, space: Double, equalGrowth: Bool
    ) -> Bool {
        let count = line.count
        var hypotheticalSum = 0.0
        for k in 0..<count {
            let item = items[line.lowerBound + k]
            bases[k] = Axis.main(item)
            minimums[k] = Axis.minimumMain(item)
            hypotheticalSum += Axis.hypotheticalMain(item)
        }
        let growing = hypotheticalSum < space
        for k in 0..<count {
            let item = items[line.lowerBound + k]
            let hypothetical = max(bases[k], minimums[k])
            // Shrinking uses the scaled shrink factor: flex-shrink (1) × base size.
            factors[k] = growing ? (equalGrowth ? 1 : item._grow) : bases[k]
            if factors[k] == 0 || (!growing && bases[k] < hypothetical) {
                frozen[k] = true
                sizes[k] = hypothetical
            } else {
                frozen[k] = false
                sizes[k] = bases[k]
            }
        }
        return growing
    }

    /// Steps 3 and 4: distribute the free space by the factors, freeze the items that fall below
    /// their minimum at it, and repeat until every item is frozen.
    private mutating func distribute(_ count: Int, space: Double, growing: Bool) {
        let initialFree = space - usedSpace(count)
        while true {
            var unfrozenFactors = 0.0
            var anyUnfrozen = false
            for k in 0..<count where !frozen[k] {
                anyUnfrozen = true
                unfrozenFactors += factors[k]
            }
            if !anyUnfrozen { return }

            var remaining = space - usedSpace(count)
            if growing && unfrozenFactors < 1 {
                // CSS: weights summing below 1 take only that fraction of the free space.
                let fraction = initialFree * unfrozenFactors
                if abs(fraction) < abs(remaining) { remaining = fraction }
            }

            var anyViolation = false
            for k in 0..<count where !frozen[k] {
                var target = bases[k]
                if remaining != 0 && unfrozenFactors > 0 {
                    if growing {
                        target += remaining * factors[k] / unfrozenFactors
                    } else {
                        target -= abs(remaining) * factors[k] / unfrozenFactors
                    }
                }
                sizes[k] = target
                if target < minimums[k] { anyViolation = true }
            }

            if anyViolation {
                // Freeze only the items that fell below their minimum, at their minimum.
                for k in 0..<count where !frozen[k] && sizes[k] < minimums[k] {
                    sizes[k] = minimums[k]
                    frozen[k] = true
                }
            } else {
                for k in 0..<count { frozen[k] = true }
            }
        }
    }

    /// Frozen items count at their target, the others at their base size.
    private func usedSpace(_ count: Int) -> Double {
        var used = 0.0
        for k in 0..<count { used += frozen[k] ? sizes[k] : bases[k] }
        return used
    }
}
