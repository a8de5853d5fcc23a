// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// The list of suggested tags under the entry (`suggestions.ui`): a popover that never takes the
/// keyboard (the user keeps typing in the entry, whose keys move the selection:
/// ``moveSelection(by:)``), one row a tag; a click on a row accepts it.
@MainActor
final class SuggestionList {
    let popover: Widget
    private let list: Widget
    /// The tags shown, in order.
    private(set) var tags: [String] = []
    /// The rows made so far, kept: a keystroke shows its tags in the first ones and hides the
    /// rest, so typing makes no widget once the list has been as long.
    private var rows: [(row: Widget, name: Widget)] = []
    /// The selected row, or `nil` before Up or Down is pressed.
    private(set) var selected: Int?
    private var detached = false
    /// Called after the rows or the selection changed (the editor reports its state).
    var onChange: (() -> Void)?

    /// - Parameter onAccept: a row was clicked.
    init(under entry: Widget, onAccept: @escaping @MainActor (String) -> Void) {
        // Our own reference: the entry does not unparent foreign children when it goes.
        let ui = UIDescription("suggestions")
        popover = ui.popover("popover", in: entry)
        list = ui.widget("list")
        connectSignal(list, "row-activated") { [weak self] (row: gpointer?) in
            guard let self, let row else { return }
            let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
            if self.tags.indices.contains(index) { onAccept(self.tags[index]) }
        }
        connectSignal(entry, "destroy") { [weak self] in self?.detach() }
    }

    var isShown: Bool { !detached && gtk_widget_get_visible(popover) != 0 }

    /// Shows `tags` (none: hides the list). The selection is cleared.
    func show(_ tags: [String]) {
        guard !detached else { return }
        if tags != self.tags {
            self.tags = tags
            for (index, tag) in tags.enumerated() {
                if index == rows.count { rows.append(makeRow()) }
                gtk_label_set_text(cgtk_label(rows[index].name), tag)
                cgtk_accessible_set_label(rows[index].row, tr("Suggested tag \(tag)"))
            }
            for (index, row) in rows.enumerated() { gtk_widget_set_visible(row.row, index < tags.count ? 1 : 0) }
        }
        select(nil)
        if tags.isEmpty {
            gtk_popover_popdown(cgtk_popover(popover))
        } else if gtk_widget_get_visible(popover) == 0 {
            gtk_popover_popup(cgtk_popover(popover))
        }
    }

    func hide() { show([]) }

    /// A new row (`suggestion-row.ui`) at the end of the list, which holds it once its
    /// description goes.
    private func makeRow() -> (row: Widget, name: Widget) {
        let ui = UIDescription("suggestion-row")
        let row = ui.widget("row"), name = ui.widget("name")
        withExtendedLifetime(ui) { gtk_list_box_append(cgtk_list_box(list), row) }
        return (row, name)
    }

    /// Moves the selection down (`by` 1) or up (-1), wrapping around; from no selection, Down
    /// selects the first row and Up the last.
    func moveSelection(by step: Int) {
        guard !tags.isEmpty else { return }
        let next: Int
        if let selected {
            next = (selected + step + tags.count) % tags.count
        } else {
            next = step > 0 ? 0 : tags.count - 1
        }
        select(next)
    }

    private func select(_ index: Int?) {
        selected = index
        if let index, let row = gtk_list_box_get_row_at_index(cgtk_list_box(list), Int32(index)) {
            gtk_list_box_select_row(cgtk_list_box(list), row)
        } else {
            gtk_list_box_unselect_all(cgtk_list_box(list))
        }
        onChange?()
    }

    /// The selected tag, if a row is selected.
    var selectedTag: String? { selected.flatMap { tags.indices.contains($0) ? tags[$0] : nil } }

    /// Where each row is in the window (its centre), for the state report.
    var rowCentres: [(x: Double, y: Double)?] {
        tags.indices.map { index in
            guard isShown, let row = gtk_list_box_get_row_at_index(cgtk_list_box(list), Int32(index)) else { return nil }
            var rect = graphene_rect_t()
            let widget = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)
            guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return nil }
            return (Double(rect.origin.x + rect.size.width / 2), Double(rect.origin.y + rect.size.height / 2))
        }
    }

    /// Unparents the popover before its entry goes, and lets go of it.
    func detach() {
        guard !detached else { return }
        detached = true
        UIDescription.releasePopover(popover)
    }
}
