// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import JSON
import TagData

/// What the state report reads from a chip area's way of showing its chips
/// (`StackChips+StateReport.swift`, `VirtualChips+StateReport.swift`).
@MainActor
protocol ChipAreaReport {
    /// The chips' fields, in order; `chipState` makes a chip's from its tag and its widget.
    func reportedChips(_ chipState: (TagEntry, Chip?) -> JSONValue) -> [JSONValue]
    /// Whether every chip is where the last layout put it (so a click at the reported places
    /// lands on it).
    var settled: Bool { get }
    /// The area's own fields (`virtual` and, in the list, its figures).
    var listFields: [(key: String, value: JSONValue)] { get }
    /// The widget the chips are children of, when there are chips.
    var chipParent: Widget? { get }
}

extension ChipArea where Content == Chip {
    /// The way shown now, as the report reads it.
    var report: any ChipAreaReport {
        if usesVirtualList, let list = listChips { return list }
        return boxChips!
    }
}
