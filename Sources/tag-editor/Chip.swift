import CGtk
import FlowBridge
import GObjectSupport
import TagData

/// One tag as a chip: its name, how many files have it (when only some do), and a remove button.
/// The chip itself can hold the keyboard focus, so that after a rename or a removal focus can rest
/// on a tag rather than on a remove button the user did not go to.
@MainActor
final class Chip {
    let widget: Widget
    private let label: Widget
    private let count: Widget
    let removeButton: Widget
    private(set) var entry: TagEntry

    /// - Parameters:
    ///   - onRemove: the remove button was clicked.
    ///   - onRename: the chip was double-clicked.
    init(_ entry: TagEntry, onRemove: @escaping @MainActor (String) -> Void,
         onRename: @escaping @MainActor (String, Widget) -> Void) {
        self.entry = entry
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(widget, "chip")
        gtk_widget_set_focusable(widget, 1)
        label = gtk_label_new(entry.name)
        count = gtk_label_new("")
        gtk_widget_add_css_class(count, "count")
        removeButton = gtk_button_new_from_icon_name("window-close-symbolic")
        gtk_widget_add_css_class(removeButton, "flat")
        gtk_widget_set_valign(removeButton, GTK_ALIGN_CENTER)
        gtk_box_append(cgtk_box(widget), label)
        gtk_box_append(cgtk_box(widget), count)
        gtk_box_append(cgtk_box(widget), removeButton)

        let box = widget
        connectSignal(removeButton, "clicked") { [weak self] in
            guard let self else { return }
            onRemove(self.entry.name)
        }
        let click = gtk_gesture_click_new()!
        connectPressed(UnsafeMutableRawPointer(click)) { [weak self] presses, _, _ in
            guard let self, presses == 2 else { return }
            onRename(self.entry.name, box)
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(click)))
        update(entry)
    }

    /// Shows a new count for the same tag (file mode: more or fewer files have it now).
    func update(_ entry: TagEntry) {
        self.entry = entry
        gtk_label_set_text(cgtk_label(label), entry.name)
        if entry.isPartial {
            gtk_widget_add_css_class(widget, "partial")
            gtk_label_set_text(cgtk_label(count), "\(entry.count)/\(entry.total)")
            gtk_widget_set_visible(count, 1)
            gtk_widget_set_tooltip_text(widget, "“\(entry.name)” is on \(entry.count) of \(entry.total) files")
        } else {
            gtk_widget_remove_css_class(widget, "partial")
            gtk_widget_set_visible(count, 0)
            gtk_widget_set_tooltip_text(widget, entry.total > 1 ? "“\(entry.name)” is on all \(entry.total) files" : nil)
        }
        gtk_widget_set_tooltip_text(removeButton, "Remove tag “\(entry.name)”")
        cgtk_accessible_set_label(removeButton, "Remove tag \(entry.name)")
        cgtk_accessible_set_label(widget, entry.isPartial
            ? "Tag \(entry.name), on \(entry.count) of \(entry.total) files" : "Tag \(entry.name)")
    }
}
