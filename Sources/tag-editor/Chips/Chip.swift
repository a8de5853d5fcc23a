// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import TagData

/// One tag as a chip: its name, how many files have it (when only some do), a button that adds
/// it to the files that lack it (then), and a remove button.
///
/// The chip is one focus stop: Tab goes from chip to chip, and Left and Right move to the
/// previous and next chip. Its buttons take no keyboard focus (they are there for the pointer,
/// and for assistive technologies as buttons); on a focused chip Delete or Backspace removes it,
/// `+` adds a partial tag to every file, the Menu key (or Shift+F10, or a right-click) opens its
/// menu (its colour; for a partial tag, which files have it), F2 renames it and Ctrl+C copies
/// its name. Enter does not
/// remove it. When nothing can be changed, the remove button is insensitive and its tooltip says
/// why; Backspace in the empty entry shows the chip it selected as selected (``setSelected(_:)``).
///
/// A long name is shortened in the middle ("a-very-long…-of-the-tag", ``shownName(_:)``; the full
/// name in the tooltip and the accessible name), and any name can shrink to a few characters, so
/// the window can be made narrow whatever the tags. In right-to-left text the grid runs the other way: the
/// remove button is on the chip's left. When the layout makes a chip wider than its natural width
/// (justification `fill`, or grow), its name stays centred between its ends.
@MainActor
final class Chip {
    /// What the chip asks of the editor.
    struct Actions {
        /// Remove the tag (the remove button, or Delete/Backspace on the chip: `byKey` with
        /// whether it was Backspace, which moves the focus back rather than on).
        var remove: @MainActor (_ name: String, _ byKey: ChipKey?) -> Void
        /// Rename the tag (a double-click, or F2), with the popover pointing at `chip`.
        var rename: @MainActor (_ name: String, _ chip: Widget) -> Void
        /// Add the tag to every file (a partial chip's add button).
        var addToAll: @MainActor (_ name: String) -> Void
        /// List the files that have the tag and those that lack it (a partial chip's count).
        var showFiles: @MainActor (_ name: String, _ chip: Widget) -> Void
        /// Copy the tag's name to the clipboard (Ctrl+C on the chip).
        var copy: @MainActor (_ name: String) -> Void
        /// Left or Right on the chip: focus the next (`forward`) or previous chip; returns
        /// whether the key was used (the virtual list moves the focus itself).
        var step: @MainActor (_ name: String, _ forward: Bool) -> Bool
        /// How the chip is shown besides its tag: selected, and why it cannot be removed.
        var status: @MainActor (_ name: String) -> Status
        /// A click with or without Ctrl or Shift, Ctrl+A or Escape on the chip, for the selection
        /// of several chips; returns whether it was used.
        var select: @MainActor (_ name: String, _ gesture: SelectionGesture) -> Bool
        /// The text a drag of the chip carries: its tag, or every selected one.
        var dragText: @MainActor (_ name: String) -> String
        /// A move key (Ctrl+Shift or Alt+Shift with an arrow, Home or End) where the chips cannot
        /// be reordered: returns whether the editor said why (the key is then used).
        var refuseMove: @MainActor (_ name: String) -> Bool = { _ in false }
        /// A drag of the chip started (what it carries is known to the editor).
        var dragBegan: @MainActor (_ name: String) -> Void = { _ in }
        /// The chip's menu (the Menu key, Shift+F10 or a right-click), pointing at `chip`, at
        /// `point` within it for a click (`nil`: under the chip).
        var openMenu: @MainActor (_ name: String, _ chip: Widget, _ point: (x: Double, y: Double)?) -> Void = { _, _, _ in }
    }

    /// What the user did to select chips (``ChipSelection``).
    /// `release`: a plain click's release that was no drag; `focused`: the keyboard (or the
    /// editor) put the focus on the chip.
    enum SelectionGesture { case click, release, toggle, extend, all, clear, focused }

    /// Set while a press puts the focus on a chip: the press selects as the pointer does, and
    /// the editor must not take the focus's arrival for a keyboard move.
    private(set) static var focusingByPointer = false

    /// What the editor says of a chip, besides its tag.
    struct Status {
        /// Selected: by Backspace in the empty entry, or among several chips.
        var selected = false
        /// Why its tag cannot be removed now (nothing can be changed), or `nil`.
        var whyNotRemovable: String?
        /// The tag's colour (the collection's, else the one Finder's attribute gives it).
        var color = TagColor.none
    }

    /// Which removing key was pressed on a focused chip.
    enum ChipKey { case delete, backspace }

