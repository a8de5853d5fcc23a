// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CFlow
import CGtk
@testable import FlowBridge
import FlowEngine
import GObjectSupport
import Testing

/// Selection and activation, written once in the interaction core, against the box (both
/// placements; its own selection, in multiple mode unless a test says) and the list (a
/// GtkMultiSelection over a GListStore or a GtkStringList): clicks through the gesture's handler
/// with the modifiers it would read, keys through the host's key handler (as ReorderingTests; the
/// end-to-end tests send real ones), and what the item widgets show (CSS :selected, the
/// accessible state). 200 items of 90 px in 420 px, spacing 10: four a line.
@MainActor @Suite(.serialized)
struct SelectionTests {
    typealias Kind = ReorderHarness.Kind

    static let ctrl = GDK_CONTROL_MASK, shift = GDK_SHIFT_MASK, none = GdkModifierType(rawValue: 0)
    nonisolated static let kinds: [Kind] = [.box(.fixed), .box(.direct), .list(.store), .list(.strings)]

    /// A harness whose container selects (the box in `mode`; the list over a GtkMultiSelection).
    static func harness(_ kind: Kind, mode: GtkSelectionMode = GTK_SELECTION_MULTIPLE) -> ReorderHarness {
        let harness = ReorderHarness(kind, selection: { gtk_multi_selection_new($0)! })
        harness.box?.selectionMode = mode
        shown(harness)
        return harness
    }

    /// Shows the harness's window: a click finds its item by GTK's picking, which sees mapped
    /// widgets only.
    @discardableResult
    static func shown(_ harness: ReorderHarness) -> ReorderHarness {
        gtk_window_set_default_size(cgtk_window(harness.window), Int32(harness.width), Int32(harness.height))
        gtk_window_present(cgtk_window(harness.window))
        MainLoop.drain()
        harness.settle()
        return harness
    }

    /// The selected items' indices, as the container (the box) or the model (the list) has them.
    func selected(_ harness: ReorderHarness) -> [Int] {
        if let box = harness.box { return box.selectedChildren.map { child in box.children.firstIndex(of: child)! } }
        return (0..<harness.count).filter { gtk_selection_model_is_selected(harness.model, guint($0)) != 0 }
    }

    func click(_ harness: ReorderHarness, _ index: Int, _ modifiers: GdkModifierType = none, count: Int = 1) {
        let (x, y) = harness.centre(index)
        harness.interaction.pressed(count, x: x, y: y, modifiers: modifiers)
        harness.interaction.released(count, x: x, y: y)
        harness.settle()
    }

    func key(_ harness: ReorderHarness, _ keyval: Int32, _ modifiers: GdkModifierType = none) -> Bool {
        let handled = harness.interaction.handleItemKey(UInt32(keyval), modifiers)
        harness.settle()
        return handled
    }

