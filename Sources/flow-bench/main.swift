// flow-bench: measured speed and memory, as ratios within one run.
let quick = CommandLine.arguments.contains("--quick")
for count in quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000] {
    let reps = count >= 1_000_000 ? 7 : (count >= 100_000 ? 21 : 201)
    let f = EngineBenchmarks.run(count: count, repetitions: reps)
    print("n=\(count) limit \(f.limitNanosecondsPerItem) ns/item greedy \(f.greedyRatio)x balanced \(f.balancedRatio)x items/line \(f.itemsPerLine)")
}
