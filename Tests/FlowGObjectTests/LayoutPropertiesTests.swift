// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowBridge
import FlowEngine
import FlowGObject
import GObjectSupport
import Testing

/// A class that installs the layout properties' table: FlowWrapLayout, and FlowWrapHStack, which
/// shows its layout's as its own.
struct LayoutClass: Sendable, CustomStringConvertible {
    let name: String
    let type: @Sendable () -> GType

    var description: String { name }

    static let all = [
        LayoutClass(name: "FlowWrapLayout", type: { flow_wrap_layout_get_type() }),
        LayoutClass(name: "FlowWrapHStack", type: { flow_wrap_hstack_get_type() }),
    ]

    /// A new instance, owned by the caller (a widget's floating reference is sunk).
    @MainActor func make() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_ref_sink(g_object_new_with_properties(type(), 0, nil, nil)))!
    }

    @MainActor func pspec(_ property: String) -> UnsafeMutablePointer<GParamSpec>? {
        let objectClass = g_type_class_ref(type())!.assumingMemoryBound(to: GObjectClass.self)
        defer { g_type_class_unref(objectClass) }
        return g_object_class_find_property(objectClass, property)
    }
}

/// The table installed on each class: its GParamSpecs, notification on real changes only, and
/// GtkBuilder strings.
@MainActor @Suite(.serialized) struct LayoutPropertiesTests {
    init() {
        setUpGTK()
        // GtkBuilder finds a class by its registered name.
        flow_init()
    }