    /// Every item widget shows the selection: CSS :selected and the accessible state agree with it.
    func expectWidgetsShowSelection(_ harness: ReorderHarness) {
        let chosen = Set(selected(harness))
        for index in 0..<harness.count {
            guard let widget = harness.widget(index) else { continue }
            let isSelected = chosen.contains(index)
            #expect((gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0) == isSelected,
                    "item \(index): CSS :selected")
            #expect(flow_interaction_item_selected_is(widget, isSelected ? 1 : 0) != 0, "item \(index): accessible state")
        }
    }

    // MARK: The pointer

    @Test(arguments: kinds)
    func clickSelectsAloneCtrlClickTogglesShiftClickSelectsTheRange(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        click(harness, 2)
        #expect(selected(harness) == [2])
        click(harness, 5, Self.ctrl)
        #expect(selected(harness) == [2, 5])
        // The anchor is the last item chosen without Shift: 5.
        click(harness, 9, Self.shift)
        #expect(selected(harness) == [5, 6, 7, 8, 9])
        click(harness, 3, Self.shift)
        #expect(selected(harness) == [3, 4, 5])
        click(harness, 4, Self.ctrl)
        #expect(selected(harness) == [3, 5])
        click(harness, 7)
        #expect(selected(harness) == [7])
        expectWidgetsShowSelection(harness)
    }

    @Test(arguments: kinds)
    func aClickFocusesTheItem(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        click(harness, 6)
        #expect(harness.focusedItem == 6)
    }

    // MARK: The keys

    @Test(arguments: kinds)
    func shiftArrowsExtendAcrossWrappedLinesFromTheAnchor(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        #expect(harness.focus(1))
        #expect(key(harness, GDK_KEY_space))
        #expect(selected(harness) == [1])
        // Down: the engine's neighbour on the next line, 5.
        #expect(key(harness, GDK_KEY_Down, Self.shift))
        #expect(harness.focusedItem == 5 && selected(harness) == [1, 2, 3, 4, 5])
        #expect(key(harness, GDK_KEY_Right, Self.shift))
        #expect(harness.focusedItem == 6 && selected(harness) == Array(1...6))
        #expect(key(harness, GDK_KEY_Up, Self.shift))
        #expect(harness.focusedItem == 2 && selected(harness) == [1, 2])
        // A plain arrow moves the focus and selects the item alone; Ctrl+arrows are GTK's.
        #expect(key(harness, GDK_KEY_Down))
        #expect(harness.focusedItem == 6 && selected(harness) == [6])
        #expect(!key(harness, GDK_KEY_Right, Self.ctrl))
        expectWidgetsShowSelection(harness)
    }

    nonisolated static let listKinds: [Kind] = [.list(.store), .list(.strings)]

    /// With a filter (a search: every third item shown), the list's selection model is asked and
    /// changed through it: a click selects the model item shown there, Shift+click the run of
    /// items shown (the hidden ones between stay unselected), Ctrl+A what is shown and not the
    /// hidden items, Ctrl+Shift+A unselects what is shown; the model's own change shows on the
    /// widget of the item shown. A move among the items shown moves the model item just before
    /// the one shown where it goes, and keeps its selection.
    @Test(arguments: listKinds)
    func throughAFilterTheSelectionAndTheMovesAreOfTheItemsShown(kind: Kind) throws {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        let list = try #require(harness.list), model = try #require(harness.model)
        let shown = Array(stride(from: 0, to: 200, by: 3))
        list.setFilter(shown)
        harness.settle()
        #expect(list.itemCount == shown.count)
        // The model's selection, of every model item (the harness counts the items shown).
        func selected(_ harness: ReorderHarness) -> [Int] {
            (0..<200).filter { gtk_selection_model_is_selected(model, guint($0)) != 0 }
        }
        func widgetsShowTheModel() {
            let filter = list.filter ?? []
            for position in 0..<list.itemCount {
                guard let widget = list.widget(forItem: position) else { continue }
                let isSelected = gtk_selection_model_is_selected(model, guint(filter[position])) != 0
                #expect((gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0) == isSelected,
                        "position \(position), item \(filter[position]): CSS :selected")
            }
        }
        click(harness, 2)
        #expect(selected(harness) == [6])
        click(harness, 4, Self.shift)
        #expect(selected(harness) == [6, 9, 12])
        widgetsShowTheModel()
        #expect(harness.focus(3))
        #expect(key(harness, GDK_KEY_a, Self.ctrl))
        #expect(selected(harness) == shown)
        widgetsShowTheModel()
        #expect(key(harness, GDK_KEY_A, GdkModifierType(rawValue: Self.ctrl.rawValue | Self.shift.rawValue)))
        #expect(selected(harness) == [])
        // A hidden item selected by the app stays selected through Ctrl+Shift+A of the shown.
        gtk_selection_model_select_item(model, 10, 0)
        gtk_selection_model_select_item(model, 9, 0)
        harness.settle()
        widgetsShowTheModel()
        #expect(key(harness, GDK_KEY_A, GdkModifierType(rawValue: Self.ctrl.rawValue | Self.shift.rawValue)))
        #expect(selected(harness) == [10])
        gtk_selection_model_unselect_all(model)

        // Item 9 (shown fourth, selected) moved to the second place shown: before item 3.
        click(harness, 3)
        let before = (0..<200).map(harness.name(at:))
        #expect(list.moveItem(from: 3, to: 1))
        harness.settle()
        let after = (0..<200).map(harness.name(at:))
        #expect(after == harness.moved(before, from: 9, to: 3))
        #expect(list.itemCount == shown.count)
        let names = (list.filter ?? []).map { after[$0] }
        #expect(Array(names.prefix(4)) == ["item 0", "item 9", "item 3", "item 6"], "\(names.prefix(6))")
        #expect(selected(harness) == [3], "item 9, now at model index 3, still selected")
        widgetsShowTheModel()
    }

    @Test(arguments: kinds)
    func spaceTogglesCtrlASelectsAllCtrlShiftANone(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        #expect(harness.focus(3))
        #expect(key(harness, GDK_KEY_space))
        #expect(selected(harness) == [3])
        #expect(key(harness, GDK_KEY_space))
        #expect(selected(harness) == [])
        #expect(key(harness, GDK_KEY_a, Self.ctrl))
        #expect(selected(harness).count == harness.count)
        expectWidgetsShowSelection(harness)
        #expect(key(harness, GDK_KEY_A, GdkModifierType(rawValue: Self.ctrl.rawValue | Self.shift.rawValue)))
        #expect(selected(harness) == [])
        expectWidgetsShowSelection(harness)
    }

    @Test(arguments: kinds)
    func withoutASelectionTheKeysAndClicksAreTheItems(kind: Kind) {
        // The box in mode none (its default); the list over a plain store.
        let harness = Self.shown(ReorderHarness(kind))
        defer { harness.destroy() }
        #expect(harness.focus(2))
        #expect(!key(harness, GDK_KEY_space))
        #expect(!key(harness, GDK_KEY_a, Self.ctrl))
        #expect(!key(harness, GDK_KEY_Return))
        click(harness, 4)
        #expect(harness.box?.selectedChildren.isEmpty ?? true)
        for index in 0..<8 {
            let widget = harness.widget(index)!
            #expect(gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue == 0)
        }
    }

    // MARK: Activation

    @Test(arguments: kinds)
    func enterAndClicksActivate(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        var activated: [Int] = []
        if let box = harness.box {
            box.onChildActivated = { child in activated.append(box.children.firstIndex(of: child)!) }
            // The box activates on one click by default (GtkFlowBox's); the list on two.
            box.activateOnSingleClick = false
        } else {
            harness.list!.onActivate = { activated.append($0) }
        }
        #expect(harness.focus(4))
        #expect(key(harness, GDK_KEY_Return))
        #expect(activated == [4])
        click(harness, 6)
        #expect(activated == [4])
        click(harness, 6, count: 2)
        #expect(activated == [4, 6])
        if let box = harness.box { box.activateOnSingleClick = true } else { harness.list!.singleClickActivate = true }
        click(harness, 7)
        #expect(activated == [4, 6, 7])
    }

    @Test(arguments: kinds)
    func theActivationSignalCarriesTheChildOrThePosition(kind: Kind) {
        let harness = Self.harness(kind)
        defer { harness.destroy() }
        let seen = SignalLog()
        if harness.box != nil {
            connectSignal(UnsafeMutableRawPointer(harness.containerWidget), "child-activated") { (child: gpointer?) in
                seen.values.append(Int(bitPattern: child))
            }
        } else {
            connectUIntSignal(harness.containerWidget, "activate") { seen.values.append(Int($0)) }
        }
        #expect(harness.focus(3))
        #expect(key(harness, GDK_KEY_KP_Enter))
        let expected = harness.box != nil ? Int(bitPattern: harness.widget(3)!) : 3
        #expect(seen.values == [expected])
    }

    // MARK: The box's modes

    @Test(arguments: [1, 2])
    func singleAndBrowseKeepOneChild(modeNumber: UInt32) {
        let mode = GtkSelectionMode(modeNumber)  // single, browse
        let harness = Self.harness(.box(.fixed), mode: mode)
        defer { harness.destroy() }
        let box = harness.box!
        click(harness, 1)
        click(harness, 3, Self.ctrl)
        #expect(selected(harness) == [3])
        click(harness, 6, Self.shift)
        #expect(selected(harness) == [6])
        // Ctrl+click on the selected child: single lets the user unselect it, browse does not.
        click(harness, 6, Self.ctrl)
        #expect(selected(harness) == (mode == GTK_SELECTION_BROWSE ? [6] : []))
        #expect(!key(harness, GDK_KEY_a, Self.ctrl) || selected(harness).count <= 1)
        // The app may unselect in browse mode too.
        box.unselectAll()
        #expect(selected(harness) == [])
    }

    @Test func theBoxsAPIAndItsSignal() throws {
        let harness = Self.harness(.box(.direct))
        defer { harness.destroy() }
        let box = harness.box!
        var changes = 0
        box.onSelectionChanged = { changes += 1 }
        let signals = SignalLog()
        connectSignal(UnsafeMutableRawPointer(box.widget), "selected-children-changed") { signals.values.append(1) }
        box.select(box.children[4])
        box.select(box.children[2])
        #expect(selected(harness) == [2, 4] && changes == 2 && signals.values.count == 2)
        // No change, no report.
        box.select(box.children[2])
        #expect(changes == 2)
        #expect(box.isSelected(box.children[4]) && !box.isSelected(box.children[3]))
        // A selected child removed: no longer selected, its state cleared, the app told.
        let removed = box.children[4]
        g_object_ref(UnsafeMutableRawPointer(removed))
        try box.remove(removed)
        #expect(selected(harness) == [2] && changes == 3)
        #expect(gtk_widget_get_state_flags(removed).rawValue & GTK_STATE_FLAG_SELECTED.rawValue == 0)
        g_object_unref(UnsafeMutableRawPointer(removed))
        // Moving a child keeps its selection (the box's selection is of children, not places).
        let chosen = box.children[2]
        harness.interaction.moveItem(from: 2, to: 10)
        #expect(box.selectedChildren == [chosen])
        // Leaving multiple unselects, as GtkFlowBox does.
        box.selectionMode = GTK_SELECTION_SINGLE
        #expect(box.selectedChildren.isEmpty)
        box.selectionMode = GTK_SELECTION_NONE
        box.select(box.children[0])
        #expect(box.selectedChildren.isEmpty)
        // Mode none: no child carries any selected state.
        #expect(flow_interaction_item_selected_is(box.children[0], 0) == 0)
    }

    // MARK: The list's selection model

    @Test func aSingleSelectionModelKeepsItsRules() {
        let harness = ReorderHarness(.list(.store), selection: { store in
            let single = gtk_single_selection_new(store)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            return single
        })
        Self.shown(harness)
        defer { harness.destroy() }
        click(harness, 2)
        #expect(selected(harness) == [2])
        // A range is refused by the model: the item alone.
        click(harness, 6, Self.shift)
        #expect(selected(harness) == [6])
        #expect(harness.focus(6))
        #expect(key(harness, GDK_KEY_a, Self.ctrl))
        #expect(selected(harness) == [6])
        click(harness, 6, Self.ctrl)
        #expect(selected(harness) == [])
        expectWidgetsShowSelection(harness)
    }

    @Test func theModelsOwnChangesShowAndSurviveScrolling() throws {
        let harness = Self.harness(.list(.store))
        defer { harness.destroy() }
        let model = try #require(harness.model)
        gtk_selection_model_select_item(model, 1, 1)
        gtk_selection_model_select_item(model, 150, 0)
        expectWidgetsShowSelection(harness)
        // Far down and back: recycled widgets show their new items' selection.
        harness.scroll(to: 1_500)
        expectWidgetsShowSelection(harness)
        #expect(harness.widget(150) != nil)
        harness.scroll(to: 0)
        expectWidgetsShowSelection(harness)
        // A reorder moves the item in the store the selection model wraps; the selection follows it.
        #expect(harness.interaction.moveItem(from: 1, to: 3))
        #expect(harness.name(at: 3) == "item 1")
        #expect(selected(harness).contains(3))
        expectWidgetsShowSelection(harness)
    }
}

