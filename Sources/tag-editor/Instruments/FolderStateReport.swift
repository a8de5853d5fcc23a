// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GObjectSupport
import JSON

/// The folder view's state report (when `TAG_EDITOR_STATE_FILE` is set; see StateReport.swift for
/// when it is written). One JSON object:
///
/// - `view`: `"folder"`; `seq`, `pid`; `title`, `folder`; `active` (the window has the keyboard);
///   `focus` (see `focusDescription`); `windowWidth`, `windowHeight`.
/// - `reading` (a reading runs), `filesRead`, `taggedFiles`, `readingCancelled`, `skipped`
///   (`path`, `reason` each); `firstCountsSeconds`: from the window's creation to the first
///   frame drawn with the counts.
/// - `job`: the work running (`kind`: `read`, `rename`, `merge`, `delete`, `undo`, `color`, `redo` (a colour set again); `done`,
///   `total`, `cancelRequested`) or null; `lastOperation` (`kind`, `total`, `changed`,
///   `failed` (`path`, `reason`), `cancelled`) or null; `progress` (the progress row's `text` and
///   bar's `fraction`, null while hidden); `undoSteps`, `redoSteps`, `redoEnabled`
///   (the Redo button can be clicked).
/// - `chips`: each chip shown, in order: `key`, `name`, `files`, `own`, `choice` (`none`,
///   `required`, `excluded`), `hasSubTags`, `expanded`, `depth`, `color` (the colour to show:
///   `none`, `red`...; on a chip, `shownColor` what its dot shows), and the centres of its parts in
///   the window: `chooseX`/`chooseY`, `notX`/`notY`, `actionsX`/`actionsY`, `expandX`/`expandY`;
///   `tagCount`: every tag, shown or not; `virtual`: the chips are in the virtual list (past 1,000; `chips` are then the ones it has made,
///   each with its `index`), `modelItems` (its items); `status` (the status line); `settled`: the chips are where the last layout put them.
/// - `filter` (the filter's words), `shownFiles` (how many the list shows), `shownPaths` (the
///   first 1,000 of them), `selectedFiles`, `fileMenuShown` (the rows' context menu); `rows`: the rows on screen (`path`, and the centre
///   `x`, `y` of its name); `sortColumn` (`path`, `name`, `folder`, `tags`), `sortDescending`,
///   `sortPending` (a long list being sorted on its thread), `headers` (by column: `x`, `y`,
///   `indicator`: the sort arrow GTK shows, `ascending`, `descending` or `none`).
/// - `question`: the question asked before a change across files, or null: its `title` (the
///   heading, its window's title), `body`, `answer` (`delete`, `rename`, `merge`),
///   `answerDestructive`, `defaultIsAnswer` (Enter answers it); `focus` is then `confirm`,
///   `cancel` or `question:GtkType` (the question's own focus).
/// - `bar`: the action bar's `mode` (`hidden`, `actions`, `naming`, `confirming`), `text`,
///   `entry`, and the centres of its visible widgets (`entry`, `rename`, `merge`, `delete`,
///   `confirm`, `cancel`).
/// - `widgets`: centres of `open`, `reload`, `undo`, `redo`, `menu`, `cancel`, `clear`, `edit`, `messageReload`
///   when shown; `message`, `messageIsError`, `offersReload`.
/// - `watching`: `folders` watched, `unwatched`, `reason`; `reloads`: how many times files
///   another program changed were read again.
/// - `macosTags`: how Finder's tags are treated (`keep`, `write`, `off`).
/// - `chipMenu`: the chip menu while it is open (`tag`: the tag's key; `color`: the colour it
///   checks), else null.
/// - `journal`: the tags journal's part (`FolderWindow+Journal.swift`, `journalReport`).
@MainActor
final class FolderStateReport {
    private let file: StateReport
    private weak var view: FolderWindow?
    /// When the window was made, and whether its first counts wait for a frame to show them.
    private let created = Date()
    private var countsShownPending = false
    /// Seconds from the window's creation to the first frame that showed the counts.
    private var firstCountsSeconds: Double?
    /// How many times files changed by another program were read again.
    private var reloads = 0

