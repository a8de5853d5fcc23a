// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowTestSupport
import FlowEngine
import JSON

/// The engine's side of a virtualized list (issue 18), on the engine rows' chips: the line table
/// of every item against the limit pass, the frames of one page of lines from it, and one item
/// inserted against a whole layout. Inserts are timed on chips of one height too (a tag editor's
/// chips), where no line changes thickness; each the first time after the caller's own array
/// insert, which moves 56 MB and leaves the table out of every cache (cold), and again (warm).
enum VirtualEngineBenchmarks {
    struct Figures {
        var count: Int
        var limitNanosecondsPerItem: Double
        var tableNanosecondsPerItem: Double
        var layoutNanosecondsPerItem: Double
        var pageNanoseconds: Double
        var pageItems: Double
        /// One insert at a random place, for chips of varied heights and of one height.
        var insertNanoseconds: Double
        var insertWarmNanoseconds: Double
        var insertOneHeightNanoseconds: Double
        var insertOneHeightWarmNanoseconds: Double
        var linesBrokenAgainMedian: Int
        var tableBytesPerItem: Double
        var itemBytesPerItem: Double
        /// The first item removed from chips of one width, which moves every later line (see
        /// ``everyLineAgainTimes(count:repetitions:)``), and the table of the same items made anew.
        var everyLineAgainNanoseconds: Double
        var everyLineTableNanoseconds: Double

        var tableRatio: Double { tableNanosecondsPerItem / limitNanosecondsPerItem }
        var layoutNanoseconds: Double { layoutNanosecondsPerItem * Double(count) }
        var insertRatio: Double { insertNanoseconds / layoutNanoseconds }
        var insertOneHeightRatio: Double { insertOneHeightNanoseconds / layoutNanoseconds }
        /// A page's cost per frame against a whole layout's.
        var pagePerItemRatio: Double { pageNanoseconds / pageItems / layoutNanosecondsPerItem }
        var everyLineAgainRatio: Double { everyLineAgainNanoseconds / everyLineTableNanoseconds }
    }

    /// Lines of about this many items make a page (a window's worth of chips).
    static let pageItems = 200

    static func run(count: Int, repetitions: Int) -> Figures {
        let items = EngineBenchmarks.items(count, seed: UInt64(count))
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        let available = EngineBenchmarks.available
        var sink = 0.0
        var limitTimes: [Double] = [], tableTimes: [Double] = [], layoutTimes: [Double] = []
        var table = layout.lineTable(items, in: available)
        // Interleaved, medians, as the engine rows.
        for _ in 0..<repetitions {
            limitTimes.append(Timing.nanoseconds { sink += EngineBenchmarks.limitPass(items).last?.x ?? 0 })
            tableTimes.append(Timing.nanoseconds {
                table = layout.lineTable(items, in: available)
                sink += table.size.height
            })
            layoutTimes.append(Timing.nanoseconds { sink += layout.layout(items, in: available).size.height })
        }
        let page = pageTimes(table, items, repetitions: 10 * repetitions, sink: &sink)
        let varied = insertTimes(items, layout, repetitions: repetitions, sink: &sink)
        let oneHeight = insertTimes(items.map { FlowItem(width: $0.width, height: 24) }, layout,
                                    repetitions: repetitions, sink: &sink)
        let everyLine = everyLineAgainTimes(count: count, repetitions: repetitions, sink: &sink)
        Timing.keep(sink)
        let n = Double(count)
        return Figures(count: count,
                       limitNanosecondsPerItem: Timing.median(limitTimes) / n,
                       tableNanosecondsPerItem: Timing.median(tableTimes) / n,
                       layoutNanosecondsPerItem: Timing.median(layoutTimes) / n,
                       pageNanoseconds: page.nanoseconds, pageItems: page.items,
                       insertNanoseconds: varied.cold, insertWarmNanoseconds: varied.warm,
                       insertOneHeightNanoseconds: oneHeight.cold, insertOneHeightWarmNanoseconds: oneHeight.warm,
                       linesBrokenAgainMedian: varied.linesBrokenAgain,
                       tableBytesPerItem: Double(table.allocatedByteCount) / n,
                       itemBytesPerItem: Double(MemoryLayout<FlowItem>.stride * items.capacity) / n,
                       everyLineAgainNanoseconds: everyLine.change, everyLineTableNanoseconds: everyLine.table)
    }

    /// The frames of the lines of about `pageItems` items from a random line on.
    static func pageTimes(_ table: FlowLineTable, _ items: [FlowItem], repetitions: Int,
                          sink: inout Double) -> (nanoseconds: Double, items: Double) {
        var rng = SplitMix64(seed: 18)
        let linesPerPage = max(1, pageItems * table.lineCount / max(table.itemCount, 1))
        var times: [Double] = [], shown = 0
        for _ in 0..<repetitions {
            let first = Int.random(in: 0..<max(1, table.lineCount - linesPerPage), using: &rng)
            times.append(Timing.nanoseconds {
                let page = table.frames(ofLines: first..<(first + linesPerPage), items: items)
                sink += page.frames.last?.y ?? 0
                shown += page.frames.count
            })
        }
        return (Timing.median(times), Double(shown) / Double(repetitions))
    }

