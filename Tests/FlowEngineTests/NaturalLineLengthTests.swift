// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import Testing
@testable import FlowEngine

/// `naturalLineLength` caps the natural length as CSS `fit-content(L)` does, and changes nothing else.
@Suite struct NaturalLineLengthTests {
    // One line: 30 + 4 + 50 + 4 + 40 = 128, plus insets 3 + 7: 138. Widest minimum 50: 60.
    let layout = FlowLayout(itemSpacing: 4, lineSpacing: 2, insets: FlowInsets(top: 1, leading: 3, bottom: 5, trailing: 7))
    let items = [item(30, 10, min: 20), item(50, 12), item(40, 8, min: 10)]

    func natural(cap: Double?) -> Double {
        var capped = layout
        capped.naturalLineLength = cap
        return capped.naturalLength(of: items)
    }

    @Test func withoutACapTheNaturalLengthIsOneLine() {
        #expect(layout.naturalLineLength == nil)
        #expect(natural(cap: nil) == 138)
    }

    @Test func aCapShorterThanOneLineIsTheNaturalLengthPlusTheInsets() {
        #expect(natural(cap: 80) == 90)
        #expect(natural(cap: 127.5) == 137.5)
    }

    @Test func aCapNeverAsksForMoreThanOneLine() {
        #expect(natural(cap: 128) == 138)
        #expect(natural(cap: 500) == 138)
        #expect(natural(cap: .infinity) == 138)
    }

    @Test func aCapNeverAsksForLessThanTheWidestMinimum() {
        #expect(natural(cap: 10) == 60)
        #expect(natural(cap: 0) == 60)
        #expect(layout.minimumLength(of: items) == 60)
    }

    @Test func aVerticalLayoutCapsItsNaturalHeight() {
        var vertical = FlowLayout(axis: .vertical, itemSpacing: 2, insets: FlowInsets(top: 1, leading: 0, bottom: 3, trailing: 0))
        let column = [FlowItem(width: 10, height: 40), FlowItem(width: 10, height: 30), FlowItem(width: 10, height: 20)]
        #expect(vertical.naturalLength(of: column) == 40 + 2 + 30 + 2 + 20 + 4)
        vertical.naturalLineLength = 50
        #expect(vertical.naturalLength(of: column) == 54)
    }

    @Test func noItemsAskForTheInsets() {
        var capped = layout
        capped.naturalLineLength = 40
        #expect(capped.naturalLength(of: []) == 10)
    }

    @Test func badValuesAreSanitizedWhenSet() {
        var capped = FlowLayout(naturalLineLength: .nan)
        #expect(capped.naturalLineLength == nil)
        for bad in [-1, -0.5, -Double.infinity] {
            capped.naturalLineLength = bad
            #expect(capped.naturalLineLength == nil, "\(bad)")
        }
        capped.naturalLineLength = 0
        #expect(capped.naturalLineLength == 0)
        capped.naturalLineLength = .infinity
        #expect(capped.naturalLineLength == FlowLimits.maximumLength)
        capped.naturalLineLength = 2e9
        #expect(capped.naturalLineLength == FlowLimits.maximumLength)
        capped.naturalLineLength = 12.5
        #expect(capped.naturalLineLength == 12.5)
    }

    @Test func itIsPartOfTheLayoutsIdentity() {
        #expect(FlowLayout(naturalLineLength: 100) != FlowLayout())
        #expect(FlowLayout(naturalLineLength: -3) == FlowLayout())
    }

    /// The cap changes the natural length only: a layout or a measurement at a given length is
    /// the same with or without it; and the natural length lays out without overflow, in lines no
    /// longer than the cap unless an item's minimum is.
    @Test func aLayoutAtAGivenLengthIgnoresTheCap() {
        var rng = SeededGenerator(seed: 17)
        for _ in 0..<400 {
            let items = (0..<Int.random(in: 0...25, using: &rng)).map { _ in
                item(Double.random(in: 0...90, using: &rng), Double.random(in: 1...30, using: &rng),
                     min: Bool.random(using: &rng) ? Double.random(in: 0...90, using: &rng) : nil,
                     grow: Bool.random(using: &rng) ? 1 : 0, breakBefore: Int.random(in: 0..<10, using: &rng) == 0)
            }
            var options = layout
            options.lineBreaking = Bool.random(using: &rng) ? .balanced : .greedy
            options.justification = Justification.allCases.randomElement(using: &rng)!
            options.maxItemsPerLine = Bool.random(using: &rng) ? Int.random(in: 1...5, using: &rng) : nil
            var capped = options
            let cap = Double.random(in: 0...400, using: &rng)
            capped.naturalLineLength = cap
            let width = Double.random(in: 0...400, using: &rng)
            #expect(capped.layout(items, in: width) == options.layout(items, in: width))
            #expect(capped.measure(items, in: width) == options.measure(items, in: width))
            #expect(capped.minimumLength(of: items) == options.minimumLength(of: items))

            let natural = capped.naturalLength(of: items)
            #expect(natural <= options.naturalLength(of: items))
            #expect(natural >= min(options.naturalLength(of: items), capped.minimumLength(of: items)))
            // Within rounding: the engine's sums are exact to a few ulps.
            let result = capped.layout(items, in: natural)
            #expect(result.frames.allSatisfy { $0.minX >= 3 - 1e-9 && $0.maxX <= natural - 7 + 1e-9 },
                    "cap \(cap): \(result.frames)")
            #expect(natural - 10 <= max(cap, capped.minimumLength(of: items) - 10) + 1e-9)
        }
    }
}
