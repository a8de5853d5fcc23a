import CGtk
import FlowBridge
import FlowEngine
import Testing

/// The reliability guarantees of WrapHStack inside a GtkScrolledWindow, checked at every width.
@MainActor @Suite(.serialized)
struct ReliabilityTests {
    /// The widest child's minimum width plus the insets: what the container must ask for.
    func expectedMinimum(_ stack: WrapHStack) -> Int {
        let widest = stack.children.map { child -> Int32 in
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            return minimum
        }.max() ?? 0
        return Int(widest) + Int(stack.layout.insets.leading + stack.layout.insets.trailing)
    }

    func naturalWidth(_ stack: WrapHStack) -> Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(stack.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(natural)
    }

    func scrollbarWidth(_ harness: ScrolledHarness) -> Int {
        let bar = gtk_scrolled_window_get_vscrollbar(cgtk_scrolled_window(harness.scrolledWindow))!
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(bar, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Int(minimum)
    }

    /// Sweeps the width pixel by pixel and checks every guarantee at each one.
    func sweep(_ harness: ScrolledHarness, widths: some Sequence<Int>, overlay: Bool) {
        let stack = harness.stack
        let minimum = expectedMinimum(stack)
        let hscrollbar = gtk_scrolled_window_get_hscrollbar(cgtk_scrolled_window(harness.scrolledWindow))!
        var checked = 0
        for width in widths {
            let passes = stack.statistics.layoutPasses
            harness.allocate(width: width)
            // No loops: one allocation is at most one layout pass.
            if stack.statistics.layoutPasses - passes > 1 {
                Issue.record("at width \(width): \(stack.statistics.layoutPasses - passes) layout passes for one allocation")
                return
            }
            let problems = layoutProblems(stack)
            if !problems.isEmpty {
                Issue.record("at width \(width): \(problems.prefix(3).joined(separator: "; "))")
                return
            }
            // Never locks the width: the minimum stays the widest child's minimum plus insets
            // (plus a classic scrollbar's width when scrollbars are not overlaid, so that
            // nothing hides behind it).
            let allowed = minimum + (overlay ? 0 : scrollbarWidth(harness))
            if harness.minimumWidth != allowed {
                Issue.record("at width \(width): scrolled window minimum \(harness.minimumWidth), expected \(allowed)")
                return
            }
            if gtk_widget_get_visible(hscrollbar) != 0 && gtk_widget_get_child_visible(hscrollbar) != 0 {
                Issue.record("at width \(width): a horizontal scrollbar is shown")
                return
            }
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test(arguments: [true, false])
    func sweepEveryWidthWith200Children(overlay: Bool) throws {
        GTK.setUp()
        let stack = WrapHStack()
        for child in variedChildren(200, seed: 11) { try stack.append(child) }
        let harness = ScrolledHarness(stack: stack, overlayScrolling: overlay)
        defer { harness.destroy() }
        let minimum = harness.minimumWidth
        let natural = naturalWidth(stack)
        #expect(natural > 3 * minimum)
        // Growing from the minimum to three times the natural width...
        sweep(harness, widths: minimum...(3 * natural), overlay: overlay)
        // ...and shrinking back, in bigger steps, down to the minimum again.
        sweep(harness, widths: stride(from: 3 * natural, through: minimum, by: -7), overlay: overlay)
        sweep(harness, widths: [minimum], overlay: overlay)
    }

    @Test func sweepWithEveryJustificationAndAlignment() throws {
        GTK.setUp()
        for justification in Justification.allCases {
            for alignment in CrossAlignment.allCases {
                var layout = WrapHStack.defaultLayout
                layout.justification = justification
                layout.alignment = alignment
                layout.insets = FlowInsets(top: 3, leading: 5, bottom: 7, trailing: 2)
                let stack = WrapHStack(layout: layout)
                for child in variedChildren(40, seed: 3) { try stack.append(child) }
                let harness = ScrolledHarness(stack: stack)
                sweep(harness, widths: stride(from: harness.minimumWidth, through: 1500, by: 13), overlay: true)
                harness.destroy()
            }
        }
    }

    @Test func rightToLeftMirrors() throws {
        GTK.setUp()
        let stack = WrapHStack()
        for child in variedChildren(30, seed: 5) { try stack.append(child) }
        gtk_widget_set_direction(stack.widget, GTK_TEXT_DIR_RTL)
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 400)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.lastLayout?.request.layout.direction == .rightToLeft)
        // The first child is at the right edge.
        let first = allocation(stack.children[0])
        #expect(Int(first.maxX) == Int(gtk_widget_get_width(stack.widget)))
    }

    @Test func changingAnOptionLaysOutAgain() throws {
        GTK.setUp()
        let stack = WrapHStack()
        for child in variedChildren(30, seed: 6) { try stack.append(child) }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 300)
        let before = stack.contentHeight
        stack.layout.lineSpacing = 20
        harness.allocate(width: 300)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.contentHeight > before)
        stack.layout.maxLines = 2
        harness.allocate(width: 300)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.lastLayout?.lineCount == 2)
        #expect((stack.lastLayout?.result.hiddenCount ?? 0) > 0)
    }

    @Test func contentChangesLayOutAgainAndUpdateTheHeight() throws {
        GTK.setUp()
        let label = gtk_label_new("short")!
        let stack = try WrapHStack { label; gtk_label_new("another"); gtk_label_new("third") }
        var heights: [Int] = []
        stack.onContentHeightChanged = { heights.append($0) }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 200)
        let oneLine = stack.contentHeight
        gtk_label_set_text(cgtk_label(label), "a much, much longer text than before that wraps")
        harness.allocate(width: 200)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.contentHeight > oneLine)
        try stack.append(gtk_label_new("added")!)
        harness.allocate(width: 200)
        #expect(layoutProblems(stack).isEmpty)
        try stack.remove(label)
        harness.allocate(width: 200)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.contentHeight == oneLine)
        #expect(heights.count >= 3)
        #expect(heights.last == oneLine)
    }

    @Test func growFillAndStretchGiveChildrenTheirFrames() throws {
        GTK.setUp()
        var layout = WrapHStack.defaultLayout
        layout.justification = .fill
        layout.alignment = .fill
        layout.lineHomogeneous = true
        let stack = WrapHStack(layout: layout)
        let children = variedChildren(25, seed: 8)
        for child in children { try stack.append(child) }
        try stack.setGrow(2, for: children[4])
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        for width in stride(from: harness.minimumWidth, through: 900, by: 17) {
            harness.allocate(width: width)
            let problems = layoutProblems(stack)
            #expect(problems.isEmpty, "at \(width): \(problems.prefix(2))")
            if !problems.isEmpty { break }
        }
    }

    @Test func insideABoxItAsksForTheHeightItsWidthNeeds() throws {
        GTK.setUp()
        let stack = WrapHStack()
        for child in variedChildren(30, seed: 9) { try stack.append(child) }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let window = gtk_window_new()!
        gtk_window_set_child(cgtk_window(window), box)
        gtk_box_append(cgtk_box(box), stack.widget)
        defer { gtk_window_destroy(cgtk_window(window)) }
        for width in [250, 400, 800] {
            var minHeight: Int32 = 0, natHeight: Int32 = 0
            gtk_widget_measure(box, GTK_ORIENTATION_VERTICAL, Int32(width), &minHeight, &natHeight, nil, nil)
            gtk_widget_allocate(box, Int32(width), minHeight, -1, nil)
            #expect(layoutProblems(stack).isEmpty)
            #expect(Int(minHeight) == stack.contentHeight)
            #expect(Int(gtk_widget_get_height(stack.widget)) == stack.contentHeight)
        }
    }
}
