import CGtk
import GObjectSupport
import TagData

/// The entry where tags are typed or pasted, with its keys and its suggestion list.
///
/// Its key controller runs in the **capture** phase: the GtkText inside a GtkEntry handles
/// Backspace, Up, Down, Tab and Escape itself, so a controller in the default (bubble) phase never
/// sees them when a user presses them. Keys:
/// - Backspace with nothing typed: ``Actions/removeLast``.
/// - Ctrl+C with nothing typed: ``Actions/copyAll`` (with text, GtkText copies the selection).
/// - While suggestions are shown: Down and Up select one, Enter or Tab accepts the selected one
///   (Tab the first when none is selected), Escape closes the list.
/// Enter otherwise adds what was typed (the entry's `activate`, connected by the editor).
///
/// A paste (Ctrl+V, the context menu) marks the text as pasted until the entry is empty again:
/// ``pastedTags(tagsMayContainCommas:)`` then reads it as a list (see ``PastedTags``).
@MainActor
final class NewTagEntry {
    struct Actions {
        /// Backspace in the empty entry; returns whether a tag was removed.
        var removeLast: @MainActor () -> Bool
        /// Ctrl+C in the empty entry.
        var copyAll: @MainActor () -> Void
        /// A suggestion was accepted.
        var accept: @MainActor (String) -> Void
        /// The known tags matching what is typed, best first.
        var suggest: @MainActor (String) -> [String]
    }

    let widget: Widget
    private(set) var suggestions: SuggestionList!
    /// Whether the text came, at least in part, from a paste.
    private(set) var containsPaste = false
    private var actions: Actions?

    init(placeholder: String) {
        widget = gtk_entry_new()
        gtk_entry_set_placeholder_text(cgtk_entry(widget), placeholder)
        gtk_widget_set_hexpand(widget, 1)
        cgtk_accessible_set_label(widget, "New tag")
    }

    var text: String { String(cString: gtk_editable_get_text(cgtk_editable(widget))) }

    /// Connects the keys, the paste mark and the suggestions to `actions`.
    func connect(_ actions: Actions) {
        self.actions = actions
        suggestions = SuggestionList(under: widget) { [weak self] tag in self?.accept(tag) }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(UnsafeMutableRawPointer(keys)), GTK_PHASE_CAPTURE)
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            self?.handleKey(keyval, state) ?? false
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(keys)))
        if let text = gtk_editable_get_delegate(cgtk_editable(widget)) {
            connectSignal(UnsafeMutableRawPointer(text), "paste-clipboard") { [weak self] in self?.containsPaste = true }
        }
        connectSignal(widget, "changed") { [weak self] in self?.textChanged() }
        // The list belongs to the typing: it goes when the entry loses the focus or is hidden.
        let focus = gtk_event_controller_focus_new()!
        connectSignal(UnsafeMutableRawPointer(focus), "leave") { [weak self] in self?.suggestions.hide() }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(focus)))
        connectSignal(widget, "unmap") { [weak self] in self?.suggestions.hide() }
    }

    private func handleKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        guard let actions else { return false }
        let key = Int32(bitPattern: keyval)
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        if suggestions.isShown, let handled = handleSuggestionKey(key) { return handled }
        guard text.isEmpty else { return false }
        if key == GDK_KEY_BackSpace && !control { return actions.removeLast() }
        if control && (key == GDK_KEY_c || key == GDK_KEY_C || key == GDK_KEY_Insert) {
            actions.copyAll()
            return true
        }
        return false
    }

    /// The keys that work the suggestion list, or `nil` for other keys.
    private func handleSuggestionKey(_ key: Int32) -> Bool? {
        switch key {
        case GDK_KEY_Down, GDK_KEY_KP_Down: suggestions.moveSelection(by: 1)
        case GDK_KEY_Up, GDK_KEY_KP_Up: suggestions.moveSelection(by: -1)
        case GDK_KEY_Escape: suggestions.hide()
        case GDK_KEY_Tab:
            guard let tag = suggestions.selectedTag ?? suggestions.tags.first else { return false }
            accept(tag)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            // Without a selection Enter adds what was typed, as it does with no list.
            guard let tag = suggestions.selectedTag else { return nil }
            accept(tag)
        default: return nil
        }
        return true
    }

    private func accept(_ tag: String) {
        suggestions.hide()
        actions?.accept(tag)
    }

    private func textChanged() {
        let text = text
        if text.isEmpty { containsPaste = false }
        // A pasted list is added whole with Enter: nothing to complete in it.
        if text.contains(where: \.isNewline) || containsPaste {
            suggestions.hide()
        } else {
            suggestions.show(actions?.suggest(text) ?? [])
        }
    }

    /// Replaces the text (empty after a tag was added).
    func setText(_ text: String) {
        gtk_editable_set_text(cgtk_editable(widget), text)
    }

    /// The tags of the text when it is to be read as a list (it was pasted, or has line breaks:
    /// ``PastedTags``), or `nil` when it is one tag as typed (a typed comma is part of the name,
    /// or refused where names cannot have one).
    func pastedTags(tagsMayContainCommas: Bool) -> [String]? {
        let text = text
        guard containsPaste || text.contains(where: \.isNewline) else { return nil }
        return PastedTags.split(text, tagsMayContainCommas: tagsMayContainCommas)
    }
}
