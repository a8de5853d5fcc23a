// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import FlowEngine
import GObjectSupport

/// The engine against its own limit: the same items laid out greedily, balanced, and by a limit
/// pass that only reads every size once and writes one frame per item.
enum EngineBenchmarks {
    struct Figures {
        var count: Int
        var limitNanosecondsPerItem: Double
        var greedyNanosecondsPerItem: Double
        var balancedNanosecondsPerItem: Double
        var greedyRatio: Double { greedyNanosecondsPerItem / limitNanosecondsPerItem }
        var balancedRatio: Double { balancedNanosecondsPerItem / limitNanosecondsPerItem }
        var itemsPerLine: Double
    }

    /// Random chips: widths 30–150, heights 20–32, in a container where lines hold up to about
    /// 20 items (the balanced target's condition).
    static func items(_ count: Int, seed: UInt64) -> [FlowItem] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            FlowItem(width: Double(Int.random(in: 30...150, using: &rng)),
                     height: Double(Int.random(in: 20...32, using: &rng)))
        }
    }

    static let available = 1200.0

    /// The least any layout must do: read each size, write a frame.
    @inline(never)
    static func limitPass(_ items: [FlowItem]) -> [FlowRect] {
        [FlowRect](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            items.withUnsafeBufferPointer { input in
                var x = 0.0
                for i in 0..<input.count {
                    let item = input[i]
                    buffer[i] = FlowRect(x: x, y: 0, width: item.width, height: item.height)
                    x += item.width
                }
            }
            initialized = items.count
        }
    }

    static func run(count: Int, repetitions: Int) -> Figures {
        let items = items(count, seed: UInt64(count))
        var greedy = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        var balanced = greedy
        balanced.lineBreaking = .balanced
        greedy.lineBreaking = .greedy
        var sink = 0.0
        // Interleave the three so that machine noise hits them alike; take medians.
        var limitTimes: [Double] = [], greedyTimes: [Double] = [], balancedTimes: [Double] = []
        var lines = 0
        for _ in 0..<repetitions {
            limitTimes.append(Timing.nanoseconds { sink += limitPass(items).last?.x ?? 0 })
            greedyTimes.append(Timing.nanoseconds {
                let result = greedy.layout(items, in: available)
                sink += result.size.height
                lines = result.lines.count
            })
            balancedTimes.append(Timing.nanoseconds { sink += balanced.layout(items, in: available).size.height })
        }
        Timing.keep(sink)
        let n = Double(count)
        return Figures(count: count,
                       limitNanosecondsPerItem: Timing.median(limitTimes) / n,
                       greedyNanosecondsPerItem: Timing.median(greedyTimes) / n,
                       balancedNanosecondsPerItem: Timing.median(balancedTimes) / n,
                       itemsPerLine: n / Double(max(lines, 1)))
    }
}


enum Timing {
    nonisolated(unsafe) static var blackHole = 0.0

    static func nanoseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return (clock.now - start).seconds * 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// Keeps a result alive so the optimizer cannot drop the work.
    @inline(never)
    static func keep(_ value: Double) { blackHole += value }
}
