import CGtk
import GObjectSupport

/// The popover a double-click on a chip opens: a field with the tag's name; Enter submits it.
///
/// It holds its own reference to the popover until it has unparented it: the chip it points at
/// may be removed and freed first (the rename itself replaces the chip), and unparenting a freed
/// widget is what made GTK log `gtk_widget_unparent: assertion 'GTK_IS_WIDGET (widget)' failed`.
@MainActor
final class RenamePopover {
    /// The tag being renamed.
    let tag: String
    let popover: Widget
    let field: Widget
    private var released = false

    init(tag: String, on chip: Widget, onSubmit: @escaping @MainActor (String) -> Void) {
        self.tag = tag
        popover = gtk_popover_new()
        g_object_ref_sink(popover)
        field = gtk_entry_new()
        gtk_editable_set_text(cgtk_editable(field), tag)
        cgtk_accessible_set_label(field, "New name for \(tag)")
        gtk_popover_set_child(cgtk_popover(popover), field)
        gtk_widget_set_parent(popover, chip)
        let field = field
        connectSignal(field, "activate") {
            onSubmit(String(cString: gtk_editable_get_text(cgtk_editable(field))))
        }
        // Closed by the user (Escape, a click outside) or by close(): let go once GTK is done.
        connectSignal(popover, "closed") { [self] in runWhenIdle { self.release() } }
        gtk_popover_popup(cgtk_popover(popover))
    }

    var isOpen: Bool { !released && gtk_widget_get_visible(popover) != 0 }

    /// Closes it and detaches it from its chip now (before the chip may go).
    func close() {
        guard !released else { return }
        gtk_popover_popdown(cgtk_popover(popover))
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
        // Also when it was never shown, so "closed" does not come.
        runWhenIdle { [self] in release() }
    }

    private func release() {
        guard !released else { return }
        released = true
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
        g_object_unref(popover)
    }
}
