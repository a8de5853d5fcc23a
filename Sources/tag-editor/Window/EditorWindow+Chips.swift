// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import TagData

// What the chips do besides add, remove and rename (EditorWindow+Editing.swift): the keys on a
// focused chip, a chip moved to a new place in the order, copying a tag, adding a partial tag to every file, merging on a rename to another
// tag's name (the focus around "+N more" and "Show less": StackChips.swift). Every change goes
// through `perform`, the one edit path.

extension EditorWindow {
    /// How a chip reaches the editor (through the link: chips are made before the window).
    static func chipActions(_ link: EditorLink) -> Chip.Actions {
        Chip.Actions(remove: { name, key in link.editor?.removeChip(name, by: key) },
                     rename: { name, widget in link.editor?.beginRename(name, on: widget) },
                     addToAll: { name in link.editor?.addToAllFiles(name) },
                     showFiles: { name, widget in link.editor?.showFiles(of: name, at: widget) },
                     copy: { name in link.editor?.copyChips(name) },
                     step: { name, forward in link.editor?.focusChip(after: name, forward: forward) ?? false },
                     status: { name in link.editor?.chipStatus(name) ?? Chip.Status() },
                     select: { name, gesture in link.editor?.selectChips(name, gesture) ?? false },
                     dragText: { name in link.editor?.dragText(for: name) ?? name },
                     refuseMove: { _ in link.editor?.refuseMove() ?? false },
                     dragBegan: { name in link.editor.map { $0.chipDragText = $0.dragText(for: name) } },
                     openMenu: { name, widget, point in link.editor?.openChipMenu(name, at: widget, point: point) })
    }

    /// What a chip shows besides its tag: whether Backspace selected it, why nothing can be
    /// removed (the remove buttons are then insensitive, their tooltip says why), and its colour.
    func chipStatus(_ name: String) -> Chip.Status {
        Chip.Status(selected: entryField.selectedTag == name || chipSelection.contains(name),
                    whyNotRemovable: whyNotEditableNow, color: color(of: name))
    }

    /// Left and Right on a chip: the focus goes to the chip before or after it (none past the
    /// ends: the key is used, the focus stays). The virtual list moves the focus itself.
    func focusChip(after name: String, forward: Bool) -> Bool {
        chipArea.stepFocus(from: name, forward: forward)
    }

    /// The remove button (`key` nil: the focus goes to the chip that takes its place, as before),
    /// or Delete (to the next chip, the previous one after the last) or Backspace (to the previous
    /// one, the next before the first) on the focused chip.
    func removeChip(_ name: String, by key: Chip.ChipKey?) {
        // One selected chip, the focused one (a plain click selects it): removed as a focused
        // chip is, the focus going where its key sends it.
        if key != nil, chipSelection.names == [name] {
            let before = chipSelection
            chipSelection.clear(anchor: name)
            showSelectionChange(from: before)
        } else if key != nil, removeSelection() {
            return
        }
        guard let key, let index = chipArea.index(of: name) else {
            remove(name)
            return
        }
        let count = chipArea.shownCount
        let neighbour: Int
        switch key {
        case .delete: neighbour = index + 1 < count ? index : index - 1
        case .backspace: neighbour = index > 0 ? index - 1 : 0
        }
        remove(name, focus: neighbour >= 0 ? .place(neighbour) : .place(count))
    }

