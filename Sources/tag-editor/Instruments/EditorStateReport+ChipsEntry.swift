// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import JSON

// The state report's fields about the chips' and the entry's own features (documented with the
// rest in StateReport.swift; "+N more" and "Show less" come from `StackChips+StateReport.swift`):
// - `direction`: "ltr" or "rtl", the chips' text direction (the window's size is the shell's `windowWidth`).
// - `hidden`: how many tags maxLines hides; `moreX`, `moreY`: the "+N more" chip's centre and
//   `showLessX`, `showLessY`: the "Show less" chip's, when shown.
// - `suggestions`: the suggested tags shown under the entry (empty when none), `suggestionSelected`
//   (index or null), `suggestionRows`: each row's centre (`x`, `y`).
// - `mergeInto`: the tag a rename would merge into while the question is asked (`mergeQuestion`:
//   its text), with `mergeX`,
//   `mergeY`, `cancelMergeX`, `cancelMergeY`: its buttons' centres.
// - `fileList`: the partial tag's file list while it is open: `tag`, `have` and `lack` (paths),
//   `addSensitive`, `addX`, `addY` (its add button's centre); null when closed.
// - `copied`: the text last put on the clipboard with Ctrl+C (a test reads the clipboard itself
//   with xclip; this says which copy it was).
// - in each chip: `shortened` (its name is longer than a chip shows whole), `shownName` (what it
//   shows when there is room), `ellipsized` (the label
//   shows less than the whole name now), `tooltip`, `nameLeft` and `nameWidth` (where the name's
//   text is drawn, from the chip's left edge), and on partial chips `addAllX`, `addAllY` and
//   `addAllSensitive` (off when every file without the tag is read-only), `countX`, `countY` (its
//   "2/7" button); `selected` (Backspace
//   in the empty entry selected it), `removeSensitive`, `removeTooltip` and `removeFocusable`
//   (the remove button's); `color` (the colour its dot shows: "none", "red"...; the
//   description that names it is read over AT-SPI, as a screen reader reads it).
// - `chipMenu`: the chip's context menu while it is open: `tag`, `color` (the colour item
//   checked); null when closed.

extension EditorStateReport {
    func chipsAndEntryState(_ editor: EditorWindow) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("direction", .string(gtk_widget_get_direction(editor.chipArea.container) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr")),
            ("hidden", .number(Double(editor.chipArea.hiddenCount))),
            ("copied", lastCopied.map { .string($0) } ?? .null),
        ]
        let list = editor.entryField.suggestions
        members.append(("suggestions", .array((list?.isShown == true ? list?.tags ?? [] : []).map { .string($0) })))
        members.append(("suggestionSelected", list?.selected.map { .number(Double($0)) } ?? .null))
        members.append(("suggestionRows", .array((list?.rowCentres ?? []).map { centre in
            centre.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) } ?? .null
        })))
        if let popover = editor.renamePopover, popover.isOpen, let target = popover.mergeTarget {
            members.append(("mergeInto", .string(target)))
            members.append(("mergeQuestion", .string(popover.questionShown)))
            members += StateReport.point("merge", of: popover.mergeButton) + StateReport.point("cancelMerge", of: popover.cancelMergeButton)
        } else {
            members.append(("mergeInto", .null))
        }
        if editor.chipMenu.isOpen {
            members.append(("chipMenu", .object([("tag", .string(editor.chipMenu.tag)),
                                                  ("color", .string(editor.color(of: editor.chipMenu.tag).name))])))
        } else {
            members.append(("chipMenu", .null))
        }
        if editor.partialFiles.isOpen {
            members.append(("fileList", .object([
                ("tag", .string(editor.partialFiles.tag)),
                ("have", .array(editor.partialFiles.have.map { .string($0) })),
                ("lack", .array(editor.partialFiles.lack.map { .string($0) })),
                ("addSensitive", .bool(gtk_widget_get_sensitive(editor.partialFiles.addButton) != 0)),
            ] + StateReport.point("add", of: editor.partialFiles.addButton))))
        } else {
            members.append(("fileList", .null))
        }
        return members
    }

    /// A chip's fields of these features.
    static func chipExtras(_ chip: Chip) -> [(key: String, value: JSONValue)] {
        [("shortened", .bool(chip.isShortened)), ("ellipsized", .bool(chip.isEllipsized)),
         ("shownName", .string(Chip.shownName(chip.entry.name))),
         ("tooltip", chip.tooltip.map { .string($0) } ?? .null),
         ("selected", .bool(chip.isSelected)), ("removeSensitive", .bool(chip.removeSensitive)),
         ("removeTooltip", chip.removeTooltip.map { .string($0) } ?? .null),
         ("removeFocusable", .bool(gtk_widget_get_focusable(chip.removeButton) != 0)),
         ("color", .string(chip.color.name))]
            + (chip.drawnName.map { [("nameLeft", .number($0.left)), ("nameWidth", .number($0.width))] } ?? [])
            + (chip.entry.isPartial ? StateReport.point("addAll", of: chip.addToAllButton) + StateReport.point("count", of: chip.count)
                + [("addAllSensitive", .bool(gtk_widget_get_sensitive(chip.addToAllButton) != 0))] : [])
    }
}
