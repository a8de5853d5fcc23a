// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import FlowEngine

// The GObject enums (flow-enums.h) and the engine's, mapped both ways by one switch each: the
// Swift value's C value (exhaustive, so a new engine case cannot be forgotten), from which the
// other direction follows. A C enum arrives as a number: one that is none of its values has no
// Swift value (`nil`); the classes' properties never hold one (GObject and
// flow_layout_values_set refuse it).

/// A Swift enum with a GEnum twin in flow-enums.h.
public protocol GObjectEnum: CaseIterable, Equatable {
    associatedtype GObjectValue: RawRepresentable<UInt32>
    /// The C value (its nick is the raw value in kebab case: `spaceBetween` is `space-between`).
    var gobjectValue: GObjectValue { get }
}

extension GObjectEnum {
    /// The Swift value of a C value, or `nil` for a number that is none of the enum's values.
    ///
    /// - Complexity: O(k), k the number of cases (at most seven).
    public init?(_ value: GObjectValue) {
        guard let match = Self.allCases.first(where: { $0.gobjectValue.rawValue == value.rawValue }) else {
            return nil
        }
        self = match
    }
}

extension Justification: GObjectEnum {
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

extension CrossAlignment: GObjectEnum {
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

extension LineBreaking: GObjectEnum {
    /// - Complexity: O(1).
    public var gobjectValue: FlowLineBreaking {
        switch self {
        case .greedy: FLOW_LINE_BREAKING_GREEDY
        case .balanced: FLOW_LINE_BREAKING_BALANCED
        }
    }
}

extension WrapPolicy: GObjectEnum {
    /// - Complexity: O(1).
    public var gobjectValue: FlowWrapPolicy {
        switch self {
        case .natural: FLOW_WRAP_POLICY_NATURAL
        case .minimum: FLOW_WRAP_POLICY_MINIMUM
        }
    }
}

extension PackDirection: GObjectEnum {
    /// - Complexity: O(1).
    public var gobjectValue: FlowPackDirection {
        switch self {
        case .startToEnd: FLOW_PACK_DIRECTION_START_TO_END
        case .endToStart: FLOW_PACK_DIRECTION_END_TO_START
        }
    }
}
