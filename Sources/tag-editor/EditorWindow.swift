import CGtk
import FlowBridge
import GObjectSupport
import FlowEngine
import TagData

/// The tag editor's window: an entry to add tags, the tags as chips wrapping in a WrapHStack, a
/// message line, a status line with the layout's figures, and the layout options panel.
@MainActor
final class EditorWindow {
    let window: Widget
    let document: TagDocument
    let stack: DataWrapHStack<TagEntry, String, Chip>
    /// The GtkScrolledWindow (inside WrapHStack's scroll frame).
    let scrolledWindow: Widget
    let entry: Widget
    private let message: Widget
    private let status: Widget
    private let optionsPanel: LayoutOptionsPanel
    private let moreChip: Widget
    private var messageTimeout: guint = 0
    private var statusUpdatePending = false

    /// How the chips reach the editor: the data-driven container that makes them is created
    /// before the window exists.
    private final class ChipMaker {
        weak var editor: EditorWindow?
    }

    init(document: TagDocument, showsOptions: Bool) throws {
        self.document = document
        let maker = ChipMaker()
        // Empty at first: the chips need `self`, which exists only once every property is set.
        stack = try DataWrapHStack([TagEntry](), id: \TagEntry.name, makeContent: { entry in
            Chip(entry, onRemove: { name in maker.editor?.remove(name) },
                 onRename: { name, widget in maker.editor?.beginRename(name, on: widget) })
        }, widget: \.widget)
        window = gtk_window_new()
        gtk_window_set_title(cgtk_window(window), document.title)
        gtk_window_set_default_size(cgtk_window(window), 900, 560)

        entry = gtk_entry_new()
        gtk_entry_set_placeholder_text(cgtk_entry(entry), "Add a tag and press Enter")
        gtk_widget_set_hexpand(entry, 1)
        cgtk_accessible_set_label(entry, "New tag")
        message = gtk_label_new("")
        gtk_widget_add_css_class(message, "message")
        gtk_label_set_wrap(cgtk_label(message), 1)
        gtk_label_set_xalign(cgtk_label(message), 0)
        gtk_widget_set_visible(message, 0)
        status = gtk_label_new("")
        gtk_widget_add_css_class(status, "status")
        gtk_label_set_xalign(cgtk_label(status), 0)
        gtk_label_set_ellipsize(cgtk_label(status), PANGO_ELLIPSIZE_END)
        moreChip = gtk_label_new("")
        gtk_widget_add_css_class(moreChip, "chip")
        gtk_widget_add_css_class(moreChip, "more")
        optionsPanel = LayoutOptionsPanel(stack: stack)

        let chipsArea = stack.makeScrolledWindow()
        scrolledWindow = stack.scrolledWindow!
        gtk_widget_set_vexpand(chipsArea, 1)
        gtk_widget_set_margin_top(stack.widget, 6)
        gtk_widget_set_margin_bottom(stack.widget, 6)
        gtk_widget_set_margin_start(stack.widget, 6)
        gtk_widget_set_margin_end(stack.widget, 6)

        let optionsToggle = gtk_toggle_button_new_with_label("Layout options")!
        gtk_toggle_button_set_active(cgtk_toggle_button(optionsToggle), showsOptions ? 1 : 0)
        let topRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cgtk_box(topRow), entry)
        gtk_box_append(cgtk_box(topRow), optionsToggle)

