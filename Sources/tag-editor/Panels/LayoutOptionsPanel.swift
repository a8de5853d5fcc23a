// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine

/// The side panel: every layout option of the chips, for trying the layout by hand. It edits the
/// window's ``ChipLayoutOptions``, which the chips apply as they change.
@MainActor
final class LayoutOptionsPanel {
    let widget: Widget
    private let content: Widget
    private let options: ChipLayoutOptions
    /// The last layout's figures (width, lines, height, time, placement).
    let figures = gtk_label_new("")!
    /// Every drop-down by its row's title, in the panel's order (the state report says where
    /// each is, for end-to-end tests that choose with the pointer and the keys).
    private(set) var choices: [(title: String, widget: Widget)] = []

    init(options: ChipLayoutOptions) {
        self.options = options
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(content, "options")
        widget = gtk_scrolled_window_new()
        // 260 px when there is room; in a narrow window it gives way down to 120 px and scrolls
        // sideways, so the window can still be 360 px wide with the panel shown.
        gtk_scrolled_window_set_policy(cgtk_scrolled_window(widget), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cgtk_scrolled_window(widget), content)
        gtk_scrolled_window_set_propagate_natural_width(cgtk_scrolled_window(widget), 1)
        gtk_scrolled_window_set_min_content_width(cgtk_scrolled_window(widget), 120)
        gtk_scrolled_window_set_max_content_width(cgtk_scrolled_window(widget), 260)
        // Its rows' labels expand within the panel; the panel itself stays at its width.
        gtk_widget_set_hexpand(widget, 0)
        build()
    }

    private func build() {
        heading("This layout")
        gtk_label_set_wrap(cgtk_label(figures), 1)
        gtk_label_set_xalign(cgtk_label(figures), 0)
        gtk_widget_add_css_class(figures, "status")
        gtk_box_append(cgtk_box(content), figures)

        heading("Placement")
        let placements = WrapHStack.Placement.allCases
        let placement = choice("Chips placed", placements, current: options.placement) { $0.placement = $1 }
        // The placement may be chosen after the panel is made (`--placement`): show the one in use.
        connectSignal(widget, "map") { [weak self] in
            guard let self, let index = placements.firstIndex(of: self.options.placement) else { return }
            gtk_drop_down_set_selected(cgtk_drop_down(placement), guint(index))
        }

        heading("Lines")
        choice("Lines run as", FlowAxis.allCases, current: options.layout.axis) { $0.layout.axis = $1 }
        choice("Line breaking", LineBreaking.allCases, current: options.layout.lineBreaking) { $0.layout.lineBreaking = $1 }
        number("Space between tags", options.layout.itemSpacing, range: 0...48) { $0.layout.itemSpacing = $1 }
        number("Space between lines", options.layout.lineSpacing, range: 0...48) { $0.layout.lineSpacing = $1 }
        number("Most tags on a line (0: no limit)", 0, range: 0...50) { $0.layout.maxItemsPerLine = $1 == 0 ? nil : Int($1) }
        number("Most lines shown (0: no limit)", 0, range: 0...50) { $0.layout.maxLines = $1 == 0 ? nil : Int($1) }
        toggle("Lines of equal height", options.layout.lineHomogeneous) { $0.layout.lineHomogeneous = $1 }
        toggle("Lines from the bottom up", options.layout.wrapReverse) { $0.layout.wrapReverse = $1 }

        heading("Along a line")
        choice("Spread along a line", Justification.allCases, current: options.layout.justification) { $0.layout.justification = $1 }
        toggle("Spread the last line too", options.layout.justifyLastLine) { $0.layout.justifyLastLine = $1 }
        let rightToLeft = options.direction == GTK_TEXT_DIR_RTL
        choice("Direction", ["Left to right", "Right to left"],
               current: rightToLeft ? "Right to left" : "Left to right") { options, value in
            options.direction = value == "Right to left" ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR
        }

        heading("Across a line")
        choice("Align in a line", CrossAlignment.allCases, current: options.layout.alignment) { $0.layout.alignment = $1 }

        heading("Padding")
        number("Top", options.layout.insets.top, range: 0...48) { $0.layout.insets.top = $1 }
        number("Leading", options.layout.insets.leading, range: 0...48) { $0.layout.insets.leading = $1 }
        number("Bottom", options.layout.insets.bottom, range: 0...48) { $0.layout.insets.bottom = $1 }
        number("Trailing", options.layout.insets.trailing, range: 0...48) { $0.layout.insets.trailing = $1 }
    }

