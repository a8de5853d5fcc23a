// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A ``TagChange`` meant for one place only: one file's tags (its path, as it was opened) or one
/// collection (its path). An undo is a list of these, so that taking back "add x to three files"
/// removes x from the three files that got it and not from a fourth that already had it.
package struct PlacedChange: Sendable, Hashable {
    /// The file's path, or the collection's (for an in-memory list, the document's title).
    package var place: String
    package var change: TagChange

    package init(place: String, change: TagChange) {
        self.place = place
        self.change = change
    }
}

extension TagDocument {
    /// Applies the changes of an undo (or a redo): each to its place as it is now, so what other
    /// programs changed meanwhile is kept. The report's ``ChangeReport/undo`` takes it back again.
    ///
    /// - Complexity: O(*c*) place reads and writes for *c* changes.
    package func apply(_ changes: [PlacedChange]) throws -> ChangeReport {
        if let files = self as? FileTagsDocument { return try files.applyToFiles(changes) }
        var report = ChangeReport(name: changes.first?.change.name ?? "")
        for placed in changes {
            let one = try apply(placed.change)
            report.changedFiles += one.changedFiles
            report.undo += one.undo
            if let conflict = one.conflict {
                report.conflict = conflict
                report.conflicts += one.conflicts
            }
        }
        return report
    }
}
