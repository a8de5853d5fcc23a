// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine

/// The side panel: every layout option of the chips, for trying the layout by hand, described in
/// `layout-options.ui` (libadwaita's preference groups: a combo row per choice, a spin button or a
/// switch at the end of a row for a number or a yes-no). It edits the window's
/// ``ChipLayoutOptions``, which the chips apply as they change.
@MainActor
final class LayoutOptionsPanel {
    let widget: Widget
    private let options: ChipLayoutOptions
    /// The last layout's figures (width, lines, height, time, placement).
    let figures: Widget
    /// Every combo row by its title, in the panel's order (the state report says where each is,
    /// for end-to-end tests that choose with the pointer and the keys).
    private(set) var choices: [(title: String, widget: Widget)] = []
    /// The panel's description, which holds it until the window takes it in.
    private let ui = UIDescription("layout-options")

    init(options: ChipLayoutOptions) {
        self.options = options
        widget = ui.widget("panel")
        figures = ui.widget("figures")
        bind(ui)
    }

    private func bind(_ ui: UIDescription) {
        let placements = WrapHStack.Placement.allCases
        let placement = choice(ui, "placement", placements, current: options.placement) { $0.placement = $1 }
        // The placement may be chosen after the panel is made (`--placement`): show the one in use.
        connectSignal(widget, "map") { [weak self] in
            guard let self, let index = placements.firstIndex(of: self.options.placement) else { return }
            adw_combo_row_set_selected(cadw_combo_row(placement), guint(index))
        }
        let layout = options.layout
        choice(ui, "axis", FlowAxis.allCases, current: layout.axis) { $0.layout.axis = $1 }
        choice(ui, "line_breaking", LineBreaking.allCases, current: layout.lineBreaking) { $0.layout.lineBreaking = $1 }
        number(ui, "item_spacing", layout.itemSpacing) { $0.layout.itemSpacing = $1 }
        number(ui, "line_spacing", layout.lineSpacing) { $0.layout.lineSpacing = $1 }
        number(ui, "max_items", 0) { $0.layout.maxItemsPerLine = $1 == 0 ? nil : Int($1) }
        number(ui, "max_lines", 0) { $0.layout.maxLines = $1 == 0 ? nil : Int($1) }
        toggle(ui, "line_homogeneous", layout.lineHomogeneous) { $0.layout.lineHomogeneous = $1 }
        toggle(ui, "wrap_reverse", layout.wrapReverse) { $0.layout.wrapReverse = $1 }
        choice(ui, "justification", Justification.allCases, current: layout.justification) { $0.layout.justification = $1 }
        toggle(ui, "justify_last_line", layout.justifyLastLine) { $0.layout.justifyLastLine = $1 }
        choice(ui, "direction", [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL],
               current: options.direction == GTK_TEXT_DIR_RTL ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) { $0.direction = $1 }
        choice(ui, "alignment", CrossAlignment.allCases, current: layout.alignment) { $0.layout.alignment = $1 }
        number(ui, "top", layout.insets.top) { $0.layout.insets.top = $1 }
        number(ui, "leading", layout.insets.leading) { $0.layout.insets.leading = $1 }
        number(ui, "bottom", layout.insets.bottom) { $0.layout.insets.bottom = $1 }
        number(ui, "trailing", layout.insets.trailing) { $0.layout.insets.trailing = $1 }
    }

    /// Shows the values of `layout` that the settings hold (``AppSettings/layoutKeys``), when
    /// they were changed elsewhere (`gsettings set`): the controls' own signals then apply the
    /// same values again, which changes nothing.
    /// Only the controls whose value differs are touched: a spin button given its own value
    /// still formats its text again.
    func show(_ layout: FlowLayout) {
        spin("item_spacing", layout.itemSpacing)
        spin("line_spacing", layout.lineSpacing)
        select("line_breaking", LineBreaking.allCases.firstIndex(of: layout.lineBreaking))
        select("justification", Justification.allCases.firstIndex(of: layout.justification))
        select("alignment", CrossAlignment.allCases.firstIndex(of: layout.alignment))
        select("axis", FlowAxis.allCases.firstIndex(of: layout.axis))
        spin("max_items", Double(layout.maxItemsPerLine ?? 0))
        switchTo("line_homogeneous", layout.lineHomogeneous)
        switchTo("wrap_reverse", layout.wrapReverse)
        switchTo("justify_last_line", layout.justifyLastLine)
        spin("top", layout.insets.top)
        spin("leading", layout.insets.leading)
        spin("bottom", layout.insets.bottom)
        spin("trailing", layout.insets.trailing)
    }

    private func switchTo(_ id: String, _ value: Bool) {
        let toggle = cgtk_switch(ui.widget(id))
        if (gtk_switch_get_active(toggle) != 0) != value { gtk_switch_set_active(toggle, value ? 1 : 0) }
    }

    private func spin(_ id: String, _ value: Double) {
        let spin = cgtk_spin_button(ui.widget(id))
        if gtk_spin_button_get_value(spin) != value { gtk_spin_button_set_value(spin, value) }
    }

    private func select(_ id: String, _ index: Int?) {
        let row = cadw_combo_row(ui.widget(id))
        guard let index, adw_combo_row_get_selected(row) != guint(index) else { return }
        adw_combo_row_set_selected(row, guint(index))
    }

    /// Shows the last layout's figures at the top of the panel.
    func showFigures(_ text: String) {
        gtk_label_set_text(cgtk_label(figures), text.replacingOccurrences(of: " · ", with: "\n"))
    }

    /// The combo row `id`, whose list names `values` in their order (the .ui's strings).
    @discardableResult
    private func choice<Value: Equatable>(_ ui: UIDescription, _ id: String, _ values: [Value], current: Value,
                                          apply: @escaping @MainActor (ChipLayoutOptions, Value) -> Void) -> Widget {
        let row = ui.widget(id)
        let combo = cadw_combo_row(row)
        adw_combo_row_set_selected(combo, guint(values.firstIndex(of: current) ?? 0))
        connectSignal(row, "notify::selected") { [weak self] (_: gpointer?) in
            guard let self else { return }
            let index = Int(adw_combo_row_get_selected(combo))
            guard values.indices.contains(index) else { return }
            apply(self.options, values[index])
        }
        let title = adw_preferences_row_get_title(cadw_preferences_row(row)).map { String(cString: $0) } ?? id
        choices.append((title, row))
        return row
    }

    private func number(_ ui: UIDescription, _ id: String, _ value: Double,
                        apply: @escaping @MainActor (ChipLayoutOptions, Double) -> Void) {
        let spin = ui.widget(id)
        gtk_spin_button_set_value(cgtk_spin_button(spin), value)
        connectSignal(spin, "value-changed") { [weak self] in
            guard let self else { return }
            apply(self.options, gtk_spin_button_get_value(cgtk_spin_button(spin)))
        }
    }

    private func toggle(_ ui: UIDescription, _ id: String, _ value: Bool,
                        apply: @escaping @MainActor (ChipLayoutOptions, Bool) -> Void) {
        let toggle = ui.widget(id)
        gtk_switch_set_active(cgtk_switch(toggle), value ? 1 : 0)
        connectSignal(toggle, "notify::active") { [weak self] (_: gpointer?) in
            guard let self else { return }
            apply(self.options, gtk_switch_get_active(cgtk_switch(toggle)) != 0)
        }
    }
}
