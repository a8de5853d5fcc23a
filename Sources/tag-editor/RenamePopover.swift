import CGtk
import GObjectSupport

/// The popover a double-click (or F2) on a chip opens: a field with the tag's name; Enter submits
/// it, Escape cancels. When the new name is another tag's, it asks first whether to merge the two
/// (``askToMerge(into:)``): Merge goes ahead, Cancel goes back to the name.
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
    /// The merge question, shown instead of the field while it is asked.
    private let question: Widget
    private let questionText: Widget
    let mergeButton: Widget
    let cancelMergeButton: Widget
    private let pages: Widget
    /// The tag a merge would go into, while the question is shown.
    private(set) var mergeTarget: String?
    private var released = false
    /// Whether the popover closed without a rename (Escape, a click outside).
    private var submitted = false

    /// - Parameters:
    ///   - onSubmit: the name typed, when Enter is pressed.
    ///   - onMerge: Merge was chosen, for the tag given to ``askToMerge(into:)``.
    ///   - onCancel: the popover closed with nothing renamed.
    init(tag: String, on chip: Widget, onSubmit: @escaping @MainActor (String) -> Void,
         onMerge: @escaping @MainActor (String) -> Void, onCancel: @escaping @MainActor () -> Void) {
        self.tag = tag
        popover = gtk_popover_new()
        g_object_ref_sink(popover)
        field = gtk_entry_new()
        gtk_editable_set_text(cgtk_editable(field), tag)
        cgtk_accessible_set_label(field, "New name for \(tag)")
        questionText = gtk_label_new("")
        gtk_label_set_wrap(cgtk_label(questionText), 1)
        gtk_label_set_max_width_chars(cgtk_label(questionText), 36)
        gtk_label_set_xalign(cgtk_label(questionText), 0)
        mergeButton = gtk_button_new_with_label("Merge")
        gtk_widget_add_css_class(mergeButton, "suggested-action")
        cancelMergeButton = gtk_button_new_with_label("Cancel")
        question = Self.questionBox(questionText, buttons: [cancelMergeButton, mergeButton])
        pages = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(cgtk_box(pages), field)
        gtk_box_append(cgtk_box(pages), question)
        gtk_widget_set_visible(question, 0)
        gtk_popover_set_child(cgtk_popover(popover), pages)
        gtk_widget_set_parent(popover, chip)
        connect(onSubmit: onSubmit, onMerge: onMerge, onCancel: onCancel)
        gtk_popover_popup(cgtk_popover(popover))
    }

    private static func questionBox(_ text: Widget, buttons: [Widget]) -> Widget {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(row, GTK_ALIGN_END)
        for button in buttons { gtk_box_append(cgtk_box(row), button) }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_box_append(cgtk_box(box), text)
        gtk_box_append(cgtk_box(box), row)
        return box
    }

    private func connect(onSubmit: @escaping @MainActor (String) -> Void,
                         onMerge: @escaping @MainActor (String) -> Void, onCancel: @escaping @MainActor () -> Void) {
        let field = field
        connectSignal(field, "activate") {
            onSubmit(String(cString: gtk_editable_get_text(cgtk_editable(field))))
        }
        connectSignal(mergeButton, "clicked") { [weak self] in
            guard let self, let target = self.mergeTarget else { return }
            self.submitted = true
            onMerge(target)
        }
        connectSignal(cancelMergeButton, "clicked") { [weak self] in self?.showField() }
        // Closed by the user (Escape, a click outside) or by close(): let go once GTK is done.
        connectSignal(popover, "closed") { [self] in
            if !self.submitted { onCancel() }
            runWhenIdle { self.release() }
        }
    }

    var isOpen: Bool { !released && gtk_widget_get_visible(popover) != 0 }

    /// Asks whether to merge the tag into `existing` (the name typed is that tag's): the field
    /// gives way to the question, with Merge focused, so Enter confirms and Cancel goes back.
    func askToMerge(into existing: String) {
        mergeTarget = existing
        gtk_label_set_text(cgtk_label(questionText),
                           "“\(existing)” is already a tag. Merge “\(tag)” into it? One tag “\(existing)” remains, "
                           + "on every file that had either.")
        // Shown and focused before the field goes: hiding the focused widget first would send the
        // focus out of the popover.
        gtk_widget_set_visible(question, 1)
        gtk_widget_grab_focus(mergeButton)
        gtk_widget_set_visible(field, 0)
    }

    /// Back from the merge question to the name, to type another.
    private func showField() {
        mergeTarget = nil
        gtk_widget_set_visible(field, 1)
        gtk_widget_grab_focus(field)
        gtk_widget_set_visible(question, 0)
    }

    /// Closes it and detaches it from its chip now (before the chip may go), after a rename.
    func close() {
        guard !released else { return }
        submitted = true
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
