// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import FlowEngine

/// The layout options kept in GSettings: every option of the panel that is the user's taste
/// rather than the window's language or a choice for one run (the direction follows the language;
/// the placement is `--placement`'s, the most lines shown `--max-lines`'s, which the virtual list
/// of a large collection refuses).
extension AppSettings {
    /// The keys, in the schema's order: an open window follows each (``observe(_:_:)``).
    static let layoutKeys = ["item-spacing", "line-spacing", "line-breaking", "justification", "alignment", "axis",
                             "max-items-per-line", "line-homogeneous", "wrap-reverse", "justify-last-line",
                             "padding-top", "padding-leading", "padding-bottom", "padding-trailing"]

    /// `layout` with the options the keys hold (a key without a schema, or a value the engine
    /// does not know, keeps what `layout` had).
    func read(into layout: inout FlowLayout) {
        layout.itemSpacing = double("item-spacing", default: layout.itemSpacing)
        layout.lineSpacing = double("line-spacing", default: layout.lineSpacing)
        layout.lineBreaking = LineBreaking(rawValue: string("line-breaking", default: "")) ?? layout.lineBreaking
        layout.justification = Justification(rawValue: string("justification", default: "")) ?? layout.justification
        layout.alignment = CrossAlignment(rawValue: string("alignment", default: "")) ?? layout.alignment
        layout.axis = FlowAxis(rawValue: string("axis", default: "")) ?? layout.axis
        // 0 is "no limit", as in the panel.
        let items = int("max-items-per-line", default: layout.maxItemsPerLine ?? 0)
        layout.maxItemsPerLine = items == 0 ? nil : items
        layout.lineHomogeneous = bool("line-homogeneous", default: layout.lineHomogeneous)
        layout.wrapReverse = bool("wrap-reverse", default: layout.wrapReverse)
        layout.justifyLastLine = bool("justify-last-line", default: layout.justifyLastLine)
        layout.insets.top = double("padding-top", default: layout.insets.top)
        layout.insets.leading = double("padding-leading", default: layout.insets.leading)
        layout.insets.bottom = double("padding-bottom", default: layout.insets.bottom)
        layout.insets.trailing = double("padding-trailing", default: layout.insets.trailing)
    }

    /// Writes the options of `layout` the keys hold (only those that changed reach dconf).
    func write(_ layout: FlowLayout) {
        set("item-spacing", layout.itemSpacing)
        set("line-spacing", layout.lineSpacing)
        set("line-breaking", layout.lineBreaking.rawValue)
        set("justification", layout.justification.rawValue)
        set("alignment", layout.alignment.rawValue)
        set("axis", layout.axis.rawValue)
        set("max-items-per-line", layout.maxItemsPerLine ?? 0)
        set("line-homogeneous", layout.lineHomogeneous)
        set("wrap-reverse", layout.wrapReverse)
        set("justify-last-line", layout.justifyLastLine)
        set("padding-top", layout.insets.top)
        set("padding-leading", layout.insets.leading)
        set("padding-bottom", layout.insets.bottom)
        set("padding-trailing", layout.insets.trailing)
    }
}
