// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// `flow-layout`'s input schema written out from a request: the tag editor reports the request of each
// layout this way, and `flow-layout` reads it back (FlowRequestDecoder.swift).

import FlowEngine
import JSON

extension FlowRequest {
    /// The request in `flow-layout`'s input schema, every option written out, so it can be fed
    /// back to the command and give the same result.
    ///
    /// - Complexity: O(n) in the number of items.
    public var jsonValue: JSONValue {
        let l = layout
        var members: [(key: String, value: JSONValue)] = [
            ("axis", .string(l.axis.rawValue)),
            ("available", .number(available)),
            ("itemSpacing", .number(l.itemSpacing)),
            ("lineSpacing", .number(l.lineSpacing)),
            ("justify", .string(l.justification.rawValue)),
            ("justifyLastLine", .bool(l.justifyLastLine)),
            ("align", .string(l.alignment.rawValue)),
            ("direction", .string(l.direction == .leftToRight ? "ltr" : "rtl")),
            ("wrapReverse", .bool(l.wrapReverse)),
            ("lineBreaking", .string(l.lineBreaking.rawValue)),
            ("maxItemsPerLine", l.maxItemsPerLine.map { .number(Double($0)) } ?? .null),
            ("maxLines", l.maxLines.map { .number(Double($0)) } ?? .null),
            ("lineHomogeneous", .bool(l.lineHomogeneous)),
            ("naturalLineLength", l.naturalLineLength.map { .number($0) } ?? .null),
            ("insets", .object([("top", .number(l.insets.top)), ("leading", .number(l.insets.leading)),
                                ("bottom", .number(l.insets.bottom)), ("trailing", .number(l.insets.trailing))])),
        ]
        if let indicator = l.overflowIndicator {
            members.append(("overflowIndicator", Self.itemValue(indicator)))
        }
        members.append(("items", .array(items.map(Self.itemValue))))
        return .object(members)
    }

    /// The output's `naturalLength` member: the layout's natural length (capped by
    /// `naturalLineLength`) when the request sets `naturalLineLength`, else `nil` and the member
    /// is left out, so an answer costs one pass unless the cap is asked about.
    ///
    /// - Complexity: O(1) without `naturalLineLength`, else as ``FlowLayout/naturalLength(of:)``.
    public var reportedNaturalLength: Double? {
        layout.naturalLineLength == nil ? nil : layout.naturalLength(of: items)
    }

    static func itemValue(_ item: FlowItem) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("width", .number(item.width)), ("height", .number(item.height)),
            ("minWidth", .number(item.minimumWidth)), ("minHeight", .number(item.minimumHeight)),
        ]
        if let baseline = item.baseline { members.append(("baseline", .number(baseline))) }
        if item.grow != 0 { members.append(("grow", .number(item.grow))) }
        if item.breakBefore { members.append(("breakBefore", .bool(true))) }
        return .object(members)
    }
}