extension SelectionTests {
    // MARK: Nothing kept

    /// Selected children, the gesture and key controller, the Swift closures: everything goes
    /// with the window, and every closure box is released.
    @Test(arguments: [WrapHStack.Placement.fixed, .direct])
    func aSelectingBoxIsFreedWithItsChildrenAndClosures(placement: WrapHStack.Placement) throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var watches: [FinalizationWatch] = []
        weak var weakStack: WrapHStack?
        do {
            let window = gtk_window_new()!
            let stack = WrapHStack(placement: placement)
            weakStack = stack
            watches.append(FinalizationWatch(stack.widget))
            for index in 0..<8 {
                let child = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
                gtk_widget_set_focusable(child, 1)
                watches.append(FinalizationWatch(child))
                try stack.append(child)
                if index % 2 == 0 { stack.select(child) }
            }
            stack.selectionMode = GTK_SELECTION_MULTIPLE
            stack.selectAll()
            // Weakly, as an app must: the box holds its closures, the closures would hold its view.
            stack.onSelectionChanged = { [weak stack] in _ = stack?.selectedChildren }
            stack.onChildActivated = { [weak stack] _ in _ = stack?.children }
            gtk_window_set_child(cgtk_window(window), stack.widget)
            gtk_window_present(cgtk_window(window))
            MainLoop.drain()
            gtk_window_destroy(cgtk_window(window))
            MainLoop.drain()
        }
        #expect(weakStack == nil)
        #expect(watches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }

