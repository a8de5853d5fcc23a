// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
@testable import FlowBridge
import GObjectSupport
import FlowEngine
import Testing

/// Inline and data-driven content, errors, and the overflow indicator.
@MainActor @Suite(.serialized)
struct ContentTests {
    @Test(arguments: WrapHStack.Placement.allCases)
    func inlineContentKeepsOrder(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let a = gtk_label_new("a")!, b = gtk_label_new("b")!, c = gtk_label_new("c")!
        let stack = try WrapHStack(placement: placement) { a; c }
        #expect(stack.children == [a, c])
        try stack.insert(b, at: 1)
        #expect(stack.children == [a, b, c])
        try stack.remove(at: 0)
        #expect(stack.children == [b, c])
        try stack.remove(c)
        #expect(stack.children == [b])
        stack.removeAll()
        #expect(stack.children.isEmpty)
        // No child is left in the widget tree: the GtkFixed is empty, or only the stylesheet probes
        // are left in the container widget.
        if let fixed = stack.fixed {
            #expect(gtk_widget_get_first_child(fixed) == nil)
        } else {
            #expect(gtk_widget_get_first_child(stack.widget) == stack.spacingProbes.horizontal)
        }
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func resultBuilderTakesConditionsAndLoops(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let showExtra = true
        let stack = try WrapHStack(placement: placement) {
            gtk_label_new("first")
            if showExtra { gtk_label_new("extra") }
            for word in ["x", "y"] { gtk_label_new(word) }
        }
        #expect(stack.children.count == 4)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func badInlineOperationsAreClearErrors(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref_sink(box)
        defer { g_object_unref(box) }
        let owned = gtk_label_new("owned")!
        gtk_box_append(cgtk_box(box), owned)
        let stack = WrapHStack(placement: placement)
        #expect(throws: WrapHStackError.widgetHasParent(widget: "GtkLabel", parent: "GtkBox")) {
            try stack.append(owned)
        }
        let label = gtk_label_new("mine")!
        try stack.append(label)
        #expect(throws: WrapHStackError.alreadyAChild(widget: "GtkLabel")) { try stack.append(label) }
        #expect(throws: WrapHStackError.indexOutOfRange(index: 5, count: 1)) { try stack.insert(gtk_label_new("z")!, at: 5) }
        #expect(throws: WrapHStackError.indexOutOfRange(index: 1, count: 1)) { try stack.remove(at: 1) }
        #expect(throws: WrapHStackError.notAChild(widget: "GtkLabel")) { try stack.remove(owned) }
        #expect(stack.children == [label])
        let message = WrapHStackError.widgetHasParent(widget: "GtkLabel", parent: "GtkBox").description
        #expect(message.contains("GtkLabel") && message.contains("GtkBox"))
    }

    struct Tag: Equatable { var name: String; var count: Int }

    @Test(arguments: WrapHStack.Placement.allCases)

