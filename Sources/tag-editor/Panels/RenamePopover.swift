// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GObjectSupport
import TagData

/// The popover a double-click (or F2) on a chip opens: a field with the tag's name; Enter submits
/// it, Escape cancels. When the new name is another tag's, it asks first whether to merge the two
/// (``askToMerge(into:)``): Merge goes ahead, Cancel goes back to the name.
///
/// A name typed and not applied is never thrown away silently: when the popover closes other than
/// by Escape or Enter (a click outside, the window losing the focus), what was typed is kept as
/// the tag's draft, the next rename of that tag starts from it, and the editor says so
/// (``Handlers/cancel``). Escape is the one way to drop it.
///
/// One popover per window, made with it and reused for every rename: it is parented to a widget
/// that lives as long as the window (not to the chip, which a rename or a removal frees), points
/// at the chip being renamed, and is hidden between renames, never unparented before the window
/// goes. So it is never alive without its surface: GTK 4.8's tooltips keep the last popover the
/// pointer was over (only a weak reference) and, when their timer fires, read the pointer on
/// its surface unchecked; an unparented popover still referenced (by GTK's deferred focus move,
/// or by the idle release this class used to do) had none, and a drop under the pointer while
/// renaming ended in `gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)'
/// failed` (fatal under `G_DEBUG=fatal-criticals`). The same design ends the older
/// `gtk_widget_unparent: assertion 'GTK_IS_WIDGET (widget)'` of a popover freed with its chip.
@MainActor
final class RenamePopover {
    /// The tag being renamed (the last one, once closed).
    private(set) var tag = ""
    let popover: Widget
    let field: Widget
    /// The merge question, shown instead of the field while it is asked.
    private let question: Widget
    private let questionText: Widget
    let mergeButton: Widget
    let cancelMergeButton: Widget
    /// What the open rename does on Enter, Merge, and a close with nothing renamed.
    private var handlers: Handlers?
    /// The tag a merge would go into, while the question is shown.
    private(set) var mergeTarget: String?
    /// Whether the popover was closed by the editor (after a rename), not by the user.
    private var submitted = false
    private var released = false
    /// Where the popover points, in its parent's coordinates.
    private var pointedAt: GdkRectangle?
    /// Names typed and not applied, by tag, until the rename is done or cancelled with Escape.
    private var drafts: [String: String] = [:]
    /// Set when ``open(_:at:handlers:)`` shows it: the field's text is selected once more when it
    /// maps.
    private var selectsOnMap = false
    /// Whether Escape closed it (the user's cancel, which drops the draft).
    private var escaped = false
    /// Where the keyboard focus goes when the editor closes the popover while it holds it: GTK
    /// would otherwise move it one frame later, holding the popover meanwhile.
    var focusAfterClose: (() -> Widget?)?

    struct Handlers {
        let submit: @MainActor (String) -> Void
        let merge: @MainActor (String) -> Void
        /// Closed with nothing renamed: `kept` is the name typed and kept as a draft (closed
        /// other than by Escape, with a name that differs from the tag's), or `nil`.
        let cancel: @MainActor (_ kept: String?) -> Void
    }

    /// A hidden popover (described in `rename-popover.ui`), child of `parent` until
    /// ``release()``, which lets go of the reference taken here.
    init(in parent: Widget) {
        let ui = UIDescription("rename-popover")
        popover = ui.popover("popover", in: parent)
        field = ui.widget("field")
        question = ui.widget("question")
        questionText = ui.widget("question_text")
        mergeButton = ui.widget("merge")
        cancelMergeButton = ui.widget("cancel_merge")
        connect(keys: ui.object("keys"))
    }

