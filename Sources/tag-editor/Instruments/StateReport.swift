import CGtk
import GObjectSupport
import JSON
import Foundation
import TagData

/// What the window shows, written for tests that drive the real program from outside (with
/// `xdotool`) and must know what a user would see. Only when `TAG_EDITOR_STATE_FILE` names a
/// file: after anything the window shows changes and after every frame GTK draws (once the main
/// loop is idle, so the layout is done), that file is replaced, atomically, by one JSON object:
///
/// - `seq`: counts the reports; `pid`: the process.
/// - `title`, `entry` (its text), `entryEditable`, `entryTooltip`, `message` (or null);
///   `entryX`, `entryY`: the entry's centre in the window.
/// - `focus`: `"entry"`, `"chip:NAME"`, `"remove:NAME"` (a chip's remove button), `"rename:NAME"`
///   (the rename popover's field), `"files"` (the open-files button or list), `"none"`, or
///   `"other:GtkType"`; `active`: whether the window has the keyboard.
/// - `chips`: each tag in order, `name`, `count`, `total`, and where the chip and its remove
///   button are, in pixels within the window (`x`, `y`, `width`, `height`, `removeX`, `removeY`:
///   the remove button's centre).
/// - `files` (file mode): `path`, `readOnly` and `unreadable` (the reasons, or null), `leaveOutX`,
///   `leaveOutY` when the list is open; `filesButtonX`, `filesButtonY`.
/// - `settled`: whether the chips are where the last layout put them, none gliding (so a click at
///   the reported places lands on them).
/// - `renaming`: the tag whose rename popover is open, or null; `renameText`: the name in its field.
/// - `actions`, `lastAction` (`kind`, `name`, `error`): the edits the user made; `reloads`: how
///   many times what is on disk was read again after another program changed it.
/// - The chips' and the entry's own fields (direction, "+N more", suggestions, merging, copying):
///   see `StateReport+ChipsEntry.swift`.
/// - The application shell: `windowWidth`, `windowHeight`; `optionsShown` (the layout options
///   panel); `undoSteps`, `redoSteps` (``EditHistory``); `messageIsError`; `status` (the status
///   line's text) and `statusEllipsized`; `widgets`: for `open`, `options`, `menu`, `files` (the
///   header bar's buttons), `entry` and `toastClose` (the message's close button, while shown),
///   the centre `x`, `y` and the `left`, `right` edges and `width`, in the window.
/// - A folder view's window writes its own report (`"view": "folder"`): see
///   `Folder/FolderWindow+StateReport.swift`.
@MainActor
final class StateReport {
    let path: String
    private var pending = false
    private var sequence = 0

    /// - Parameter suffix: added to the path for a second window of the same process (".2").
    init?(environment: [String: String], suffix: String = "") {
        guard let path = environment["TAG_EDITOR_STATE_FILE"], !path.isEmpty else { return nil }
        self.path = path + suffix
    }

    /// Writes the report once the main loop is idle (many changes in a row give one report).
    func schedule(_ state: @escaping @MainActor () -> [(key: String, value: JSONValue)]) {
        guard !pending else { return }
        pending = true
        runWhenIdle { [weak self] in
            guard let self else { return }
            self.pending = false
            self.sequence += 1
            let members = [("seq", JSONValue.number(Double(self.sequence))),
                           ("pid", .number(Double(getpid())))] + state()
            try? Data((JSONValue.object(members).text + "\n").utf8).write(to: URL(fileURLWithPath: self.path),
                                                                         options: .atomic)
        }
    }
}

extension EditorWindow {
    func reportState() {
        stateReport?.schedule { [weak self] in
            guard let self, !self.isDestroyed else { return [] }
            return self.state
        }
    }

    /// Reports again after every frame GTK draws, so that where the widgets outside the chips are
    /// (the header bar's buttons, the entry, a message's close button) is what the last layout
    /// made of them, not what it was at the editor's last change: a resize or a message moves
    /// them without the chips changing.
    func reportAfterEachFrame() {
        connectSignal(window, "realize") { [weak self] in self?.followFrameClock() }
        if gtk_widget_get_realized(window) != 0 { followFrameClock() }
    }

