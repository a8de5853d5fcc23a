// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// A reorderable container of focusable buttons, either kind, for the reordering tests that run
/// against both: a WrapHStack (fixed or direct placement) whose buttons have size requests, or a
/// WrapListView in a scrolled window whose items come from a GListStore, a GtkStringList or the
/// app's own collection, sized by a size provider. The items are "item 0", "item 1"... of the
/// widths given (30 high); the window is not shown: each ``settle()`` measures and allocates, as
/// GTK's layout does.
@MainActor
final class ReorderHarness {
    enum ListSource: Sendable { case store, strings, collection }

    enum Kind: Sendable, CustomTestStringConvertible {
        case box(WrapHStack.Placement)
        case list(ListSource)

        var testDescription: String {
            switch self {
            case .box(let placement): "box (\(placement))"
            case .list(let source): "list (\(source))"
            }
        }

        var isBox: Bool { if case .box = self { true } else { false } }

        /// Every container: the box in both placements, the list over each source.
        static let all: [Kind] = [.box(.fixed), .box(.direct), .list(.store), .list(.strings), .list(.collection)]
        /// Each container once (the list's source does not matter to the behaviour).
        static let each: [Kind] = [.box(.fixed), .box(.direct), .list(.store)]
    }

    let kind: Kind
    let window: Widget
    let box: WrapHStack?
    let list: WrapListView?
    /// What ``settle()`` allocates: the box, or the list's scrolled window.
    let allocated: Widget
    /// The app's collection (for `.list(.collection)`), or the names the items started with.
    var names: [String]
    var model: OpaquePointer?
    /// Each user's move the Swift closure was told of: the moved widget (the box's child), its
    /// old index and its new one.
    var moves: [(widget: Widget?, from: Int, to: Int)] = []
    private var widthOf: [String: Double] = [:]
    let width: Int, height: Int

