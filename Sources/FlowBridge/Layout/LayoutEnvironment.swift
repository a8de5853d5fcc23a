// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import FlowEngine
import GObjectSupport

/// What a layout needs to know of the widget it serves, besides the children.
struct LayoutEnvironment: Equatable {
    /// The text direction, which mirrors the lines.
    var direction: FlowDirection
    /// The stylesheet's spacing (between items, between lines) along the layout's axis: the
    /// larger of it and the option is used. Zero where no stylesheet says (a plain widget).
    var cssSpacing: (item: Double, line: Double) = (0, 0)
    /// What the stylesheet's margin, border and padding add around the content box, across
    /// (width) and down (height); read by the allocation's check of GTK's guessed height.
    var boxExtents: (width: Int, height: Int) = (0, 0)

    init(direction: FlowDirection) {
        self.direction = direction
    }

    init(of widget: Widget) {
        direction = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    }

    static func == (a: LayoutEnvironment, b: LayoutEnvironment) -> Bool {
        a.direction == b.direction && a.cssSpacing == b.cssSpacing && a.boxExtents == b.boxExtents
    }
}

/// The children a layout lays out (those GTK considers visible), as engine items.
struct LaidOutChildren {
    var items: [FlowItem] = []
    /// For each item, the index of its child in the list it came from.
    var entryIndices: [Int] = []
    /// For each item, its widget.
    var widgets: [Widget] = []
}

/// A layout computed for an allocation.
struct ComputedLayout {
    let children: LaidOutChildren
    /// Exactly what the engine was given.
    var request: FlowRequest
    /// The engine's result, snapped to whole pixels.
    var result: FlowResult
}
