// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowBridge
import FlowEngine
import FlowGObject
import Testing

/// One GEnum type and what the tests expect of it.
struct GEnumCase: Sendable, CustomStringConvertible {
    let typeName: String
    let type: @Sendable () -> GType
    let nicks: [String]
    /// For each C value: its Swift value's raw value, and that Swift value's C value (`nil` when
    /// the C value has no Swift value). FlowPlacement is WrapHStack.Placement (FlowBridge).
    let swift: (@Sendable (UInt32) -> (rawValue: String, back: UInt32)?)?
    let swiftCount: Int

    var description: String { typeName }

    static let all: [GEnumCase] = [
        GEnumCase(typeName: "FlowJustify", type: { flow_justify_get_type() },
                  nicks: ["start", "center", "end", "space-between", "space-around", "space-evenly", "fill"],
                  swift: { Justification(FlowJustify(rawValue: $0)).map { ($0.rawValue, $0.gobjectValue.rawValue) } },
                  swiftCount: Justification.allCases.count),
        GEnumCase(typeName: "FlowAlign", type: { flow_align_get_type() },
                  nicks: ["start", "center", "end", "fill", "first-baseline"],
                  swift: { CrossAlignment(FlowAlign(rawValue: $0)).map { ($0.rawValue, $0.gobjectValue.rawValue) } },
                  swiftCount: CrossAlignment.allCases.count),
        GEnumCase(typeName: "FlowLineBreaking", type: { flow_line_breaking_get_type() }, nicks: ["greedy", "balanced"],
                  swift: { LineBreaking(FlowLineBreaking(rawValue: $0)).map { ($0.rawValue, $0.gobjectValue.rawValue) } },
                  swiftCount: LineBreaking.allCases.count),
        GEnumCase(typeName: "FlowLengthUnit", type: { flow_length_unit_get_type() }, nicks: ["px", "pt", "sp"],
                  swift: { LengthUnit(FlowLengthUnit(rawValue: $0)).map { ($0.rawValue, $0.gobjectValue.rawValue) } },
                  swiftCount: LengthUnit.allCases.count),
        GEnumCase(typeName: "FlowPlacement", type: { flow_placement_get_type() }, nicks: ["fixed", "direct"],
                  swift: { WrapHStack.Placement(FlowPlacement(rawValue: $0)).map { ($0.rawValue, $0.gobjectValue.rawValue) } },
                  swiftCount: WrapHStack.Placement.allCases.count),
    ]
}

/// The GEnum types: registered under their C names, with the nicks `.ui` files and the typelib's
/// users type, each value mapped to the engine's and back.
@Suite struct EnumMappingTests {
    @Test(arguments: GEnumCase.all)
    func theTypeHasItsNameAndNicks(_ enumCase: GEnumCase) {
        let type = enumCase.type()
        #expect(String(cString: g_type_name(type)) == enumCase.typeName)
        let values = enumNicks(type)
        #expect(values.map(\.nick) == enumCase.nicks)
        #expect(values.map(\.value) == Array(0..<Int32(enumCase.nicks.count)))
        // FlowLineBreaking's FLOW_LINE_BREAKING_BALANCED is its nick in upper snake case.
        let prefix = "FLOW_" + upperSnakeCase(String(kebabCase(String(enumCase.typeName.dropFirst(4))).dropFirst())) + "_"
        #expect(values.map(\.name) == enumCase.nicks.map { prefix + upperSnakeCase($0) })
    }

    /// Each C value is the Swift value whose raw value its nick spells, and back; a number
    /// beyond the values has none.
    @Test(arguments: GEnumCase.all.filter { $0.swift != nil })
    func everyValueIsTheSwiftValueItsNickNames(_ enumCase: GEnumCase) throws {
        let swift = try #require(enumCase.swift)
        #expect(enumCase.nicks.count == enumCase.swiftCount)
        for value in enumNicks(enumCase.type()) {
            let mapped = swift(UInt32(value.value))
            #expect(mapped.map { kebabCase($0.rawValue) } == value.nick)
            #expect(mapped?.back == UInt32(value.value))
        }
        #expect(swift(UInt32(enumCase.nicks.count)) == nil)
    }

    @Test(arguments: GEnumCase.all)
    func everyNickIsFoundByName(_ enumCase: GEnumCase) {
        let enumClass = g_type_class_ref(enumCase.type())!.assumingMemoryBound(to: GEnumClass.self)
        defer { g_type_class_unref(enumClass) }
        for value in enumNicks(enumCase.type()) {
            #expect(g_enum_get_value_by_nick(enumClass, value.nick)?.pointee.value == value.value)
        }
        #expect(g_enum_get_value_by_nick(enumClass, "middle") == nil)
    }
}

/// "space-between" → "SPACE_BETWEEN".
func upperSnakeCase(_ kebab: String) -> String {
    String(kebab.uppercased().map { $0 == "-" ? "_" : $0 })
}
