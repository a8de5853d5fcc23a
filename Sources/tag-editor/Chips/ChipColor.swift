// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

// A tag's colour as chips show it: a dot before the name, drawn by the style sheet (a class per
// colour, `tag-color-red`...), so that the theme decides the shades in light and dark; the name
// of the colour is in the chip's accessible description, so it is never told by colour alone.

extension TagColor {
    /// The colour's name for people, translated ("Red"); "None" for no colour. The context tells
    /// a translator the word agrees with "colour" ("Aucune" in French, where "None" alone is
    /// "Aucun").
    var label: String {
        switch self {
        case .none: trc("tag colour", "None")
        case .grey: trc("tag colour", "Grey")
        case .green: trc("tag colour", "Green")
        case .purple: trc("tag colour", "Purple")
        case .blue: trc("tag colour", "Blue")
        case .yellow: trc("tag colour", "Yellow")
        case .red: trc("tag colour", "Red")
        case .orange: trc("tag colour", "Orange")
        }
    }

    /// The style sheet's class for a dot of this colour.
    var cssClass: String { "tag-color-\(name)" }

    /// What a chip's accessible description says of its colour ("Colour: Red"), or `nil` for none.
    var accessibleText: String? { self == .none ? nil : tr("Colour: \(label)") }
}

/// The dot a chip shows its tag's colour with: made when a chip first has a colour (most tags
/// have none, and a thousand chips should not carry a thousand hidden widgets), hidden when its
/// colour goes.
@MainActor
struct ColorDot {
    private(set) var widget: Widget?
    private(set) var color = TagColor.none

    /// Shows `color` (none: hides the dot); `attach` puts a newly made dot in the chip.
    mutating func show(_ color: TagColor, attach: (Widget) -> Void) {
        guard color != self.color || (widget == nil && color != .none) else { return }
        if widget == nil, color != .none {
            // An empty box (a generic role, which screen readers pass over): drawn, not read,
            // the chip's description names the colour.
            let dot = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(dot, "tag-color")
            gtk_widget_set_valign(dot, GTK_ALIGN_CENTER)
            attach(dot)
            widget = dot
        }
        guard let widget else { return }
        if self.color != .none { gtk_widget_remove_css_class(widget, self.color.cssClass) }
        if color != .none { gtk_widget_add_css_class(widget, color.cssClass) }
        gtk_widget_set_visible(widget, color == .none ? 0 : 1)
        self.color = color
    }
}
