import CFlow
import CGtk
import FlowEngine
import FlowGObject
import Testing

/// The GEnum types: registered under their C names, with the nicks `.ui` files and the typelib's
/// users type, each value mapped to the engine's and back.
@Suite struct EnumMappingTests {
    @Test func justifyIsTheEnginesJustification() {
        let type = flow_justify_get_type()
        #expect(String(cString: g_type_name(type)) == "FlowJustify")
        let nicks = enumNicks(type)
        #expect(nicks.map(\.nick) == ["start", "center", "end", "space-between", "space-around", "space-evenly", "fill"])
        #expect(nicks.count == Justification.allCases.count)
        for value in nicks {
            let engine = Justification(FlowJustify(rawValue: UInt32(value.value)))
            #expect(engine.map { kebabCase($0.rawValue) } == value.nick)
            #expect(engine?.gobjectValue.rawValue == UInt32(value.value))
        }
        #expect(nicks.map(\.name).allSatisfy { $0.hasPrefix("FLOW_JUSTIFY_") })
        #expect(Justification(FlowJustify(rawValue: 7)) == nil)
    }

    @Test func alignIsTheEnginesCrossAlignment() {
        let type = flow_align_get_type()
        #expect(String(cString: g_type_name(type)) == "FlowAlign")
        let nicks = enumNicks(type)
        #expect(nicks.map(\.nick) == ["start", "center", "end", "fill", "first-baseline"])
        #expect(nicks.count == CrossAlignment.allCases.count)
        for value in nicks {
            let engine = CrossAlignment(FlowAlign(rawValue: UInt32(value.value)))
            #expect(engine.map { kebabCase($0.rawValue) } == value.nick)
            #expect(engine?.gobjectValue.rawValue == UInt32(value.value))
        }
        #expect(CrossAlignment(FlowAlign(rawValue: 99)) == nil)
    }

    @Test func lineBreakingIsTheEnginesLineBreaking() {
        let type = flow_line_breaking_get_type()
        #expect(String(cString: g_type_name(type)) == "FlowLineBreaking")
        let nicks = enumNicks(type)
        #expect(nicks.map(\.nick) == ["greedy", "balanced"])
        #expect(nicks.count == LineBreaking.allCases.count)
        for value in nicks {
            let engine = LineBreaking(FlowLineBreaking(rawValue: UInt32(value.value)))
            #expect(engine?.rawValue == value.nick)
            #expect(engine?.gobjectValue.rawValue == UInt32(value.value))
        }
        #expect(LineBreaking(FlowLineBreaking(rawValue: 2)) == nil)
    }

    @Test func lengthUnitIsLengthUnit() {
        let type = flow_length_unit_get_type()
        #expect(String(cString: g_type_name(type)) == "FlowLengthUnit")
        let nicks = enumNicks(type)
        #expect(nicks.map(\.nick) == ["px", "pt", "sp"])
        #expect(nicks.map(\.nick) == LengthUnit.allCases.map(\.rawValue))
        for value in nicks {
            #expect(LengthUnit(FlowLengthUnit(rawValue: UInt32(value.value)))?.gobjectValue.rawValue == UInt32(value.value))
        }
        #expect(LengthUnit(FlowLengthUnit(rawValue: 3)) == nil)
    }

    /// The container's placement (issue 16's WrapHStack option): no engine enum, only the GEnum.
    @Test func placementHasItsTwoNicks() {
        let type = flow_placement_get_type()
        #expect(String(cString: g_type_name(type)) == "FlowPlacement")
        #expect(enumNicks(type).map(\.nick) == ["fixed", "direct"])
        #expect(enumNicks(type).map(\.value) == [Int32(FLOW_PLACEMENT_FIXED.rawValue), Int32(FLOW_PLACEMENT_DIRECT.rawValue)])
    }

    @Test func everyNickIsFoundByName() {
        for type in [flow_justify_get_type(), flow_align_get_type(), flow_line_breaking_get_type(),
                     flow_placement_get_type(), flow_length_unit_get_type()] {
            let enumClass = g_type_class_ref(type)!.assumingMemoryBound(to: GEnumClass.self)
            defer { g_type_class_unref(enumClass) }
            for value in enumNicks(type) {
                #expect(g_enum_get_value_by_nick(enumClass, value.nick)?.pointee.value == value.value)
            }
            #expect(g_enum_get_value_by_nick(enumClass, "middle") == nil)
        }
    }
}