    /// Shows the last layout's figures at the top of the panel.
    func showFigures(_ text: String) {
        gtk_label_set_text(cgtk_label(figures), text.replacingOccurrences(of: " · ", with: "\n"))
    }

    private func heading(_ text: String) {
        let label = gtk_label_new(text)!
        gtk_widget_add_css_class(label, "heading")
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_box_append(cgtk_box(content), label)
    }

    private func row(_ title: String, _ control: Widget) {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let label = gtk_label_new(title)!
        gtk_label_set_xalign(cgtk_label(label), 0)
        gtk_label_set_wrap(cgtk_label(label), 1)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(cgtk_box(row), label)
        gtk_box_append(cgtk_box(row), control)
        cgtk_accessible_set_labelled_by(control, label)
        gtk_box_append(cgtk_box(content), row)
    }

    @discardableResult
    private func choice<Value: PanelChoice>(
        _ title: String, _ values: [Value], current: Value,
        apply: @escaping @MainActor (ChipLayoutOptions, Value) -> Void
    ) -> Widget {
        let names = values.map(\.panelLabel)
        let dropDown = makeDropDown(names)
        gtk_drop_down_set_selected(cgtk_drop_down(dropDown), guint(values.firstIndex(of: current) ?? 0))
        connectSignal(dropDown, "notify::selected") { [weak self] (_: gpointer?) in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cgtk_drop_down(dropDown)))
            guard values.indices.contains(index) else { return }
            apply(self.options, values[index])
        }
        row(title, dropDown)
        choices.append((title, dropDown))
        return dropDown
    }

    private func number(_ title: String, _ value: Double, range: ClosedRange<Double>,
                        apply: @escaping @MainActor (ChipLayoutOptions, Double) -> Void) {
        let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, 1)!
        gtk_spin_button_set_value(cgtk_spin_button(spin), value)
        connectSignal(spin, "value-changed") { [weak self] in
            guard let self else { return }
            apply(self.options, gtk_spin_button_get_value(cgtk_spin_button(spin)))
        }
        row(title, spin)
    }

    private func toggle(_ title: String, _ value: Bool, apply: @escaping @MainActor (ChipLayoutOptions, Bool) -> Void) {
        let check = gtk_check_button_new()!
        gtk_check_button_set_active(cgtk_check_button(check), value ? 1 : 0)
        connectSignal(check, "toggled") { [weak self] in
            guard let self else { return }
            apply(self.options, gtk_check_button_get_active(cgtk_check_button(check)) != 0)
        }
        row(title, check)
    }

    private func makeDropDown(_ names: [String]) -> Widget {
        var cStrings: [UnsafePointer<CChar>?] = names.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        defer { for pointer in cStrings { free(UnsafeMutablePointer(mutating: pointer)) } }
        return cStrings.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }
    }
}

/// A value the panel offers in a drop-down, with the name people read there ("Space between",
/// not `spaceBetween`).
protocol PanelChoice: Equatable {
    var panelLabel: String { get }
}

extension String: PanelChoice {
    var panelLabel: String { self }
}

extension WrapHStack.Placement: PanelChoice {
    var panelLabel: String {
        switch self {
        case .fixed: return "In a GtkFixed"
        case .direct: return "Directly"
        }
    }
}

extension FlowAxis: PanelChoice {
    var panelLabel: String {
        switch self {
        case .horizontal: return "Rows"
        case .vertical: return "Columns"
        }
    }
}

extension LineBreaking: PanelChoice {
    var panelLabel: String {
        switch self {
        case .greedy: return "Fill each line"
        case .balanced: return "Balanced lines"
        }
    }
}

extension Justification: PanelChoice {
    var panelLabel: String {
        switch self {
        case .start: return "Start"
        case .center: return "Centre"
        case .end: return "End"
        case .spaceBetween: return "Space between"
        case .spaceAround: return "Space around"
        case .spaceEvenly: return "Space evenly"
        case .fill: return "Fill the line"
        }
    }
}

extension CrossAlignment: PanelChoice {
    var panelLabel: String {
        switch self {
        case .start: return "Start"
        case .center: return "Centre"
        case .end: return "End"
        case .fill: return "Stretch"
        case .firstBaseline: return "Text baseline"
        }
    }
}
