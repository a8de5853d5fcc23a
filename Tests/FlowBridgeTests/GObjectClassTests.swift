// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowBridge
import FlowEngine
import FlowGObject
import GObjectSupport
import Testing

/// FlowWrapHStack as a GObject class, from Swift: made by g_object_new or GtkBuilder with no Swift
/// view, it owns its controller and lays out as the engine says; its properties and the Swift
/// view's `layout` and `placement` are one state; `content-height` notifies once per change; it
/// and its controllers go when the last reference does. (The same from Python:
/// Tests/Python/test_wrap_hstack.py.)
@MainActor @Suite(.serialized)
struct GObjectClassTests {
    init() {
        GTK.setUp()
        flow_init()
    }

    /// A box that only C made, with labels of varied sizes appended through the C API.
    func makeBox(placement: FlowPlacement) -> (box: Widget, children: [Widget]) {
        let object = g_object_new_with_properties(flow_wrap_hstack_get_type(), 0, nil, nil)!
        let box = UnsafeMutablePointer<GtkWidget>(OpaquePointer(g_object_ref_sink(object)))!
        let wrap = flow_wrap_hstack_cast(box)
        flow_wrap_hstack_set_placement(wrap, placement)
        let children = variedChildren(24, seed: 17)
        for child in children { flow_wrap_hstack_append(wrap, child) }
        return (box, children)
    }

    func setDouble(_ object: gpointer, _ name: String, _ value: Double) {
        var gvalue = GValue()
        g_value_init(&gvalue, g_type_from_name("gdouble"))
        g_value_set_double(&gvalue, value)
        g_object_set_property(cgtk_object(object), name, &gvalue)
        g_value_unset(&gvalue)
    }

    func setEnum(_ object: gpointer, _ name: String, _ type: GType, _ value: UInt32) {
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        g_value_set_enum(&gvalue, gint(value))
        g_object_set_property(cgtk_object(object), name, &gvalue)
        g_value_unset(&gvalue)
    }

    func contentHeightProperty(_ box: Widget) -> Int {
        var gvalue = GValue()
        g_value_init(&gvalue, g_type_from_name("gint"))
        defer { g_value_unset(&gvalue) }
        g_object_get_property(cgtk_object(box), "content-height", &gvalue)
        return Int(g_value_get_int(&gvalue))
    }

    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func aBoxMadeByGObjectAloneLaysOutAsTheEngineSays(_ placement: FlowPlacement) throws {
        let (box, children) = makeBox(placement: placement)
        defer { g_object_unref(box) }
        setDouble(box, "item-spacing", 5)
        setDouble(box, "line-spacing", 3)
        setEnum(box, "justify", flow_justify_get_type(), FLOW_JUSTIFY_SPACE_AROUND.rawValue)
        measureAndAllocate(box, width: 300, height: 600)
        let stack = try #require(WrapHStack.view(of: box), "a FlowWrapHStack has a Swift view")
        #expect(stack.children == children)
        #expect(stack.layout.justification == .spaceAround && stack.layout.itemSpacing == 5)
        #expect(layoutProblems(stack).isEmpty, "\(layoutProblems(stack))")
        let report = try #require(stack.lastLayout)
        #expect(report.allocatedWidth == 300)
        #expect(contentHeightProperty(box) == stack.contentHeight)
        #expect(stack.contentHeight == Int(report.result.size.height.rounded(.up)))
        #expect(report.result.lines.count > 1, "24 children wrap at 300 px")
    }

    /// One state: a property set through GObject is the Swift view's, and the other way round.
    @Test func thePropertiesAndTheSwiftViewAreOneState() {
        let stack = WrapHStack()
        setEnum(stack.widget, "line-breaking", flow_line_breaking_get_type(), FLOW_LINE_BREAKING_BALANCED.rawValue)
        #expect(stack.layout.lineBreaking == .balanced)
        setEnum(stack.widget, "placement", flow_placement_get_type(), FLOW_PLACEMENT_DIRECT.rawValue)
        #expect(stack.placement == .direct)
        #expect(stack.fixed == nil)
        stack.placement = .fixed
        #expect(flow_wrap_hstack_get_placement(flow_wrap_hstack_cast(stack.widget)) == FLOW_PLACEMENT_FIXED)
        stack.layout.maxLines = 2
        var gvalue = GValue()
        g_value_init(&gvalue, g_type_from_name("gint"))
        g_object_get_property(cgtk_object(stack.widget), "max-lines", &gvalue)
        #expect(g_value_get_int(&gvalue) == 2)
        g_value_unset(&gvalue)
        // The view a box gives is the one it has.
        #expect(WrapHStack.view(of: stack.widget) === stack)
    }