        let main = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_hexpand(main, 1)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
                       gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(main, 10)
        }
        gtk_box_append(cgtk_box(main), topRow)
        gtk_box_append(cgtk_box(main), message)
        gtk_box_append(cgtk_box(main), chipsArea)
        gtk_box_append(cgtk_box(main), status)

        let root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(root, "editor")
        gtk_box_append(cgtk_box(root), main)
        gtk_box_append(cgtk_box(root), optionsPanel.widget)
        gtk_widget_set_visible(optionsPanel.widget, showsOptions ? 1 : 0)
        gtk_window_set_child(cgtk_window(window), root)

        maker.editor = self
        try stack.update(with: document.entries)
        try stack.setOverflowIndicator(moreChip) { [moreChip] hidden in
            gtk_label_set_text(cgtk_label(moreChip), "+\(hidden) more")
            cgtk_accessible_set_label(moreChip, "\(hidden) more tags hidden")
        }

        connectSignals(optionsToggle: optionsToggle)
        if !document.notices.isEmpty {
            show(document.notices.joined(separator: "\n"), isError: false, seconds: 12)
        }
    }

    private func connectSignals(optionsToggle: Widget) {
        connectSignal(entry, "activate") { [weak self] in self?.addTypedTag() }
        let keys = gtk_event_controller_key_new()!
        connectKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _, _ in
            self?.handleKey(keyval) ?? false
        }
        gtk_widget_add_controller(entry, cgtk_event_controller(UnsafeMutableRawPointer(keys)))
        connectSignal(optionsToggle, "toggled") { [weak self] in
            guard let self else { return }
            gtk_widget_set_visible(self.optionsPanel.widget,
                                   gtk_toggle_button_get_active(cgtk_toggle_button(optionsToggle)))
        }
        optionsPanel.onChange = { [weak self] in
            guard let self else { return }
            let vertical = self.stack.layout.axis == .vertical
            gtk_scrolled_window_set_policy(cgtk_scrolled_window(self.scrolledWindow),
                                           vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                           vertical ? GTK_POLICY_NEVER : GTK_POLICY_AUTOMATIC)
        }
        stack.onLayout = { [weak self] _ in self?.scheduleStatusUpdate() }
    }

    // MARK: Chips

    /// Shows the document's tags: new chips for new tags, the same chips (updated) for the rest.
    private func refresh() {
        let entries = document.entries
        do {
            try stack.update(with: entries)
        } catch {
            show("\(error)", isError: true)
        }
        for entry in entries { stack.content(for: entry.name)?.update(entry) }
    }

    // MARK: Editing

    /// A key pressed in the entry; returns whether it was handled. Backspace in an empty entry
    /// takes the last tag off.
    func handleKey(_ keyval: UInt32) -> Bool {
        guard keyval == UInt32(GDK_KEY_BackSpace), entryText.isEmpty, let last = document.entries.last else {
            return false
        }
        remove(last.name)
        return true
    }

    var entryText: String {
        String(cString: gtk_editable_get_text(cgtk_editable(entry)))
    }

    func addTypedTag() {
        do {
            _ = try document.add(entryText)
            gtk_editable_set_text(cgtk_editable(entry), "")
            refresh()
            hideMessage()
        } catch {
            show("\(error)", isError: true)
        }
    }

    func remove(_ name: String) {
        do {
            try document.remove(name)
            refresh()
            hideMessage()
        } catch {
            show("\(error)", isError: true)
        }
        gtk_widget_grab_focus(entry)
    }

    private func beginRename(_ name: String, on chipWidget: Widget) {
        let popover = gtk_popover_new()!
        let field = gtk_entry_new()!
        gtk_editable_set_text(cgtk_editable(field), name)
        cgtk_accessible_set_label(field, "New name for \(name)")
        gtk_popover_set_child(cgtk_popover(popover), field)
        gtk_widget_set_parent(popover, chipWidget)
        connectSignal(field, "activate") { [weak self] in
            guard let self else { return }
            if self.rename(name, to: String(cString: gtk_editable_get_text(cgtk_editable(field)))) {
                gtk_popover_popdown(cgtk_popover(popover))
            }
        }
        connectSignal(popover, "closed") {
            // Unparent after the signal, once GTK is done with the popover.
            runWhenIdle { gtk_widget_unparent(popover) }
        }
        gtk_popover_popup(cgtk_popover(popover))
    }

    /// Renames a tag; on refusal shows why and returns `false`.
    @discardableResult
    func rename(_ old: String, to new: String) -> Bool {
        do {
            _ = try document.rename(old, to: new)
            refresh()
            hideMessage()
            return true
        } catch {
            show("\(error)", isError: true)
            return false
        }
    }

    /// The chip showing a tag.
    func chip(for name: String) -> Chip? { stack.content(for: name) }

    // MARK: Messages and status

    func show(_ text: String, isError: Bool, seconds: Int = 5) {
        gtk_label_set_text(cgtk_label(message), text)
        gtk_widget_remove_css_class(message, isError ? "notice" : "error")
        gtk_widget_add_css_class(message, isError ? "error" : "notice")
        gtk_widget_set_visible(message, 1)
        if messageTimeout != 0 { g_source_remove(messageTimeout) }
        messageTimeout = runAfter(milliseconds: seconds * 1000) { [weak self] in
            self?.messageTimeout = 0
            self?.hideMessage()
        }
    }

    var messageText: String? {
        gtk_widget_get_visible(message) != 0 ? String(cString: gtk_label_get_text(cgtk_label(message))) : nil
    }

    private func hideMessage() {
        gtk_widget_set_visible(message, 0)
    }

    /// The status line changes after every layout; updating it from the layout itself would make
    /// the label's own resize lay the window out again, so it waits for the idle main loop.
    private func scheduleStatusUpdate() {
        guard !statusUpdatePending else { return }
        statusUpdatePending = true
        runWhenIdle { [weak self] in
            guard let self else { return }
            self.statusUpdatePending = false
            gtk_label_set_text(cgtk_label(self.status), self.statusText)
        }
    }

    var statusText: String {
        let count = document.entries.count
        var parts = ["\(count) tag\(count == 1 ? "" : "s")"]
        if let report = stack.lastLayout {
            parts.append("width \(report.allocatedWidth) px")
            parts.append("\(report.lineCount) line\(report.lineCount == 1 ? "" : "s")")
            parts.append("content \(report.contentHeight) px")
            if report.result.hiddenCount > 0 { parts.append("\(report.result.hiddenCount) hidden") }
            parts.append("last layout \(formatMilliseconds(report.duration.seconds * 1000)) ms")
            parts.append(stack.placement == .fixed ? "GtkFixed" : "direct placement")
        }
        if document.isInMemoryOnly { parts.append("not saved") }
        return parts.joined(separator: " · ")
    }

    private func formatMilliseconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
