// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// A chip's context menu: a right-click on the chip, or the Menu key or Shift+F10 on a focused
/// chip. It offers the tag's colour (a “Colour” submenu: None and Finder's seven, the current one
/// checked), renaming and copying it, and for a tag only some files have, which files have it.
///
/// One per window and reused, with the lifetime of ``RenamePopover``: parented to a widget that
/// lives as long as the window, pointed at the chip, hidden between uses. Its items are the
/// window's `win.chip-*` actions, which act on the tag the menu was last opened for. The editor
/// and the folder view both use it (each with its own ``Actions``): the same menu, written once.
@MainActor
final class ChipMenu {
    /// What the menu's items do, for the tag it was opened for.
    struct Actions {
        var setColor: @MainActor (_ tag: String, _ color: TagColor) -> Void
        var rename: @MainActor (_ tag: String) -> Void
        var copy: @MainActor (_ tag: String) -> Void
        var showFiles: @MainActor (_ tag: String) -> Void
    }

    /// The tag the menu is (or was last) open for.
    private(set) var tag = ""
    let popover: Widget
    /// `win.chip-color`: its state is the tag's colour's name, which checks that item.
    let colorAction: OpaquePointer
    /// Where the window's actions are, which the colour action leaves with the window.
    private let actionMap: OpaquePointer
    /// Called when it closes: the editor puts the focus back on the chip.
    var onClosed: (@MainActor (String) -> Void)?
    private var released = false

    /// - Parameter shell: the window's, whose `win.` actions the items are.
    init(in parent: Widget, shell: WindowShell, actions: Actions) {
        popover = gtk_popover_menu_new_from_model(nil)!
        // A reference of its own, let go in release(): a window's popover never outlives it.
        g_object_ref_sink(UnsafeMutableRawPointer(popover))
        gtk_widget_set_parent(popover, parent)
        actionMap = shell.actionMap
        let initial = g_variant_new_string(TagColor.none.name)
        // The action keeps a copy of the parameter's type.
        let stringType = g_variant_type_new("s")
        colorAction = g_simple_action_new_stateful("chip-color", stringType, initial)!
        g_variant_type_free(stringType)
        connectSignal(UnsafeMutableRawPointer(colorAction), "change-state") { [weak self] (value: gpointer?) in
            guard let self, let value else { return }
            g_simple_action_set_state(self.colorAction, OpaquePointer(value))
            let name = String(cString: g_variant_get_string(OpaquePointer(value), nil))
            actions.setColor(self.tag, TagColor(named: name) ?? .none)
        }
        g_action_map_add_action(shell.actionMap, cgtk_action(UnsafeMutableRawPointer(colorAction)))
        shell.addAction("chip-rename") { [weak self] in self.map { actions.rename($0.tag) } }
        shell.addAction("chip-copy") { [weak self] in self.map { actions.copy($0.tag) } }
        shell.addAction("chip-files") { [weak self] in self.map { actions.showFiles($0.tag) } }
        connectSignal(popover, "closed") { [weak self] in
            guard let self, !self.released else { return }
            self.onClosed?(self.tag)
        }
    }

    var isOpen: Bool { !released && gtk_widget_get_visible(popover) != 0 }

    /// Opens the menu for `tag` (the name the actions are given: the folder view gives its key),
    /// whose colour is `color` (`nil`: no Colour submenu, the document keeps no colours),
    /// pointing at `chip` (at `point` in it for a right-click, else at the whole chip).
    /// `partial`: only some files have it (the menu first offers which).
    func open(_ tag: String, partial: Bool = false, color: TagColor?, at chip: Widget, point: (x: Double, y: Double)?) {
        guard !released else { return }
        self.tag = tag
        if let color { g_simple_action_set_state(colorAction, g_variant_new_string(color.name)) }
        let model = Self.model(partial: partial, colors: color != nil)
        gtk_popover_menu_set_menu_model(OpaquePointer(popover), cgtk_menu_model(UnsafeMutableRawPointer(model)))
        g_object_unref(UnsafeMutableRawPointer(model))
        var bounds = graphene_rect_t()
        if let parent = gtk_widget_get_parent(popover), gtk_widget_compute_bounds(chip, parent, &bounds) != 0 {
            var rect = GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                                    width: Int32(bounds.size.width), height: Int32(bounds.size.height))
            if let point {
                rect = GdkRectangle(x: rect.x + Int32(point.x), y: rect.y + Int32(point.y), width: 1, height: 1)
            }
            gtk_popover_set_pointing_to(cgtk_popover(popover), &rect)
        }
        gtk_popover_popup(cgtk_popover(popover))
    }

    /// The menu: for a partial tag first which files have it; the colours; rename and copy.
    private static func model(partial: Bool, colors withColors: Bool) -> OpaquePointer {
        let menu = g_menu_new()!
        if partial {
            let files = g_menu_new()!
            g_menu_append(files, tr("Which _Files Have It"), "win.chip-files")
            g_menu_append_section(menu, nil, cgtk_menu_model(UnsafeMutableRawPointer(files)))
            g_object_unref(UnsafeMutableRawPointer(files))
        }
        if withColors {
            let colors = g_menu_new()!
            for color in TagColor.allCases {
                let item = g_menu_item_new(color.label, nil)!
                g_menu_item_set_action_and_target_value(item, "win.chip-color", g_variant_new_string(color.name))
                g_menu_append_item(colors, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            g_menu_append_submenu(menu, tr("_Colour"), cgtk_menu_model(UnsafeMutableRawPointer(colors)))
            g_object_unref(UnsafeMutableRawPointer(colors))
        }
        let edits = g_menu_new()!
        g_menu_append(edits, tr("_Rename…"), "win.chip-rename")
        g_menu_append(edits, tr("C_opy Name"), "win.chip-copy")
        g_menu_append_section(menu, nil, cgtk_menu_model(UnsafeMutableRawPointer(edits)))
        g_object_unref(UnsafeMutableRawPointer(edits))
        return menu
    }

    func close() {
        guard isOpen else { return }
        gtk_popover_popdown(cgtk_popover(popover))
    }

    /// The window is going: the popover and the colour action go with it.
    func release() {
        guard !released else { return }
        onClosed = nil
        close()
        released = true
        UIDescription.releasePopover(popover)
        g_action_map_remove_action(actionMap, "chip-color")
        g_object_unref(UnsafeMutableRawPointer(colorAction))
    }
}
