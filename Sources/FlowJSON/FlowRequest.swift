import FlowEngine
import JSON

// `flow-layout`'s JSON schema for a ``FlowRequest``. Decoding is strict: a missing required field,
// a field of the wrong type, an unknown field (a misspelt option would otherwise be silently
// ignored) or an unknown enum value is an error that names the field.

/// A field of the request that could not be read.
public struct FlowSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field's path, such as `items[3].width`, or empty for the whole document.
    public var field: String
    public var message: String

    public var description: String { field.isEmpty ? message : "field \"\(field)\": \(message)" }
}

// MARK: - Decoding

extension FlowRequest {
    static let topLevelFields: Set<String> = [
        "axis", "available", "itemSpacing", "lineSpacing", "justify", "justifyLastLine", "align",
        "direction", "wrapReverse", "lineBreaking", "maxItemsPerLine", "maxLines",
        "lineHomogeneous", "insets", "items", "overflowIndicator",
    ]
    static let itemFields: Set<String> = [
        "width", "height", "minWidth", "minHeight", "baseline", "grow", "breakBefore",
    ]
    static let insetFields: Set<String> = ["top", "leading", "bottom", "trailing"]

    /// Parses and decodes one request.
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func decode(json text: String) throws(FlowSchemaError) -> FlowRequest {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw FlowSchemaError(field: "", message: error.description)
        }
        return try decode(value)
    }

    /// Decodes one request from a parsed JSON value.
    ///
    /// - Complexity: O(n) in the number of items.
    public static func decode(_ value: JSONValue) throws(FlowSchemaError) -> FlowRequest {
        let reader = try ObjectReader(value, path: "", allowed: topLevelFields)
        var layout = FlowLayout()
        if let axis = try reader.enumeration("axis", FlowAxis.self, names: ["horizontal": .horizontal, "vertical": .vertical]) {
            layout.axis = axis
        }
        let available = try reader.number("available", required: true)!
        if let v = try reader.number("itemSpacing") { layout.itemSpacing = v }
        if let v = try reader.number("lineSpacing") { layout.lineSpacing = v }
        if let v = try reader.enumeration("justify", Justification.self, names: Dictionary(
            uniqueKeysWithValues: Justification.allCases.map { ($0.rawValue, $0) })) {
            layout.justification = v
        }
        if let v = try reader.bool("justifyLastLine") { layout.justifyLastLine = v }
        if let v = try reader.enumeration("align", CrossAlignment.self, names: Dictionary(
            uniqueKeysWithValues: CrossAlignment.allCases.map { ($0.rawValue, $0) })) {
            layout.alignment = v
        }
        if let v = try reader.enumeration("direction", FlowDirection.self,
                                          names: ["ltr": .leftToRight, "rtl": .rightToLeft]) {
            layout.direction = v
        }
        if let v = try reader.bool("wrapReverse") { layout.wrapReverse = v }
        if let v = try reader.enumeration("lineBreaking", LineBreaking.self, names: Dictionary(
            uniqueKeysWithValues: LineBreaking.allCases.map { ($0.rawValue, $0) })) {
            layout.lineBreaking = v
        }
        layout.maxItemsPerLine = try reader.wholeNumber("maxItemsPerLine")
        layout.maxLines = try reader.wholeNumber("maxLines")
        if let v = try reader.bool("lineHomogeneous") { layout.lineHomogeneous = v }
        if let insets = reader.members["insets"] {
            let r = try ObjectReader(insets, path: "insets", allowed: insetFields)
            layout.insets = FlowInsets(top: try r.number("top") ?? 0,
                                       leading: try r.number("leading") ?? 0,
                                       bottom: try r.number("bottom") ?? 0,
                                       trailing: try r.number("trailing") ?? 0)
        }
        if let indicator = reader.members["overflowIndicator"], indicator != .null {
            layout.overflowIndicator = try decodeItem(indicator, path: "overflowIndicator")
        }
        guard let itemsValue = reader.members["items"] else {
            throw FlowSchemaError(field: "items", message: "missing (required)")
        }
        guard case .array(let elements) = itemsValue else {
            throw FlowSchemaError(field: "items", message: "expected an array, got \(itemsValue.kindName)")
        }
        var items: [FlowItem] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            items.append(try decodeItem(element, path: "items[\(index)]"))
        }
        return FlowRequest(layout: layout, available: available, items: items)
    }

    static func decodeItem(_ value: JSONValue, path: String) throws(FlowSchemaError) -> FlowItem {
        let r = try ObjectReader(value, path: path, allowed: itemFields)
        return FlowItem(width: try r.number("width", required: true)!,
                        height: try r.number("height", required: true)!,
                        minimumWidth: try r.number("minWidth"),
                        minimumHeight: try r.number("minHeight"),
                        baseline: try r.number("baseline"),
                        grow: try r.number("grow") ?? 0,
                        breakBefore: try r.bool("breakBefore") ?? false)
    }
}

