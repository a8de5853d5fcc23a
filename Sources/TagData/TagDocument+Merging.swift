// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Changes the chips offer besides add, remove and rename.

extension TagDocument {
    /// Adds a tag some files have to all of them (file mode: each file that lacks it).
    @discardableResult
    package func addToAll(_ name: String) throws -> ChangeReport {
        try requireShown([name])
        return try apply(.add(name))
    }

    /// Renames `old` to `existing`, another tag's name: where a file (or the collection) has
    /// both, `old` goes; where it has only `old`, it becomes `existing`.
    @discardableResult
    package func merge(_ old: String, into existing: String) throws -> ChangeReport {
        try requireShown([old, existing])
        return try apply(.rename(old, to: existing))
    }

    /// Throws ``TagError/notFound(_:)`` for the first of `names` that is not one of the tags.
    private func requireShown(_ names: [String]) throws {
        let shown = Set(entries.map(\.name))
        if let missing = names.first(where: { !shown.contains($0) }) { throw TagError.notFound(missing) }
    }
}
