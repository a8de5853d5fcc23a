import CFlow
import FlowEngine

// The GObject enums (flow-enums.h) and the engine's, mapped both ways. A C enum arrives as a
// number: one that is none of its values has no engine value (`nil`); the classes' properties
// never hold one (GObject and flow_layout_values_set refuse it).

extension Justification {
    /// The engine's value for a `FlowJustify`, or `nil` for a number that is none of its values.
    ///
    /// - Complexity: O(1).
    public init?(_ value: FlowJustify) {
        switch value {
        case FLOW_JUSTIFY_START: self = .start
        case FLOW_JUSTIFY_CENTER: self = .center
        case FLOW_JUSTIFY_END: self = .end
        case FLOW_JUSTIFY_SPACE_BETWEEN: self = .spaceBetween
        case FLOW_JUSTIFY_SPACE_AROUND: self = .spaceAround
        case FLOW_JUSTIFY_SPACE_EVENLY: self = .spaceEvenly
        case FLOW_JUSTIFY_FILL: self = .fill
        default: return nil
        }
    }

    /// The `FlowJustify` value (its nick is the raw value in kebab case: `space-between`).
    ///
    /// - Complexity: O(1).
    public var gobjectValue: FlowJustify {
        switch self {
        case .start: FLOW_JUSTIFY_START
        case .center: FLOW_JUSTIFY_CENTER
        case .end: FLOW_JUSTIFY_END
        case .spaceBetween: FLOW_JUSTIFY_SPACE_BETWEEN
        case .spaceAround: FLOW_JUSTIFY_SPACE_AROUND
        case .spaceEvenly: FLOW_JUSTIFY_SPACE_EVENLY
        case .fill: FLOW_JUSTIFY_FILL
        }
    }
}

extension CrossAlignment {
    /// The engine's value for a `FlowAlign`, or `nil` for a number that is none of its values.
    ///
    /// - Complexity: O(1).
    public init?(_ value: FlowAlign) {
        switch value {
        case FLOW_ALIGN_START: self = .start
        case FLOW_ALIGN_CENTER: self = .center
        case FLOW_ALIGN_END: self = .end
        case FLOW_ALIGN_FILL: self = .fill
        case FLOW_ALIGN_FIRST_BASELINE: self = .firstBaseline
        default: return nil
        }
    }

    /// The `FlowAlign` value.
    ///
    /// - Complexity: O(1).
    public var gobjectValue: FlowAlign {
        switch self {
        case .start: FLOW_ALIGN_START
        case .center: FLOW_ALIGN_CENTER
        case .end: FLOW_ALIGN_END
        case .fill: FLOW_ALIGN_FILL
        case .firstBaseline: FLOW_ALIGN_FIRST_BASELINE
        }
    }
}

extension LineBreaking {
    /// The engine's value for a `FlowLineBreaking`, or `nil` for a number that is none of its values.
    ///
    /// - Complexity: O(1).
    public init?(_ value: FlowLineBreaking) {
        switch value {
        case FLOW_LINE_BREAKING_GREEDY: self = .greedy
        case FLOW_LINE_BREAKING_BALANCED: self = .balanced
        default: return nil
        }
    }

    /// The `FlowLineBreaking` value.
    ///
    /// - Complexity: O(1).
    public var gobjectValue: FlowLineBreaking {
        switch self {
        case .greedy: FLOW_LINE_BREAKING_GREEDY
        case .balanced: FLOW_LINE_BREAKING_BALANCED
        }
    }
}
