// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
import FlowEngine
import GObjectSupport

// Selection and activation, for the box and the list alike, by GtkListBase's rules (which
// GtkFlowBox's match): a click selects the item alone, Ctrl+click toggles it, Shift+click selects
// the range from the anchor (the last item chosen without Shift); the arrows, Home and End move
// the focus to the engine's neighbour and select it, Shift with them extends from the anchor
// across wrapped lines, Ctrl with them only moves the focus (GTK's own binding); Space toggles,
// Ctrl+A selects all, Ctrl+Shift+A none; Enter, a click (single-click mode) or a double click
// activates. Clicks a child handles itself (a button's) are the child's: the gesture is in the
// bubble phase on the host, as GtkFlowBox's and GtkListItemWidget's are.

extension ItemInteraction {
    /// The click gesture and the key controller on the host, made once by the host's init (the
    /// host's own keys, and reordering's, share the key controller).
    func installSelectionControllers() {
        let widget = host.hostWidget
        guard keys == nil, clicks == nil else { return }
        // In the capture phase: a child that handles keys itself (an entry or a button in a chip)
        // must not take the item keys first.
        let controller = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(controller), GTK_PHASE_CAPTURE)
        connectKeyPressed(controller) { [weak self] keyval, _, state in self?.handleItemKey(keyval, state) ?? false }
        gtk_widget_add_controller(widget, cgtk_event_controller(controller))
        keys = controller
        let gesture = UnsafeMutableRawPointer(gtk_gesture_click_new()!)
        gtk_gesture_single_set_button(OpaquePointer(gesture), guint(GDK_BUTTON_PRIMARY))
        connectPressed(gesture) { [weak self] count, x, y in self?.pressed(count, x: x, y: y, gesture: gesture) }
        connectPressed(gesture, signal: "released") { [weak self] count, x, y in self?.released(count, x: x, y: y) }
        gtk_widget_add_controller(widget, cgtk_event_controller(gesture))
        clicks = gesture
    }

    /// Every key the core takes, reordering's first.
    func handleItemKey(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        handleKey(keyval, modifiers) || handleSelectionKey(keyval, modifiers)
    }

    // MARK: Choosing items

    /// Chooses `item` as a click or a key does, GtkListBase's way: `modify` (Ctrl) toggles it,
    /// `extend` (Shift) selects the range from the anchor (with Ctrl: as the anchor is), neither
    /// selects it alone. The anchor moves to `item` unless the range was selected.
    func choose(_ item: Int, modify: Bool, extend: Bool) {
        guard let selection, selection.isActive, item >= 0, item < host.itemCount else { return }
        if extend, let anchor = selectionAnchor, anchor < host.itemCount {
            let range = min(anchor, item)...max(anchor, item)
            let done = !modify ? selection.select(range, unselectingRest: true)
                : selection.isSelected(anchor) ? selection.select(range, unselectingRest: false)
                : selection.unselect(range)
            if done { return }
        }
        if modify, selection.isSelected(item) {
            if userCanUnselect { selection.unselect(item) }
        } else {
            selection.select(item, unselectingRest: !modify)
        }
        selectionAnchor = item
    }

    /// The box's browse mode keeps one child selected against the user (not against the app).
    private var userCanUnselect: Bool { (selection as? ChildSelection)?.mode != GTK_SELECTION_BROWSE }

    /// Activates `item`: the Swift view's closure, then the class's signal.
    func activate(_ item: Int) {
        guard !isDisposed, item >= 0, item < host.itemCount else { return }
        let widget = host.widget(forItem: item)
        hooks.activated?(widget, item)
        flow_interaction_emit_activate(host.hostWidget, widget, guint(item))
    }

    /// Whether anything listens to the activation (else Enter is left to the item).
    private var activationIsWanted: Bool {
        hooks.activated != nil || flow_interaction_activation_is_connected(host.hostWidget) != 0
    }

    // MARK: The selected state on the item widgets

    /// Shows `widget`'s selection: the CSS state `:selected` and the accessible state; neither
    /// while the host has no active selection.
    func showSelection(on widget: Widget, item: Int? = nil) {
        // The box's selection is of widgets: no index to look up (a look-up is O(n) in the box).
        if let children = selection as? ChildSelection {
            guard children.isActive else { return flow_interaction_clear_item_selected(widget) }
            return flow_interaction_set_item_selected(widget, children.isSelected(widget: widget) ? 1 : 0)
        }
        guard let selection, selection.isActive, let item = item ?? host.item(showing: widget) else {
            return flow_interaction_clear_item_selected(widget)
        }
        flow_interaction_set_item_selected(widget, selection.isSelected(item) ? 1 : 0)
    }

    /// Every item widget shows its selection again (the mode or the model changed).
    func showSelectionOnAllWidgets() {
        for widget in host.itemWidgets { showSelection(on: widget) }
        selectionAnchor = nil
    }

    /// The selection of items `range` may have changed (a GtkSelectionModel's
    /// `selection-changed`): their widgets show it.
    func selectionChanged(_ range: Range<Int>) {
        for item in range {
            if let widget = host.widget(forItem: item) { showSelection(on: widget, item: item) }
        }
    }

    /// The box's children `widgets` changed selection: they show it, and the app is told once.
    func childSelectionChanged(_ widgets: [Widget]) {
        for widget in widgets { showSelection(on: widget) }
        hooks.selectionChanged?()
        if !isDisposed { flow_interaction_emit_selection_changed(host.hostWidget) }
    }

    // MARK: The pointer

    /// The item under a point of the host (`nil`: a gap, or a widget of the host's own).
    func item(atX x: Double, y: Double) -> Int? {
        var widget = gtk_widget_pick(host.hostWidget, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != host.hostWidget {
            if let item = host.item(showing: current) { return item }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    private func pressed(_ count: Int, x: Double, y: Double, gesture: UnsafeMutableRawPointer) {
        pressed(count, x: x, y: y, modifiers: gtk_event_controller_get_current_event_state(cgtk_event_controller(gesture)))
    }

    /// A press of the primary button at (`x`, `y`) in the host, the `count`th in a row, with
    /// `modifiers` held (the tests call it as the gesture does).
    func pressed(_ count: Int, x: Double, y: Double, modifiers: GdkModifierType) {
        guard drag == nil, let item = item(atX: x, y: y) else { return pressedItem = nil }
        let state = modifiers.rawValue
        if count == 1 {
            let modify = state & GDK_CONTROL_MASK.rawValue != 0, extend = state & GDK_SHIFT_MASK.rawValue != 0
            // A click that changes the selection with Ctrl or Shift activates nothing.
            pressedItem = modify || extend ? nil : item
            choose(item, modify: modify, extend: extend)
            if selection?.isActive == true, host.focusedItem != item { host.focusItem(item) }
        } else if count == 2, !singleClickActivates {
            activate(item)
        }
    }

    func released(_ count: Int, x: Double, y: Double) {
        defer { pressedItem = nil }
        guard singleClickActivates, count == 1, drag == nil, let pressed = pressedItem,
              item(atX: x, y: y) == pressed else { return }
        activate(pressed)
    }

    // MARK: The keys

    /// The item whose widget is the focus widget itself (not a widget inside it, such as an
    /// entry, whose keys stay its own).
    private var itemHoldingFocusItself: Int? {
        guard let item = host.focusedItem, let widget = host.widget(forItem: item),
              let root = gtk_widget_get_root(host.hostWidget), gtk_root_get_focus(root) == widget else { return nil }
        return item
    }

    /// Space, Enter, Ctrl+A and the arrows with an item focused. Returns whether the key was used.
    func handleSelectionKey(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
        let state = modifiers.rawValue
        let ctrl = state & GDK_CONTROL_MASK.rawValue != 0, shift = state & GDK_SHIFT_MASK.rawValue != 0
        guard !isDisposed, state & GDK_ALT_MASK.rawValue == 0, let item = itemHoldingFocusItself else { return false }
        let selecting = selection?.isActive == true
        switch Int32(keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            guard !ctrl, !shift, activationIsWanted else { return false }
            activate(item)
            return true
        case GDK_KEY_space, GDK_KEY_KP_Space:
            guard selecting else { return false }
            choose(item, modify: !shift, extend: shift)
            return true
        case GDK_KEY_a, GDK_KEY_A:
            guard selecting, ctrl, let selection else { return false }
            if shift { selection.unselectAll() } else { selection.selectAll() }
            return true
        default:
            // Ctrl with an arrow moves the focus only (GTK's binding); Page Up and Down are the
            // list's own.
            guard selecting, !ctrl, case .step(let move)? = ItemKey(keyval) else { return false }
            if shift, selectionAnchor == nil { selectionAnchor = item }
            guard let target = host.neighbor(of: item, moving: move), target != item else { return true }
            host.focusItem(target)
            choose(target, modify: false, extend: shift)
            return true
        }
    }
}