    /// Names of at most this many characters are shown whole while there is room; a longer one
    /// is shortened (``shownName(_:)``), which then saves at least 8 characters.
    nonisolated static let longestWholeName = 40
    /// About how many characters a shortened name shows: its start and its end around "…".
    nonisolated static let shortenedLength = 32
    /// The fewest characters a name shrinks to when the window is too narrow for it (Pango then
    /// ellipsizes it in the middle, wherever the pixels run out).
    static let shortestShownName = 10

    /// The text a chip shows for `name` when there is room: the name itself up to
    /// ``longestWholeName`` characters; past that its first and last words around "…", each
    /// part ending at a word's end where one is near (a separator: anything but a letter or a
    /// digit), so no word is cut to save a few letters. The same rule for every name of a
    /// length, whatever its letters' widths.
    nonisolated static func shownName(_ name: String) -> String {
        let characters = Array(name)
        guard characters.count > longestWholeName else { return name }
        let isSeparator = { (c: Character) in !(c.isLetter || c.isNumber) }
        let headTarget = shortenedLength / 2, tailTarget = shortenedLength - headTarget - 1
        // The head ends before the last separator within 6 characters of its target length.
        let head = (headTarget - 6...headTarget).reversed().first { isSeparator(characters[$0]) } ?? headTarget
        // The tail starts after the first separator within 6 characters of its target length.
        let tailStart = characters.count - tailTarget
        let tail = (tailStart...tailStart + 6).first { isSeparator(characters[$0 - 1]) } ?? tailStart
        return String(characters[..<head]) + "…" + String(characters[tail...])
    }

    let widget: Widget
    private let label: Widget
    /// Partial chips only: the count ("2/3") and the button that adds the tag to the files that do
    /// not have it. Made when the chip is first shown partial: a collection's or a tag list's
    /// chips never are, and two hidden widgets a chip were most of the cost of making a thousand.
    private var partialParts: (count: Widget, countLabel: Widget, addToAll: Widget)?
    /// Partial chips only: the "2/7" button that lists which files have the tag.
    var count: Widget { makePartialParts().count }
    /// Partial chips only: adds the tag to the files that do not have it.
    var addToAllButton: Widget { makePartialParts().addToAll }
    let removeButton: Widget
    private(set) var entry: TagEntry
    private let actions: Actions
    /// Whether it is shown as selected.
    private(set) var isSelected = false
    /// Whether its accessible description is the one ``update(_:)`` set (its colour, how many
    /// files have it).
    private var describesCount = false
    /// The dot that shows the tag's colour, before the name.
    private var dot = ColorDot()
    /// The tooltip without the colour's line (``update(_:)``'s).
    private var countTooltip: String?
    /// The tag's colour as shown.
    var color: TagColor { dot.color }

    init(_ entry: TagEntry, actions: Actions) {
        self.entry = entry
        self.actions = actions
        // A grid, not a box: a focusable GtkBox passes the focus on to its children and never
        // takes it itself (a chip with unfocusable buttons would be no focus stop at all); a
        // grid takes it, then lets Tab go on past its children.
        widget = gtk_grid_new()
        gtk_widget_add_css_class(widget, "chip")
        gtk_widget_set_focusable(widget, 1)
        // Set, so that the label's expand below does not reach the chip: the Flow layout grows
        // a child that expands (as a GtkBox does), and a chip grows only as the layout options say.
        gtk_widget_set_hexpand(widget, 0)
        label = gtk_label_new(entry.name)
        // Takes what a fill or grow layout adds, and keeps the name in its middle.
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_xalign(cgtk_label(label), 0.5)
        removeButton = Self.button("window-close-symbolic")
        // Columns 1 and 2 are the partial parts' (an empty grid column takes no width).
        gtk_grid_attach(grid, label, 0, 0, 1, 1)
        gtk_grid_attach(grid, removeButton, 3, 0, 1, 1)
        connect()
        update(entry)
    }

