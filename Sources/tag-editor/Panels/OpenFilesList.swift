// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// The header bar's button in file mode (a document icon, "3", and a lock with "1" when one is
/// read-only) and its popover: every open
/// file, whether its tags can be changed (and why not), and a button to leave it out of the set.
@MainActor
final class OpenFilesList {
    let button: Widget
    private let popover: Widget
    private let countLabel: Widget
    /// A lock and the number of read-only files, shown only when there are any.
    private let readOnlyBadge: Widget
    private let readOnlyCount: Widget
    private let rowsBox: Widget
    /// Each listed file's path and its "leave out" button, in order.
    private(set) var rows: [(path: String, leaveOut: Widget)] = []
    private var shown: [FileTags.File]?
    private let onLeaveOut: @MainActor (String) -> Void

    init(onLeaveOut: @escaping @MainActor (String) -> Void) {
        self.onLeaveOut = onLeaveOut
        button = gtk_menu_button_new()
        popover = gtk_popover_new()
        countLabel = gtk_label_new("")
        readOnlyCount = gtk_label_new("")
        readOnlyBadge = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)
        gtk_box_append(cgtk_box(readOnlyBadge), gtk_image_new_from_icon_name("changes-prevent-symbolic"))
        gtk_box_append(cgtk_box(readOnlyBadge), readOnlyCount)
        // A document icon and the number, so the button stays small in the header bar of a narrow
        // window; its tooltip and accessible name say it in words.
        let face = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_box_append(cgtk_box(face), gtk_image_new_from_icon_name("text-x-generic-symbolic"))
        gtk_box_append(cgtk_box(face), countLabel)
        gtk_box_append(cgtk_box(face), readOnlyBadge)
        gtk_menu_button_set_child(cgtk_menu_button(button), face)
        rowsBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(rowsBox, "open-files")
        let heading = gtk_label_new("Open files")!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(cgtk_label(heading), 0)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(cgtk_box(content), heading)
        gtk_box_append(cgtk_box(content), rowsBox)
        gtk_popover_set_child(cgtk_popover(popover), content)
        gtk_menu_button_set_popover(cgtk_menu_button(button), popover)
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Shows `files` (the button counts them, and the read-only ones beside a lock).
    func update(_ files: [FileTags.File]) {
        // Every reload calls this; the rows are made again only when a file's state changed.
        guard files != shown else { return }
        shown = files
        let readOnly = files.filter { !$0.isWritable }.count
        let label = files.count == 1 ? "1 file" : "\(files.count) files"
        gtk_label_set_text(cgtk_label(countLabel), "\(files.count)")
        gtk_label_set_text(cgtk_label(readOnlyCount), "\(readOnly)")
        gtk_widget_set_visible(readOnlyBadge, readOnly > 0 ? 1 : 0)
        let description = label + (readOnly > 0 ? ", \(readOnly) of them read-only" : "")
        cgtk_accessible_set_label(button, "Open files: " + description)
        setTooltip(button, "Open files: \(description). Click to see which, and to leave one out.")

        while let child = gtk_widget_get_first_child(rowsBox) { gtk_box_remove(cgtk_box(rowsBox), child) }
        rows = files.map { file in
            let (row, leaveOut) = makeRow(file)
            gtk_box_append(cgtk_box(rowsBox), row)
            return (file.path, leaveOut)
        }
        if files.isEmpty { gtk_popover_popdown(cgtk_popover(popover)) }
    }

    private func makeRow(_ file: FileTags.File) -> (row: Widget, leaveOut: Widget) {
        let name = gtk_label_new(file.path)!
        gtk_label_set_xalign(cgtk_label(name), 0)
        gtk_label_set_ellipsize(cgtk_label(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cgtk_label(name), 48)
        setTooltip(name, file.path)
        let state = gtk_label_new(Self.describe(file))!
        gtk_label_set_xalign(cgtk_label(state), 0)
        gtk_label_set_wrap(cgtk_label(state), 1)
        gtk_label_set_max_width_chars(cgtk_label(state), 48)
        gtk_widget_add_css_class(state, file.isWritable ? "dim-label" : "read-only")
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(texts, 1)
        gtk_box_append(cgtk_box(texts), name)
        gtk_box_append(cgtk_box(texts), state)

        let leaveOut = gtk_button_new_from_icon_name("list-remove-symbolic")!
        gtk_widget_add_css_class(leaveOut, "flat")
        gtk_widget_set_valign(leaveOut, GTK_ALIGN_CENTER)
        setTooltip(leaveOut, "Leave \(file.path) out: its tags are no longer shown or changed")
        cgtk_accessible_set_label(leaveOut, "Leave out \(file.path)")
        let path = file.path
        connectSignal(leaveOut, "clicked") { [weak self] in self?.onLeaveOut(path) }

        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_box_append(cgtk_box(row), texts)
        gtk_box_append(cgtk_box(row), leaveOut)
        return (row, leaveOut)
    }

    static func describe(_ file: FileTags.File) -> String {
        if let reason = file.unreadableReason { return "Cannot be read now: \(reason)" }
        if let reason = file.readOnlyReason { return "Read-only: \(reason)" }
        let count = file.tags.count
        return count == 1 ? "1 tag" : "\(count) tags"
    }
}
