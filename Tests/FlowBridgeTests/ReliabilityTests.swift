// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// (CFlow too: its headers include GTK, and the compiler can take GTK's
// enum constants, GTK_TEXT_DIR_RTL here, for one of those modules', then not find them when only
// CGtk is imported; it did once FlowWrapListView's header joined flow.h.)
import CFlow
import CGtk
import FlowBridge
import GObjectSupport
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
            let rounds = harness.allocate(width: width)
            // No loops: one allocation is one layout pass, and a second one only where GTK's
            // cache guessed the height for this width (a height that is not monotonic in width).
            if stack.statistics.layoutPasses - passes > rounds || rounds > 2 {
                Issue.record("at width \(width): \(stack.statistics.layoutPasses - passes) layout passes in \(rounds) rounds")
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

    @Test(arguments: WrapHStack.Placement.allCases, [true, false])
    func sweepEveryWidthWith200Children(placement: WrapHStack.Placement, overlay: Bool) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
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

    @Test(arguments: WrapHStack.Placement.allCases)

    func sweepWithEveryJustificationAndAlignment(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        for justification in Justification.allCases {
            for alignment in CrossAlignment.allCases {
                var layout = WrapHStack.defaultLayout
                layout.justification = justification
                layout.alignment = alignment
                layout.insets = FlowInsets(top: 3, leading: 5, bottom: 7, trailing: 2)
                let stack = WrapHStack(layout: layout, placement: placement)
                for child in variedChildren(40, seed: 3) { try stack.append(child) }
                let harness = ScrolledHarness(stack: stack)
                sweep(harness, widths: stride(from: harness.minimumWidth, through: 1500, by: 13), overlay: true)
                harness.destroy()
            }
        }
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func rightToLeftMirrors(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
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

    @Test(arguments: WrapHStack.Placement.allCases)

    func changingAnOptionLaysOutAgain(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
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

    @Test(arguments: WrapHStack.Placement.allCases)

    func contentChangesLayOutAgainAndUpdateTheHeight(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let label = gtk_label_new("short")!
        let stack = try WrapHStack(placement: placement) { label; gtk_label_new("another"); gtk_label_new("third") }
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

    /// The children are measured when GTK reports that one may have changed, never because of a
    /// resize: a resize measures no child, and a child's new size is seen at the next layout.
    @Test(arguments: WrapHStack.Placement.allCases)
    func resizesMeasureNoChildAndChildChangesAreSeen(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let children = variedChildren(60, seed: 5)
        let label = gtk_label_new("short")!
        let stack = WrapHStack(placement: placement)
        for child in children { try stack.append(child) }
        try stack.append(label)
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 500)
        let measured = stack.statistics.childMeasurements
        #expect(measured >= 1)
        for width in stride(from: 300, through: 900, by: 37) {
            harness.allocate(width: width)
            #expect(layoutProblems(stack).isEmpty, "at width \(width)")
        }
        #expect(stack.statistics.childMeasurements == measured, "a resize measured the children")

        // A child that changes size queues a resize: measured again, laid out with its new size.
        gtk_label_set_text(cgtk_label(label), "a label that is now a good deal longer")
        harness.allocate(width: 600)
        #expect(stack.statistics.childMeasurements > measured)
        #expect(layoutProblems(stack).isEmpty)
        var natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        #expect(Int(gtk_widget_get_width(label)) == Int(natural))

        // So does a child that is hidden by its owner: it leaves the layout.
        let before = stack.lastLayout!.request.items.count
        gtk_widget_set_visible(children[0], 0)
        harness.allocate(width: 600)
        #expect(stack.lastLayout!.request.items.count == before - 1)
    }

    /// A container whose height is not monotonic in its width (a taller item moves to a line of
    /// its own at a wider width) gets the exact height at every width, even where GTK's cache
    /// would guess it from the widths around.
    @Test(arguments: WrapHStack.Placement.allCases)
    func aGuessedHeightIsMeasuredAgain(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var layout = FlowLayout(itemSpacing: 0, lineSpacing: 0)
        layout.alignment = .start
        let stack = WrapHStack(layout: layout, placement: placement)
        // (Heights as set; the buttons' minimum heights can add a few points to the short ones.)
        // 110 wide: [40 40] [40 70] [60 40] is 100 + 100 + 100 tall; 120 wide: [40 40 40] [70]
        // [60 40] is 100 + 30 + 100; 130 wide: [40 40 40] [70 60] [40] is 100 + 100 + 100 again.
        // GTK, having heard the same height at two widths, assumes it for those in between.
        for (width, height) in [(40, 30), (40, 100), (40, 100), (70, 30), (60, 100), (40, 100)] {
            let button = gtk_button_new()!
            gtk_widget_set_size_request(button, Int32(width), Int32(height))
            try stack.append(button)
        }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 400)
        let insets = 400 - Int(gtk_widget_get_width(stack.widget))   // the scrolled window's own
        func height(at width: Int) -> Int {
            var minimum: Int32 = 0
            gtk_widget_measure(stack.widget, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, nil, nil, nil)
            return Int(minimum)
        }
        // GTK hears 300 at 110 and at 130 (and now holds 300 for 110 to 130)...
        #expect(height(at: 110) == 300 && height(at: 130) == 300)
        #expect(height(at: 120) == 300, "GTK's cache no longer guesses; this test can go")
        // ...and the container is allocated at 120 (in a short window, so that it scrolls),
        // where the content is about 230 tall (the buttons' own minimum heights add a little).
        harness.allocate(width: 120 + insets, height: 100)
        #expect(Int(gtk_widget_get_width(stack.widget)) == 120)
        #expect(stack.contentHeight < 300)
        #expect(layoutProblems(stack).isEmpty)
        #expect(stack.statistics.cacheCorrections == 1)
        #expect(height(at: 120) == stack.contentHeight)
    }

    /// A stylesheet's min-height makes GTK's answer differ from the content's height for a
    /// reason other than a guess: no correction, no extra layout.
    @Test(arguments: WrapHStack.Placement.allCases)
    func aMinimumHeightFromCSSIsNotTakenForAGuess(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "wraphstack.tall { min-height: 400px; }", -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                                   cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        defer {
            gtk_style_context_remove_provider_for_display(gdk_display_get_default(),
                                                          cgtk_style_provider(UnsafeMutableRawPointer(provider)))
            g_object_unref(provider)
        }
        let stack = WrapHStack(placement: placement)
        gtk_widget_add_css_class(stack.widget, "tall")
        for child in variedChildren(30, seed: 3) { try stack.append(child) }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        for width in stride(from: 300, through: 700, by: 10) {
            let passes = stack.statistics.layoutPasses
            #expect(harness.allocate(width: width) == 1, "at width \(width)")
            #expect(stack.statistics.layoutPasses - passes <= 1)
            #expect(Int(gtk_widget_get_height(stack.widget)) >= 400 - 2)   // (inner: minus any border)
        }
        #expect(stack.statistics.cacheCorrections == 0)
    }

    /// Runs `body` with `css` added to the display's stylesheets.
    func withStylesheet(_ css: String, _ body: @MainActor () throws -> Void) rethrows {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        let style = cgtk_style_provider(UnsafeMutableRawPointer(provider))
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), style,
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        defer {
            gtk_style_context_remove_provider_for_display(gdk_display_get_default(), style)
            g_object_unref(provider)
        }
        try body()
    }

    static let boxedCSS = "wraphstack.boxed { margin: 3px 5px; border: 2px solid black; padding: 4px 7px; }"

    /// Gives the container a stylesheet margin, border and padding and margins of its own: what
    /// GTK adds around the allocation in its size queries (36 across, 28 down).
    func box(_ stack: WrapHStack) -> (width: Int, height: Int) {
        gtk_widget_add_css_class(stack.widget, "boxed")
        gtk_widget_set_margin_start(stack.widget, 6)
        gtk_widget_set_margin_end(stack.widget, 2)
        gtk_widget_set_margin_top(stack.widget, 1)
        gtk_widget_set_margin_bottom(stack.widget, 9)
        return (5 + 2 + 7 + 7 + 2 + 5 + 6 + 2, 3 + 2 + 4 + 4 + 2 + 3 + 1 + 9)
    }

    /// GTK's size queries work in outer sizes; the check of GTK's answer asks for the allocated
    /// width in those terms, so a guessed height is found through a margin, border and padding.
    @Test(arguments: WrapHStack.Placement.allCases)
    func aGuessIsFoundThroughMarginsBordersAndPadding(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        try withStylesheet(Self.boxedCSS) {
            let stack = WrapHStack(layout: FlowLayout(itemSpacing: 0, lineSpacing: 0), placement: placement)
            // As in aGuessedHeightIsMeasuredAgain: 300 tall at 110 and 130 wide, less at 120.
            for (width, height) in [(40, 30), (40, 100), (40, 100), (70, 30), (60, 100), (40, 100)] {
                let button = gtk_button_new()!
                gtk_widget_set_size_request(button, Int32(width), Int32(height))
                try stack.append(button)
            }
            let extra = box(stack)
            let harness = ScrolledHarness(stack: stack)
            defer { harness.destroy() }
            harness.allocate(width: 400)
            let insets = 400 - Int(gtk_widget_get_width(stack.widget))
            @MainActor func height(at width: Int) -> Int {
                var minimum: Int32 = 0
                gtk_widget_measure(stack.widget, GTK_ORIENTATION_VERTICAL, Int32(width + extra.width), &minimum,
                                   nil, nil, nil)
                return Int(minimum) - extra.height
            }
            #expect(height(at: 110) == 300 && height(at: 130) == 300)
            #expect(height(at: 120) == 300, "GTK's cache no longer guesses; this test can go")
            harness.allocate(width: 120 + insets, height: 100)
            #expect(Int(gtk_widget_get_width(stack.widget)) == 120)
            #expect(stack.contentHeight < 300)
            #expect(Int(gtk_widget_get_height(stack.widget)) == stack.contentHeight)
            #expect(stack.statistics.cacheCorrections == 1)
            #expect(height(at: 120) == stack.contentHeight)
        }
    }

    /// Through a margin, border and padding, an exact answer is not taken for a guess: chips of
    /// one height, whose height never grows with the width, need no correction at any width.
    @Test(arguments: WrapHStack.Placement.allCases)
    func anExactHeightThroughMarginsBordersAndPaddingIsNoGuess(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        try withStylesheet(Self.boxedCSS) {
            let stack = WrapHStack(placement: placement)
            let words = ["a", "tag", "swift", "desktop", "photography", "keyword badge"]
            for i in 0..<150 { try stack.append(gtk_label_new("\(words[i % words.count]) \(i)")) }
            _ = box(stack)
            let harness = ScrolledHarness(stack: stack)
            defer { harness.destroy() }
            for width in stride(from: 200, through: 700, by: 9) {
                #expect(harness.allocate(width: width, height: 100) == 1, "at width \(width)")
                #expect(Int(gtk_widget_get_height(stack.widget)) == stack.contentHeight, "at width \(width)")
            }
            #expect(stack.statistics.cacheCorrections == 0)
        }
    }

    /// A margin, border and padding the stylesheet gives the container once it is shown are
    /// counted too (GTK's size cache is cleared by the style change, and they are read again).
    @Test(arguments: WrapHStack.Placement.allCases)
    func aMarginBorderAndPaddingGivenLaterAreCounted(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        try withStylesheet(Self.boxedCSS) {
            let stack = WrapHStack(placement: placement)
            for i in 0..<150 { try stack.append(gtk_label_new("chip \(i * 7919 % 1000)")) }
            let harness = WindowHarness(stack: stack, width: 500, height: 200)
            defer { harness.destroy() }
            let unboxed = Int(gtk_widget_get_width(stack.widget))
            gtk_widget_add_css_class(stack.widget, "boxed")
            MainLoop.run(until: { stack.lastLayout?.allocatedWidth == unboxed - 28 })
            #expect(stack.lastLayout?.allocatedWidth == unboxed - 28)   // the border and padding
            for width in stride(from: 480, through: 620, by: 7) {
                #expect(harness.resize(width: width, height: 200))
                MainLoop.run(until: { stack.lastLayout?.allocatedWidth == Int(gtk_widget_get_width(stack.widget)) })
                #expect(Int(gtk_widget_get_height(stack.widget)) == stack.contentHeight, "at width \(width)")
            }
            #expect(stack.statistics.cacheCorrections == 0)
            #expect(harness.paintProblems.isEmpty)
        }
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func growFillAndStretchGiveChildrenTheirFrames(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var layout = WrapHStack.defaultLayout
        layout.justification = .fill
        layout.alignment = .fill
        layout.lineHomogeneous = true
        let stack = WrapHStack(layout: layout, placement: placement)
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

    @Test(arguments: WrapHStack.Placement.allCases)

    func insideABoxItAsksForTheHeightItsWidthNeeds(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = WrapHStack(placement: placement)
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