    func dataDrivenUpdateKeepsWidgetIdentity(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var made: [String] = []
        let stack = try DataWrapHStack([Tag(name: "a", count: 1), Tag(name: "b", count: 2), Tag(name: "c", count: 3)],
                                       id: \.name, placement: placement) { tag in
            made.append(tag.name)
            return gtk_label_new(tag.name)
        }
        #expect(made == ["a", "b", "c"])
        let a = try #require(stack.widget(for: "a"))
        let b = try #require(stack.widget(for: "b"))
        let c = try #require(stack.widget(for: "c"))
        let cWatch = FinalizationWatch(c)

        try stack.update(with: [Tag(name: "b", count: 9), Tag(name: "d", count: 4), Tag(name: "a", count: 1)])
        #expect(made == ["a", "b", "c", "d"])          // only the new identifier got a widget
        #expect(stack.widget(for: "a") == a)
        #expect(stack.widget(for: "b") == b)
        #expect(stack.widget(for: "c") == nil)
        #expect(stack.children == [b, stack.widget(for: "d")!, a])   // order follows the data
        #expect(cWatch.isFinalized)                    // the removed widget is released
        #expect(stack.elements.map(\.name) == ["b", "d", "a"])
        // The widget tree (GTK's drawing and screen-reader order) follows the data too.
        var tree: [Widget] = []
        let members = Set(stack.children)
        var child = gtk_widget_get_first_child(chipParent(stack.box))
        while let current = child, members.contains(current) {
            tree.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        #expect(tree == stack.children)
    }

    /// A chip of the caller's, owning its widget, as an element's content.
    @MainActor final class TagChip {
        let widget: Widget
        var count: Int
        init(_ tag: Tag) {
            widget = gtk_label_new(tag.name)
            count = tag.count
        }
    }

    /// The container keeps each element's content object while the element is shown (nothing
    /// else holds it here), hands back the same object after an update, and lets it go, with its
    /// widget, when the element goes.
    @Test(arguments: WrapHStack.Placement.allCases)
    func contentObjectsLiveAsLongAsTheirElements(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = try DataWrapHStack([Tag(name: "a", count: 1), Tag(name: "b", count: 2)], id: \.name, placement: placement,
                                       makeContent: TagChip.init, widget: \.widget)
        let a = try #require(stack.content(for: "a"))
        weak var b = stack.content(for: "b")
        #expect(b != nil)
        let bWatch = FinalizationWatch(try #require(stack.widget(for: "b")))
        #expect(stack.widget(for: "a") == a.widget)

        try stack.update(with: [Tag(name: "a", count: 5), Tag(name: "c", count: 3)])
        #expect(stack.content(for: "a") === a)          // the same object, not a new one
        #expect(a.count == 1)                           // updating it is the caller's choice
        #expect(b == nil)                               // the object of a removed element is freed...
        #expect(bWatch.isFinalized)                     // ...and so is its widget
        #expect(stack.content(for: "c")?.count == 3)
        #expect(stack.children == [a.widget, stack.widget(for: "c")!])
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func duplicateIdentifiersAreAnErrorAndChangeNothing(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = try DataWrapHStack(["x", "y"], id: \String.self, placement: placement) { (name: String) in gtk_label_new(name) }
        let before = stack.children
        #expect(throws: WrapHStackError.duplicateIdentifier(id: "y", firstIndex: 1, secondIndex: 3)) {
            try stack.update(with: ["x", "y", "z", "y"])
        }
        #expect(stack.children == before)
        #expect(stack.elements == ["x", "y"])
        #expect(throws: WrapHStackError.self) {
            _ = try DataWrapHStack(["same", "same"], id: \String.self, placement: placement) { (name: String) in gtk_label_new(name) }
        }
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func makeWidgetReturningAParentedWidgetIsAnError(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref_sink(box)
        defer { g_object_unref(box) }
        let trap = gtk_label_new("trap")!
        gtk_box_append(cgtk_box(box), trap)
        let stack = try DataWrapHStack(["ok"], id: \String.self, placement: placement) { (name: String) in
            name == "bad" ? trap : gtk_label_new(name)
        }
        #expect(throws: WrapHStackError.widgetHasParent(widget: "GtkLabel", parent: "GtkBox")) {
            try stack.update(with: ["ok", "new", "bad"])
        }
        #expect(stack.elements == ["ok"])
        #expect(stack.children.count == 1)
    }

    @Test(arguments: WrapHStack.Placement.allCases)

    func overflowIndicatorShowsTheHiddenCount(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        var layout = WrapHStack.defaultLayout
        layout.maxLines = 2
        let stack = WrapHStack(layout: layout, placement: placement)
        for i in 0..<40 { try stack.append(gtk_label_new("item \(i)")!) }
        let more = gtk_label_new("")!
        var updates: [Int] = []
        try stack.setOverflowIndicator(more) { count in
            updates.append(count)
            gtk_label_set_text(cgtk_label(more), "+\(count) more")
        }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        harness.allocate(width: 300)
        let report = try #require(stack.lastLayout)
        #expect(report.lineCount == 2)
        let hidden = report.result.hiddenCount
        #expect(hidden > 0)
        #expect(String(cString: gtk_label_get_text(cgtk_label(more))) == "+\(hidden) more")
        #expect(gtk_widget_get_child_visible(more) != 0)
        let indicatorFrame = try #require(report.result.indicatorFrame)
        #expect(allocation(more).x == indicatorFrame.x && allocation(more).y == indicatorFrame.y)
        #expect(layoutProblems(stack).isEmpty)
        // Wide enough for everything: no indicator, nothing hidden.
        harness.allocate(width: 20_000)
        #expect(stack.lastLayout?.result.hiddenCount == 0)
        #expect(gtk_widget_get_child_visible(more) == 0 && gtk_widget_get_visible(more) != 0)
        #expect(stack.children.allSatisfy { gtk_widget_get_visible($0) != 0 && gtk_widget_get_child_visible($0) != 0 })
        #expect(layoutProblems(stack).isEmpty)
        #expect(!updates.isEmpty)
    }
}

@MainActor @Suite(.serialized)
struct MixedContentTests {
    @Test(arguments: WrapHStack.Placement.allCases)
    func removingADataChildInlineForgetsItsElement(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        let stack = try DataWrapHStack([1, 2, 3], id: \Int.self, placement: placement) { gtk_label_new("\($0)")! }
        let two = try #require(stack.widget(for: 2))
        let watch = FinalizationWatch(two)
        try stack.box.remove(two)
        #expect(watch.isFinalized)
        #expect(stack.widget(for: 2) == nil)
        #expect(stack.elements == [1, 3])
        // A new label may reuse the freed address: it must not be mistaken for element 2.
        let extra = gtk_label_new("extra")!
        try stack.box.append(extra)
        try stack.update(with: [1, 2, 3])
        #expect(stack.children.count == 3)
        #expect(!stack.children.contains(extra))
        #expect(stack.widget(for: 2) != nil)
        stack.box.removeAll()
        #expect(stack.elements.isEmpty)
        try stack.update(with: [5])
        #expect(stack.children.count == 1)
    }
}
