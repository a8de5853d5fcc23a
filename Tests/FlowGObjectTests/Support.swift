// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import Testing

/// GTK for the suites that need a display (GtkSettings, GtkBuilder): each such suite is
/// `@MainActor` and `.serialized`, under Xvfb with G_DEBUG=fatal-criticals (test.sh), and calls
/// this first (gtk_init returns at once when another suite has initialized GTK).
@MainActor
func setUpGTK() {
    gtk_init()
}

/// A value for a GValue of a property's type.
enum PropertyValue: Equatable, CustomStringConvertible {
    case double(Double)
    case int(Int32)
    case boolean(Bool)
    case enumeration(Int32)

    var description: String {
        switch self {
        case .double(let v): "\(v)"
        case .int(let v): "\(v)"
        case .boolean(let v): "\(v)"
        case .enumeration(let v): "enum \(v)"
        }
    }

    /// Runs `body` with a GValue of `type` holding this value.
    func withGValue<T>(_ type: GType, _ body: (UnsafePointer<GValue>) -> T) -> T {
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        switch self {
        case .double(let v): g_value_set_double(&value, v)
        case .int(let v): g_value_set_int(&value, v)
        case .boolean(let v): g_value_set_boolean(&value, v ? 1 : 0)
        case .enumeration(let v): g_value_set_enum(&value, v)
        }
        return body(&value)
    }

    /// What a GValue of a property of `kind` holds.
    static func read(_ value: UnsafePointer<GValue>, kind: FlowLayoutValueKind) -> PropertyValue {
        switch kind {
        case FLOW_LAYOUT_VALUE_LENGTH: .int(g_value_get_int(value))
        case FLOW_LAYOUT_VALUE_INT: .int(g_value_get_int(value))
        case FLOW_LAYOUT_VALUE_BOOLEAN: .boolean(g_value_get_boolean(value) != 0)
        default: .enumeration(g_value_get_enum(value))
        }
    }
}

/// One row of the layout properties' table, read from C.
struct TableRow {
    let prop: FlowLayoutProp
    let info: FlowLayoutPropertyInfo

    static var all: [TableRow] {
        (0..<FLOW_LAYOUT_N_PROPS.rawValue).map { index in
            let prop = FlowLayoutProp(rawValue: index)
            return TableRow(prop: prop, info: flow_layout_property_info(prop)!.pointee)
        }
    }

    var name: String { String(cString: info.name) }
    var nick: String { String(cString: info.nick) }
    var blurb: String { String(cString: info.blurb) }
    var engineField: String { String(cString: info.engine_field) }
    var isUnit: Bool { name.hasSuffix("-unit") }

    /// The GType of its values.
    var valueType: GType {
        switch info.kind {
        case FLOW_LAYOUT_VALUE_LENGTH, FLOW_LAYOUT_VALUE_INT: g_type_from_name("gint")
        case FLOW_LAYOUT_VALUE_BOOLEAN: g_type_from_name("gboolean")
        default: info.enum_type!()
        }
    }

    var defaultValue: PropertyValue {
        switch info.kind {
        case FLOW_LAYOUT_VALUE_LENGTH, FLOW_LAYOUT_VALUE_INT: .int(Int32(info.default_value))
        case FLOW_LAYOUT_VALUE_BOOLEAN: .boolean(info.default_value != 0)
        default: .enumeration(Int32(info.default_value))
        }
    }

    /// A valid value other than the default.
    var otherValue: PropertyValue {
        switch info.kind {
        case FLOW_LAYOUT_VALUE_LENGTH: .int(12)
        case FLOW_LAYOUT_VALUE_INT: .int(3)
        case FLOW_LAYOUT_VALUE_BOOLEAN: .boolean(info.default_value == 0)
        default: .enumeration(Int32(info.default_value) + 1)
        }
    }

    /// Stores `value` in `values` (through flow_layout_values_set); returns whether it changed.
    @discardableResult
    func set(_ value: PropertyValue, in values: inout FlowLayoutValues) -> Bool {
        value.withGValue(valueType) { flow_layout_values_set(&values, prop, $0) } != 0
    }

    func get(_ values: FlowLayoutValues) -> PropertyValue {
        var value = GValue()
        g_value_init(&value, valueType)
        defer { g_value_unset(&value) }
        withUnsafePointer(to: values) { flow_layout_values_get($0, prop, &value) }
        return PropertyValue.read(&value, kind: info.kind)
    }
}

/// The nicks of a registered GEnum type, in value order, and its values.
func enumNicks(_ type: GType) -> [(value: Int32, name: String, nick: String)] {
    let enumClass = g_type_class_ref(type)!.assumingMemoryBound(to: GEnumClass.self)
    defer { g_type_class_unref(enumClass) }
    return (0..<Int(enumClass.pointee.n_values)).map { index in
        let value = enumClass.pointee.values[index]
        return (value.value, String(cString: value.value_name), String(cString: value.value_nick))
    }
}

/// "spaceBetween" → "space-between": how an engine enum's raw value reads as a GObject nick.
func kebabCase(_ camel: String) -> String {
    camel.reduce(into: "") { text, character in
        if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
    }
}
