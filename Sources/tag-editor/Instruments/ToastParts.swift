// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GObjectSupport

/// Where the message shown is in the window: libadwaita makes the toast's widget itself
/// (`toast`, under the `toastoverlay`), so the report finds it and its buttons in the widget tree.
@MainActor
enum ToastParts {
    /// The toast widget shown now (one being hidden cannot be targeted any more).
    static func shown(in overlay: Widget) -> Widget? {
        var child = gtk_widget_get_first_child(overlay)
        while let widget = child {
            if String(cString: gtk_widget_get_css_name(widget)) == "toast", gtk_widget_get_can_target(widget) != 0 {
                return widget
            }
            child = gtk_widget_get_next_sibling(widget)
        }
        return nil
    }

    /// Whether the toast has finished sliding in: its allocation (margins included, moved by the
    /// slide's offset) ends at the overlay's lower edge.
    static func isFullyShown(in overlay: Widget) -> Bool {
        guard let toast = shown(in: overlay), gtk_widget_get_mapped(toast) != 0 else { return false }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(toast, &allocation)
        return abs(Int(allocation.y + allocation.height) - Int(gtk_widget_get_height(overlay))) <= 1
    }

    /// Whether every label of the toast shown has the height its text needs at the width it was
    /// given (a message cut short, or drawn past the toast's edge, has not).
    static func textFits(in overlay: Widget) -> Bool {
        guard let toast = shown(in: overlay) else { return true }
        let toastWidth = Float(gtk_widget_get_width(toast))
        return descendants(of: toast).allSatisfy { widget in
            guard cgtk_is_label(widget) != 0, gtk_widget_get_mapped(widget) != 0,
                  gtk_label_get_text(cgtk_label(widget)).map({ $0.pointee != 0 }) ?? false else { return true }
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(widget), &minimum, &natural, nil, nil)
            var bounds = graphene_rect_t()
            let inside = gtk_widget_compute_bounds(widget, toast, &bounds) != 0 && bounds.origin.x >= 0
                && bounds.origin.x + bounds.size.width <= toastWidth + 0.5
            return gtk_widget_get_height(widget) >= minimum && inside
        }
    }

    /// Whether the toast shown has a title that wraps although it has room for its whole line
    /// beside it, up to its buttons ("Remove-" "d 4 tags." with 100 px free before "Undo").
    static func titleWrapsWithRoom(in overlay: Widget) -> Bool {
        guard let toast = shown(in: overlay) else { return false }
        return descendants(of: toast).contains { widget in
            cgtk_is_label(widget) != 0 && gtk_widget_get_mapped(widget) != 0 && wrapsWithRoom(widget, in: toast)
        }
    }

    private static func wrapsWithRoom(_ label: Widget, in toast: Widget) -> Bool {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        var bounds = graphene_rect_t()
        guard natural > gtk_widget_get_width(label), gtk_widget_compute_bounds(label, toast, &bounds) != 0 else { return false }
        let buttonLefts = descendants(of: toast).compactMap { widget -> Float? in
            var button = graphene_rect_t()
            guard cgtk_is_button(widget) != 0, gtk_widget_get_mapped(widget) != 0,
                  gtk_widget_compute_bounds(widget, toast, &button) != 0, button.origin.x > bounds.origin.x else { return nil }
            return button.origin.x
        }
        let room = (buttonLefts.min() ?? Float(gtk_widget_get_width(toast))) - bounds.origin.x
        return Float(natural) + 6 <= room
    }

    /// The toast's close button (round and flat) and its action button, once the toast has
    /// finished sliding in (a click aimed at them before would miss).
    static func buttons(in overlay: Widget) -> (close: Widget?, action: Widget?) {
        guard let toast = shown(in: overlay), isFullyShown(in: overlay) else { return (nil, nil) }
        let buttons = descendants(of: toast).filter { cgtk_is_button($0) != 0 && gtk_widget_get_visible($0) != 0 }
        let close = buttons.first { gtk_widget_has_css_class($0, "circular") != 0 }
        let action = buttons.first { gtk_widget_has_css_class($0, "circular") == 0 }
        return (close, action)
    }
}