    @Test(arguments: LayoutClass.all)
    func everyRowIsAGParamSpecWithExplicitNotify(_ layoutClass: LayoutClass) throws {
        for row in TableRow.all {
            let spec = try #require(layoutClass.pspec(row.name), "\(row.name) is not installed")
            #expect(spec.pointee.value_type == row.valueType, "\(row.name)")
            #expect(String(cString: g_param_spec_get_nick(spec)) == row.nick)
            #expect(String(cString: g_param_spec_get_blurb(spec)) == row.blurb)
            let flags = spec.pointee.flags.rawValue
            for flag in [G_PARAM_READABLE, G_PARAM_WRITABLE, G_PARAM_EXPLICIT_NOTIFY] {
                #expect(flags & flag.rawValue != 0, "\(row.name)")
            }
            let value = try #require(g_param_spec_get_default_value(spec))
            #expect(PropertyValue.read(value, kind: row.info.kind) == row.defaultValue, "\(row.name)")
            switch row.info.kind {
            case FLOW_LAYOUT_VALUE_LENGTH:
                // An int, as AdwWrapBox's spacings: what C callers of g_object_set pass.
                let range = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecInt.self).pointee
                #expect(Double(range.minimum) == row.info.minimum && Double(range.maximum) == row.info.maximum, "\(row.name)")
            case FLOW_LAYOUT_VALUE_INT:
                let range = UnsafeMutableRawPointer(spec).assumingMemoryBound(to: GParamSpecInt.self).pointee
                #expect(range.minimum == 0 && range.maximum == Int32.max, "\(row.name)")
            default: break
            }
        }
        let natural = try #require(layoutClass.pspec("natural-line-length"))
        #expect(UnsafeMutableRawPointer(natural).assumingMemoryBound(to: GParamSpecInt.self).pointee.minimum == -1)
    }

    /// A set that changes the value notifies once; a set that changes nothing (the same value, or
    /// one that is stored the same) does not.
    @Test(arguments: LayoutClass.all)
    func aPropertyNotifiesOnlyWhenItChanges(_ layoutClass: LayoutClass) {
        let object = layoutClass.make()
        defer { g_object_unref(object) }
        var notified: [String] = []
        connectSignal(object, "notify") { spec in
            notified.append(String(cString: g_param_spec_get_name(spec!.assumingMemoryBound(to: GParamSpec.self))))
        }
        for row in TableRow.all {
            notified = []
            row.defaultValue.withGValue(row.valueType) { g_object_set_property(cgtk_object(object), row.name, $0) }
            #expect(notified.isEmpty, "\(row.name): the default again")
            row.otherValue.withGValue(row.valueType) { g_object_set_property(cgtk_object(object), row.name, $0) }
            #expect(notified == [row.name])
            row.otherValue.withGValue(row.valueType) { g_object_set_property(cgtk_object(object), row.name, $0) }
            #expect(notified == [row.name], "\(row.name): the same value again")
        }
        notified = []
        // A negative spacing is stored as 0: setting it on a spacing of 0 is no change.
        let spacing = TableRow.all[Int(FLOW_LAYOUT_PROP_LINE_SPACING.rawValue)]
        PropertyValue.int(0).withGValue(spacing.valueType) { g_object_set_property(cgtk_object(object), "line-spacing", $0) }
        notified = []
        PropertyValue.int(-4).withGValue(spacing.valueType) { g_object_set_property(cgtk_object(object), "line-spacing", $0) }
        #expect(notified.isEmpty)
    }

    /// Setting a whole layout from Swift (`WrapHStack.layout`) sets each property that differs, one
    /// notification each, sent once every value is in place; the box's own and its layout's.
    @Test func aLayoutFromSwiftNotifiesEachChangedPropertyOnce() {
        let stack = WrapHStack(layout: FlowLayout())
        let layoutObject = UnsafeMutableRawPointer(flow_wrap_hstack_get_layout(OpaquePointer(stack.widget)))!
        var notified: [String] = [], layoutNotified: [String] = []
        var seenInHandler: [FlowLayout] = []
        func name(_ spec: gpointer?) -> String {
            String(cString: g_param_spec_get_name(spec!.assumingMemoryBound(to: GParamSpec.self)))
        }
        connectSignal(stack.widget, "notify") { spec in
            notified.append(name(spec))
            seenInHandler.append(stack.layout)
        }
        connectSignal(layoutObject, "notify") { spec in layoutNotified.append(name(spec)) }
        var layout = stack.layout
        stack.layout = layout
        #expect(notified.isEmpty)
        layout.itemSpacing = 6
        layout.justification = .spaceEvenly
        layout.maxLines = 3
        layout.naturalLineLength = 240
        stack.layout = layout
        #expect(notified.sorted() == ["item-spacing", "justify", "max-lines", "natural-line-length"])
        #expect(layoutNotified.sorted() == notified.sorted())
        #expect(seenInHandler.allSatisfy { $0 == layout })
        #expect(stack.layout == layout)
        notified = []
        stack.layout = layout
        #expect(notified.isEmpty)
        layout.axis = .vertical
        stack.layout = layout
        #expect(notified == ["orientation"])
    }

    /// A `.ui` file gives every property as a string, enums by nick.
    @Test(arguments: LayoutClass.all)
    func gtkBuilderSetsEveryPropertyFromStrings(_ layoutClass: LayoutClass) throws {
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        var error: UnsafeMutablePointer<GError>?
        let ui = """
        <interface>
          <object class="\(layoutClass.name)" id="object">
            <property name="item-spacing">8</property>
            <property name="item-spacing-unit">pt</property>
            <property name="line-spacing">4</property>
            <property name="line-spacing-unit">px</property>
            <property name="justify">space-between</property>
            <property name="justify-last-line">false</property>
            <property name="align">first-baseline</property>
            <property name="wrap-reverse">true</property>
            <property name="line-breaking">balanced</property>
            <property name="max-items-per-line">4</property>
            <property name="max-lines">2</property>
            <property name="line-homogeneous">yes</property>
            <property name="natural-line-length">300</property>
            <property name="natural-line-length-unit">sp</property>
          </object>
        </interface>
        """
        let added = gtk_builder_add_from_string(builder, ui, -1, &error)
        #expect(added != 0, "\(error.map { String(cString: $0.pointee.message) } ?? "")")
        if let error { g_error_free(error) }
        let object = try #require(gtk_builder_get_object(builder, "object"))
        let layoutObject = layoutClass.name == "FlowWrapLayout"
            ? OpaquePointer(object) : flow_wrap_hstack_get_layout(OpaquePointer(object))
        let values = flow_wrap_layout_get_values(layoutObject).pointee.layout(dpi: LengthUnit.dpi())
        let dpi = LengthUnit.dpi()
        #expect(values == FlowLayout(itemSpacing: 8 * dpi / 72, lineSpacing: 4, justification: .spaceBetween,
                                     justifyLastLine: false, alignment: .firstBaseline, wrapReverse: true,
                                     lineBreaking: .balanced, maxItemsPerLine: 4, maxLines: 2, lineHomogeneous: true,
                                     naturalLineLength: 300 * dpi / 96))
        #expect(flow_wrap_layout_get_controller(layoutObject) != nil)
    }

    /// A bad nick or a value of the wrong type is GtkBuilder's own clear error, not a crash: GTK
    /// 4.8 logs it as a warning ("Failed to set property FlowWrapHStack.justify to middle: Could
    /// not parse enum: 'middle'") and leaves the property at its default. Loading such a file,
    /// and its warning, are checked in a child process from Python (BuilderTests in
    /// Tests/Python/test_wrap_hstack.py); here, the error GTK's parser gives.
    @Test(arguments: LayoutClass.all)
    func gtkBuilderRefusesBadValuesWithAnError(_ layoutClass: LayoutClass) throws {
        let cases: [(property: String, value: String, message: String)] = [
            ("justify", "middle", "Could not parse enum: 'middle'"),
            ("align", "baseline", "Could not parse enum: 'baseline'"),
            ("item-spacing-unit", "em", "Could not parse enum: 'em'"),
            ("item-spacing", "wide", "Could not parse integer 'wide'"),
            ("max-lines", "two", "Could not parse integer 'two'"),
            ("wrap-reverse", "perhaps", "Could not parse boolean 'perhaps'"),
        ]
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        for (property, text, message) in cases {
            let spec = try #require(layoutClass.pspec(property))
            var value = GValue()
            var error: UnsafeMutablePointer<GError>?
            #expect(gtk_builder_value_from_string(builder, spec, text, &value, &error) == 0, "\(property)=\(text)")
            let reported = error.map { String(cString: $0.pointee.message) } ?? ""
            #expect(reported == message, "\(property)=\(text)")
            if let error { g_error_free(error) }
            if value.g_type != 0 { g_value_unset(&value) }
        }
    }
}
