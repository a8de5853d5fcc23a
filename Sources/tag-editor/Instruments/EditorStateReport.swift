// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import FlowBridge
import GObjectSupport
import JSON
import Foundation
import TagData

/// The editor window's state report (the fields: ``StateReport``), and the counts of what the
/// user did that only the report says. It is written at the end of a frame in which something
/// changed: the frame clock tells of widgets laid out or drawn, ``changed()`` of the rest.
///
/// - Complexity: the fields cost O(the chips that exist): in the virtual list, those on screen
///   and in the margin around it, not the million tags it may hold.
@MainActor
final class EditorStateReport {
    private let file: StateReport
    private weak var editor: EditorWindow?
    /// The last edit the user made and how it went.
    private(set) var lastAction: (kind: String, name: String, error: String?)?
    private(set) var actionCount = 0
    /// The text last put on the clipboard with Ctrl+C.
    private(set) var lastCopied: String?
    /// How many times what is on disk was read again after a change by another program.
    private(set) var reloadCount = 0

    /// Reports on `editor`'s window into `file`, from the events the window publishes and what
    /// its widgets show.
    init(_ editor: EditorWindow, file: StateReport) {
        self.editor = editor
        self.file = file
        file.attach(to: editor.window) { [weak self] in self?.state }
        connectSignal(editor.entry, "changed") { [weak self] in self?.file.changed() }
        // The window's events keep the report as long as the window lives.
        editor.events.observe { event in self.take(event) }
    }

    private func take(_ event: WindowEvents.Event) {
        switch event {
        case .changed, .countsShown: break
        case .edited(let kind, let name, let error):
            actionCount += 1
            lastAction = (kind, name, error)
        case .copied(let text): lastCopied = text
        case .reloaded: reloadCount += 1
        }
        file.changed()
    }

    /// The report's fields, `nil` once the window is gone.
    private var state: [(key: String, value: JSONValue)]? {
        guard let editor, !editor.isDestroyed else { return nil }
        var members: [(key: String, value: JSONValue)] = [
            ("title", .string(editor.document.title)),
            ("entry", .string(editor.entryText)),
            ("entryEditable", .bool(gtk_widget_get_sensitive(editor.entry) != 0)),
            ("entryTooltip", tooltip(of: editor.entry).map { .string($0) } ?? .null),
            ("message", editor.messageText.map { .string($0) } ?? .null),
            ("messageAction", editor.messages.actionLabel.map { .string($0) } ?? .null),
            ("messageRevealed", .bool(ToastParts.isFullyShown(in: editor.messages.overlay))),
            ("messageFits", .bool(ToastParts.textFits(in: editor.messages.overlay))),
            ("messageWrapsWithRoom", .bool(ToastParts.titleWrapsWithRoom(in: editor.messages.overlay))),
            ("dark", .bool(adw_style_manager_get_dark(adw_style_manager_get_default()) != 0)),
            ("focus", .string(focusDescription(editor))),
            ("active", .bool(gtk_window_is_active(cgtk_window(editor.window)) != 0)),
            ("chips", .array(chipStates(editor))),
            ("settled", .bool(editor.chipArea.report.settled && editor.optionsAtRest)),
            ("renaming", editor.renamePopover.flatMap { $0.isOpen ? JSONValue.string($0.tag) : nil } ?? .null),
            ("renameText", editor.renamePopover.flatMap { $0.isOpen ? JSONValue.string($0.typed) : nil } ?? .null),
            ("actions", .number(Double(actionCount))),
            ("lastAction", lastAction.map { action in
                .object([("kind", .string(action.kind)), ("name", .string(action.name)),
                         ("error", action.error.map { .string($0) } ?? .null)])
            } ?? .null),
            ("reloads", .number(Double(reloadCount))),
            ("saving", .bool(editor.isSaving)),
            editor.search.reportField,
        ] + chipsAndEntryState(editor) + shellState(editor)
        if let centre = StateReport.centre(of: editor.entry) {
            members += [("entryX", .number(centre.x)), ("entryY", .number(centre.y))]
        }
        members += placementState(editor) + editor.chipArea.report.listFields
        if let files = (editor.document as? FileTagsDocument)?.fileTags.files, let openFiles = editor.openFiles {
            let buttons = Dictionary(openFiles.rows.map { ($0.path, $0.leaveOut) }, uniquingKeysWith: { a, _ in a })
            members.append(("files", .array(files.map { file in
                var fields: [(key: String, value: JSONValue)] = [
                    ("path", .string(file.path)),
                    ("readOnly", file.readOnlyReason.map { .string($0) } ?? .null),
                    ("unreadable", file.unreadableReason.map { .string($0) } ?? .null),
                ]
                if openFiles.isOpen, let button = buttons[file.path], let centre = StateReport.centre(of: button) {
                    fields += [("leaveOutX", .number(centre.x)), ("leaveOutY", .number(centre.y))]
                }
                return .object(fields)
            })))
            if let centre = StateReport.centre(of: openFiles.button) {
                members += [("filesButtonX", .number(centre.x)), ("filesButtonY", .number(centre.y))]
            }
        }
        return members
    }