    /// `selection` wraps the list's model (a GtkSelectionModel made from it, taking its reference).
    init(_ kind: Kind, widths: [Double] = Array(repeating: 90, count: 200), width: Int = 420, height: Int = 200,
         layout: FlowLayout = FlowLayout(itemSpacing: 10, lineSpacing: 10), rtl: Bool = false,
         selection: ((OpaquePointer) -> OpaquePointer)? = nil) {
        GTK.setUp()
        self.kind = kind
        self.width = width
        self.height = height
        names = widths.indices.map { "item \($0)" }
        if case .list = kind, widths.contains(where: { $0 != widths.first }) {
            for (name, itemWidth) in zip(names, widths) { widthOf[name] = itemWidth }
        }
        window = gtk_window_new()!
        switch kind {
        case .box(let placement):
            let stack = WrapHStack(layout: layout, placement: placement)
            for (name, itemWidth) in zip(names, widths) {
                let button = gtk_button_new()!
                gtk_widget_set_name(button, name)
                gtk_widget_set_size_request(button, Int32(itemWidth), 30)
                try! stack.append(button)
            }
            box = stack
            list = nil
            allocated = stack.widget
            stack.onChildMoved = { [weak self] child, from, to in self?.moves.append((child, from, to)) }
        case .list(let source):
            let view = WrapListView(layout: layout, factory: WrapListItemFactory(
                setup: { gtk_button_new_with_label("") }, bind: { _, _ in }))
            box = nil
            list = view
            allocated = view.makeScrolledWindow()
            switch source {
            case .store:
                let store = g_list_store_new(g_object_get_type())!
                for name in names {
                    let item = gtk_string_object_new(name)!
                    g_list_store_append(store, UnsafeMutableRawPointer(item))
                    g_object_unref(UnsafeMutableRawPointer(item))
                }
                model = store
            case .strings:
                let strings = gtk_string_list_new(nil)!
                for name in names { gtk_string_list_append(strings, name) }
                model = strings
            case .collection:
                break
            }
            if let selection, let store = model { model = selection(store) }
            // By name: a moved item keeps its size.
            let uniform = widths.allSatisfy { $0 == widths.first }
            view.sizeProvider = { [unowned self] index in
                FlowItem(width: uniform ? widths.first ?? 90 : widthOf[name(at: index)] ?? 0, height: 30)
            }
            if let model {
                view.setModel(UnsafeMutableRawPointer(model))
                g_object_unref(UnsafeMutableRawPointer(model))
            } else {
                view.setItemCount(names.count)
            }
            view.setFactory(WrapListItemFactory(
                setup: { gtk_button_new_with_label("") },
                bind: { [weak self] button, index in
                    guard let self else { return }
                    gtk_button_set_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self),
                                         self.name(at: index))
                }))
            view.onItemMoved = { [weak self] from, to in
                guard let self else { return }
                self.moves.append((nil, from, to))
                // The app's own collection is the app's to move.
                if source == .collection { self.names.insert(self.names.remove(at: from), at: to) }
            }
        }
        if rtl { gtk_widget_set_direction(containerWidget, GTK_TEXT_DIR_RTL) }
        gtk_window_set_child(cgtk_window(window), allocated)
        reorderable = true
        settle()
    }

    var containerWidget: Widget { box?.widget ?? list!.widget }
    var interaction: ItemInteraction { box?.interaction ?? list!.interaction }

    var reorderable: Bool {
        get { box?.reorderable ?? list!.reorderable }
        set { if let box { box.reorderable = newValue } else { list!.reorderable = newValue } }
    }

    /// Measures and allocates at the harness's size, again while the box asks for it.
    func settle() {
        for _ in 0..<4 {
            measureAndAllocate(allocated, width: width, height: height)
            guard box?.needsRelayout == true else { return }
            gtk_widget_queue_resize(allocated)
        }
    }

    /// Scrolls the list to `offset` (the box does not scroll), laid out.
    func scroll(to offset: Double) {
        guard let list else { return }
        gtk_adjustment_set_value(gtk_scrollable_get_vadjustment(OpaquePointer(list.widget)), offset)
        settle()
    }

    /// The name of item `index` as the container has it now.
    func name(at index: Int) -> String {
        if let box { return String(cString: gtk_widget_get_name(box.children[index])) }
        // From the model itself: the size provider asks while the list changes its sizes.
        guard let model else { return names[index] }
        guard let item = g_list_model_get_item(model, guint(index)) else { return "?" }
        defer { g_object_unref(item) }
        return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
    }

    var count: Int { box?.children.count ?? list!.itemCount }
    /// Every item's name in the container's order.
    var order: [String] { (0..<count).map(name(at:)) }

    /// `order` with item `from` taken out and put at `to`.
    func moved(_ order: [String], from: Int, to: Int) -> [String] {
        var result = order
        result.insert(result.remove(at: from), at: to)
        return result
    }

    /// Item `index`'s widget (the list's, if it has one now).
    func widget(_ index: Int) -> Widget? { box.map { $0.children[index] } ?? list!.widget(forItem: index) }

    /// Where item `index` is shown, in the container's coordinates (it must have a widget).
    func frame(_ index: Int) -> FlowRect { allocation(widget(index)!) }
    func centre(_ index: Int) -> (x: Double, y: Double) { (frame(index).midX, frame(index).midY) }

    /// The lines of the last layout (the list's: of its whole line table).
    var lines: [Range<Int>] {
        if let box { return box.lastLayout?.result.lines ?? [] }
        guard let table = list!.lineTable else { return [] }
        return (0..<table.lineCount).map { table[$0].items }
    }

    @discardableResult
    func focus(_ index: Int) -> Bool {
        if let list { return list.focus(item: index) }
        return gtk_widget_grab_focus(widget(index)!) != 0
    }

    var focusedItem: Int? { interaction.host.focusedItem }
    var focusedWidget: Widget? { gtk_root_get_focus(OpaquePointer(window)) }

    static let altShift = GdkModifierType(rawValue: GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue)

    /// Alt+Shift+`key` as the host's key controller gets it, then a layout.
    func press(_ key: Int32, _ modifiers: GdkModifierType = altShift) -> Bool {
        let handled = interaction.handleKey(UInt32(key), modifiers)
        settle()
        return handled
    }

    /// A drag of item `index` that hovers at (`x`, `y`), laid out.
    func drag(_ index: Int, toX x: Double, y: Double) throws {
        interaction.beginDrag(of: try #require(widget(index)))
        interaction.dragMoved(toX: x, y: y)
        settle()
    }

    func destroy() {
        gtk_window_destroy(cgtk_window(window))
        MainLoop.drain()
    }
}

