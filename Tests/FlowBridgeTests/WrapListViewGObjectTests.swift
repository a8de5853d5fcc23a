// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// What a C program's handlers of a FlowWrapListView's signals saw, and a watch on every label
/// its `setup` made. Handed to GObject as the handlers' data (retained once per handler and
/// released by each one's destroy-notify), so a test sees when GObject lets go of it.
private final class SignalRecorder: @unchecked Sendable {
    var setups = 0, binds = 0, unbinds = 0, teardowns = 0
    var watches: [FinalizationWatch] = []
    /// The item each label shows, from bind to unbind (not retained: the view holds it meanwhile).
    var bound: [UnsafeMutableRawPointer: gpointer?] = [:]
    var errors: [String] = []
}

private func recorder(_ data: gpointer?) -> SignalRecorder {
    Unmanaged<SignalRecorder>.fromOpaque(data!).takeUnretainedValue()
}

/// `setup` as C writes it: returns a new, floating label (the view must sink it, not leak it).
private let setupHandler: @convention(c) (gpointer?, gpointer?) -> UnsafeMutablePointer<GtkWidget>? = { _, data in
    let record = recorder(data)
    let label = MainThreadLabel(gtk_label_new(nil)!)
    MainActor.assumeIsolated {
        record.setups += 1
        record.watches.append(FinalizationWatch(label.widget))
    }
    return label.widget
}

/// A widget pointer crossing into the main actor's closure (it stays on the main thread).
private struct MainThreadLabel: @unchecked Sendable {
    let widget: UnsafeMutablePointer<GtkWidget>
    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
}

private let bindHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, guint, gpointer?, gpointer?) -> Void = {
    _, widget, _, item, data in
    let record = recorder(data)
    record.binds += 1
    if record.bound[UnsafeMutableRawPointer(widget!)] != nil { record.errors.append("a label bound twice") }
    record.bound[UnsafeMutableRawPointer(widget!)] = item
    gtk_label_set_text(cgtk_label(widget!), gtk_string_object_get_string(OpaquePointer(item)))
}

private let unbindHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, guint, gpointer?, gpointer?) -> Void = {
    _, widget, _, item, data in
    let record = recorder(data)
    record.unbinds += 1
    guard let was = record.bound.removeValue(forKey: UnsafeMutableRawPointer(widget!)) else {
        record.errors.append("unbind of a label that is not bound")
        return
    }
    if was != item { record.errors.append("unbind got another item than bind") }
}

private let teardownHandler: @convention(c) (gpointer?, UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, _, data in
    recorder(data).teardowns += 1
}

private let releaseRecorder: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    Unmanaged<SignalRecorder>.fromOpaque(data!).release()
}

/// The GObject path of the list, as a C program (or a language binding) takes it: the type made by
/// g_object_new, filled by handlers of its signals, its options set as properties.
@MainActor @Suite(.serialized)
struct WrapListViewGObjectTests {
    /// A FlowWrapListView made by g_object_new, not sunk (as a C program gets it).
    func newView() -> Widget {
        let object = g_object_new_with_properties(flow_wrap_list_view_get_type(), 0, nil, nil)!
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
    }

    fileprivate func connectFactory(_ view: Widget, _ record: SignalRecorder) {
        let handlers: [(String, GCallback)] = [
            ("setup", unsafeBitCast(setupHandler, to: GCallback.self)),
            ("bind", unsafeBitCast(bindHandler, to: GCallback.self)),
            ("unbind", unsafeBitCast(unbindHandler, to: GCallback.self)),
            ("teardown", unsafeBitCast(teardownHandler, to: GCallback.self)),
        ]
        for (name, handler) in handlers {
            cgtk_signal_connect(view, name, handler, Unmanaged.passRetained(record).toOpaque(), releaseRecorder)
        }
    }

    /// The labels the view shows now, with the positions it gives them.
    func shownLabels(_ view: Widget) -> [(position: guint, label: Widget)] {
        var shown: [(guint, Widget)] = []
        var child = gtk_widget_get_first_child(view)
        while let widget = child {
            let position = flow_wrap_list_view_get_position(flow_wrap_list_view_cast(view), widget)
            if gtk_widget_get_child_visible(widget) != 0 { shown.append((position, widget)) }
            child = gtk_widget_get_next_sibling(widget)
        }
        return shown
    }

    @Test func aListMadeByGObjectIsFilledByItsSignalsAndGivesEverythingBack() throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        weak var weakRecord: SignalRecorder?
        var viewWatch: FinalizationWatch?
        var modelWatch: FinalizationWatch?
        do {
            let record = SignalRecorder()
            weakRecord = record
            let texts = listTexts(3_000, seed: 5)
            let model = stringList(texts)
            modelWatch = FinalizationWatch(object: UnsafeMutableRawPointer(model))
            let view = newView()
            viewWatch = FinalizationWatch(view)
            connectFactory(view, record)
            flow_wrap_list_view_set_model(flow_wrap_list_view_cast(view), model)
            g_object_unref(UnsafeMutableRawPointer(model))
            let window = gtk_window_new()!
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(cgtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), view)
            gtk_window_set_child(cgtk_window(window), scrolled)
            let vadjustment = gtk_scrollable_get_vadjustment(OpaquePointer(view))!
            for offset in stride(from: 0.0, through: 9_000, by: 1_500) {
                gtk_adjustment_set_value(vadjustment, offset)
                measureAndAllocate(scrolled, width: 360, height: 300)
                let shown = shownLabels(view)
                #expect(shown.count > 5)
                for (position, label) in shown {
                    #expect(Int(position) < texts.count)
                    #expect(String(cString: gtk_label_get_text(cgtk_label(label))) == texts[Int(position)])
                }
            }
            let realized = Int(flow_wrap_list_view_get_n_realized(flow_wrap_list_view_cast(view)))
            #expect(realized > 5 && realized < 200, "\(realized) widgets for 3,000 items")
            #expect(record.setups < 200 && record.binds > record.setups, "widgets were recycled")
            #expect(record.errors.isEmpty, "\(record.errors)")

