// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// How a tag takes part in the folder view's filter.
enum ChipChoice: String {
    /// Not chosen.
    case none
    /// Files must carry it (chosen chips are combined with “and”).
    case required
    /// Files must not carry it.
    case excluded
}

/// A tag of the folder view as a chip shows it.
struct FolderChipEntry: Equatable {
    var tag: FolderTag
    var choice: ChipChoice = .none
    /// Whether some tags are sub-tags of it, and whether they are shown.
    var hasSubTags = false
    var expanded = false
    /// How deep under a top tag it is (0 for one at the top).
    var depth = 0
    /// The tag's colour (the collection's, else Finder's), shown as a dot before the name.
    var color = TagColor.none

    var key: String { tag.key }
}

/// One tag of a folder tree as a chip: its name and how many files carry it (its sub-tags
/// included); a click requires it, the “not” button excludes it, the “…” button offers rename,
/// merge and delete; a parent's arrow shows or hides its sub-tags, which follow it. A right-click,
/// or the Menu key or Shift+F10 on any of its buttons, opens the chip menu (``ChipMenu``: the
/// tag's colour, rename, copy), as on the editor's chips.
@MainActor
final class FolderChip {
    /// What the chip asks of the folder view, by the tag's key.
    struct Actions {
        var toggleRequired: @MainActor (String) -> Void
        var toggleExcluded: @MainActor (String) -> Void
        var toggleExpanded: @MainActor (String) -> Void
        var showActions: @MainActor (String) -> Void
        /// The chip's menu, pointing at `chip` (at `point` in it for a right-click).
        var openMenu: @MainActor (_ key: String, _ chip: Widget, _ point: (x: Double, y: Double)?) -> Void = { _, _, _ in }
    }

    let widget: Widget
    let chooseButton: Widget
    let excludeButton: Widget
    let actionsButton: Widget
    let expandButton: Widget
    private let label: Widget
    private let count: Widget
    /// The name, its count and the colour's dot, inside the choose button.
    private let content: Widget
    private var dot = ColorDot()
    private(set) var entry: FolderChipEntry
    /// The colour shown.
    var color: TagColor { dot.color }

    init(_ entry: FolderChipEntry, actions: Actions) {
        self.entry = entry
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(widget, "chip")
        gtk_widget_add_css_class(widget, "folder-chip")
        expandButton = gtk_button_new_from_icon_name("pan-end-symbolic")
        label = gtk_label_new(entry.tag.name)
        count = gtk_label_new("")
        gtk_widget_add_css_class(count, "count")
        content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_box_append(cgtk_box(content), label)
        gtk_box_append(cgtk_box(content), count)
        chooseButton = gtk_button_new()
        gtk_button_set_child(cgtk_button(chooseButton), content)
        excludeButton = gtk_button_new_with_label("not")
        actionsButton = gtk_button_new_from_icon_name("view-more-symbolic")
        for button in [expandButton, chooseButton, excludeButton, actionsButton] {
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_box_append(cgtk_box(widget), button)
        }
        setTooltip(excludeButton, tr("Only files without this tag"))
        setTooltip(actionsButton, tr("Rename, merge or delete this tag on every file"))
        // The tag of the chip's entry now: in the virtual list a chip shows one tag after another.
        connectSignal(chooseButton, "clicked") { [weak self] in self.map { actions.toggleRequired($0.entry.key) } }
        connectSignal(excludeButton, "clicked") { [weak self] in self.map { actions.toggleExcluded($0.entry.key) } }
        connectSignal(expandButton, "clicked") { [weak self] in self.map { actions.toggleExpanded($0.entry.key) } }
        connectSignal(actionsButton, "clicked") { [weak self] in self.map { actions.showActions($0.entry.key) } }
        connectMenu(actions)
        update(entry)
    }

    /// A right-click anywhere on the chip, the Menu key or Shift+F10 on one of its buttons: the
    /// chip menu (the keys reach the box from its focused button, which does not use them).
    private func connectMenu(_ actions: Actions) {
        let box = widget, choose = chooseButton
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary, guint(GDK_BUTTON_SECONDARY))
        connectPressed(UnsafeMutableRawPointer(secondary)) { [weak self] presses, x, y in
            guard let self, presses == 1 else { return }
            gtk_widget_grab_focus(choose)
            actions.openMenu(self.entry.key, box, (x, y))
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(secondary)))
        let keys = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            guard let self else { return false }
            let key = Int32(bitPattern: keyval)
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key == GDK_KEY_Menu || (key == GDK_KEY_F10 && shifted) else { return false }
            actions.openMenu(self.entry.key, box, nil)
            return true
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(keys)))
    }

    func update(_ entry: FolderChipEntry) {
        self.entry = entry
        let name = entry.tag.name
        gtk_label_set_text(cgtk_label(label), name)
        gtk_label_set_text(cgtk_label(count), "\(entry.tag.files)")
        gtk_widget_set_visible(expandButton, entry.hasSubTags ? 1 : 0)
        gtk_button_set_icon_name(cgtk_button(expandButton), entry.expanded ? "pan-down-symbolic" : "pan-end-symbolic")
        gtk_widget_set_margin_start(widget, Int32(entry.depth * 12))
        let content = self.content
        dot.show(entry.color) { gtk_box_prepend(cgtk_box(content), $0) }
        for choice in [ChipChoice.required, .excluded] {
            if entry.choice == choice { gtk_widget_add_css_class(widget, choice.rawValue) }
            else { gtk_widget_remove_css_class(widget, choice.rawValue) }
        }
        let files = trn("\(entry.tag.files) file", "\(entry.tag.files) files", entry.tag.files)
        let own = entry.tag.own == entry.tag.files ? "" : tr(" (\(entry.tag.own) with “\(name)” itself, the rest in its sub-tags)")
        let state = switch entry.choice {
        case .none: tr("click to show only files with it")
        case .required: tr("required: click again to stop")
        case .excluded: tr("excluded")
        }
        // The colour is named, not only drawn: in the tooltip, which is the description too.
        let summary = tr("\(name): \(files)\(own); \(state)")
        let text = entry.color.accessibleText.map { summary + "\n" + $0 } ?? summary
        setTooltip(chooseButton, text)
        cgtk_accessible_set_label(chooseButton, "\(name), \(files), \(entry.choice.rawValue == "none" ? "not chosen" : entry.choice.rawValue)")
        cgtk_accessible_set_label(excludeButton, tr("Exclude \(name)"))
        cgtk_accessible_set_label(actionsButton, tr("Rename, merge or delete \(name)"))
        cgtk_accessible_set_label(expandButton, entry.expanded ? tr("Hide the sub-tags of \(name)") : tr("Show the sub-tags of \(name)"))
    }
}
