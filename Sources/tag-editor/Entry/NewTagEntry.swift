// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// The entry where tags are typed or pasted, with its keys and its suggestion list.
///
/// Its key controller runs in the **capture** phase: the GtkText inside a GtkEntry handles
/// Backspace, Up, Down, Tab and Escape itself, so a controller in the default (bubble) phase never
/// sees them when a user presses them. Keys:
/// - Backspace with nothing typed selects the last chip (``Actions/select``), a second Backspace
///   (or Delete) removes it (``Actions/remove``); Escape, typing or moving the focus elsewhere in
///   the window deselects it.
/// - A comma ends a tag: what is before the caret becomes chips (``Actions/separate``), what is
///   after it stays in the entry.
/// - Ctrl+C with nothing typed: ``Actions/copyAll`` (with text, GtkText copies the selection).
/// - While suggestions are shown: Down and Up select one, Enter or Tab accepts the selected one
///   (Tab the first when none is selected), Escape closes the list.
/// Enter otherwise adds what was typed (the entry's `activate`, connected by the editor).
///
/// A paste (Ctrl+V, the context menu) marks the text as pasted until the entry is empty again
/// (no suggestions are offered for it). Enter reads the text as a list, typed or pasted alike
/// (``tags(tagsMayContainCommas:)``, see ``PastedTags``).
@MainActor
final class NewTagEntry {
    struct Actions {
        /// The tag whose chip Backspace in the empty entry selects (the last one), or `nil`.
        var lastTag: @MainActor () -> String?
        /// Shows a chip as selected (`true`) or not.
        var select: @MainActor (_ name: String, _ selected: Bool) -> Void
        /// Removes the selected chip's tag; returns `false` when it is no longer shown (another
        /// program removed it, or an undo did).
        var remove: @MainActor (_ name: String) -> Bool
        /// A comma typed: `before` (the text before the caret) is to be added as tags; returns
        /// what of it is to stay in the entry ("" when every tag went; `nil`: it stays as it was).
        var separate: @MainActor (_ before: String) -> String?
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
    /// The tag whose chip Backspace selected, until it is removed or deselected.
    private(set) var selectedTag: String?
    private var actions: Actions?
    /// Set when the entry is destroyed (an idle check after a focus change must not read it).
    private var isDestroyed = false

    /// The entry of the window's description, and its key and focus controllers.
    private let keys, focus: OpaquePointer

    init(_ ui: UIDescription) {
        (widget, keys, focus) = (ui.widget("entry"), ui.object("entry_keys"), ui.object("entry_focus"))
    }

    var text: String { String(cString: gtk_editable_get_text(cgtk_editable(widget))) }

    /// Connects the keys, the paste mark and the suggestions to `actions`.
    func connect(_ actions: Actions) {
        self.actions = actions
        suggestions = SuggestionList(under: widget) { [weak self] tag in self?.accept(tag) }
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            self?.handleKey(keyval, state) ?? false
        }
        if let text = gtk_editable_get_delegate(cgtk_editable(widget)) {
            connectSignal(UnsafeMutableRawPointer(text), "paste-clipboard") { [weak self] in self?.containsPaste = true }
        }
        connectSignal(widget, "changed") { [weak self] in self?.textChanged() }
        // The list belongs to the typing: it goes when the entry loses the focus or is hidden.
        connectSignal(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            self?.suggestions.hide()
            // The selection ends when the focus goes to another widget, not when the window
            // merely loses the keyboard (another window, or under Wayland a new keyboard device)
            // and the entry stays its focus widget. Checked once the focus has moved.
            runWhenIdle { [weak self] in
                guard let self, !self.isDestroyed, let root = gtk_widget_get_root(self.widget),
                      let focus = gtk_root_get_focus(root),
                      focus == self.widget || gtk_widget_is_ancestor(focus, self.widget) != 0 else {
                    self?.deselect()
                    return
                }
            }
        }
        connectSignal(widget, "unmap") { [weak self] in self?.suggestions.hide() }
        connectSignal(widget, "destroy") { [weak self] in self?.isDestroyed = true }
    }

