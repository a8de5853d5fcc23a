// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import JSON

// The state report's `search` field, in the editor's and the folder view's reports:
// - `open`: whether the search bar is shown; `text`: what is typed in it; `count`: its count
//   label ("12 of 100,000 tags").
// - `found`: how many tags the chips show now; `total`: how many the window gave them.
// - `examined`: how many names the last keystroke or edit compared (a keystroke that adds to the
//   text compares only the tags found before); `chipWidgets`: how many chip widgets the virtual
//   list has made and keeps (not the tags it holds).
// - `firstFound`: the id of the first tag shown, when there is one.
// The report's `focus` is `search` while the search entry has the focus.

extension ChipSearch {
    var reportField: (key: String, value: JSONValue) {
        ("search", .object([
            ("open", .bool(isOpen)),
            ("text", .string(text)),
            ("count", .string(String(cString: gtk_label_get_text(cgtk_label(countLabel))))),
            ("found", .number(Double(areaShownCount))),
            ("total", .number(Double(areaTotalCount))),
            ("examined", .number(Double(examined))),
            ("chipWidgets", .number(Double(chipWidgets))),
            ("firstFound", firstFound.map { .string($0) } ?? .null),
        ]))
    }

    /// Whether `focus` is in the search bar.
    func holds(_ focus: Widget) -> Bool { EditorWindow.focus(focus, isWithin: bar) }
}
