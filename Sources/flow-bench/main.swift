// flow-bench: measured speed and memory, as ratios within one run.
import CGtk

let quick = CommandLine.arguments.contains("--quick")
for count in quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000] {
    let reps = count >= 1_000_000 ? 7 : (count >= 100_000 ? 21 : 201)
    let f = EngineBenchmarks.run(count: count, repetitions: reps)
    print("n=\(count) limit \(f.limitNanosecondsPerItem) ns/item greedy \(f.greedyRatio)x balanced \(f.balancedRatio)x items/line \(f.itemsPerLine)")
}
gtk_init()
MainActor.assumeIsolated {
    for count in quick ? [100, 1_000] : [100, 1_000, 10_000] {
        let f = GTKBenchmarks.run(count: count, relayouts: count >= 10_000 ? 15 : 41)
        print("chips=\(count) relayout wrap \(f.wrapRelayout / 1e6) ms flowbox \(f.flowBoxRelayout / 1e6) ms bare \(f.bareRelayout / 1e6) ms | wrap/flowbox \(f.wrapRelayout / f.flowBoxRelayout) wrap/bare \(f.wrapRelayout / f.bareRelayout) | build wrap \(f.wrapBuild / 1e6) ms flowbox \(f.flowBoxBuild / 1e6) ms | bytes/chip wrap \(f.wrapBytesPerChip) flowbox \(f.flowBoxBytesPerChip)")
    }
}