    /// Every chip's fields (in the virtual list, the chips it has made).
    private func chipStates(_ editor: EditorWindow) -> [JSONValue] {
        editor.chipArea.report.reportedChips { Self.chipState($0, chip: $1) }
    }

    /// A chip's fields: its tag's, and where it is when it has a widget.
    static func chipState(_ element: TagEntry, chip: Chip?) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("name", .string(element.name)), ("count", .number(Double(element.count))),
            ("total", .number(Double(element.total))),
        ]
        if let chip, let bounds = StateReport.bounds(of: chip.widget),
           let remove = StateReport.centre(of: chip.removeButton) {
            fields += [("x", .number(bounds.x)), ("y", .number(bounds.y)),
                       ("width", .number(bounds.width)), ("height", .number(bounds.height)),
                       ("removeX", .number(remove.x)), ("removeY", .number(remove.y))]
            fields += chipExtras(chip)
        }
        return .object(fields)
    }

    private func focusDescription(_ editor: EditorWindow) -> String {
        guard let focus = gtk_root_get_focus(cgtk_root(editor.window)) else { return "none" }
        func within(_ widget: Widget) -> Bool { EditorWindow.focus(focus, isWithin: widget) }
        if within(editor.entry) { return "entry" }
        if editor.search.holds(focus) { return "search" }
        if let popover = editor.renamePopover, popover.isOpen, within(popover.field) { return "rename:\(popover.tag)" }
        for (_, chip) in editor.chipArea.realizedChips {
            if within(chip.removeButton) { return "remove:\(chip.entry.name)" }
            if within(chip.widget) { return "chip:\(chip.entry.name)" }
        }
        if let openFiles = editor.openFiles, within(openFiles.button) { return "files" }
        return "other:" + typeName(of: focus)
    }

    /// The application shell's part: see the list at the top of the file.
    private func shellState(_ editor: EditorWindow) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("windowWidth", .number(Double(gtk_widget_get_width(editor.window)))),
            ("windowHeight", .number(Double(gtk_widget_get_height(editor.window)))),
            ("optionsShown", .bool(editor.optionsShown)),
            ("optionsOverChips", .bool(editor.optionsOverChips)),
            ("undoSteps", .number(Double(editor.history.undoSteps.count))),
            ("redoSteps", .number(Double(editor.history.redoSteps.count))),
            ("macosTags", (editor.document as? FileTagsDocument).map { .string($0.finderMode.rawValue) } ?? .null),
            ("messageIsError", .bool(editor.messageText != nil && editor.messages.isError)),
            ("status", .string(String(cString: gtk_label_get_text(cgtk_label(editor.statusLabel))))),
            ("statusEllipsized", .bool(pango_layout_is_ellipsized(gtk_label_get_layout(cgtk_label(editor.statusLabel))) != 0)),
        ]
        var buttons: [(key: String, value: JSONValue)] = []
        let toast = ToastParts.buttons(in: editor.messages.overlay)
        let named: [(String, Widget?)] = [("toast", ToastParts.shown(in: editor.messages.overlay)), ("open", editor.headerBar.openButton), ("options", editor.headerBar.optionsToggle), ("menu", editor.headerBar.menuButton)]
            + (editor.openFiles.map { [("files", $0.button)] } ?? []) + [("entry", editor.entry), ("toastClose", toast.close),
                                                          ("toastAction", toast.action),
                                                          ("panel", editor.optionsShown ? editor.optionsPanel.widget : nil),
                                                          ("content", editor.optionsFlap)]
        for (name, widget) in named {
            guard let widget, let box = StateReport.bounds(of: widget) else { continue }
            buttons.append((name, .object([("x", .number(box.x + box.width / 2)), ("y", .number(box.y + box.height / 2)),
                                           ("left", .number(box.x)), ("right", .number(box.x + box.width)),
                                           ("top", .number(box.y)), ("bottom", .number(box.y + box.height)),
                                           ("width", .number(box.width))])))
        }
        members.append(("widgets", .object(buttons)))
        members.append(("otherWindows", .array(Self.otherWindows(than: editor.window))))
        return members
    }

    /// The program's other windows shown (About, Keyboard Shortcuts, another editor): `type` (the
    /// GType), `title`, and an About window's `version`, `license` (GtkLicense's value) and
    /// `website`.
    private static func otherWindows(than window: Widget) -> [JSONValue] {
        guard let list = gtk_window_list_toplevels() else { return [] }
        defer { g_list_free(list) }
        var windows: [JSONValue] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            node = current.pointee.next
            guard let data = current.pointee.data else { continue }
            let widget = data.assumingMemoryBound(to: GtkWidget.self)
            guard widget != window, gtk_widget_get_visible(widget) != 0 else { continue }
            var fields: [(key: String, value: JSONValue)] = [
                ("type", .string(typeName(of: widget))),
                ("title", .string(gtk_window_get_title(cgtk_window(widget)).map { String(cString: $0) } ?? "")),
            ]
            if typeName(of: widget) == "AdwAboutWindow" {
                let about = cadw_about_window(widget)
                fields += [("version", .string(adw_about_window_get_version(about).map { String(cString: $0) } ?? "")),
                           ("license", .number(Double(adw_about_window_get_license_type(about).rawValue))),
                           ("website", .string(adw_about_window_get_website(about).map { String(cString: $0) } ?? ""))]
            }
            windows.append(.object(fields))
        }
        return windows
    }

    /// `placement` (`"fixed"` or `"direct"`), `chipParent` (the GTK type of the chips' parent),
    /// `figures` (the editor.options panel's figures of the last layout, which name the placement),
    /// and `panelChoices`: for each of the panel's combo rows shown ("Chips placed" among them),
    /// by its title, its centre `x`, `y`, whether that is `visible` in the
    /// panel's scrolled area, whether its list is `open`, and the `selected` choice's index.
    private func placementState(_ editor: EditorWindow) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("placement", .string(editor.options.placement == .fixed ? "fixed" : "direct")),
            ("figures", .string(String(cString: gtk_label_get_text(cgtk_label(editor.optionsPanel.figures))))),
            ("chipParent", editor.chipArea.report.chipParent.map { JSONValue.string(typeName(of: $0)) } ?? .null),
        ]
        members.append(("panelChoices", .object(editor.optionsPanel.choices.compactMap { title, choice in
            guard gtk_widget_is_drawable(choice) != 0, let centre = StateReport.centre(of: choice) else { return nil }
            // The panel scrolls: a combo row outside its viewport cannot be clicked.
            let viewport = StateReport.bounds(of: editor.optionsPanel.widget)
            let visible = viewport.map { centre.y >= $0.y && centre.y <= $0.y + $0.height } ?? false
            return (title, .object([("x", .number(centre.x)), ("y", .number(centre.y)), ("visible", .bool(visible)),
                                    ("open", .bool(Self.hasMappedPopover(choice))),
                                    ("selected", .number(Double(adw_combo_row_get_selected(cadw_combo_row(choice)))))]))
        })))
        return members
    }

    /// Whether a popover inside `widget` (a combo row's list) is shown.
    private static func hasMappedPopover(_ widget: Widget) -> Bool {
        descendants(of: widget).contains { typeName(of: $0) == "GtkPopover" && gtk_widget_get_mapped($0) != 0 }
    }
}
