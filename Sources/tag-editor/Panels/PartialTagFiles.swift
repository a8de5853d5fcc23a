// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// Which files have a partial tag: the popover a click on a partial chip's count ("2/7") opens.
/// It lists the files that have the tag and those that lack it (a read-only one says so), and
/// offers adding the tag to the rest, one edit and so one undo step.
///
/// One per window and reused, with the lifetime of ``RenamePopover`` (parented to a widget that
/// lives as long as the window, pointed at the chip, hidden between uses), for the same reason:
/// a popover must never outlive its surface while GTK's tooltips may still reference it.
@MainActor
final class PartialTagFiles {
    /// The tag listed (the last one, once closed).
    private(set) var tag = ""
    let popover: Widget
    private let heading: Widget
    /// Each section's heading and the box of its rows: the files with the tag, then without.
    private let sections: [(heading: Widget, rows: Widget)]
    let addButton: Widget
    /// The files listed, as shown: those with the tag and those without.
    private(set) var have: [String] = []
    private(set) var lack: [String] = []
    private var onAdd: (@MainActor (String) -> Void)?
    /// Called when it closes (Escape, a click outside, or after the add): the editor puts the
    /// focus back on the chip, which GTK would otherwise give to whatever it finds first.
    var onClosed: (@MainActor (String) -> Void)?
    private var released = false

    /// A hidden popover (described in `partial-tag-files.ui`), child of `parent` until
    /// ``release()``, which lets go of the reference taken here.
    init(in parent: Widget) {
        let ui = UIDescription("partial-tag-files")
        popover = ui.popover("popover", in: parent)
        heading = ui.widget("heading")
        sections = ["have", "lack"].map { (ui.widget($0 + "_heading"), ui.widget($0 + "_rows")) }
        addButton = ui.widget("add")
        connectSignal(popover, "closed") { [weak self] in
            guard let self, !self.released else { return }
            self.onClosed?(self.tag)
        }
        connectSignal(addButton, "clicked") { [weak self] in
            guard let self, let onAdd = self.onAdd else { return }
            onAdd(self.tag)
        }
    }

    var isOpen: Bool { !released && gtk_widget_get_visible(popover) != 0 }

    /// Lists the files of `entry` (which of `files` have it), pointing at `chip`; the add button
    /// calls `onAdd` with the tag.
    func open(_ entry: TagEntry, files: [FileTags.File], at chip: Widget, onAdd: @escaping @MainActor (String) -> Void) {
        guard !released else { return }
        self.onAdd = onAdd
        show(entry, files: files)
        var bounds = graphene_rect_t()
        if let parent = gtk_widget_get_parent(popover), gtk_widget_compute_bounds(chip, parent, &bounds) != 0 {
            var rect = GdkRectangle(x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                                    width: Int32(bounds.size.width), height: Int32(bounds.size.height))
            gtk_popover_set_pointing_to(cgtk_popover(popover), &rect)
        }
        if gtk_widget_get_visible(popover) == 0 { gtk_popover_popup(cgtk_popover(popover)) }
        gtk_widget_grab_focus(gtk_widget_get_sensitive(addButton) != 0 ? addButton : popover)
    }

    /// Shows the lists again for the tag's entry now (after a change on disk).
    func show(_ entry: TagEntry, files: [FileTags.File]) {
        tag = entry.name
        let readable = files.filter(\.isReadable)
        let key = TagRules.key(entry.name)
        let has = { (file: FileTags.File) in file.tags.contains { TagRules.key($0) == key } }
        let with = readable.filter(has)
        let without = readable.filter { !has($0) }
        have = with.map(\.path)
        lack = without.map(\.path)
        gtk_label_set_text(cgtk_label(heading), trn("“\(entry.name)” is on \(with.count) of \(readable.count) file", "“\(entry.name)” is on \(with.count) of \(readable.count) files", readable.count))
        fill(sections[0], tr("Have it"), with.map { ($0.path, "") })
        fill(sections[1], tr("Lack it"), without.map { ($0.path, $0.isWritable ? "" : tr(" (read-only)")) })
        let addable = without.filter(\.isWritable).count
        gtk_button_set_label(cgtk_button(addButton), trn("Add to the other file", "Add to the other \(addable) files", addable))
        gtk_widget_set_sensitive(addButton, addable > 0 ? 1 : 0)
        setTooltip(addButton, addable > 0 ? nil : tr("The files without “\(entry.name)” are read-only"))
    }

    /// A section's heading, with the number of its files, and a row a file (the rows of the last
    /// opening go).
    private func fill(_ section: (heading: Widget, rows: Widget), _ title: String, _ rows: [(path: String, note: String)]) {
        gtk_label_set_text(cgtk_label(section.heading), "\(title) (\(rows.count))")
        while let child = gtk_widget_get_first_child(section.rows) { gtk_box_remove(cgtk_box(section.rows), child) }
        for row in rows {
            let ui = UIDescription("partial-tag-file-row")
            let name = ui.widget("name")
            gtk_label_set_text(cgtk_label(name), EditorWindow.fileName(row.path) + row.note)
            setTooltip(name, row.path)
            withExtendedLifetime(ui) { gtk_box_append(cgtk_box(section.rows), name) }
        }
    }

    func close() {
        guard isOpen else { return }
        gtk_popover_popdown(cgtk_popover(popover))
    }

    /// The window is going: the popover goes with it.
    func release() {
        guard !released else { return }
        onClosed = nil
        close()
        released = true
        onAdd = nil
        UIDescription.releasePopover(popover)
    }
}