    private var grid: UnsafeMutablePointer<GtkGrid> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkGrid.self)
    }

    /// A flat icon button that takes no keyboard focus: a chip is one focus stop, its buttons are
    /// for the pointer (Delete and `+` on the chip).
    private static func button(_ icon: String) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_focusable(button, 0)
        gtk_widget_set_focus_on_click(button, 0)
        return button
    }

    private func makePartialParts() -> (count: Widget, countLabel: Widget, addToAll: Widget) {
        if let partialParts { return partialParts }
        let countLabel = gtk_label_new("")!
        let count = gtk_button_new()!
        gtk_button_set_child(cgtk_button(count), countLabel)
        gtk_widget_add_css_class(count, "flat")
        gtk_widget_add_css_class(count, "count")
        gtk_widget_set_valign(count, GTK_ALIGN_CENTER)
        gtk_widget_set_focusable(count, 0)
        gtk_widget_set_focus_on_click(count, 0)
        let addToAll = Self.button("list-add-symbolic")
        gtk_widget_add_css_class(addToAll, "add-to-all")
        gtk_grid_attach(grid, count, 1, 0, 1, 1)
        gtk_grid_attach(grid, addToAll, 2, 0, 1, 1)
        let actions = self.actions
        connectSignal(addToAll, "clicked") { [weak self] in
            guard let self else { return }
            actions.addToAll(self.entry.name)
        }
        connectSignal(count, "clicked") { [weak self] in
            guard let self else { return }
            actions.showFiles(self.entry.name, self.widget)
        }
        partialParts = (count, countLabel, addToAll)
        return (count, countLabel, addToAll)
    }

    private func connect() {
        let actions = self.actions
        connectSignal(removeButton, "clicked") { [weak self] in
            guard let self else { return }
            actions.remove(self.entry.name, nil)
        }
        let box = widget
        let click = gtk_gesture_click_new()!
        let drag = gtk_drag_source_new()!
        gtk_drag_source_set_actions(drag, GDK_ACTION_COPY)
        connectPressed(UnsafeMutableRawPointer(click)) { [weak self] presses, _, _ in
            guard let self else { return }
            // A click focuses the chip for the keys (with Ctrl or Shift it also selects it among
            // several); a double-click renames it.
            if presses == 1 {
                let state = gtk_event_controller_get_current_event_state(cgtk_event_controller(UnsafeMutableRawPointer(click)))
                let gesture: SelectionGesture = state.rawValue & GDK_CONTROL_MASK.rawValue != 0 ? .toggle
                    : state.rawValue & GDK_SHIFT_MASK.rawValue != 0 ? .extend : .click
                Self.focusingByPointer = true
                gtk_widget_grab_focus(box)
                Self.focusingByPointer = false
                _ = actions.select(self.entry.name, gesture)
                // What a drag starting with this press carries: the tag, or every selected one.
                Self.setDragText(actions.dragText(self.entry.name), on: drag)
            }
            if presses == 2 { actions.rename(self.entry.name, box) }
        }
        // A plain click on one of several selected chips selects it alone once it is released
        // without a drag (a drag carries them all), as a file manager does.
        connectReleased(UnsafeMutableRawPointer(click)) { [weak self] presses, _, _ in
            guard let self, presses == 1 else { return }
            let state = gtk_event_controller_get_current_event_state(cgtk_event_controller(UnsafeMutableRawPointer(click)))
            guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0 else { return }
            _ = actions.select(self.entry.name, .release)
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(click)))
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(drag)))
        connectSignal(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] (_: gpointer?) in
            guard let self else { return }
            actions.dragBegan(self.entry.name)
        }
        let keys = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, state in
            guard let self else { return false }
            return self.handleKey(keyval, state, actions)
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(keys)))
        // A right-click opens the chip's menu where it was made.
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary, guint(GDK_BUTTON_SECONDARY))
        connectPressed(UnsafeMutableRawPointer(secondary)) { [weak self] presses, x, y in
            guard let self, presses == 1 else { return }
            Self.focusingByPointer = true
            gtk_widget_grab_focus(box)
            Self.focusingByPointer = false
            actions.openMenu(self.entry.name, box, (x, y))
        }
        gtk_widget_add_controller(widget, cgtk_event_controller(UnsafeMutableRawPointer(secondary)))
    }

    /// Keys on the focused chip (or on one of its buttons, which do not use these keys).
    private func handleKey(_ keyval: UInt32, _ state: GdkModifierType, _ actions: Actions) -> Bool {
        let key = Int32(bitPattern: keyval)
        if Self.isMoveKey(key, state), actions.refuseMove(entry.name) { return true }
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 {
            if key == GDK_KEY_a || key == GDK_KEY_A { return actions.select(entry.name, .all) }
            guard key == GDK_KEY_c || key == GDK_KEY_C || key == GDK_KEY_Insert else { return false }
            actions.copy(entry.name)
            return true
        }
        // Alt with a key is not the chip's: Alt+Shift+arrows move the chip (the box's reordering,
        // as Ctrl+Shift+arrows do, which the Ctrl branch above leaves to it),
        // and where there is none (file mode) they must not move the focus instead.
        if state.rawValue & GDK_ALT_MASK.rawValue != 0 { return false }
        let rightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        switch key {
        case GDK_KEY_Delete, GDK_KEY_KP_Delete: actions.remove(entry.name, .delete)
        case GDK_KEY_BackSpace: actions.remove(entry.name, .backspace)
        case GDK_KEY_F2: actions.rename(entry.name, widget)
        case GDK_KEY_Escape: return actions.select(entry.name, .clear)
        case GDK_KEY_Right, GDK_KEY_KP_Right: return actions.step(entry.name, !rightToLeft)
        case GDK_KEY_Left, GDK_KEY_KP_Left: return actions.step(entry.name, rightToLeft)
        case GDK_KEY_Menu:
            actions.openMenu(entry.name, widget, nil)
        case GDK_KEY_F10 where state.rawValue & GDK_SHIFT_MASK.rawValue != 0:
            actions.openMenu(entry.name, widget, nil)
        case GDK_KEY_plus, GDK_KEY_KP_Add:
            guard entry.isPartial, entry.addable > 0 else { return false }
            actions.addToAll(entry.name)
        default: return false
        }
        return true
    }

    /// Ctrl+Shift or Alt+Shift with an arrow, Home or End: the reordering keys.
    private static func isMoveKey(_ key: Int32, _ state: GdkModifierType) -> Bool {
        let held = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)
        guard held == GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue || held == GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue
        else { return false }
        return [GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Home, GDK_KEY_End,
                GDK_KEY_KP_Left, GDK_KEY_KP_Right, GDK_KEY_KP_Up, GDK_KEY_KP_Down, GDK_KEY_KP_Home, GDK_KEY_KP_End].contains(key)
    }

    /// Offers `text` (UTF-8 plain text, what an entry or a text editor accepts) to a drag.
    private static func setDragText(_ text: String, on drag: OpaquePointer) {
        let content = plainTextContent(text)
        gtk_drag_source_set_content(drag, content)
        g_object_unref(UnsafeMutableRawPointer(content))
    }

    /// Shows a new count for the same tag (file mode: more or fewer files have it now).
    func update(_ entry: TagEntry) {
        self.entry = entry
        let name = entry.name
        // The chip asks for the width of its shown text (the rule of `shownName`, by characters),
        // and can shrink to `shortestShownName` characters when space is short.
        gtk_label_set_text(cgtk_label(label), Self.shownName(name))
        var shrinks = name.count > Self.shortestShownName
        gtk_label_set_ellipsize(cgtk_label(label), shrinks ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_NONE)
        gtk_label_set_width_chars(cgtk_label(label), shrinks ? Int32(Self.shortestShownName) : -1)
        if shrinks && name.count <= 2 * Self.shortestShownName {
            // The shortest width is ten average characters; a name of narrow ones ("right-to-left")
            // can be narrower than that, and the label would then widen its chip to it: such a
            // name is never shortened. The label says so itself: its natural width is no more
            // than its minimum (the layout it makes for this is the one it keeps).
            var shortest: Int32 = 0, whole: Int32 = 0
            gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &shortest, &whole, nil, nil)
            shrinks = whole > shortest
            if !shrinks {
                gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_NONE)
                gtk_label_set_width_chars(cgtk_label(label), -1)
            }
        }
        let tooltip: String?
        if entry.isPartial {
            let (count, countLabel, addToAll) = makePartialParts()
            gtk_widget_add_css_class(widget, "partial")
            gtk_label_set_text(cgtk_label(countLabel), "\(entry.count)/\(entry.total)")
            setTooltip(count, tr("Which files have “\(name)”"))
            cgtk_accessible_set_label(count, tr("Files with tag \(name): \(entry.count) of \(entry.total)"))
            tooltip = trn("“\(name)” is on \(entry.count) of \(entry.total) file", "“\(name)” is on \(entry.count) of \(entry.total) files", entry.total)
            // Files without it that are all read-only: nothing to add it to.
            gtk_widget_set_sensitive(addToAll, entry.addable > 0 ? 1 : 0)
            setTooltip(addToAll, entry.addable > 0 ? tr("Add “\(name)” to all \(entry.total) files")
                : tr("The files without “\(name)” are read-only"))
            cgtk_accessible_set_label(addToAll, tr("Add tag \(name) to all files"))
        } else {
            gtk_widget_remove_css_class(widget, "partial")
            tooltip = entry.total > 1 ? tr("“\(name)” is on all \(entry.total) files")
                : (name.count > Self.shortestShownName ? name : nil)
        }
        if let (count, _, addToAll) = partialParts {
            gtk_widget_set_visible(count, entry.isPartial ? 1 : 0)
            gtk_widget_set_visible(addToAll, entry.isPartial ? 1 : 0)
        }
        countTooltip = tooltip
        let status = actions.status(name)
        gtk_widget_set_sensitive(removeButton, status.whyNotRemovable == nil ? 1 : 0)
        // With several files open, the files it acts on: the count counts every spelling of the
        // tag ("beach", "Beach"), and the × removes each of them.
        let several = entry.total > 1
        setTooltip(removeButton, status.whyNotRemovable.map { tr("“\(name)” cannot be removed: \($0)") }
            ?? (several ? trn("Remove from \(entry.count) file", "Remove from \(entry.count) files", entry.count)
                        : tr("Remove tag “\(name)”")))
        cgtk_accessible_set_label(removeButton, several
            ? trn("Remove tag \(name) from \(entry.count) file", "Remove tag \(name) from \(entry.count) files", entry.count)
            : tr("Remove tag \(name)"))
        setSelected(status.selected)
        showColor(status.color)
        showTooltip()
        // The name is the label; its colour and how many files have the tag are the
        // description, which a screen reader reads after it ("Tag two, Colour: Red; on 2 of 7 files").
        cgtk_accessible_set_label(widget, tr("Tag \(name)"))
        describe()
    }

    /// Shows the tag's colour as a dot before the name (none: no dot), and names it in the
    /// description.
    func showColor(_ color: TagColor) {
        guard color != dot.color else { return }
        let grid = self.grid
        dot.show(color) { gtk_grid_attach(grid, $0, -1, 0, 1, 1) }
        showTooltip()
        describe()
    }

    /// The tooltip: how many files have the tag (or its long name), and its colour, so that a
    /// pointer user who cannot tell the dot's colour reads it.
    private func showTooltip() {
        // Set only when it changes (setTooltip): the tooltip is the accessible description too,
        // and a reorderable box describes its children (how to move them, where one was moved).
        let lines = [countTooltip, dot.color.accessibleText].compactMap { $0 }
        setTooltip(widget, lines.isEmpty ? nil : lines.joined(separator: "\n"))
    }

    /// The accessible description: the colour, then how many files have the tag.
    private func describe() {
        // A chip with neither leaves the description alone unless it set one: a reorderable
        // box adds its own hint (how to move them, where one was moved) to the chip's.
        let count = entry.isPartial ? trn("on \(entry.count) of \(entry.total) file", "on \(entry.count) of \(entry.total) files", entry.total)
            : entry.total > 1 ? tr("on all \(entry.total) files") : nil
        let parts = [dot.color.accessibleText, count].compactMap { $0 }
        let description = parts.isEmpty ? nil : parts.joined(separator: "; ")
        if description != nil || describesCount {
            setAccessibleDescription(widget, description)
            describesCount = description != nil
        }
    }

    /// Shows the chip as selected (Backspace in the empty entry) or not: the widget's selected
    /// state, which the style sheet draws.
    func setSelected(_ selected: Bool) {
        isSelected = selected
        if selected {
            gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
        } else {
            gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
        }
    }

    /// Whether the remove button can be used, and its tooltip.
    var removeSensitive: Bool { gtk_widget_get_sensitive(removeButton) != 0 }
    var removeTooltip: String? { GObjectSupport.tooltip(of: removeButton) }

    /// Whether the name is too long to be shown whole even when there is room.
    var isShortened: Bool { entry.name.count > Self.longestWholeName }

    /// The tooltip the chip shows.
    var tooltip: String? { GObjectSupport.tooltip(of: widget) }

    /// Where the name's text is drawn, across the chip: its left edge from the chip's left and
    /// its width, in pixels (what a fill layout must keep centred).
    var drawnName: (left: Double, width: Double)? {
        guard let layout = gtk_label_get_layout(cgtk_label(label)) else { return nil }
        var origin = graphene_point_t(), inChip = graphene_point_t()
        guard gtk_widget_compute_point(label, widget, &origin, &inChip) != 0 else { return nil }
        var offsetX: Int32 = 0, offsetY: Int32 = 0
        gtk_label_get_layout_offsets(cgtk_label(label), &offsetX, &offsetY)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        // The offsets are in the label's coordinates; the extents from the layout's origin.
        return (Double(inChip.x) + Double(offsetX) + Double(logical.x), Double(logical.width))
    }

    /// Whether the label shows less than the whole name now (ellipsized at its current width).
    var isEllipsized: Bool { gtk_label_get_layout(cgtk_label(label)).map { pango_layout_is_ellipsized($0) != 0 } ?? false }
}