    private func handleKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        guard let actions else { return false }
        let key = Int32(bitPattern: keyval)
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        let alt = state.rawValue & GDK_ALT_MASK.rawValue != 0
        if selectedTag != nil, let handled = handleSelectionKey(key, control: control) { return handled }
        if key == GDK_KEY_comma && !control && !alt { return separateAtCaret() }
        if suggestions.isShown, let handled = handleSuggestionKey(key) { return handled }
        guard text.isEmpty else { return false }
        if key == GDK_KEY_BackSpace && !control {
            guard let last = actions.lastTag() else { return false }
            select(last)
            return true
        }
        if control && (key == GDK_KEY_c || key == GDK_KEY_C || key == GDK_KEY_Insert) {
            actions.copyAll()
            return true
        }
        return false
    }

    /// Keys while Backspace has selected a chip, or `nil` for keys that only deselect it (and
    /// then do what they do: a letter is typed).
    private func handleSelectionKey(_ key: Int32, control: Bool) -> Bool? {
        guard let actions, let tag = selectedTag else { return nil }
        switch key {
        case GDK_KEY_BackSpace, GDK_KEY_Delete, GDK_KEY_KP_Delete:
            guard !control else { break }
            deselect()
            // The selected tag went meanwhile: this press selects the last one, as a first does.
            if !actions.remove(tag), key == GDK_KEY_BackSpace, let last = actions.lastTag() { select(last) }
            return true
        case GDK_KEY_Escape:
            deselect()
            return true
        case GDK_KEY_Shift_L, GDK_KEY_Shift_R, GDK_KEY_Control_L, GDK_KEY_Control_R, GDK_KEY_Alt_L, GDK_KEY_Alt_R,
             GDK_KEY_ISO_Level3_Shift, GDK_KEY_Super_L, GDK_KEY_Super_R, GDK_KEY_Caps_Lock:
            return false
        default: break
        }
        deselect()
        return nil
    }

    private func select(_ tag: String) {
        deselect()
        selectedTag = tag
        actions?.select(tag, true)
    }

    /// Shows no chip as selected any more.
    func deselect() {
        guard let tag = selectedTag else { return }
        selectedTag = nil
        actions?.select(tag, false)
    }

    /// The comma key: the text before the caret becomes tags, the text after it stays. A comma
    /// with nothing before it is swallowed (there is no empty tag to make).
    private func separateAtCaret() -> Bool {
        guard let actions else { return false }
        let editable = cgtk_editable(widget)
        var start: Int32 = 0, end: Int32 = 0
        // A selection is replaced by the comma, as by any typed character.
        if gtk_editable_get_selection_bounds(editable, &start, &end) == 0 {
            start = gtk_editable_get_position(editable)
            end = start
        }
        let characters = Array(text)
        let caret = min(max(Int(start), 0), characters.count), after = min(max(Int(end), caret), characters.count)
        let before = String(characters[..<caret]), rest = String(characters[after...])
        suggestions.hide()
        if before.allSatisfy(\.isWhitespace) {
            setText(rest)
            gtk_editable_set_position(editable, 0)
            return true
        }
        guard let kept = actions.separate(before) else { return true }
        setText([kept, rest].filter { !$0.isEmpty }.joined(separator: "\n"))
        if kept.isEmpty { gtk_editable_set_position(editable, 0) }
        return true
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
        if text.isEmpty { containsPaste = false } else { deselect() }
        // A pasted list is added whole with Enter: nothing to complete in it.
        if text.contains(where: \.isNewline) || containsPaste {
            suggestions.hide()
        } else {
            suggestions.show(actions?.suggest(text) ?? [])
        }
    }

    /// Replaces the text (empty after a tag was added), with the caret at its end. The entry's
    /// own undo starts again from it: Ctrl+Z in the entry must never bring back text that became
    /// tags (once the editor's undo steps ran out, it brought back the last tag typed).
    func setText(_ text: String) {
        gtk_editable_set_text(cgtk_editable(widget), text)
        gtk_editable_set_position(cgtk_editable(widget), -1)
        gtk_editable_set_enable_undo(cgtk_editable(widget), 0)
        gtk_editable_set_enable_undo(cgtk_editable(widget), 1)
    }

    /// The tags of the text: typed or pasted, a comma separates tags, and so do line breaks
    /// (``PastedTags``: where tags may contain commas, pasted lines keep theirs).
    func tags(tagsMayContainCommas: Bool) -> [String] {
        PastedTags.split(text, tagsMayContainCommas: tagsMayContainCommas)
    }
}
