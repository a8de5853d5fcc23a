// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A list of tags pasted into the entry, split into names. A list of several lines is split at
/// the line breaks, and also at commas where tags cannot contain one (file tags, whose attribute
/// separates tags with commas); a single line is split at commas ("photo, travel, 2024"). Parts
/// that are empty after trimming are dropped; everything else is kept, names that will be refused
/// too, so that the editor can say why each was not added.
package enum PastedTags {
    /// - Parameter tagsMayContainCommas: `true` for the collection and tag lists, `false` for
    ///   file tags.
    /// - Complexity: O(*n*) in the length of `text`.
    package static func split(_ text: String, tagsMayContainCommas: Bool) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline)
        let commasSeparate = lines.count <= 1 || !tagsMayContainCommas
        return lines.flatMap { line in
            commasSeparate ? line.split(separator: ",").map(String.init) : [String(line)]
        }
        .map(\.trimmingWhitespace)
        .filter { !$0.isEmpty }
    }

    /// What adding a pasted list did, for the message the editor shows.
    package struct Outcome: Equatable, Sendable {
        package var added: [String] = []
        /// Names already there (or twice in the paste): nothing to add.
        package var alreadyThere: [String] = []
        /// Names refused, with why.
        package var refused: [(name: String, reason: String)] = []

        package init() {}

        package static func == (a: Outcome, b: Outcome) -> Bool {
            a.added == b.added && a.alreadyThere == b.alreadyThere
                && a.refused.map(\.name) == b.refused.map(\.name) && a.refused.map(\.reason) == b.refused.map(\.reason)
        }

        /// "Added 3 tags. Already there: “a”, “b”. Not added: “x,y”: File tags cannot contain a
        /// comma.", or `nil` when every name was simply added.
        package var message: String? {
            guard !alreadyThere.isEmpty || !refused.isEmpty else { return nil }
            var parts = [trn("Added \(added.count) tag.", "Added \(added.count) tags.", added.count)]
            if !alreadyThere.isEmpty {
                let names = alreadyThere.map { tr("“\($0)”") }.joined(separator: ", ")
                parts.append(tr("Already there: \(names)."))
            }
            for (name, reason) in refused { parts.append(tr("Not added: “\(name)”: \(reason)")) }
            return parts.joined(separator: " ")
        }
    }
}
