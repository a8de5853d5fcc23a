// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import FlowEngine

// The layout properties' values (FlowLayoutValues, flow-layout-properties.h) and the engine's
// FlowLayout, converted both ways. The properties are the GObject view of a layout, FlowLayout the
// Swift one; a class keeps the values and lays out with `layout(dpi:base:)`, and a Swift caller
// that assigns a whole FlowLayout gets its properties by `updated(to:dpi:)`.
//
// The properties cover every option but four, which come from elsewhere: `axis` (the class's
// GtkOrientable orientation), `insets` (the stylesheet), `direction` (the widget's text
// direction) and `overflowIndicator` (the container's "+N more" widget). Those stay as `base` has
// them.

extension FlowLayoutValues {
    /// Every property at its default (the table's defaults, which are the engine's).
    ///
    /// - Complexity: O(1).
    public static var defaults: FlowLayoutValues {
        var values = FlowLayoutValues()
        flow_layout_values_init(&values)
        return values
    }

    /// `base` with every option the properties cover set from these values, lengths converted to
    /// pixels at `dpi`: a count of 0 is no limit (`nil`), a negative natural line length none.
    ///
    /// - Complexity: O(1).
    public func layout(dpi: Double, base: FlowLayout = FlowLayout()) -> FlowLayout {
        var layout = base
        layout.itemSpacing = Self.unit(item_spacing_unit).pixels(item_spacing, dpi: dpi)
        layout.lineSpacing = Self.unit(line_spacing_unit).pixels(line_spacing, dpi: dpi)
        layout.justification = Justification(justify) ?? base.justification
        layout.justifyLastLine = justify_last_line != 0
        layout.alignment = CrossAlignment(align) ?? base.alignment
        layout.wrapReverse = wrap_reverse != 0
        layout.lineBreaking = LineBreaking(line_breaking) ?? base.lineBreaking
        layout.maxItemsPerLine = max_items_per_line > 0 ? Int(max_items_per_line) : nil
        layout.maxLines = max_lines > 0 ? Int(max_lines) : nil
        layout.lineHomogeneous = line_homogeneous != 0
        layout.naturalLineLength = natural_line_length >= 0
            ? Self.unit(natural_line_length_unit).pixels(natural_line_length, dpi: dpi) : nil
        layout.wrapPolicy = WrapPolicy(wrap_policy) ?? base.wrapPolicy
        layout.packDirection = PackDirection(pack_direction) ?? base.packDirection
        return layout
    }

    /// These values changed as little as possible to describe `layout`'s options: every unit is
    /// kept (a length becomes `layout`'s pixels in its own unit), and a length that already comes
    /// to `layout`'s at `dpi` keeps its value, so converting a layout made by ``layout(dpi:base:)``
    /// back changes nothing (no property notifies) even where pixels do not convert back exactly.
    ///
    /// - Complexity: O(1).
    public func updated(to layout: FlowLayout, dpi: Double) -> FlowLayoutValues {
        var values = self
        values.item_spacing = Self.length(item_spacing, in: item_spacing_unit, toMatch: layout.itemSpacing, dpi: dpi)
        values.line_spacing = Self.length(line_spacing, in: line_spacing_unit, toMatch: layout.lineSpacing, dpi: dpi)
        values.justify = layout.justification.gobjectValue
        values.justify_last_line = layout.justifyLastLine ? 1 : 0
        values.align = layout.alignment.gobjectValue
        values.wrap_reverse = layout.wrapReverse ? 1 : 0
        values.line_breaking = layout.lineBreaking.gobjectValue
        values.max_items_per_line = Int32(clamping: layout.maxItemsPerLine ?? 0)
        values.max_lines = Int32(clamping: layout.maxLines ?? 0)
        values.line_homogeneous = layout.lineHomogeneous ? 1 : 0
        if let natural = layout.naturalLineLength {
            values.natural_line_length = Self.length(natural_line_length, in: natural_line_length_unit,
                                                     toMatch: natural, dpi: dpi)
        } else {
            values.natural_line_length = -1
        }
        values.wrap_policy = layout.wrapPolicy.gobjectValue
        values.pack_direction = layout.packDirection.gobjectValue
        return values
    }

    /// A unit the properties never hold (GObject refuses it) counts as pixels.
    static func unit(_ value: FlowLengthUnit) -> LengthUnit { LengthUnit(value) ?? .px }

    /// `current` if it already comes to `pixels` (as the engine stores it), else `pixels` in `unit`.
    static func length(_ current: Double, in unit: FlowLengthUnit, toMatch pixels: Double, dpi: Double) -> Double {
        let unit = Self.unit(unit)
        if current >= 0, FlowLimits.length(unit.pixels(current, dpi: dpi)) == pixels { return current }
        return unit.value(fromPixels: pixels, dpi: dpi)
    }
}

extension FlowLayoutValues: @retroactive Equatable {
    /// Every value equal (flow_layout_values_equal).
    ///
    /// - Complexity: O(1).
    public static func == (a: FlowLayoutValues, b: FlowLayoutValues) -> Bool {
        withUnsafePointer(to: a) { a in withUnsafePointer(to: b) { b in flow_layout_values_equal(a, b) != 0 } }
    }
}