/// Reads the members of one JSON object, naming the field in every error.
private struct ObjectReader {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String, allowed: Set<String>) throws(FlowSchemaError) {
        guard case .object(let pairs) = value else {
            throw FlowSchemaError(field: path, message: "expected an object, got \(value.kindName)")
        }
        var members: [String: JSONValue] = [:]
        for (key, value) in pairs {
            guard allowed.contains(key) else {
                throw FlowSchemaError(field: Self.join(path, key),
                                      message: "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
            }
            members[key] = value
        }
        self.members = members
        self.path = path
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func number(_ key: String, required: Bool = false) throws(FlowSchemaError) -> Double? {
        switch members[key] {
        case nil:
            if required { throw FlowSchemaError(field: Self.join(path, key), message: "missing (required)") }
            return nil
        case .null?:
            if required { throw FlowSchemaError(field: Self.join(path, key), message: "expected a number, got null") }
            return nil
        case .number(let x)?:
            return x
        case let other?:
            throw FlowSchemaError(field: Self.join(path, key), message: "expected a number, got \(other.kindName)")
        }
    }

    func wholeNumber(_ key: String) throws(FlowSchemaError) -> Int? {
        guard let x = try number(key) else { return nil }
        guard x == x.rounded(.towardZero), x.isFinite else {
            throw FlowSchemaError(field: Self.join(path, key), message: "expected a whole number or null, got \(JSONValue.numberText(x))")
        }
        if x >= Double(Int.max) { return .max }
        if x <= Double(Int.min) { return .min }
        return Int(x)
    }

    func bool(_ key: String) throws(FlowSchemaError) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?:
            throw FlowSchemaError(field: Self.join(path, key), message: "expected true or false, got \(other.kindName)")
        }
    }

    func enumeration<T>(_ key: String, _: T.Type, names: [String: T]) throws(FlowSchemaError) -> T? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let s)?:
            guard let value = names[s] else {
                throw FlowSchemaError(field: Self.join(path, key),
                                      message: "unknown value \"\(s)\" (expected one of: \(names.keys.sorted().joined(separator: ", ")))")
            }
            return value
        case let other?:
            throw FlowSchemaError(field: Self.join(path, key), message: "expected a string, got \(other.kindName)")
        }
    }
}

// MARK: - Encoding

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
            ("insets", .object([("top", .number(l.insets.top)), ("leading", .number(l.insets.leading)),
                                ("bottom", .number(l.insets.bottom)), ("trailing", .number(l.insets.trailing))])),
        ]
        if let indicator = l.overflowIndicator {
            members.append(("overflowIndicator", Self.itemValue(indicator)))
        }
        members.append(("items", .array(items.map(Self.itemValue))))
        return .object(members)
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

extension FlowResult {
    /// The result in `flow-layout`'s output schema.
    ///
    /// - Complexity: O(n) in the number of items.
    public var jsonValue: JSONValue {
        func rect(_ r: FlowRect) -> JSONValue {
            .object([("x", .number(r.x)), ("y", .number(r.y)),
                     ("width", .number(r.width)), ("height", .number(r.height))])
        }
        var members: [(key: String, value: JSONValue)] = [
            ("frames", .array(frames.map(rect))),
            ("size", .object([("width", .number(size.width)), ("height", .number(size.height))])),
            ("lines", .array(lines.map { .object([("start", .number(Double($0.lowerBound))),
                                                  ("end", .number(Double($0.upperBound)))]) })),
            ("hidden", .number(Double(hiddenCount))),
        ]
        if let indicator = indicatorFrame { members.append(("indicator", rect(indicator))) }
        return .object(members)
    }
}
