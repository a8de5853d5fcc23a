// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import FlowEngine
import FlowJSON
import GObjectSupport
import JSON

// `--dump-layout` in virtual mode: the list's own figures (`modelItems`, `realizedItems`,
// `scrollOffset`), `items` for the realized chips only (each with its tag's model `index`, at
// its place in the list widget's coordinates), and `engineInput`, the whole request the list laid
// out; past `engineInputLimit` items that is left out and `engineInputOmitted` says so.

extension Headless {
    /// Requests with more items than this are not printed whole (a million items make ~100 MB
    /// of JSON).
    static let engineInputLimit = 100_000

    /// Whether the list's last layout is for its widget's current size.
    static func virtualListSettled(_ list: WrapListView) -> Bool {
        guard let report = list.lastLayout else { return false }
        return report.allocatedWidth == Int(gtk_widget_get_width(list.widget))
            && report.allocatedHeight == Int(gtk_widget_get_height(list.widget))
    }

    /// One line of `--dump-layout` in virtual mode.
    static func virtualLayoutLine(_ editor: EditorWindow, _ chips: VirtualChips<Chip>, requestedWidth: Int) -> JSONValue {
        let list = chips.list
        let report = list.lastLayout
        var items: [JSONValue] = []
        for (index, chip) in chips.realizedChips {
            var rect = GtkAllocation()
            gtk_widget_get_allocation(chip.widget, &rect)
            items.append(.object([
                ("index", .number(Double(index))), ("tag", .string(chip.entry.name)),
                ("x", .number(Double(rect.x))), ("y", .number(Double(rect.y))),
                ("width", .number(Double(rect.width))), ("height", .number(Double(rect.height))),
                ("visible", .bool(gtk_widget_get_child_visible(chip.widget) != 0)),
            ]))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("width", .number(Double(requestedWidth))),
            ("windowWidth", .number(Double(gtk_widget_get_width(editor.window)))),
            ("virtual", .bool(true)),
            ("viewportWidth", .number(Double(gtk_widget_get_width(list.widget)))),
            ("viewportHeight", .number(Double(gtk_widget_get_height(list.widget)))),
            ("contentHeight", .number(report?.contentLength ?? 0)),
            ("lineCount", .number(Double(report?.lineCount ?? 0))),
            ("modelItems", .number(Double(list.itemCount))),
            ("realizedItems", .number(Double(list.realizedItems.count))),
            ("scrollOffset", .number(list.scrollOffset)),
        ]
        if list.itemCount > engineInputLimit {
            members.append(("engineInputOmitted", .string("\(list.itemCount) items")))
        } else if let report {
            let request = FlowRequest(layout: report.layout, available: Double(report.layout.axis == .horizontal
                ? report.allocatedWidth : report.allocatedHeight), items: Array(list.items))
            members.append(("engineInput", request.jsonValue))
        } else {
            members.append(("engineInput", .null))
        }
        members.append(("items", .array(items)))
        return .object(members)
    }
}

extension Headless {
    /// Saves what `widget` shows as a PNG, from inside the frame clock's `after-paint` of the
    /// next frame. The list measures its items in idle time and each measured run queues a
    /// resize, which drops the widgets' last render nodes until the next frame: between frames
    /// there is then nothing to save, right after a paint there is.
    static func saveScreenshotAfterNextFrame(of widget: Widget, to path: String) throws {
        guard let clock = gtk_widget_get_frame_clock(widget) else {
            throw HeadlessError(description: "the window was not shown, nothing to save")
        }
        var outcome: Result<Void, Error>?
        let handler = connectSignal(UnsafeMutableRawPointer(clock), "after-paint") {
            guard outcome == nil else { return }
            outcome = Result { try saveScreenshot(of: widget, to: path) }
        }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
        gtk_widget_queue_draw(widget)
        _ = MainLoop.run(until: { outcome != nil }, milliseconds: 5000)
        guard let outcome else { throw HeadlessError(description: "GTK drew no frame within 5 s, nothing saved") }
        try outcome.get()
    }
}