    /// A list over a GtkMultiSelection whose widgets a GtkBuilderListItemFactory's template made:
    /// the widgets, their FlowListItems, the model and the factory go with the window.
    @Test func aListWithABuilderFactoryIsFreedWithEverythingItMade() throws {
        GTK.setUp()
        MainLoop.drain()
        let boxesBefore = ClosureBoxes.liveCount
        var watches: [FinalizationWatch] = []
        do {
            let template = """
                <interface><template class="GtkListItem"><property name="child"><object class="GtkLabel">
                <property name="focusable">1</property>
                <binding name="label"><lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup></lookup></binding>
                </object></property></template></interface>
                """
            let bytes = template.withCString { g_bytes_new($0, gsize(strlen($0)))! }
            let factory = gtk_builder_list_item_factory_new_from_bytes(nil, bytes)!
            g_bytes_unref(bytes)
            let strings = gtk_string_list_new(nil)!
            for index in 0..<500 { gtk_string_list_append(strings, "item \(index)") }
            let model = gtk_multi_selection_new(strings)!
            gtk_selection_model_select_range(model, 2, 5, 1)
            let window = gtk_window_new()!
            gtk_window_set_default_size(cgtk_window(window), 400, 300)
            let view = try #require(flow_wrap_list_view_new(nil))
            let list = flow_wrap_list_view_cast(view)
            flow_wrap_list_view_set_model(list, model)
            flow_wrap_list_view_set_factory(list, factory)
            #expect(flow_wrap_list_view_get_factory(list) == factory)
            watches = [FinalizationWatch(view), FinalizationWatch(object: UnsafeMutableRawPointer(model)),
                       FinalizationWatch(object: UnsafeMutableRawPointer(factory))]
            g_object_unref(UnsafeMutableRawPointer(model))
            g_object_unref(UnsafeMutableRawPointer(factory))
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(cgtk_scrolled_window(scrolled), view)
            gtk_window_set_child(cgtk_window(window), scrolled)
            gtk_window_present(cgtk_window(window))
            MainLoop.drain()
            // The template's binding shows each item; the selected ones show it.
            var labels: [Widget] = []
            var child = gtk_widget_get_first_child(view)
            while let current = child {
                if gtk_widget_get_child_visible(current) != 0 { labels.append(current) }
                child = gtk_widget_get_next_sibling(current)
            }
            #expect(labels.count > 10)
            for label in labels {
                let text = String(cString: gtk_label_get_text(cgtk_label(label)))
                let position = Int(flow_wrap_list_view_get_position(list, label))
                #expect(text == "item \(position)")
                #expect((gtk_widget_get_state_flags(label).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0)
                        == (2..<7).contains(position))
                watches.append(FinalizationWatch(label))
            }
            gtk_window_destroy(cgtk_window(window))
            MainLoop.drain()
        }
        #expect(watches.filter { !$0.isFinalized }.isEmpty)
        #expect(ClosureBoxes.liveCount == boxesBefore)
    }
}

