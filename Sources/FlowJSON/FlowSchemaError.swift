// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import JSON

/// A request that could not be read: which field, where, and why.
public struct FlowSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field's path, such as `items[3].width`, or empty for the whole document.
    public var field: String
    public var message: String
    /// Byte offset in the text where the problem is (the value, or the member name, at fault);
    /// `nil` when the request did not come from text.
    public var offset: Int?

    public init(field: String, message: String, offset: Int? = nil) {
        self.field = field
        self.message = message
        self.offset = offset
    }

    /// A syntax error, in the field whose value or member it was found in.
    init(_ error: JSONSyntaxError, in field: String) {
        self.init(field: field, message: "invalid JSON: \(error.message)", offset: error.offset)
    }

    /// For example `field "items[3].width" at byte 57: expected a number, got a string "12"`.
    public var description: String {
        var place = field.isEmpty ? "" : "field \"\(field)\""
        if let offset { place += (place.isEmpty ? "" : " ") + "at byte \(offset)" }
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

/// Where in a request a field is, so an error can name it (`items[3].width`). Built for every
/// value read, so it holds no text of its own; ``description`` is made only for an error.
struct FieldPath {
    enum Container {
        case request, insets, overflowIndicator
        case item(Int)
    }

    var container: Container
    /// The member's name, or `nil` for the container itself.
    var name: String?

    var description: String {
        let prefix: String
        switch container {
        case .request: prefix = ""
        case .insets: prefix = "insets"
        case .overflowIndicator: prefix = "overflowIndicator"
        case .item(let index): prefix = "items[\(index)]"
        }
        guard let name else { return prefix }
        return prefix.isEmpty ? name : "\(prefix).\(name)"
    }
}
