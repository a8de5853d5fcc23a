// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
@testable import FlowBridge
import GObjectSupport
import Testing

/// Every widget and Swift closure box the container creates is released: the container widget,
/// its GtkFixed and the watch on it, and the children.
@MainActor @Suite(.serialized)
struct LifetimeTests {
    @Test(arguments: WrapHStack.Placement.allCases)
    func removedChildrenAreFreed(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
        let children = (0..<20).map { gtk_label_new("child \($0)")! }
        let watches = children.map(FinalizationWatch.init)
        for child in children { try stack.append(child) }
        try stack.remove(children[3])
        try stack.remove(at: 0)
        #expect(watches[3].isFinalized)
        #expect(watches[0].isFinalized)
        #expect(!watches[1].isFinalized)
        stack.removeAll()
        #expect(watches.filter { !$0.isFinalized }.isEmpty)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func aContainerNobodyHoldsIsFreedWithItsChildrenAndBoxes(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        // Idle callbacks that earlier tests (other suites) queued hold closure boxes until they run.
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        weak var weakStack: WrapHStack?
        var hostWatch: FinalizationWatch?
        var childWatches: [FinalizationWatch] = []
        var fixedWatches: [FinalizationWatch] = []
        do {
            let stack = WrapHStack(placement: placement)
            weakStack = stack
            hostWatch = FinalizationWatch(stack.widget)
            fixedWatches = fixedPartWatches(stack)
            for i in 0..<10 {
                let child = gtk_label_new("\(i)")!
                childWatches.append(FinalizationWatch(child))
                try stack.append(child)
            }
            #expect(ClosureBoxes.liveCount > boxesBefore)
        }
        #expect(weakStack == nil)
        #expect(hostWatch?.isFinalized == true)
        #expect(childWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(fixedWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    /// Watches on the GtkFixed and its resize watch (none with the direct placement).
    func fixedPartWatches(_ stack: WrapHStack) -> [FinalizationWatch] {
        guard let parts = stack.fixedParts else { return [] }
        #expect(stack.placement == .fixed)
        return [FinalizationWatch(parts.fixed), FinalizationWatch(parts.resizeWatch)]
    }

    /// Switched back and forth (the GtkFixed is made, then kept unparented, then used again), with
    /// an app's widget in the GtkFixed: everything goes with the window.
    @Test(arguments: WrapHStack.Placement.allCases)
    func aSwitchedContainerFreesItsFixedToo(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        // Idle callbacks that earlier tests (other suites) queued hold closure boxes until they run.
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        weak var weakStack: WrapHStack?
        var watches: [FinalizationWatch] = []
        let window = gtk_window_new()!
        do {
            let stack = WrapHStack(placement: placement)
            weakStack = stack
            for i in 0..<10 {
                let child = gtk_button_new_with_label("button \(i)")!
                watches.append(FinalizationWatch(child))
                try stack.append(child)
            }
            gtk_window_set_child(cgtk_window(window), stack.makeScrolledWindow())
            gtk_window_present(cgtk_window(window))
            for next in [WrapHStack.Placement.fixed, .direct, .fixed, placement] {
                stack.placement = next
                MainLoop.run(milliseconds: 30)
                if let fixed = stack.fixed, watches.count == 10 {
                    let badge = gtk_label_new("app")!
                    watches.append(FinalizationWatch(badge))
                    gtk_fixed_put(cgtk_fixed(fixed), badge, 5, 5)
                    watches += fixedPartWatches(stack)
                }
            }
            #expect(watches.count == 13)
        }
        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
        #expect(weakStack == nil)
        #expect(watches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func aContainerInAWindowLivesUntilTheWindowGoes(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        // Idle callbacks that earlier tests (other suites) queued hold closure boxes until they run.
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        weak var weakStack: WrapHStack?
        var hostWatch: FinalizationWatch?
        var frameWatch: FinalizationWatch?
        var childWatches: [FinalizationWatch] = []
        var fixedWatches: [FinalizationWatch] = []
        let window = gtk_window_new()!
        do {
            let stack = WrapHStack(placement: placement)
            weakStack = stack
            hostWatch = FinalizationWatch(stack.widget)
            fixedWatches = fixedPartWatches(stack)
            for i in 0..<10 {
                let child = gtk_button_new_with_label("button \(i)")!
                childWatches.append(FinalizationWatch(child))
                try stack.append(child)
            }
            let frame = stack.makeScrolledWindow()
            frameWatch = FinalizationWatch(frame)
            gtk_window_set_child(cgtk_window(window), frame)
        }
        // Nobody holds the Swift object, but the window shows its widget: it keeps working.
        #expect(weakStack != nil)
        gtk_window_present(cgtk_window(window))
        MainLoop.run(until: { weakStack?.lastLayout != nil })
        #expect(weakStack?.lastLayout != nil)

        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
        #expect(weakStack == nil)
        #expect(hostWatch?.isFinalized == true)
        #expect(frameWatch?.isFinalized == true)
        #expect(childWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(fixedWatches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func dataDrivenContainerReleasesEverything(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        // Idle callbacks that earlier tests (other suites) queued hold closure boxes until they run.
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var watches: [FinalizationWatch] = []
        weak var weakStack: DataWrapHStack<Int, Int, Widget>?
        do {
            let stack = try DataWrapHStack(Array(0..<50), id: \.self, placement: placement) { n in
                let label = gtk_label_new("\(n)")!
                watches.append(FinalizationWatch(label))
                return label
            }
            weakStack = stack
            for round in 1...5 { try stack.update(with: Array((round * 10)..<(round * 10 + 50))) }
            #expect(watches.count == 100)
            #expect(watches.filter { $0.isFinalized }.count == 50)
        }
        #expect(weakStack == nil)
        #expect(watches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func theIndicatorIsReleasedToo(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var watch: FinalizationWatch?
        do {
            var layout = WrapHStack.defaultLayout
            layout.maxLines = 1
            let stack = WrapHStack(layout: layout, placement: placement)
            let more = gtk_label_new("+N")!
            watch = FinalizationWatch(more)
            try stack.setOverflowIndicator(more) { _ in }
            try stack.setOverflowIndicator(nil)
            #expect(watch?.isFinalized == true)
            let again = gtk_label_new("+N")!
            watch = FinalizationWatch(again)
            try stack.setOverflowIndicator(again) { _ in }
        }
        #expect(watch?.isFinalized == true)
    }
}