    /// Writes the report after each frame in which something changed; the first frame that
    /// shows the counts is timed first.
    init(_ view: FolderWindow, file: StateReport) {
        self.view = view
        self.file = file
        file.beforeWrite = { [weak self] in
            guard let self, self.countsShownPending else { return }
            self.countsShownPending = false
            self.firstCountsSeconds = Date().timeIntervalSince(self.created)
            self.file.changed()
        }
        file.attach(to: view.window) { [weak self] in
            guard let self, let view = self.view, !view.isDestroyed else { return nil }
            return view.reportFields(firstCountsSeconds: self.firstCountsSeconds, reloads: self.reloads)
        }
        // The window's events keep the report as long as the window lives.
        view.events.observe { event in
            if case .countsShown = event, self.firstCountsSeconds == nil { self.countsShownPending = true }
            if case .reloaded = event { self.reloads += 1 }
            self.file.changed()
        }
    }

}

extension FolderWindow {
    fileprivate static func point(_ widget: Widget) -> JSONValue? {
        guard gtk_widget_is_drawable(widget) != 0, let centre = StateReport.centre(of: widget) else { return nil }
        return .object([("x", .number(centre.x)), ("y", .number(centre.y))])
    }

    fileprivate func reportFields(firstCountsSeconds: Double?, reloads: Int) -> [(key: String, value: JSONValue)] {
        let members: [(key: String, value: JSONValue)] = [
            ("view", .string("folder")),
            ("title", .string(gtk_window_get_title(cgtk_window(window)).map { String(cString: $0) } ?? "")),
            ("folder", .string(folder)),
            ("active", .bool(gtk_window_is_active(cgtk_window(window)) != 0)),
            ("focus", .string(focusDescription)),
            ("windowWidth", .number(Double(gtk_widget_get_width(window)))),
            ("windowHeight", .number(Double(gtk_widget_get_height(window)))),
            ("reading", .bool(jobDescription?.kind == "read")),
            ("filesRead", .number(Double(filesRead))),
            ("taggedFiles", .number(Double(index.files.count))),
            ("readingCancelled", .bool(readingCancelled)),
            ("skipped", .array(skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("firstCountsSeconds", firstCountsSeconds.map { .number($0) } ?? .null),
            ("progress", gtk_widget_get_visible(controls.progressRow) != 0
                ? .object([("text", .string(String(cString: gtk_label_get_text(cgtk_label(controls.progressLabel))))),
                           ("fraction", .number(gtk_progress_bar_get_fraction(OpaquePointer(controls.progressBar))))])
                : .null),
            ("undoSteps", .number(Double(undoSteps.count))),
            ("redoEnabled", .bool(gtk_widget_get_sensitive(controls.redo) != 0)),
            ("redoSteps", .number(Double(redoSteps.count))),
            ("tagCount", .number(Double(tags.count))),
            ("virtual", .bool(chipArea.usesVirtualList)),
            ("modelItems", .number(Double(chipArea.listChips?.list.itemCount ?? 0))),
            ("status", .string(String(cString: gtk_label_get_text(cgtk_label(statusLabel))))),
            ("settled", .bool(chipsSettled)),
            ("filter", .string(filterText)),
            ("shownFiles", .number(Double(fileList.shown.count))),
            ("shownPaths", .array(fileList.shown.prefix(1000).map { .string($0) })),
            ("selectedFiles", .array(fileList.selectedPaths.map { .string($0) })),
            ("fileMenuShown", .bool(fileList.menuShown)),
            ("sortColumn", .string(fileList.sorting.name)), ("sortDescending", .bool(fileList.sorting.descending)),
            ("sortPending", .bool(fileList.isSorting)), ("headers", headersField),
            ("rows", .array(fileList.boundRows.sorted { $0.key < $1.key }.compactMap { path, label in
                guard let centre = StateReport.centre(of: label) else { return nil }
                return .object([("path", .string(path)), ("x", .number(centre.x)), ("y", .number(centre.y))])
            })),
            ("message", messages.text.map { .string($0) } ?? .null),
            ("messageIsError", .bool(messages.text != nil && messages.isError)),
            ("offersReload", .bool(messages.actionLabel == "Reload")),
            ("reloads", .number(Double(reloads))),
            ("macosTags", .string(finderMode.rawValue)),
            ("chipMenu", chipMenu.isOpen ? .object([("tag", .string(chipMenu.tag)),
                                                    ("color", .string(tag(chipMenu.tag).map { color(of: $0).name } ?? "none"))]) : .null),
        ]
        return members + workFields + [("chips", chipsField), ("bar", barState), ("question", questionField),
                                       ("widgets", widgetsField), search.reportField] + watchingFields + journalReport
    }

    /// The file list's column headers by column, each with its centre and the sort indicator GTK
    /// shows on it (`ascending`, `descending`, or `none`).
    private var headersField: JSONValue {
        .object(zip(FolderFileOrder.Column.allCases, fileList.headerTitles).compactMap { column, title in
            guard let centre = StateReport.centre(of: title) else { return nil }
            var indicator = "none"
            var child = gtk_widget_get_first_child(title)
            // GtkColumnViewTitle's box holds the title and a GtkBuiltinIcon with the sort class.
            while let current = child {
                if gtk_widget_has_css_class(current, "ascending") != 0 { indicator = "ascending" }
                if gtk_widget_has_css_class(current, "descending") != 0 { indicator = "descending" }
                child = gtk_widget_get_first_child(current) ?? gtk_widget_get_next_sibling(current)
            }
            return (column.rawValue, .object([("x", .number(centre.x)), ("y", .number(centre.y)), ("indicator", .string(indicator))]))
        })
    }

    /// `job` and `lastOperation`.
    private var workFields: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let job, let description = jobDescription {
            members.append(("job", .object([("kind", .string(description.kind)), ("done", .number(Double(jobDone()))),
                                            ("total", .number(Double(description.total))),
                                            ("cancelRequested", .bool(job.isCancelled))])))
        } else {
            members.append(("job", .null))
        }
        if let last = lastOperation {
            members.append(("lastOperation", .object([
                ("kind", .string(last.kind)), ("total", .number(Double(last.total))),
                ("changed", .number(Double(last.changed))), ("cancelled", .bool(last.cancelled)),
                ("failed", .array(last.failed.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ])))
        } else {
            members.append(("lastOperation", .null))
        }
        return members
    }

    /// Every chip shown (in the virtual list, those it has made, with their `index`).
    private var chipsField: JSONValue {
        if chipArea.usesVirtualList {
            return .array(chipArea.realizedChips.map { index, chip in chipState(chip.entry, chip: chip, index: index) })
        }
        return .array(chipArea.shown.map { chipState($0, chip: chipArea.chip(named: $0.key)) })
    }

    private var questionField: JSONValue {
        guard let question else { return .null }
        let buttons = QuestionParts.buttons(of: question)
        return .object([("title", .string(question.heading)), ("body", .string(question.body)),
                        ("answer", .string(question.answer)),
                        ("answerDestructive", .bool(buttons.answer.map { gtk_widget_has_css_class($0, "destructive") != 0 } ?? false)),
                        ("defaultIsAnswer", .bool(buttons.answer.map { gtk_widget_has_css_class($0, "default") != 0 } ?? false))])
    }

    private var widgetsField: JSONValue {
        var widgets: [(key: String, value: JSONValue)] = []
        for (name, widget) in [("open", controls.open as Widget?), ("reload", controls.reload), ("undo", controls.undo), ("redo", controls.redo), ("menu", controls.menu), ("cancel", controls.cancel),
                               ("clear", controls.clear), ("edit", controls.edit),
                               ("messageReload", ToastParts.buttons(in: messages.overlay).action)] {
            if let widget, let point = Self.point(widget) { widgets.append((name, point)) }
        }
        return .object(widgets)
    }

    private var watchingFields: [(key: String, value: JSONValue)] {
        guard let watcher else { return [] }
        return [("watching", .object([("folders", .number(Double(watcher.watchedCount))),
                                      ("unwatched", .number(Double(watcher.unwatched))),
                                      ("reason", watcher.limitReason.map { .string($0) } ?? .null)]))]
    }

    /// `barEntry`, `confirm` (the action bar's), `chip:KEY`, `files` (the list), `none`, or
    /// `other:GtkType`.
    private var focusDescription: String {
        if let question {
            // The question has the keyboard: its answer, Cancel, or something else of it.
            let buttons = QuestionParts.buttons(of: question)
            guard let focus = gtk_root_get_focus(cgtk_root(question.dialog)) else { return "question:none" }
            if focus == buttons.answer { return "confirm" }
            if focus == buttons.cancel { return "cancel" }
            return "question:" + typeName(of: focus)
        }
        guard let focus = gtk_root_get_focus(cgtk_root(window)) else { return "none" }
        if search.holds(focus) { return "search" }
        if EditorWindow.focus(focus, isWithin: actionBar.entry) { return "barEntry" }
        if EditorWindow.focus(focus, isWithin: actionBar.confirmButton) { return "confirm" }
        if EditorWindow.focus(focus, isWithin: fileList.columnView) { return "files" }
        for (_, chip) in chipArea.realizedChips where EditorWindow.focus(focus, isWithin: chip.widget) {
            return "chip:\(chip.entry.key)"
        }
        return "other:" + typeName(of: focus)
    }

    /// The box's chips where its last layout put them, none gliding; the list laid out.
    private var chipsSettled: Bool {
        if let list = chipArea.listChips, chipArea.usesVirtualList { return list.list.lastLayout != nil }
        guard let stack = chipArea.boxChips?.stack else { return false }
        return !stack.isAnimating && stack.lastLayout?.result.frames.count == stack.children.count
    }

    private func chipState(_ entry: FolderChipEntry, chip: FolderChip?, index: Int? = nil) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("key", .string(entry.key)), ("name", .string(entry.tag.name)),
            ("files", .number(Double(entry.tag.files))), ("own", .number(Double(entry.tag.own))),
            ("choice", .string(entry.choice.rawValue)), ("hasSubTags", .bool(entry.hasSubTags)),
            ("expanded", .bool(entry.expanded)), ("depth", .number(Double(entry.depth))),
            ("color", .string(entry.color.name)),
        ]
        if let index { fields.append(("index", .number(Double(index)))) }
        if let chip {
            fields.append(("shownColor", .string(chip.color.name)))
            for (name, widget) in [("choose", chip.chooseButton), ("not", chip.excludeButton), ("actions", chip.actionsButton),
                                   ("expand", chip.expandButton)] {
                guard gtk_widget_is_drawable(widget) != 0, let centre = StateReport.centre(of: widget) else { continue }
                fields += [(name + "X", .number(centre.x)), (name + "Y", .number(centre.y))]
            }
        }
        return .object(fields)
    }

    /// The action bar, and the question asked before a change (`confirming`: its heading and body
    /// are the `text`; `confirm` and `cancel` are its buttons' centres in the question's own
    /// window, which `question` names).
    private var barState: JSONValue {
        if let question {
            let buttons = QuestionParts.buttons(of: question)
            var fields: [(key: String, value: JSONValue)] = [
                ("mode", .string("confirming")), ("text", .string(question.heading + "\n" + question.body)),
                ("entry", .string(actionBar.entryText)),
            ]
            for (name, widget) in [("confirm", buttons.answer), ("cancel", buttons.cancel)] {
                if let widget, let point = Self.point(widget) { fields.append((name, point)) }
            }
            return .object(fields)
        }
        let mode = switch actionBar.mode {
        case .hidden: "hidden"
        case .actions: "actions"
        case .naming: "naming"
        }
        var fields: [(key: String, value: JSONValue)] = [
            ("mode", .string(mode)),
            ("text", .string(String(cString: gtk_label_get_text(cgtk_label(actionBar.label))))),
            ("entry", .string(actionBar.entryText)),
        ]
        for (name, widget) in [("entryWidget", actionBar.entry), ("rename", actionBar.renameButton), ("merge", actionBar.mergeButton),
                               ("delete", actionBar.deleteButton), ("confirm", actionBar.confirmButton),
                               ("cancel", actionBar.cancelButton)] {
            if let point = Self.point(widget) { fields.append((name, point)) }
        }
        return .object(fields)
    }
}