    /// A chip dragged or moved with Ctrl+Shift and a key (the chip area's own move, already shown):
    /// the move is a change of the document, `name` after `anchor` in what is on disk (so a tag
    /// another program added meanwhile stays), one undo step. The chips then show the document's
    /// order (the same, unless the move was refused), and the moved chip keeps the focus.
    func moveChip(_ name: String, after anchor: String?, places: [String: Int] = [:], move: ChipMove? = nil) {
        if moveSelection(with: name, after: anchor, move: move) { return }
        var undoPlaces: [String: Int] = [:]
        if let move, let from = move.places[name], let to = move.placeAfter {
            // A search open follows the move without folding the names between its two places;
            // its undo finds the two tags where the move puts them, even if the search hides one.
            chipArea.filter?.expectMove(from: from, to: to)
            undoPlaces[name] = to
            if from > 0 { undoPlaces[chipArea.allEntry(at: from - 1).name] = to <= from - 1 ? from : from - 1 }
        }
        // At the places the chip area saw the two (checked there): no scan of the collection.
        perform("move", name, label: tr("move “\(name)”"), places: undoPlaces) {
            try document.apply(.move(name, after: anchor), places: places)
        }
        refresh(focus: .chip(name))
    }

    /// Why files' tags are not reordered, for a move key or a chip dropped among the chips.
    static var whyFilesKeepTheirOrder: String {
        tr("Tags on files cannot be put in another order: each file keeps its own order, the chips show those orders merged, and file managers such as Dolphin sort them by name. A collection's tags can be reordered.")
    }

    /// A move key, or a chip of this window dropped among its chips, in file mode: nothing
    /// moves, and the message says why. Returns whether it said so (elsewhere the chips move).
    func refuseMove() -> Bool {
        guard document is FileTagsDocument else { return false }
        show(Self.whyFilesKeepTheirOrder, isError: false, seconds: 12)
        events.publish(.edited(kind: "move", name: "", error: Self.whyFilesKeepTheirOrder))
        return true
    }

    /// In file mode, a chip dragged from this window and dropped among its chips asks for a new
    /// order, which files do not keep: said (a drop from another window, or of other text, is
    /// not taken here).
    func connectChipDropInFileMode() {
        let target = gtk_drop_target_new(GType(16 << 2), GDK_ACTION_COPY)!  // G_TYPE_STRING, a macro Swift does not import
        // Only a drag of this window's chips, within the application: files from a file manager
        // and text from elsewhere go on to the window's own targets.
        connectAccept(UnsafeMutableRawPointer(target)) { [weak self] drop in
            guard let self, self.document is FileTagsDocument, self.chipDragText != nil, let drop else { return false }
            return gdk_drop_get_drag(OpaquePointer(drop)) != nil
        }
        connectDrop(UnsafeMutableRawPointer(target)) { [weak self] value in
            // The text a drag of this window's chips carries, dropped within the same
            // application (the drag known to GDK): a chip of this window.
            guard let self, self.document is FileTagsDocument, let dragged = self.chipDragText,
                  let drop = gtk_drop_target_get_current_drop(target), gdk_drop_get_drag(drop) != nil,
                  let text = g_value_get_string(value), String(cString: text) == dragged else { return false }
            self.chipDragText = nil
            return self.refuseMove()
        }
        gtk_widget_add_controller(chipArea.area, cgtk_event_controller(UnsafeMutableRawPointer(target)))
    }