    /// One item inserted at a random place and the table brought up to date (the array's own
    /// insert is the caller's and is not timed): the first time after it (cold), then removed and
    /// inserted again a few times (warm).
    static func insertTimes(_ items: [FlowItem], _ layout: FlowLayout, repetitions: Int,
                            sink: inout Double) -> (cold: Double, warm: Double, linesBrokenAgain: Int) {
        var table = layout.lineTable(items, in: EngineBenchmarks.available)
        var rng = SplitMix64(seed: 1818)
        var cold: [Double] = [], warm: [Double] = [], broken: [Double] = []
        for _ in 0..<repetitions {
            let position = Int.random(in: 0...items.count, using: &rng)
            var inserted = items
            inserted.insert(FlowItem(width: Double(Int.random(in: 30...150, using: &rng)),
                                     height: items[min(position, items.count - 1)].height), at: position)
            for round in 0..<4 {
                var rebroken = 0..<0
                let time = Timing.nanoseconds {
                    rebroken = table.itemsChanged(at: position, removed: 0, added: 1, items: inserted)
                }
                if round == 0 { cold.append(time) } else { warm.append(time) }
                broken.append(Double(rebroken.count))
                table.itemsChanged(at: position, removed: 1, added: 0, items: items)
                sink += table.size.height
            }
        }
        return (Timing.median(cold), Timing.median(warm), Int(Timing.median(broken)))
    }

    /// A change no line after it survives: chips of one width, the first one removed, so that
    /// every later line starts one chip later and none starts where an old one did (the editor's
    /// chips at a million tags nearly do that). The table brought up to date, against the table
    /// of the same items made anew; interleaved, medians.
    static func everyLineAgainTimes(count: Int, repetitions: Int, sink: inout Double) -> (change: Double, table: Double) {
        let layout = FlowLayout(itemSpacing: 6, lineSpacing: 6)
        let items = [FlowItem](repeating: FlowItem(width: 100, height: 24), count: count)
        let shorter = Array(items.dropFirst())
        var changes: [Double] = [], tables: [Double] = []
        for _ in 0..<repetitions {
            var table = layout.lineTable(items, in: EngineBenchmarks.available)
            changes.append(Timing.nanoseconds {
                table.itemsChanged(at: 0, removed: 1, added: 0, items: shorter)
            })
            sink += table.size.height
            tables.append(Timing.nanoseconds { sink += layout.lineTable(shorter, in: EngineBenchmarks.available).size.height })
        }
        return (Timing.median(changes), Timing.median(tables))
    }

    /// Runs the sizes asked for (1,000,000 items by default), prints the rows and adds the targets.
    static func report(quick: Bool, sizes: [Int]?, rows: inout [JSONValue], targets: inout [Target]) {
        print("")
        print("Line table (a virtualized list's engine side): ratios to the limit pass and to a whole layout of the same run")
        print("items      limit   table  page µs (items)  per item/layout's  insert µs cold, warm  one height  insert/layout  lines broken  bytes/item table  items  every line again ms, table ms")
        for count in sizes ?? [1_000_000] {
            let f = run(count: count, repetitions: count >= 1_000_000 ? (quick ? 9 : 15) : 101)
            print("\(count)\t\(format(f.limitNanosecondsPerItem)) ns\t\(format(f.tableRatio))x\t\(format(f.pageNanoseconds / 1e3, 1)) (\(Int(f.pageItems)))\t\(format(f.pagePerItemRatio))\t\(format(f.insertNanoseconds / 1e3, 1)), \(format(f.insertWarmNanoseconds / 1e3, 1))\t\(format(f.insertOneHeightNanoseconds / 1e3, 1)), \(format(f.insertOneHeightWarmNanoseconds / 1e3, 1))\t\(format(f.insertRatio, 4))\t\(f.linesBrokenAgainMedian)\t\(format(f.tableBytesPerItem))\t\(Int(f.itemBytesPerItem))\t\(format(f.everyLineAgainNanoseconds / 1e6, 2)), \(format(f.everyLineTableNanoseconds / 1e6, 2))")
            rows.append(.object([("kind", .string("lineTable")), ("items", .number(Double(count))),
                                 ("limitNanosecondsPerItem", .number(f.limitNanosecondsPerItem)),
                                 ("tableRatio", .number(f.tableRatio)),
                                 ("layoutNanosecondsPerItem", .number(f.layoutNanosecondsPerItem)),
                                 ("pageMicroseconds", .number(f.pageNanoseconds / 1e3)),
                                 ("pageItems", .number(f.pageItems)),
                                 ("insertMicroseconds", .number(f.insertNanoseconds / 1e3)),
                                 ("insertWarmMicroseconds", .number(f.insertWarmNanoseconds / 1e3)),
                                 ("insertOneHeightMicroseconds", .number(f.insertOneHeightNanoseconds / 1e3)),
                                 ("insertOneHeightWarmMicroseconds", .number(f.insertOneHeightWarmNanoseconds / 1e3)),
                                 ("insertToLayout", .number(f.insertRatio)),
                                 ("linesBrokenAgainMedian", .number(Double(f.linesBrokenAgainMedian))),
                                 ("tableBytesPerItem", .number(f.tableBytesPerItem)),
                                 ("itemBytesPerItem", .number(f.itemBytesPerItem)),
                                 ("everyLineAgainMicroseconds", .number(f.everyLineAgainNanoseconds / 1e3)),
                                 ("everyLineTableMicroseconds", .number(f.everyLineTableNanoseconds / 1e3))]))
            if count == 1_000_000 {
                targets.append(Target(name: "lineTable1M", ratio: f.tableRatio, limit: 1.5))
                targets.append(Target(name: "pagePerItemToLayout1M", ratio: f.pagePerItemRatio, limit: 4))
                targets.append(Target(name: "insertToLayout1M", ratio: f.insertRatio, limit: 0.02))
                targets.append(Target(name: "insertOneHeightToLayout1M", ratio: f.insertOneHeightRatio, limit: 0.02))
                targets.append(Target(name: "everyLineAgainToTable1M", ratio: f.everyLineAgainRatio, limit: 1.5))
            }
        }
    }
}