extension SelectionTests {
    /// A GtkSignalListItemFactory is refused with a warning that says why (GTK 4.8 cannot be
    /// driven from outside); the Swift view's own factory replaces a GtkListItemFactory.
    @Test func theFactoryPropertyRefusesWhatGTKCannotDriveAndYieldsToSwift() throws {
        GTK.setUp()
        let list = WrapListView(factory: WrapListItemFactory(setup: { gtk_label_new("")! }, bind: { _, _ in }))
        let object = flow_wrap_list_view_cast(list.widget)
        let mark = GTKLog.count
        let signals = gtk_signal_list_item_factory_new()!
        flow_wrap_list_view_set_factory(object, signals)
        #expect(flow_wrap_list_view_get_factory(object) == nil)
        #expect(GTKLog.messages(since: mark).contains { $0.contains("GtkSignalListItemFactory") && $0.contains("GTK 4.8") })
        g_object_unref(UnsafeMutableRawPointer(signals))
        let template = "<interface><template class=\"GtkListItem\"><property name=\"child\"><object class=\"GtkLabel\"/></property></template></interface>"
        let bytes = template.withCString { g_bytes_new($0, gsize(strlen($0)))! }
        let builder = gtk_builder_list_item_factory_new_from_bytes(nil, bytes)!
        g_bytes_unref(bytes)
        let watch = FinalizationWatch(object: UnsafeMutableRawPointer(builder))
        flow_wrap_list_view_set_factory(object, builder)
        g_object_unref(UnsafeMutableRawPointer(builder))
        #expect(flow_wrap_list_view_get_factory(object) == builder)
        // A template that makes no child is refused too, naming the reason.
        let empty = "<interface><template class=\"GtkListItem\"/></interface>".withCString { g_bytes_new($0, gsize(strlen($0)))! }
        let childless = gtk_builder_list_item_factory_new_from_bytes(nil, empty)!
        g_bytes_unref(empty)
        let before = GTKLog.count
        flow_wrap_list_view_set_factory(object, childless)
        #expect(flow_wrap_list_view_get_factory(object) == builder)
        #expect(GTKLog.messages(since: before).contains { $0.contains("child") })
        g_object_unref(UnsafeMutableRawPointer(childless))
        list.setFactory(WrapListItemFactory(setup: { gtk_label_new("")! }, bind: { _, _ in }))
        #expect(flow_wrap_list_view_get_factory(object) == nil)
        #expect(watch.isFinalized)
    }
}

/// What a signal handler saw (a class, so the handler's closure can append to it).
@MainActor
final class SignalLog {
    var values: [Int] = []
}

/// Connects a signal whose one argument is a guint (the list's `activate`).
@MainActor
func connectUIntSignal(_ instance: Widget, _ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void) {
    // The pointer-argument trampoline gets the guint in the pointer's register.
    connectSignal(UnsafeMutableRawPointer(instance), signal) { (value: gpointer?) in
        handler(UInt32(truncatingIfNeeded: Int(bitPattern: value)))
    }
}
