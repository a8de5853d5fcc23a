// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import FlowGObject
import FlowTestSupport
import Testing

/// The layout properties' table and the conversion between its values and FlowLayout.
@Suite struct LayoutValuesTests {
    @Test func theTableHasTheIssuesProperties() {
        #expect(TableRow.all.map(\.name) == [
            "item-spacing", "item-spacing-unit", "line-spacing", "line-spacing-unit", "justify", "justify-last-line",
            "align", "wrap-reverse", "line-breaking", "max-items-per-line", "max-lines", "line-homogeneous",
            "natural-line-length", "natural-line-length-unit", "wrap-policy", "pack-direction",
        ])
        for row in TableRow.all {
            #expect(!row.nick.isEmpty && !row.blurb.isEmpty, "\(row.name)")
            #expect(g_param_spec_is_valid_name(row.info.name) != 0, "\(row.name)")
            // A blurb is a short label: the property's documentation (its gtk-doc comment, which
            // states the default: test_flow_typelib.py checks) is written once, in the C file.
            #expect(row.blurb.count <= 50 && !row.blurb.contains("Default"), "\(row.name): \(row.blurb)")
        }
    }

    @Test func theDefaultsAreTheEnginesDefaults() {
        #expect(FlowLayoutValues.defaults.layout(dpi: 96) == FlowLayout())
        #expect(FlowLayoutValues.defaults.layout(dpi: 144) == FlowLayout())
        for row in TableRow.all {
            #expect(row.get(.defaults) == row.defaultValue, "\(row.name)")
        }
        #expect(FlowLayoutValues.defaults.natural_line_length == -1)
    }

    /// Each row's `engine_field` names the one FlowLayout property its value sets: changing only
    /// that value changes only that field (a unit, only its length's field).
    @Test func eachRowSetsTheEngineFieldItNames() {
        for row in TableRow.all {
            var before = FlowLayoutValues.defaults
            // A unit changes its length only when the length is not 0.
            for other in TableRow.all where other.isUnit == false && other.info.kind == FLOW_LAYOUT_VALUE_LENGTH {
                other.set(.int(7), in: &before)
            }
            var after = before
            #expect(row.set(row.otherValue, in: &after), "\(row.name)")
            let changed = changedFields(before.layout(dpi: 96), after.layout(dpi: 96))
            #expect(changed == [row.engineField], "\(row.name)")
        }
    }

    @Test func lengthsResolveInTheirUnit() {
        var values = FlowLayoutValues.defaults
        values.item_spacing = 12
        values.item_spacing_unit = FLOW_LENGTH_UNIT_PT
        values.line_spacing = 12
        values.line_spacing_unit = FLOW_LENGTH_UNIT_SP
        values.natural_line_length = 300
        values.natural_line_length_unit = FLOW_LENGTH_UNIT_PX
        let normal = values.layout(dpi: 96)
        #expect(normal.itemSpacing == 16)
        #expect(normal.lineSpacing == 12)
        #expect(normal.naturalLineLength == 300)
        let large = values.layout(dpi: 120)
        #expect(large.itemSpacing == 20)
        #expect(large.lineSpacing == 15)
        #expect(large.naturalLineLength == 300)
    }

    @Test func zeroCountsAndNegativeNaturalLengthMeanNone() {
        var values = FlowLayoutValues.defaults
        values.max_lines = 2
        values.max_items_per_line = 5
        values.natural_line_length = 0
        var layout = values.layout(dpi: 96)
        #expect(layout.maxLines == 2)
        #expect(layout.maxItemsPerLine == 5)
        #expect(layout.naturalLineLength == 0)
        values.max_lines = 0
        values.max_items_per_line = 0
        values.natural_line_length = -1
        layout = values.layout(dpi: 96)
        #expect(layout.maxLines == nil)
        #expect(layout.maxItemsPerLine == nil)
        #expect(layout.naturalLineLength == nil)
    }

    /// Options the properties do not cover (axis, insets, direction, the indicator) stay as the
    /// base layout has them.
    @Test func theBaseKeepsWhatThePropertiesDoNotCover() {
        var base = FlowLayout(axis: .vertical, insets: FlowInsets(all: 3), direction: .rightToLeft)
        base.overflowIndicator = FlowItem(width: 20, height: 10)
        let layout = FlowLayoutValues.defaults.layout(dpi: 96, base: base)
        #expect(layout.axis == .vertical)
        #expect(layout.insets == FlowInsets(all: 3))
        #expect(layout.direction == .rightToLeft)
        #expect(layout.overflowIndicator == FlowItem(width: 20, height: 10))
    }

    @Test func aLayoutBecomesValuesAndBackInEveryUnit() {
        var rng = SplitMix64(seed: 23)
        for _ in 0..<500 {
            let layout = randomLayout(&rng)
            var values = FlowLayoutValues.defaults
            values.item_spacing_unit = LengthUnit.allCases.randomElement(using: &rng)!.gobjectValue
            values.line_spacing_unit = LengthUnit.allCases.randomElement(using: &rng)!.gobjectValue
            values.natural_line_length_unit = LengthUnit.allCases.randomElement(using: &rng)!.gobjectValue
            let dpi = [96.0, 105.6, 120, 144].randomElement(using: &rng)!
            let updated = values.updated(to: layout, dpi: dpi)
            #expect(updated.item_spacing_unit == values.item_spacing_unit)
            #expect(updated.natural_line_length_unit == values.natural_line_length_unit)
            let back = updated.layout(dpi: dpi)
            #expect(back.justification == layout.justification && back.alignment == layout.alignment)
            #expect(back.lineBreaking == layout.lineBreaking && back.maxLines == layout.maxLines)
            #expect(back.maxItemsPerLine == layout.maxItemsPerLine && back.wrapReverse == layout.wrapReverse)
            #expect(back.justifyLastLine == layout.justifyLastLine && back.lineHomogeneous == layout.lineHomogeneous)
            #expect(abs(back.itemSpacing - layout.itemSpacing) <= 1e-9)
            #expect(abs(back.lineSpacing - layout.lineSpacing) <= 1e-9)
            #expect((back.naturalLineLength == nil) == (layout.naturalLineLength == nil))
            #expect(abs((back.naturalLineLength ?? 0) - (layout.naturalLineLength ?? 0)) <= 1e-9)
        }
    }

    /// Converting a layout made from values back changes nothing, even where pixels do not
    /// convert back to the same value exactly: so assigning an unchanged layout notifies nothing.
    @Test func valuesSurviveTheirOwnLayout() {
        var rng = SplitMix64(seed: 29)
        for _ in 0..<500 {
            var values = FlowLayoutValues.defaults
            for row in TableRow.all {
                switch row.info.kind {
                case FLOW_LAYOUT_VALUE_LENGTH: row.set(.int(Int32.random(in: -1...50, using: &rng)), in: &values)
                case FLOW_LAYOUT_VALUE_INT: row.set(.int(Int32.random(in: 0...6, using: &rng)), in: &values)
                case FLOW_LAYOUT_VALUE_BOOLEAN: row.set(.boolean(Bool.random(using: &rng)), in: &values)
                default:
                    let count = enumNicks(row.valueType).count
                    row.set(.enumeration(Int32.random(in: 0..<Int32(count), using: &rng)), in: &values)
                }
            }
            let dpi = [96.0, 105.6, 120, 144].randomElement(using: &rng)!
            #expect(values.updated(to: values.layout(dpi: dpi), dpi: dpi) == values)
        }
    }

    /// What bad values become, as FlowLimits says for the engine: lengths negative → minimum, too
    /// large → the maximum; negative counts → no limit.
    @Test func storedValuesAreAlwaysValid() {
        let spacing = TableRow.all[Int(FLOW_LAYOUT_PROP_ITEM_SPACING.rawValue)]
        let natural = TableRow.all[Int(FLOW_LAYOUT_PROP_NATURAL_LINE_LENGTH.rawValue)]
        let lines = TableRow.all[Int(FLOW_LAYOUT_PROP_MAX_LINES.rawValue)]
        var values = FlowLayoutValues.defaults
        for (row, input, stored) in [(spacing, Int32(-5), Int32(0)), (spacing, .max, 1_000_000_000), (spacing, 3, 3),
                                     (natural, -7, -1), (natural, .min, -1), (natural, .max, 1_000_000_000),
                                     (natural, 0, 0)] {
            row.set(.int(input), in: &values)
            #expect(row.get(values) == .int(stored), "\(row.name) \(input)")
        }
        lines.set(.int(-4), in: &values)
        #expect(lines.get(values) == .int(0))
        // Setting what is already there is no change.
        #expect(!spacing.set(.int(3), in: &values))
        #expect(spacing.set(.int(4), in: &values))
        // A negative length is stored as the minimum, so two of them change the value once.
        #expect(natural.set(.int(-3), in: &values))
        #expect(!natural.set(.int(-9), in: &values))
    }
}

/// The names of FlowLayout's stored properties whose values differ (a leading `_` dropped).
func changedFields(_ a: FlowLayout, _ b: FlowLayout) -> [String] {
    zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
        String(describing: x.value) == String(describing: y.value) ? nil
            : String(x.label!.drop { $0 == "_" })
    }
}

func randomLayout(_ rng: inout SplitMix64) -> FlowLayout {
    var layout = FlowLayout()
    layout.itemSpacing = Double.random(in: 0...40, using: &rng)
    layout.lineSpacing = Bool.random(using: &rng) ? 0 : Double.random(in: 0...40, using: &rng)
    layout.justification = Justification.allCases.randomElement(using: &rng)!
    layout.justifyLastLine = Bool.random(using: &rng)
    layout.alignment = CrossAlignment.allCases.randomElement(using: &rng)!
    layout.wrapReverse = Bool.random(using: &rng)
    layout.lineBreaking = LineBreaking.allCases.randomElement(using: &rng)!
    layout.maxItemsPerLine = Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng) : nil
    layout.maxLines = Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng) : nil
    layout.lineHomogeneous = Bool.random(using: &rng)
    layout.naturalLineLength = Bool.random(using: &rng) ? Double.random(in: 0...600, using: &rng) : nil
    return layout
}
