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
    /// The popover, the count, a lock with the number of read-only files (shown only when there
    /// are any), and the box of the rows.
    private let popover, countLabel, readOnlyBadge, readOnlyCount, rowsBox: Widget
    /// Each listed file's path and its "leave out" button, in order.
    private(set) var rows: [(path: String, leaveOut: Widget)] = []
    private var shown: [FileTags.File]?
    private let onLeaveOut: @MainActor (String) -> Void
    /// The button's description, which holds it until the header bar takes it in.
    private let ui = UIDescription("open-files")

    init(onLeaveOut: @escaping @MainActor (String) -> Void) {
        self.onLeaveOut = onLeaveOut
        (button, popover, countLabel) = (ui.widget("button"), ui.widget("popover"), ui.widget("count"))
        (readOnlyBadge, readOnlyCount, rowsBox) = (ui.widget("read_only_badge"), ui.widget("read_only_count"), ui.widget("rows"))
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Shows `files` (the button counts them, and the read-only ones beside a lock).
    func update(_ files: [FileTags.File]) {
        // Every reload calls this; the rows are made again only when a file's state changed.
        guard files != shown else { return }
        shown = files
        let readOnly = files.filter { !$0.isWritable }.count
        let label = trn("\(files.count) file", "\(files.count) files", files.count)
        gtk_label_set_text(cgtk_label(countLabel), "\(files.count)")
        gtk_label_set_text(cgtk_label(readOnlyCount), "\(readOnly)")
        gtk_widget_set_visible(readOnlyBadge, readOnly > 0 ? 1 : 0)
        let description = label + (readOnly > 0 ? tr(", \(readOnly) of them read-only") : "")
        cgtk_accessible_set_label(button, tr("Open files: \(description)"))
        setTooltip(button, tr("Open files: \(description). Click to see which, and to leave one out."))

        while let child = gtk_widget_get_first_child(rowsBox) { gtk_box_remove(cgtk_box(rowsBox), child) }
        rows = files.map { file in (file.path, addRow(file)) }
        if files.isEmpty { gtk_popover_popdown(cgtk_popover(popover)) }
    }

    /// A file's row, at the end of the list; returns its "leave out" button.
    private func addRow(_ file: FileTags.File) -> Widget {
        let ui = UIDescription("open-file-row")
        let name = ui.widget("name"), state = ui.widget("state"), leaveOut = ui.widget("leave_out")
        gtk_label_set_text(cgtk_label(name), file.path)
        setTooltip(name, file.path)
        gtk_label_set_text(cgtk_label(state), Self.describe(file))
        gtk_widget_add_css_class(state, file.isWritable ? "dim-label" : "read-only")
        setTooltip(leaveOut, tr("Leave \(file.path) out: its tags are no longer shown or changed"))
        cgtk_accessible_set_label(leaveOut, tr("Leave out \(file.path)"))
        let path = file.path
        connectSignal(leaveOut, "clicked") { [weak self] in self?.onLeaveOut(path) }
        gtk_box_append(cgtk_box(rowsBox), ui.widget("row"))
        return leaveOut
    }

    static func describe(_ file: FileTags.File) -> String {
        if let reason = file.unreadableReason { return tr("Cannot be read now: \(reason)") }
        if let reason = file.readOnlyReason { return tr("Read-only: \(reason)") }
        let count = file.tags.count
        return trn("\(count) tag", "\(count) tags", count)
    }
}