            // No model: every widget is torn down and freed, at once.
            flow_wrap_list_view_set_model(flow_wrap_list_view_cast(view), nil)
            #expect(record.teardowns == record.setups)
            #expect(record.binds == record.unbinds && record.bound.isEmpty)
            #expect(record.watches.allSatisfy { $0.isFinalized }, "every label made by setup is freed")
            #expect(modelWatch?.isFinalized == true, "the view let go of the model")
            #expect(gtk_widget_get_first_child(view) == nil)

            // A model again, then the window goes: the same, and the view with it.
            flow_wrap_list_view_set_model(flow_wrap_list_view_cast(view), stringList(texts))
            measureAndAllocate(scrolled, width: 360, height: 300)
            #expect(record.setups > record.teardowns)
            gtk_window_destroy(cgtk_window(window))
            MainLoop.drain()
            #expect(record.teardowns == record.setups)
            #expect(record.watches.allSatisfy { $0.isFinalized })
            #expect(record.errors.isEmpty, "\(record.errors)")
        }
        #expect(viewWatch?.isFinalized == true)
        #expect(weakRecord == nil, "the handlers' data was released with the view")
        #expect(ClosureBoxes.liveCount == boxesBefore, "no closure box is left")
    }

    @Test func withoutASetupHandlerTheListMakesNoWidgetUntilOneIsConnected() throws {
        GTK.setUp()
        let view = newView()
        g_object_ref_sink(view)
        defer { g_object_unref(view) }
        let model = stringList(listTexts(200, seed: 6))
        flow_wrap_list_view_set_model(flow_wrap_list_view_cast(view), model)
        g_object_unref(UnsafeMutableRawPointer(model))
        measureAndAllocate(view, width: 300, height: 200)
        #expect(gtk_widget_get_first_child(view) == nil)
        let record = SignalRecorder()
        connectFactory(view, record)
        gtk_widget_queue_resize(view)
        measureAndAllocate(view, width: 300, height: 200)
        #expect(record.setups > 0 && !shownLabels(view).isEmpty)
        #expect(record.errors.isEmpty, "\(record.errors)")
    }

    /// The properties and the Swift `layout` are one state, each change notified once.
    @Test func thePropertiesAndTheSwiftLayoutAreOneState() {
        GTK.setUp()
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_label_new(nil) }, bind: { _, _ in }))
        var notified: [String] = []
        connectSignal(list.widget, "notify") { (pspec: gpointer?) in
            let spec = pspec!.assumingMemoryBound(to: GParamSpec.self)
            notified.append(String(cString: g_param_spec_get_name(spec)))
        }
        // The Swift view's defaults (spacing 6) are the properties' values.
        var value = GValue()
        g_value_init(&value, g_type_from_name("gdouble"))
        g_object_get_property(cgtk_object(list.widget), "item-spacing", &value)
        #expect(g_value_get_double(&value) == WrapHStack.defaultLayout.itemSpacing)
        // Swift to GObject: one notification per changed property.
        list.layout.itemSpacing = 11
        list.layout.itemSpacing = 11
        g_object_get_property(cgtk_object(list.widget), "item-spacing", &value)
        #expect(g_value_get_double(&value) == 11)
        #expect(notified == ["item-spacing"])
        // GObject to Swift, keeping what no property covers (the insets).
        list.layout.insets = FlowInsets(top: 3, leading: 4, bottom: 5, trailing: 6)
        notified = []
        g_value_set_double(&value, 2)   // an int property (as AdwWrapBox's): GObject converts the double
        g_object_set_property(cgtk_object(list.widget), "line-spacing", &value)
        g_value_unset(&value)
        #expect(list.layout.lineSpacing == 2)
        #expect(list.layout.insets == FlowInsets(top: 3, leading: 4, bottom: 5, trailing: 6))
        #expect(notified == ["line-spacing"])
        g_value_init(&value, gtk_orientation_get_type())
        g_value_set_enum(&value, Int32(GTK_ORIENTATION_VERTICAL.rawValue))
        g_object_set_property(cgtk_object(list.widget), "orientation", &value)
        g_value_unset(&value)
        #expect(list.layout.axis == .vertical)
        list.layout.axis = .horizontal
        #expect(gtk_orientable_get_orientation(OpaquePointer(list.widget)) == GTK_ORIENTATION_HORIZONTAL)
        // The model property is the Swift view's model.
        let model = stringList(["a", "b"])
        notified = []
        list.setModel(UnsafeMutableRawPointer(model))
        #expect(flow_wrap_list_view_get_model(flow_wrap_list_view_cast(list.widget)) == model)
        #expect(notified == ["model"])
        list.setItemCount(3)
        #expect(flow_wrap_list_view_get_model(flow_wrap_list_view_cast(list.widget)) == nil)
        #expect(notified == ["model", "model"])
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}
