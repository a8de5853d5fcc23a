// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later

/// A tag's colour: none, or one of Finder's seven, with Finder's numbers (what its binary
/// property list of tags stores after each name: "travel\n6" is red).
package enum TagColor: Int, Sendable, CaseIterable, Hashable {
    case none = 0, grey, green, purple, blue, yellow, red, orange

    /// The name used in the collection's `colors`, on the command line and in messages.
    package var name: String {
        switch self {
        case .none: "none"
        case .grey: "grey"
        case .green: "green"
        case .purple: "purple"
        case .blue: "blue"
        case .yellow: "yellow"
        case .red: "red"
        case .orange: "orange"
        }
    }

    /// The colour a word names ("red", "Red", "gray" as well as "grey", or Finder's number "6").
    package init?(named word: String) {
        let lowered = word.lowercased()
        if lowered == "gray" { self = .grey; return }
        if let number = Int(lowered), let color = TagColor(rawValue: number) { self = color; return }
        guard let color = TagColor.allCases.first(where: { $0.name == lowered }) else { return nil }
        self = color
    }

    /// The names a user may give, for messages.
    package static var names: String { allCases.map(\.name).joined(separator: ", ") }
}

/// The colours of tags, by ``TagRules/key(_:)``: "Travel" and "travel" are one tag with one colour.
package struct TagColors: Sendable, Equatable {
    /// Colour by key; a tag without colour has no entry.
    package private(set) var byKey: [String: TagColor] = [:]

    package init() {}

    /// Colours of tags named as they are spelled.
    package init(_ colors: [(tag: String, color: TagColor)]) {
        for (tag, color) in colors { self[tag] = color }
    }

    /// A tag's colour (``TagColor/none`` when it has none).
    package subscript(tag: String) -> TagColor {
        get { byKey[TagRules.key(tag)] ?? .none }
        set { byKey[TagRules.key(tag)] = newValue == .none ? nil : newValue }
    }

    package var isEmpty: Bool { byKey.isEmpty }

    /// The colour to show for `tag` on a file: these colours' (the collection's), else the one
    /// Finder's attribute gives it there (``FileTags/File/finderColors``, ``FolderFile/finderColors``).
    package func color(of tag: String, finder: TagColors) -> TagColor {
        let own = self[tag]
        return own != .none ? own : finder[tag]
    }
}