    /// Puts `text` on the clipboard (Ctrl+C), and says so.
    func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(window), text)
        events.publish(.copied(text))
    }

    /// A partial chip's add button: the tag goes on every file that lacks it.
    func addToAllFiles(_ name: String) {
        let index = shownEntries.firstIndex { $0.name == name }
        let report = perform("add to all", name) { try document.addToAll(name) }
        refresh(focus: index.map { _ in .chip(name) } ?? .keep)
        sayHowManyFiles(report) { trn("Added “\(name)” to \($0.formatted()) file.", "Added “\(name)” to \($0.formatted()) files.", $0) }
    }

    /// A partial chip's count: the files that have its tag and those that lack it, with a button
    /// that adds it to the rest (through `addToAllFiles`, one undo step).
    func showFiles(of name: String, at chipWidget: Widget) {
        guard let files = (document as? FileTagsDocument)?.fileTags.files,
              let entry = shownEntries.first(where: { $0.name == name }) else { return }
        partialFiles.open(entry, files: files, at: chipWidget) { [weak self] tag in
            self?.partialFiles.close()
            self?.addToAllFiles(tag)
        }
    }

    /// The file list follows what is on disk while it is open; it closes when its tag is on
    /// every file or gone.
    func partialFilesFollow() {
        guard partialFiles.isOpen else { return }
        guard let files = (document as? FileTagsDocument)?.fileTags.files,
              let entry = shownEntries.first(where: { $0.name == partialFiles.tag }), entry.isPartial else {
            partialFiles.close()
            return
        }
        partialFiles.show(entry, files: files)
    }

    /// Enter in the rename popover: a new name goes through `rename`; another tag's name asks
    /// first whether to merge the two.
    func submitRename(_ old: String, to new: String) {
        do {
            // The document's own check: its keys answer it without a scan of a million names.
            _ = try document.validated(new, renaming: old, onEveryFile: false)
        } catch .duplicate(let existing) {
            renamePopover?.askToMerge(into: existing, whereMerged: document is FileTagsDocument
                                      ? tr(", on every file that had either.") : tr(" in the collection."))
            return
        } catch {}
        rename(old, to: new)
    }

    /// Merge, confirmed: `old` becomes `existing` wherever it is, one tag remains.
    func merge(_ old: String, into existing: String) {
        guard let report = perform("merge", old, { try document.merge(old, into: existing) }) else {
            renamePopover?.close()
            refresh()
            return
        }
        renamer.forgetDraft(of: old)
        renamePopover?.close()
        refresh(focus: .chip(existing))
        sayHowManyFiles(report) { trn("Merged “\(old)” into “\(existing)” on \($0.formatted()) file.", "Merged “\(old)” into “\(existing)” on \($0.formatted()) files.", $0) }
    }

    /// The rename popover closed with nothing renamed. After Escape the focus goes back to the
    /// chip. Closed otherwise (a click outside, the window losing the focus) with a new name
    /// typed, that name is kept for the next rename of the tag, and the message says so.
    func renameCancelled(_ name: String, kept: String?) {
        if let kept {
            show(tr("“\(name)” is not renamed yet: the rename closed before Enter. “\(kept)” is kept; press F2 on the tag (or double-click it) to go on."),
                 isError: false, seconds: nil)
            return
        }
        if let chip = chip(for: name) { gtk_widget_grab_focus(chip.widget) }
    }

    /// Another program removed the tag being renamed: nothing can be renamed. The popover
    /// closes; a new name typed goes to the entry (Enter adds it as a tag), and the message says
    /// why, so nothing typed is lost.
    func renameTargetGone(_ popover: RenamePopover) {
        let tag = popover.tag, typed = popover.typed
        popover.forgetDraft(of: tag)
        popover.close()
        let kept = typed != tag && !typed.allSatisfy(\.isWhitespace)
        if kept {
            entryField.setText(entryText.isEmpty ? typed : entryText + "\n" + typed)
        }
        show(tr("“\(tag)” was removed by another program while you renamed it, so nothing was renamed.")
             + (kept ? " " + tr("What you typed, “\(typed)”, is in the entry: Enter adds it as a tag.") : ""),
             isError: true, seconds: nil)
    }

    /// The rename popover points at its chip wherever a layout or a scroll puts it; when the
    /// editor closes it, the focus goes back to that chip (or to the entry once the chip is gone).
    func connectRenamer() {
        renamer.focusAfterClose = { [weak self] in
            guard let self else { return nil }
            return self.chip(for: self.renamer.tag)?.widget ?? self.entry
        }
        if let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(chipArea.scrolledWindow)) {
            connectSignal(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
                self?.renameFollowsChip()
            }
        }
    }

    func renameFollowsChip() {
        guard let popover = renamePopover, let chip = chip(for: popover.tag) else { return }
        popover.point(at: chip.widget)
    }
}