    /// The window's frame clock lives as long as its surface; a window realized again gets a new
    /// one, followed by the "realize" handler above.
    private func followFrameClock() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        connectSignal(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.reportState() }
    }

    private var state: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("title", .string(document.title)),
            ("entry", .string(entryText)),
            ("entryEditable", .bool(gtk_widget_get_sensitive(entry) != 0)),
            ("entryTooltip", gtk_widget_get_tooltip_text(entry).map { .string(String(cString: $0)) } ?? .null),
            ("message", messageText.map { .string($0) } ?? .null),
            ("focus", .string(focusDescription)),
            ("active", .bool(gtk_window_is_active(cgtk_window(window)) != 0)),
            ("chips", .array(chipStates)),
            ("settled", .bool(settled)),
            ("renaming", renamePopover.flatMap { $0.isOpen ? JSONValue.string($0.tag) : nil } ?? .null),
            ("renameText", renamePopover.flatMap { $0.isOpen ? JSONValue.string($0.typed) : nil } ?? .null),
            ("actions", .number(Double(actionCount))),
            ("lastAction", lastAction.map { action in
                .object([("kind", .string(action.kind)), ("name", .string(action.name)),
                         ("error", action.error.map { .string($0) } ?? .null)])
            } ?? .null),
            ("reloads", .number(Double(reloadCount))),
        ] + chipsAndEntryState + shellState
        if let centre = Self.centre(of: entry) {
            members += [("entryX", .number(centre.x)), ("entryY", .number(centre.y))]
        }
        members += placementState + virtualListState
        if let files = (document as? FileTagsDocument)?.fileTags.files, let openFiles {
            let buttons = Dictionary(openFiles.rows.map { ($0.path, $0.leaveOut) }, uniquingKeysWith: { a, _ in a })
            members.append(("files", .array(files.map { file in
                var fields: [(key: String, value: JSONValue)] = [
                    ("path", .string(file.path)),
                    ("readOnly", file.readOnlyReason.map { .string($0) } ?? .null),
                    ("unreadable", file.unreadableReason.map { .string($0) } ?? .null),
                ]
                if openFiles.isOpen, let button = buttons[file.path], let centre = Self.centre(of: button) {
                    fields += [("leaveOutX", .number(centre.x)), ("leaveOutY", .number(centre.y))]
                }
                return .object(fields)
            })))
            if let centre = Self.centre(of: openFiles.button) {
                members += [("filesButtonX", .number(centre.x)), ("filesButtonY", .number(centre.y))]
            }
        }
        return members
    }

    /// Every chip's fields; in virtual mode the realized chips' only.
    private var chipStates: [JSONValue] {
        if virtualChips != nil { return virtualChipStates }
        return stack.elements.map { chipState($0) }
    }

    private var settled: Bool { virtualChips == nil ? chipsSettled : virtualChipsSettled }

    /// A chip's fields (its tag's, and where it is when it has a widget: `chip`, or else the
    /// tag's chip).
    func chipState(_ element: TagEntry, chip given: Chip? = nil) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("name", .string(element.name)), ("count", .number(Double(element.count))),
            ("total", .number(Double(element.total))),
        ]
        if let chip = given ?? chip(for: element.name), let bounds = Self.bounds(of: chip.widget),
           let remove = Self.centre(of: chip.removeButton) {
            fields += [("x", .number(bounds.x)), ("y", .number(bounds.y)),
                       ("width", .number(bounds.width)), ("height", .number(bounds.height)),
                       ("removeX", .number(remove.x)), ("removeY", .number(remove.y))]
            fields += chipExtras(chip)
        }
        return .object(fields)
    }

    private var chipsSettled: Bool {
        guard !stack.isAnimating, let frames = stack.lastLayout?.result.frames,
              frames.count == stack.children.count else { return false }
        // Where each chip is within the container, whichever widget is its parent (a GtkFixed in
        // the default placement, the container itself in the direct one).
        return zip(stack.children, frames).allSatisfy { child, frame in
            // A tag maxLines hides is invisible and has no place to be in.
            if gtk_widget_get_visible(child) == 0 { return true }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(child, stack.widget, &bounds) != 0 else { return false }
            return Double(bounds.origin.x) == frame.x && Double(bounds.origin.y) == frame.y
                && Double(bounds.size.width) == frame.width && Double(bounds.size.height) == frame.height
        }
    }

    private var focusDescription: String {
        guard let focus = gtk_root_get_focus(cgtk_root(window)) else { return "none" }
        func within(_ widget: Widget) -> Bool { Self.focus(focus, isWithin: widget) }
        if within(entry) { return "entry" }
        if let popover = renamePopover, popover.isOpen, within(popover.field) { return "rename:\(popover.tag)" }
        if let virtualChips {
            for (_, chip) in virtualChips.realizedChips {
                if within(chip.removeButton) { return "remove:\(chip.entry.name)" }
                if within(chip.widget) { return "chip:\(chip.entry.name)" }
            }
        }
        for element in virtualChips == nil ? stack.elements : [] {
            guard let chip = chip(for: element.name) else { continue }
            if within(chip.removeButton) { return "remove:\(element.name)" }
            if within(chip.widget) { return "chip:\(element.name)" }
        }
        if let openFiles, within(openFiles.button) { return "files" }
        return "other:" + typeName(of: focus)
    }

    /// The application shell's part: see the list at the top of the file.
    private var shellState: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("windowWidth", .number(Double(gtk_widget_get_width(window)))),
            ("windowHeight", .number(Double(gtk_widget_get_height(window)))),
            ("optionsShown", .bool(optionsShown)),
            ("undoSteps", .number(Double(history.undoSteps.count))),
            ("redoSteps", .number(Double(history.redoSteps.count))),
            ("messageIsError", .bool(messageText != nil && toast.isError)),
            ("status", .string(String(cString: gtk_label_get_text(cgtk_label(statusLabel))))),
            ("statusEllipsized", .bool(pango_layout_is_ellipsized(gtk_label_get_layout(cgtk_label(statusLabel))) != 0)),
        ]
        var buttons: [(key: String, value: JSONValue)] = []
        let named = [("open", headerBar.openButton), ("options", headerBar.optionsToggle), ("menu", headerBar.menuButton)]
            + (openFiles.map { [("files", $0.button)] } ?? []) + [("entry", entry), ("toastClose", toast.closeButton)]
        for (name, widget) in named {
            guard let box = Self.bounds(of: widget) else { continue }
            buttons.append((name, .object([("x", .number(box.x + box.width / 2)), ("y", .number(box.y + box.height / 2)),
                                           ("left", .number(box.x)), ("right", .number(box.x + box.width)),
                                           ("width", .number(box.width))])))
        }
        members.append(("widgets", .object(buttons)))
        return members
    }

    static func bounds(of widget: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        var rect = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    /// `placement` (`"fixed"` or `"direct"`), `chipParent` (the GTK type of the chips' parent),
    /// `figures` (the options panel's figures of the last layout, which name the placement),
    /// and `panelChoices`: for each of the panel's drop-downs shown ("Chips placed" among them),
    /// by its title, its centre `x`, `y`, whether that is `visible` in the
    /// panel's scrolled area, whether its list is `open`, and the `selected` choice's index.
    private var placementState: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [
            ("placement", .string(stack.placement == .fixed ? "fixed" : "direct")),
            ("figures", .string(String(cString: gtk_label_get_text(cgtk_label(optionsPanel.figures))))),
            ("chipParent", stack.children.first.flatMap(gtk_widget_get_parent).map { .string(typeName(of: $0)) } ?? .null),
        ]
        members.append(("panelChoices", .object(optionsPanel.choices.compactMap { title, choice in
            guard gtk_widget_is_drawable(choice) != 0, let centre = Self.centre(of: choice) else { return nil }
            // The panel scrolls: a drop-down outside its viewport cannot be clicked.
            let viewport = Self.bounds(of: optionsPanel.widget)
            let visible = viewport.map { centre.y >= $0.y && centre.y <= $0.y + $0.height } ?? false
            return (title, .object([("x", .number(centre.x)), ("y", .number(centre.y)), ("visible", .bool(visible)),
                                    ("open", .bool(Self.hasMappedPopover(choice))),
                                    ("selected", .number(Double(gtk_drop_down_get_selected(cgtk_drop_down(choice)))))]))
        })))
        return members
    }

    /// Whether a popover inside `widget` (a drop-down's list) is shown.
    private static func hasMappedPopover(_ widget: Widget) -> Bool {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if typeName(of: current) == "GtkPopover", gtk_widget_get_mapped(current) != 0 { return true }
            if hasMappedPopover(current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    static func centre(of widget: Widget) -> (x: Double, y: Double)? {
        bounds(of: widget).map { ($0.x + $0.width / 2, $0.y + $0.height / 2) }
    }
}
