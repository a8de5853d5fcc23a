import CFlow
import CFlowProbe
import CGtk
import FlowEngine
import FlowGObject
import FlowProbe
import GObjectSupport
import Testing

/// The C object owns its Swift controller, made in instance init through a Swift @_cdecl
/// function that the C code declares extern: here in a Swift test executable, where both are
/// linked statically (the same classes in libflow-probe.so are tested from Python,
/// Tests/Python/test_controller_ownership.py).
@MainActor @Suite(.serialized) struct ControllerOwnershipTests {
    init() {
        setUpGTK()
        g_type_ensure(flow_layout_probe_get_type())
    }

    @Test func everyInstanceMakesItsControllerAndFreesIt() {
        let before = LayoutProbe.liveControllers
        var probe: LayoutProbe? = LayoutProbe()
        let watch = FinalizationWatch(object: probe!.object)
        #expect(probe!.controller != nil)
        #expect(LayoutProbe.liveControllers == before + 1)
        probe = nil
        #expect(watch.isFinalized)
        #expect(LayoutProbe.liveControllers == before)
    }

    /// However the object is made: g_object_new from C (as Python and GtkBuilder do).
    @Test func anObjectMadeByGObjectAloneHasItsController() throws {
        let before = LayoutProbe.liveControllers
        let object = try #require(g_object_new_with_properties(flow_layout_probe_get_type(), 0, nil, nil))
        let watch = FinalizationWatch(object: UnsafeMutableRawPointer(object))
        #expect(flow_layout_probe_get_controller(flow_layout_probe_cast(UnsafeMutableRawPointer(object))) != nil)
        #expect(LayoutProbe.liveControllers == before + 1)
        g_object_unref(object)
        #expect(watch.isFinalized)
        #expect(LayoutProbe.liveControllers == before)
    }

    @Test func objectsFromGtkBuilderHaveControllersThatGoWithTheBuilder() throws {
        let before = LayoutProbe.liveControllers
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        let ui = #"<interface><object class="FlowLayoutProbe" id="a"/><object class="FlowLayoutProbe" id="b"/></interface>"#
        #expect(gtk_builder_add_from_string(builder, ui, -1, &error) != 0)
        #expect(LayoutProbe.liveControllers == before + 2)
        let watch = FinalizationWatch(object: UnsafeMutableRawPointer(try #require(gtk_builder_get_object(builder, "a"))))
        g_object_unref(UnsafeMutableRawPointer(builder))
        #expect(watch.isFinalized)
        #expect(LayoutProbe.liveControllers == before)
    }

    /// A property read from C is answered by the controller, from the properties, by the engine.
    @Test func theControllerAnswersFromTheProperties() {
        let probe = LayoutProbe()
        func set(_ name: String, _ value: PropertyValue, _ type: String) {
            value.withGValue(g_type_from_name(type)) { g_object_set_property(cgtk_object(probe.object), name, $0) }
        }
        func naturalLength() -> Double {
            var value = GValue()
            g_value_init(&value, g_type_from_name("gdouble"))
            defer { g_value_unset(&value) }
            g_object_get_property(cgtk_object(probe.object), "natural-length", &value)
            return g_value_get_double(&value)
        }
        set("item-count", .int(10), "gint")
        set("item-width", .double(30), "gdouble")
        set("item-spacing", .double(5), "gdouble")
        #expect(naturalLength() == 10 * 30 + 9 * 5)
        set("natural-line-length", .double(100), "gdouble")
        #expect(naturalLength() == 100)
        var layout = probe.layout
        layout.naturalLineLength = 10
        probe.layout = layout
        #expect(naturalLength() == 30)
        let items = Array(repeating: FlowItem(width: 30, height: 10), count: 10)
        #expect(naturalLength() == probe.layout.naturalLength(of: items))
    }
}