    @Test(arguments: WrapHStack.Placement.allCases)
    func contentHeightIsNotifiedOncePerChange(placement: WrapHStack.Placement) throws {
        let stack = WrapHStack(placement: placement)
        for child in variedChildren(40, seed: 3) { try stack.append(child) }
        let harness = ScrolledHarness(stack: stack)
        defer { harness.destroy() }
        var notified: [Int] = [], called: [Int] = []
        connectSignal(stack.widget, "notify::content-height") { (_: gpointer?) in
            notified.append(stack.contentHeight)
        }
        stack.onContentHeightChanged = { called.append($0) }
        harness.allocate(width: 500)
        #expect(notified.count == 1 && called == notified)
        notified = []
        called = []
        harness.allocate(width: 250)
        #expect(notified.count == 1, "one resize that changes the height, one notification: \(notified)")
        #expect(notified.first == stack.contentHeight && called == notified)
        notified = []
        gtk_widget_queue_resize(stack.widget)
        harness.allocate(width: 250)
        #expect(notified.isEmpty, "the same height again notifies nothing")
    }

    /// The `.ui` way: properties as strings, `<child>` elements, per-child options by `<options>`
    /// (either placement) and by `<layout>` (direct, where the children are the box's own).
    @Test(arguments: [("fixed", "options"), ("direct", "options"), ("direct", "layout")])
    func gtkBuilderMakesAWorkingBox(_ placement: String, _ element: String) throws {
        let options = #"<\#(element)><property name="grow">1</property><property name="break-before">yes</property></\#(element)>"#
        let ui = """
        <interface>
          <object class="FlowWrapHStack" id="box">
            <property name="placement">\(placement)</property>
            <property name="item-spacing">7</property>
            <property name="justify">end</property>
            <property name="orientation">horizontal</property>
            <child><object class="GtkLabel"><property name="label">one</property></object></child>
            <child>
              <object class="GtkButton" id="grows">
                <property name="label">two</property>
                \(element == "layout" ? options : "")
              </object>
              \(element == "options" ? options : "")
            </child>
            <child><object class="GtkLabel"><property name="label">three</property></object></child>
          </object>
        </interface>
        """
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        let loaded = gtk_builder_add_from_string(builder, ui, -1, &error)
        #expect(loaded != 0, "\(error.map { String(cString: $0.pointee.message) } ?? "")")
        if let error { g_error_free(error) }
        let box = UnsafeMutablePointer<GtkWidget>(OpaquePointer(try #require(gtk_builder_get_object(builder, "box"))))!
        let grows = UnsafeMutablePointer<GtkWidget>(OpaquePointer(try #require(gtk_builder_get_object(builder, "grows"))))!
        let watch = FinalizationWatch(object: UnsafeMutableRawPointer(box))
        let stack = try #require(WrapHStack.view(of: box))
        #expect(stack.placement.rawValue == placement)
        #expect(stack.layout.itemSpacing == 7 && stack.layout.justification == .end)
        #expect(stack.children.count == 3)
        #expect(try stack.grow(of: grows) == 1)
        #expect(try stack.breaksBefore(grows))
        measureAndAllocate(box, width: 400, height: 200)
        #expect(layoutProblems(stack).isEmpty, "\(layoutProblems(stack))")
        #expect(stack.lastLayout?.result.lines.count == 2, "break-before starts a second line")
        #expect(allocation(grows).width > 100, "grow gives the button its line's free space")
        g_object_unref(UnsafeMutableRawPointer(builder))
        #expect(!watch.isFinalized, "the Swift view holds the box")
        _ = consume stack
        #expect(watch.isFinalized, "the box goes with its builder and its view")
    }

    /// The example's window file (Sources/wraphstack-example/window.ui) loads, and its boxes have
    /// the properties and child options it gives.
    @Test func theExampleWindowFileLoads() throws {
        let source = #filePath
        let root = source[..<source.range(of: "/Tests/")!.lowerBound]
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = gtk_builder_add_from_file(builder, root + "/Sources/wraphstack-example/window.ui", &error)
        #expect(loaded != 0, "\(error.map { String(cString: $0.pointee.message) } ?? "")")
        if let error { g_error_free(error) }
        let window = UnsafeMutablePointer<GtkWidget>(OpaquePointer(try #require(gtk_builder_get_object(builder, "window"))))!
        defer { gtk_window_destroy(cgtk_window(window)) }
        func box(_ id: String) throws -> WrapHStack {
            let object = try #require(gtk_builder_get_object(builder, id))
            return try #require(WrapHStack.view(of: UnsafeMutablePointer(OpaquePointer(object))))
        }
        let filters = try box("filters"), colours = try box("colours")
        let search = UnsafeMutablePointer<GtkWidget>(OpaquePointer(try #require(gtk_builder_get_object(builder, "search"))))!
        #expect(filters.placement == .fixed && filters.layout.justification == .center)
        #expect(try filters.grow(of: search) == 1)
        #expect(try filters.breaksBefore(search))
        #expect(colours.placement == .direct && colours.children.count == 16)
        #expect(try colours.breaksBefore(colours.children[8]), "orange, by <layout>")
        #expect(colours.layout.itemSpacing == LengthUnit.pt.pixels(4, dpi: LengthUnit.dpi()))
    }

    /// The C object owns its controllers: nothing of a box stays once its last reference goes,
    /// however it was made.
    @Test(arguments: [FLOW_PLACEMENT_FIXED, FLOW_PLACEMENT_DIRECT])
    func aBoxMadeByGObjectIsFreedWithItsLayoutAndChildren(_ placement: FlowPlacement) {
        var watches: [FinalizationWatch] = []
        do {
            let (box, children) = makeBox(placement: placement)
            measureAndAllocate(box, width: 200, height: 400)
            watches.append(FinalizationWatch(object: UnsafeMutableRawPointer(box)))
            watches.append(FinalizationWatch(object: UnsafeMutableRawPointer(flow_wrap_hstack_get_layout(flow_wrap_hstack_cast(box)))!))
            if let fixed = flow_wrap_hstack_get_fixed(flow_wrap_hstack_cast(box)) {
                watches.append(FinalizationWatch(object: UnsafeMutableRawPointer(fixed)))
            }
            for child in children { watches.append(FinalizationWatch(object: UnsafeMutableRawPointer(child))) }
            g_object_unref(box)
        }
        let left = watches.filter { !$0.isFinalized }.count
        #expect(left == 0, "\(left) of \(watches.count) objects left")
    }

    /// A plain widget with FlowWrapLayout: the same arithmetic, the options of its layout children.
    @Test func aPlainWidgetLaysOutWithTheWrapLayout() throws {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref_sink(UnsafeMutableRawPointer(box))
        defer { g_object_unref(UnsafeMutableRawPointer(box)) }
        let layout = flow_wrap_layout_new()!
        setDouble(layout, "item-spacing", 4)
        gtk_widget_set_layout_manager(box, layout)
        let children = variedChildren(15, seed: 9)
        for child in children { gtk_box_append(cgtk_box(box), child) }
        let grower = OpaquePointer(gtk_layout_manager_get_layout_child(layout, children[2]))
        flow_wrap_layout_child_set_grow(grower, 1)
        flow_wrap_layout_child_set_break_before(OpaquePointer(gtk_layout_manager_get_layout_child(layout, children[6])), 1)
        measureAndAllocate(box, width: 260, height: 400)
        var options = FlowLayout(itemSpacing: 4)
        options.direction = gtk_widget_get_direction(box) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
        var items = children.map(measuredSize)
        items[2].grow = 1
        items[6].breakBefore = true
        let expected = options.layout(items, in: 260).snapped()
        for (index, child) in children.enumerated() {
            #expect(allocation(child) == expected.frames[index], "child \(index)")
        }
        #expect(expected.lines.contains { $0.lowerBound == 6 })
    }

    /// A child's natural size as the layout measures it.
    func measuredSize(_ child: Widget) -> FlowItem {
        var minimum: Int32 = 0, natural: Int32 = 0, crossMinimum: Int32 = 0, crossNatural: Int32 = 0
        var baseline: Int32 = -1
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, natural, &crossMinimum, &crossNatural, nil, &baseline)
        return FlowItem(width: Double(natural), height: Double(crossNatural), minimumWidth: Double(minimum),
                        minimumHeight: Double(crossMinimum), baseline: baseline >= 0 ? Double(baseline) : nil)
    }
}
