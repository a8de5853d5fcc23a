// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FlowBridge
import GObjectSupport
import FlowJSON
import JSON

// The modes for checking the editor without a person: lay the real window out at given widths,
// then save a PNG or print where every chip really is.

@MainActor
enum Headless {
    /// Shows the window at `width` × `height` and waits until GTK has laid out and painted it.
    static func settle(_ editor: EditorWindow, width: Int, height: Int) {
        gtk_window_set_default_size(cgtk_window(editor.window), Int32(width), Int32(height))
        if gtk_widget_get_mapped(editor.window) == 0 { gtk_window_present(cgtk_window(editor.window)) }
        MainLoop.run(until: {
            gtk_widget_get_mapped(editor.window) != 0 && Int(gtk_widget_get_width(editor.window)) == width
        }, milliseconds: 3000)
        // Until the layout is for the container's current width.
        MainLoop.run(until: {
            if editor.chipArea.usesVirtualList, let chips = editor.chipArea.listChips { return virtualListSettled(chips.list) }
            guard let report = editor.chipArea.boxChips?.stack.lastLayout else { return false }
            return report.allocatedWidth == Int(gtk_widget_get_width(editor.chipArea.container))
        }, milliseconds: 2000)
        // Then until what the layout set off has run (idle work, a status update), one frame has
        // been drawn with it, and what that frame set off has run too: what a screenshot then
        // saves or a layout dump prints is complete. The virtual list measures off-screen items
        // in idle time for as long as that takes, which nothing on screen waits for.
        let budget = editor.chipArea.usesVirtualList ? 50 : 1000
        finishPendingWork(milliseconds: budget)
        waitForFrame(of: editor.window)
        finishPendingWork(milliseconds: budget)
        // A message made with the window slides in once the window has its size.
        let overlay = editor.messages.overlay
        MainLoop.run(until: { editor.messages.text == nil || ToastParts.isFullyShown(in: overlay) }, milliseconds: 2000)
        waitForFrame(of: editor.window)
    }

    /// Runs the main loop until nothing is ready to run, for at most `milliseconds`.
    static func finishPendingWork(milliseconds: Int) {
        MainLoop.run(until: { g_main_context_pending(nil) == 0 }, milliseconds: milliseconds)
    }

    /// Asks for a frame of `widget`'s window and runs the main loop until it is painted.
    static func waitForFrame(of widget: Widget, milliseconds: Int = 2000) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        var painted = false
        let handler = connectSignal(UnsafeMutableRawPointer(clock), "after-paint") { painted = true }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
        gtk_widget_queue_draw(widget)
        MainLoop.run(until: { painted }, milliseconds: milliseconds)
    }

    /// Saves what `widget` shows as a PNG.
    static func saveScreenshot(of widget: Widget, to path: String) throws {
        let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
        guard width > 0, height > 0, let native = gtk_widget_get_native(widget),
              let renderer = gtk_native_get_renderer(native) else {
            throw HeadlessError(description: "the window was not shown, nothing to save")
        }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot,
                               Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else {
            throw HeadlessError(description: "the window drew nothing")
        }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
            throw HeadlessError(description: "GTK could not render the window")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        if gdk_texture_save_to_png(texture, path) == 0 {
            throw HeadlessError(description: "could not write \(path)")
        }
    }

    /// One line of `--dump-layout`.
    static func layoutLine(_ editor: EditorWindow, requestedWidth: Int) -> JSONValue {
        guard !editor.chipArea.usesVirtualList, let stack = editor.chipArea.boxChips?.stack else {
            return virtualLayoutLine(editor, editor.chipArea.listChips!, requestedWidth: requestedWidth)
        }
        let viewport = gtk_widget_get_parent(stack.widget)
        let scrolled = cgtk_scrolled_window(editor.chipArea.scrolledWindow)
        func shown(_ bar: Widget?) -> Bool {
            guard let bar else { return false }
            return gtk_widget_get_visible(bar) != 0 && gtk_widget_get_child_visible(bar) != 0
        }
        var items: [JSONValue] = []
        for (element, child) in zip(stack.elements, stack.children) {
            var rect = GtkAllocation()
            gtk_widget_get_allocation(child, &rect)
            items.append(.object([
                ("tag", .string(element.name)),
                ("x", .number(Double(rect.x))), ("y", .number(Double(rect.y))),
                ("width", .number(Double(rect.width))), ("height", .number(Double(rect.height))),
                ("visible", .bool(gtk_widget_get_visible(child) != 0)),
            ]))
        }
        return .object([
            ("width", .number(Double(requestedWidth))),
            ("windowWidth", .number(Double(gtk_widget_get_width(editor.window)))),
            ("viewportWidth", .number(Double(viewport.map { gtk_widget_get_width($0) } ?? 0))),
            ("viewportHeight", .number(Double(viewport.map { gtk_widget_get_height($0) } ?? 0))),
            ("contentHeight", .number(Double(stack.contentHeight))),
            ("containerHeight", .number(Double(gtk_widget_get_height(stack.widget)))),
            ("containerVerticalMargins", .number(Double(gtk_widget_get_margin_top(stack.widget)
                                                        + gtk_widget_get_margin_bottom(stack.widget)))),
            ("hscrollbarVisible", .bool(shown(gtk_scrolled_window_get_hscrollbar(scrolled)))),
            ("vscrollbarVisible", .bool(shown(gtk_scrolled_window_get_vscrollbar(scrolled)))),
            ("placement", .string(stack.placement.rawValue)),
            ("chipParentPath", .array(chipParentPath(stack.box).map(JSONValue.string))),
            ("engineInput", stack.lastLayout?.request.jsonValue ?? .null),
            ("items", .array(items)),
        ])
    }
}

extension Headless {
    /// The GType names from the nearest GtkScrolledWindow down to the chips' parent, read from
    /// the widget tree.
    static func chipParentPath(_ stack: WrapHStack) -> [String] {
        var names: [String] = []
        var widget = stack.children.first.flatMap { gtk_widget_get_parent($0) } ?? stack.fixed ?? stack.widget
        while true {
            names.append(typeName(of: widget))
            guard cgtk_is_scrolled_window(widget) == 0, let parent = gtk_widget_get_parent(widget) else { break }
            widget = parent
        }
        return names.reversed()
    }
}

struct HeadlessError: Error, CustomStringConvertible {
    var description: String
}
