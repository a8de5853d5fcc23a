// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import FlowEngine
import JSON

// The names the request schema knows: the members of each object, and the values of each option.
// A name is matched against a string token's bytes without making a String of it.

/// The members one kind of object may have.
protocol SchemaField: RawRepresentable<String>, CaseIterable, Sendable {
    static var names: NameTable<Self> { get }
}

/// Names and what each stands for, matched by their UTF-8 bytes.
struct NameTable<Value: Sendable>: Sendable {
    let utf8: [[UInt8]]
    let values: [Value]
    /// "a, b, c", sorted, for messages.
    let list: String

    init(_ pairs: [(String, Value)]) {
        utf8 = pairs.map { Array($0.0.utf8) }
        values = pairs.map(\.1)
        list = pairs.map(\.0).sorted().joined(separator: ", ")
    }

    /// The index of the name `token` holds, or `nil` if it is none of them.
    func index(of token: JSONStringToken, in scanner: JSONScanner) -> Int? {
        let count = token.content.count
        for (index, name) in utf8.enumerated() where token.hasEscapes || name.count == count {
            if name.withUnsafeBytes({ scanner.token(token, equals: $0) }) { return index }
        }
        return nil
    }
}

extension SchemaField {
    static func table() -> NameTable<Self> { NameTable(allCases.map { ($0.rawValue, $0) }) }
}

enum RequestField: String, SchemaField {
    case axis, available, itemSpacing, lineSpacing, justify, justifyLastLine, align, direction,
         wrapReverse, lineBreaking, maxItemsPerLine, maxLines, lineHomogeneous, naturalLineLength,
         insets, items, overflowIndicator
    static let names = table()
}

enum ItemField: String, SchemaField {
    case width, height, minWidth, minHeight, baseline, grow, breakBefore
    static let names = table()
}

enum InsetField: String, SchemaField {
    case top, leading, bottom, trailing
    static let names = table()
}

/// The names of each option's values.
enum OptionValues {
    static let axis = NameTable<FlowAxis>([("horizontal", .horizontal), ("vertical", .vertical)])
    static let justification = NameTable(Justification.allCases.map { ($0.rawValue, $0) })
    static let alignment = NameTable(CrossAlignment.allCases.map { ($0.rawValue, $0) })
    static let direction = NameTable<FlowDirection>([("ltr", .leftToRight), ("rtl", .rightToLeft)])
    static let lineBreaking = NameTable(LineBreaking.allCases.map { ($0.rawValue, $0) })
}
