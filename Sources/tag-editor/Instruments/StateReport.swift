// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import JSON
import Foundation
import TagData

/// What the window shows, written for tests that drive the real program from outside (with
/// `xdotool`) and must know what a user would see. Only when `TAG_EDITOR_STATE_FILE` names a
/// file: after each frame in which something changed (the frame laid out or drew anything, or
/// the window said a state of its own changed), that file is replaced, atomically, by one JSON
/// object (the editor's: ``EditorStateReport``):
///
/// - `seq`: counts the reports; `pid`: the process; `frameEnded`: when the frame it follows ended
///   (`CLOCK_MONOTONIC` seconds, the clock every process shares), so that a benchmark times an
///   edit to its frame without the report's own making and reading in it.
/// - `title`, `entry` (its text), `entryEditable`, `entryTooltip`, `message` (or null) and
///   `messageAction` (its button's label, or null), `messageRevealed` (its toast has finished
///   sliding in), `messageFits` (every line of the toast's text has the room it needs),
///   `messageWrapsWithRoom` (its title wraps though the toast has room for its line);
///   `dark` (libadwaita's style manager gives the dark style);
///   `entryX`, `entryY`: the entry's centre in the window.
/// - `focus`: `"entry"`, `"chip:NAME"`, `"remove:NAME"` (a chip's remove button), `"rename:NAME"`
///   (the rename popover's field), `"files"` (the open-files button or list), `"none"`, or
///   `"other:GtkType"`; `active`: whether the window has the keyboard.
/// - `chips`: each tag in order (in the virtual list the chips it has made: see
///   `VirtualChips+StateReport.swift`), `name`, `count`, `total`, and where the chip and its remove
///   button are, in pixels within the window (`x`, `y`, `width`, `height`, `removeX`, `removeY`:
///   the remove button's centre). `reorderable`: whether they can be put in a new order (a
///   collection or a tag list, editable; never files' tags).
/// - `files` (file mode): `path`, `readOnly` and `unreadable` (the reasons, or null), `leaveOutX`,
///   `leaveOutY` when the list is open; `filesButtonX`, `filesButtonY`.
/// - `settled`: whether the chips are where the last layout put them, none gliding, and the
///   options panel not sliding (so a click at the reported places lands on them).
/// - `renaming`: the tag whose rename popover is open, or null; `renameText`: the name in its field.
/// - `actions`, `lastAction` (`kind`, `name`, `error`): the edits the user made; `reloads`: how
///   many times what is on disk was read again after another program changed it.
/// - The chips' and the entry's own fields (direction, "+N more", suggestions, merging, copying):
///   see `EditorStateReport+ChipsEntry.swift`.
/// - The application shell: `windowWidth`, `windowHeight`; `optionsShown` (the layout options
///   panel) and `optionsOverChips` (the window is too narrow for both side by side); `undoSteps`,
///   `redoSteps` (``EditHistory``); `macosTags` (in file mode: how Finder's tags are treated,
///   `keep`, `write` or `off`; else null); `messageIsError`; `status` (the status line's text) and
///   `statusEllipsized`; `widgets`: for `open`, `options`, `menu`, `files` (the header bar's
///   buttons), `entry`, `toast` (the message's toast) and `toastClose` and `toastAction` (its
///   close and action buttons, once it has slid in), `panel` (the options panel, when shown),
///   `content` (all under the header bar), the centre `x`, `y`, the `left`, `right`, `top`, `bottom` edges and `width`, in the window;
///   `otherWindows`: the program's other windows shown (`type`, `title`; an About window's
///   `version`, `license`, `website`).
/// - A folder view's window writes its own report (`"view": "folder"`): see
///   `Instruments/FolderStateReport.swift`.
@MainActor
final class StateReport {
    let path: String
    private var sequence = 0
    /// Something changed since the last report.
    private var dirty = true
    private var window: Widget?
    private var state: (@MainActor () -> [(key: String, value: JSONValue)]?)?
    /// Runs in each frame's `after-paint`, before the report is written (the folder view times
    /// its first frame with counts).
    var beforeWrite: (@MainActor () -> Void)?

    /// - Parameter suffix: added to the path for a second window of the same process (".2").
    init?(environment: [String: String], suffix: String = "") {
        guard let path = environment["TAG_EDITOR_STATE_FILE"], !path.isEmpty else { return nil }
        self.path = path + suffix
    }

    /// Writes `state()` (`nil`: nothing, the window is gone) at the end of each frame of
    /// `window` in which something changed: the frame clock's `layout` and `paint` phases say
    /// that widgets moved or were drawn again, ``changed()`` that the window's own state did. The
    /// window's frame clock lives as long as its surface: a window realized again gets a new one.
    func attach(to window: Widget, state: @escaping @MainActor () -> [(key: String, value: JSONValue)]?) {
        self.window = window
        self.state = state
        connectSignal(window, "realize") { [weak self] in self?.followFrameClock() }
        if gtk_widget_get_realized(window) != 0 { followFrameClock() }
        connectSignal(window, "notify::focus-widget") { [weak self] (_: gpointer?) in self?.changed() }
        connectSignal(window, "notify::is-active") { [weak self] (_: gpointer?) in self?.changed() }
    }

    /// Something the report says changed: it is written at the end of the next frame (one is
    /// asked for, in case nothing on screen changed with it).
    func changed() {
        dirty = true
        guard let window, let clock = gtk_widget_get_frame_clock(window) else { return }
        gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }

    private func followFrameClock() {
        guard let window, let clock = gtk_widget_get_frame_clock(window) else { return }
        let instance = UnsafeMutableRawPointer(clock)
        connectSignal(instance, "layout") { [weak self] in self?.dirty = true }
        connectSignal(instance, "paint") { [weak self] in self?.dirty = true }
        connectSignal(instance, "after-paint") { [weak self] in self?.frameEnded() }
        changed()
    }

    private func frameEnded() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        beforeWrite?()
        guard dirty, let members = state?() else { return }
        dirty = false
        sequence += 1
        let ended = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        let report = [("seq", JSONValue.number(Double(sequence))), ("pid", .number(Double(getpid()))),
                      ("frameEnded", .number(ended))] + members
        replace(path, with: Array((JSONValue.object(report).text + "\n").utf8))
    }

    /// Replaces `path` with `bytes` by a rename (a reader sees the old report or the new one,
    /// whole), without `fsync`: a report is for a test that reads it at once, not for after a
    /// crash, and Foundation's atomic write synced it, which at a million tags waited behind
    /// the collection's own `fsync` of 15 MB before the frame's report could be read.
    private func replace(_ path: String, with bytes: [UInt8]) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        close(fd)
        if offset == bytes.count { rename(temporary, path) } else { unlink(temporary) }
    }

    /// Where `widget` is in its window, when it is shown.
    static func bounds(of widget: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        var rect = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    /// The centre of `widget` in its window, when it is shown.
    static func centre(of widget: Widget) -> (x: Double, y: Double)? {
        bounds(of: widget).map { ($0.x + $0.width / 2, $0.y + $0.height / 2) }
    }

    /// `NAMEX`, `NAMEY`: the widget's centre in the window, when it is shown.
    static func point(_ name: String, of widget: Widget) -> [(key: String, value: JSONValue)] {
        guard gtk_widget_get_mapped(widget) != 0 else { return [] }
        var rect = graphene_rect_t()
        guard cgtk_widget_bounds_in_toplevel(widget, &rect) != 0 else { return [] }
        return [(name + "X", .number(Double(rect.origin.x + rect.size.width / 2))),
                (name + "Y", .number(Double(rect.origin.y + rect.size.height / 2)))]
    }
}
