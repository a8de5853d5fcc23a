// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow  // its headers include GTK's: the enum constants come through it too
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import Foundation
import Testing

/// Many random operations, with the reliability guarantees checked after every batch; and
/// building and freeing thousands of chips, round after round.
@MainActor @Suite(.serialized)
struct StressTests {
    @Test(arguments: WrapHStack.Placement.allCases)
    func hundredThousandRandomOperations(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var rng = TestRandom(seed: 77)
        let stack = try DataWrapHStack([Int](), id: \Int.self, placement: placement) { n in gtk_label_new("item \(n)")! }
        let harness = ScrolledHarness(stack: stack.box)
        defer { harness.destroy() }
        let boxesAtStart = ClosureBoxes.liveCount
        var operations = 0, checks = 0
        var width = 400
        let words = ["a", "tag", "longer tag", "photography and travel", "x"]
        while operations < 100_000 {
            for _ in 0..<100 {
                operations += 1
                switch rng.next() % 8 {
                case 0, 1:
                    try stack.box.append(gtk_label_new(words.randomElement(using: &rng)!)!)
                case 2:
                    if !stack.children.isEmpty { try stack.box.remove(at: Int(rng.next() % UInt64(stack.children.count))) }
                case 3:
                    if rng.next() % 20 == 0 {
                        let data = (0..<Int(rng.next() % 60)).map { _ in Int(rng.next() % 100) }
                        try stack.update(with: Array(Set(data)).sorted())
                    }
                case 4:
                    var layout = stack.layout
                    switch rng.next() % 7 {
                    case 0: layout.justification = Justification.allCases.randomElement(using: &rng)!
                    case 1: layout.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
                    case 2: layout.lineBreaking = LineBreaking.allCases.randomElement(using: &rng)!
                    case 3: layout.maxLines = rng.next() % 2 == 0 ? nil : Int(1 + rng.next() % 4)
                    case 4: layout.itemSpacing = Double(rng.next() % 12)
                    case 5: layout.lineHomogeneous.toggle()
                    default: layout.maxItemsPerLine = rng.next() % 2 == 0 ? nil : Int(1 + rng.next() % 5)
                    }
                    stack.layout = layout
                case 5:
                    if let child = stack.children.randomElement(using: &rng), gtk_widget_get_visible(child) != 0 {
                        gtk_label_set_text(cgtk_label(child), words.randomElement(using: &rng)!)
                    }
                case 6:
                    width = Int(harness.minimumWidth + Int(rng.next() % 900))
                    harness.allocate(width: width)
                default:
                    if let child = stack.children.randomElement(using: &rng) {
                        try stack.box.setGrow(Double(rng.next() % 3), for: child)
                    }
                }
            }
            harness.allocate(width: max(width, harness.minimumWidth))
            let problems = layoutProblems(stack.box)
            if !problems.isEmpty {
                Issue.record("after \(operations) operations: \(problems.prefix(3))")
                break
            }
            checks += 1
        }
        #expect(checks == 1000)
        stack.box.removeAll()
        #expect(ClosureBoxes.liveCount == boxesAtStart)
    }

    /// Resident memory of this process, in bytes.
    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func tenThousandChipsTenTimesLeaveNothingBehind(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        let boxesAtStart = ClosureBoxes.liveCount
        var resident: [Int] = []
        for round in 0..<10 {
            var watches: [FinalizationWatch] = []
            watches.reserveCapacity(10_000)
            for i in 0..<10_000 {
                let chip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)!
                gtk_box_append(cgtk_box(chip), gtk_label_new("tag \(i)"))
                gtk_box_append(cgtk_box(chip), gtk_button_new_from_icon_name("window-close-symbolic"))
                watches.append(FinalizationWatch(chip))
                try stack.append(chip)
            }
            harness.allocate(width: 900)
            #expect(stack.lastLayout?.request.items.count == 10_000)
            stack.removeAll()
            harness.allocate(width: 900)
            let alive = watches.filter { !$0.isFinalized }.count
            #expect(alive == 0, "round \(round): \(alive) chips still alive")
            #expect(ClosureBoxes.liveCount == boxesAtStart)
            resident.append(residentBytes())
        }
        let megabytes = resident.map { Double($0) / 1_048_576 }
        print("resident memory after each round (MiB): \(megabytes.map { String(format: "%.1f", $0) }.joined(separator: ", "))")
        // The first rounds warm GTK's caches; after that, no round may keep what it built
        // (10,000 chips are tens of MiB: a leak would show at once). Resident memory is the whole
        // process's: Resources/scripts/test.sh runs this suite alone, after the others.
        let growth = megabytes[9] - megabytes[2]
        #expect(growth < 8, "resident memory grew by \(growth) MiB from round 3 to round 10")
    }
}
