// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import JSON
import TagData

// The state report's fields of the chips in the virtual list (the rest: StateReport.swift):
// - `virtual`: whether the chips are in the virtual list (always written; false otherwise).
// - `reorderable`: whether the chips can be put in a new order (in both areas).
// - `modelItems`: the tags the list holds; `realizedItems`: the chip widgets that exist now (on
//   screen and in the margin around it); `scrollOffset`: how far the list is scrolled, in pixels;
//   `firstTag`, `lastTag`: the first and the last tag of the whole list.
// - `chips` lists the realized chips only (not every tag), each with its tag's model `index`
//   and `onScreen` (whether it lies within the list's viewport) besides the usual fields.
// - `settled`: every realized chip is where the list's last layout put it.

extension VirtualChips: ChipAreaReport where Content == Chip {
    var listFields: [(key: String, value: JSONValue)] {
        [
            ("virtual", .bool(true)),
            ("reorderable", .bool(reorderable)),
            ("modelItems", .number(Double(list.itemCount))),
            ("realizedItems", .number(Double(list.realizedItems.count))),
            ("scrollOffset", .number(list.scrollOffset)),
            ("firstTag", shownCount > 0 ? .string(shownEntry(at: 0).name) : .null),
            ("lastTag", shownCount > 0 ? .string(shownEntry(at: shownCount - 1).name) : .null),
        ]
    }

    /// The realized chips, in order, as `chips` lists them.
    func reportedChips(_ chipState: (TagEntry, Chip?) -> JSONValue) -> [JSONValue] {
        let listWidget = list.widget
        let viewportHeight = Double(gtk_widget_get_height(listWidget))
        return realizedChips.map { index, chip in
            guard case .object(var fields) = chipState(chip.entry, chip) else { return .null }
            var box = graphene_rect_t()
            let inList = gtk_widget_get_child_visible(chip.widget) != 0
                && gtk_widget_compute_bounds(chip.widget, listWidget, &box) != 0
            let onScreen = inList && Double(box.origin.y) >= 0
                && Double(box.origin.y + box.size.height) <= viewportHeight
            fields.insert(("index", .number(Double(index))), at: 0)
            fields.append(("onScreen", .bool(onScreen)))
            return .object(fields)
        }
    }

    /// Whether every chip of the list's last layout is at its frame (moved by the scroll offset).
    var settled: Bool {
        guard let report = list.lastLayout else { return false }
        let horizontal = report.layout.axis == .horizontal
        return zip(report.realizedIndices, report.frames).allSatisfy { index, frame in
            guard let widget = list.widget(forItem: index) else { return false }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget, list.widget, &bounds) != 0 else { return false }
            let x = horizontal ? frame.x : frame.x - report.scrollOffset
            let y = horizontal ? frame.y - report.scrollOffset : frame.y
            return Double(bounds.origin.x) == x && Double(bounds.origin.y) == y
                && Double(bounds.size.width) == frame.width && Double(bounds.size.height) == frame.height
        }
    }

    /// The list's items are not children of one box the report names.
    var chipParent: Widget? { nil }
}