    private func connect(keys: OpaquePointer) {
        connectSignal(field, "activate") { [weak self] in
            guard let self, let handlers = self.handlers else { return }
            handlers.submit(String(cString: gtk_editable_get_text(cgtk_editable(self.field))))
        }
        connectSignal(mergeButton, "clicked") { [weak self] in
            guard let self, let target = self.mergeTarget, let handlers = self.handlers else { return }
            self.submitted = true
            handlers.merge(target)
        }
        connectSignal(cancelMergeButton, "clicked") { [weak self] in self?.showField() }
        connectSignal(popover, "map") { [weak self] in
            guard let self, self.selectsOnMap else { return }
            self.selectsOnMap = false
            guard gtk_widget_get_visible(self.field) != 0 else { return }
            self.selectNameOrEndDraft()
        }
        // Closed by the user (Escape, a click outside) or by close().
        connectSignal(popover, "closed") { [weak self] in
            guard let self else { return }
            let handlers = self.handlers
            self.handlers = nil
            guard !self.submitted else { return }
            let typed = self.typed
            if self.escaped || typed == self.tag || typed.allSatisfy(\.isWhitespace) {
                self.drafts[self.tag] = nil
                handlers?.cancel(nil)
            } else {
                self.drafts[self.tag] = typed
                handlers?.cancel(typed)
            }
        }
        // The description's capture-phase key controller: Escape is seen before the popover's own
        // binding closes it.
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, _ in
            if Int32(bitPattern: keyval) == GDK_KEY_Escape { self?.escaped = true }
            return false
        }
    }

    /// Starts renaming `tag`, pointing at `chip` (another rename still open gives way to it).
    func open(_ tag: String, at chip: Widget, handlers: Handlers) {
        guard !released else { return }
        self.tag = tag
        self.handlers = handlers
        submitted = false
        escaped = false
        gtk_editable_set_text(cgtk_editable(field), drafts[tag] ?? tag)
        cgtk_accessible_set_label(field, tr("New name for \(tag)"))
        showField()
        point(at: chip)
        if gtk_widget_get_visible(popover) == 0 { gtk_popover_popup(cgtk_popover(popover)) }
        gtk_widget_grab_focus(field)
        selectNameOrEndDraft()
        // A popover that was hidden maps later, and its focus handling on the map puts the caret
        // at the start: the selection is made again once it is shown.
        selectsOnMap = true
    }

    /// The name whole, selected, so that typing replaces it (as a file manager's rename does);
    /// a draft kept from an earlier rename with the caret at its end, to go on typing.
    private func selectNameOrEndDraft() {
        if drafts[tag] != nil {
            gtk_editable_set_position(cgtk_editable(field), -1)
        } else {
            gtk_editable_select_region(cgtk_editable(field), 0, -1)
        }
    }

    /// The merge question's text, as shown.
    var questionShown: String { String(cString: gtk_label_get_text(cgtk_label(questionText))) }

    /// The name in the field now.
    var typed: String { String(cString: gtk_editable_get_text(cgtk_editable(field))) }

    /// The rename of `tag` went through (or its tag is gone): its draft goes.
    func forgetDraft(of tag: String) { drafts[tag] = nil }

    /// Points at `chip` again (after a layout or a scroll moved it), when it has moved.
    func point(at chip: Widget) {
        guard let parent = gtk_widget_get_parent(popover) else { return }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(chip, parent, &bounds) != 0 else { return }
        var rect = GdkRectangle(x: Int32(bounds.origin.x.rounded()), y: Int32(bounds.origin.y.rounded()),
                                width: Int32(bounds.size.width.rounded()), height: Int32(bounds.size.height.rounded()))
        if let pointedAt, pointedAt.x == rect.x, pointedAt.y == rect.y, pointedAt.width == rect.width,
           pointedAt.height == rect.height { return }
        pointedAt = rect
        gtk_popover_set_pointing_to(cgtk_popover(popover), &rect)
    }

    var isOpen: Bool { !released && gtk_widget_get_visible(popover) != 0 }

    /// Asks whether to merge the tag into `existing` (the name typed is that tag's): the field
    /// gives way to the question, with Merge focused, so Enter confirms and Cancel goes back.
    /// - Parameter whereMerged: where the one tag remains (", on every file that had either.", or
    ///   " in the collection." for a collection, which is not a set of files).
    func askToMerge(into existing: String, whereMerged: String) {
        mergeTarget = existing
        gtk_label_set_text(cgtk_label(questionText),
                           tr("“\(existing)” is already a tag. Merge “\(tag)” into it? One tag “\(existing)” remains")
                           + whereMerged)
        // Shown and focused before the field goes: hiding the focused widget first would send the
        // focus out of the popover.
        gtk_widget_set_visible(question, 1)
        gtk_widget_grab_focus(mergeButton)
        gtk_widget_set_visible(field, 0)
    }

    /// Back from the merge question to the name, to type another.
    private func showField() {
        mergeTarget = nil
        gtk_widget_set_visible(field, 1)
        gtk_widget_grab_focus(field)
        gtk_widget_set_visible(question, 0)
    }

    /// Closes it (after a rename, or when its tag is gone): the focus leaves it first.
    func close() {
        guard isOpen else { return }
        submitted = true
        if let root = gtk_widget_get_root(popover), let focus = gtk_root_get_focus(root),
           focus == popover || gtk_widget_is_ancestor(focus, popover) != 0,
           let next = focusAfterClose?() {
            gtk_widget_grab_focus(next)
        }
        gtk_popover_popdown(cgtk_popover(popover))
    }

    /// The window is going: the popover goes with it.
    func release() {
        guard !released else { return }
        close()
        released = true
        handlers = nil
        focusAfterClose = nil
        UIDescription.releasePopover(popover)
    }
}