/// The end of a content provider's write into memory (GAsyncReadyCallback): its data is a
/// ``ProviderWrite``, unretained (the caller waits for it).
private final class ProviderWrite {
    var finished = false
    var succeeded = false
}

private let providerWritten: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = {
    provider, result, data in
    let write = Unmanaged<ProviderWrite>.fromOpaque(data!).takeUnretainedValue()
    write.succeeded = gdk_content_provider_write_mime_type_finish(
        UnsafeMutableRawPointer(provider!).assumingMemoryBound(to: GdkContentProvider.self), result, nil) != 0
    write.finished = true
}

/// What a drag of an item's widget carries: its drag source's `prepare`, as GTK emits it when the
/// pointer starts a drag (the content provider, or none), then its formats and its text.
@MainActor
struct PreparedDrag {
    static let textType = "text/plain;charset=utf-8"

    let provider: UnsafeMutablePointer<GdkContentProvider>?
    let actions: GdkDragAction

    init(_ harness: ReorderHarness, item index: Int) throws {
        let widget = try #require(harness.widget(index))
        let source = try #require(harness.interaction.dragSources[widget])
        var arguments = [GValue](repeating: GValue(), count: 3)
        var result = GValue()
        g_value_init(&result, gdk_content_provider_get_type())
        arguments.withUnsafeMutableBufferPointer { values in
            g_value_init(&values[0], gtk_drag_source_get_type())
            g_value_set_object(&values[0], source)
            for i in 1...2 {
                g_value_init(&values[i], g_type_from_name("gdouble"))
                g_value_set_double(&values[i], 5)
            }
            g_signal_emitv(values.baseAddress, g_signal_lookup("prepare", gtk_drag_source_get_type()), 0, &result)
            for i in 0..<3 { g_value_unset(&values[i]) }
        }
        provider = g_value_dup_object(&result).map { $0.assumingMemoryBound(to: GdkContentProvider.self) }
        g_value_unset(&result)
        actions = gtk_drag_source_get_actions(OpaquePointer(source))
    }

    func release() { if let provider { g_object_unref(UnsafeMutableRawPointer(provider)) } }

    /// Whether the content offers `type` (a GType, for drops within the process).
    func offers(_ type: GType) -> Bool {
        guard let provider, let formats = gdk_content_provider_ref_formats(provider) else { return false }
        defer { gdk_content_formats_unref(formats) }
        return gdk_content_formats_contain_gtype(formats, type) != 0
    }

    /// The plain text the content gives another program, or `nil` when it offers none.
    func text() -> String? {
        guard let provider, let formats = gdk_content_provider_ref_formats(provider) else { return nil }
        let offered = gdk_content_formats_contain_mime_type(formats, Self.textType) != 0
        gdk_content_formats_unref(formats)
        guard offered else { return nil }
        let stream = g_memory_output_stream_new_resizable()!
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let write = ProviderWrite()
        gdk_content_provider_write_mime_type_async(provider, Self.textType, stream,
                                                   0, nil, providerWritten, Unmanaged.passUnretained(write).toOpaque())
        MainLoop.run(until: { write.finished })
        guard write.succeeded else { return nil }
        let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)
        let size = Int(g_memory_output_stream_get_data_size(memory))
        guard let data = g_memory_output_stream_get_data(memory) else { return size == 0 ? "" : nil }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    }
}
