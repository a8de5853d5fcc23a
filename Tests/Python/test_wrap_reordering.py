# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Reordering by the user from Python, through the typelib, one test per behaviour against both
containers: FlowWrapHStack (in both placements) with its `move-child` and `child-moved` signals,
and FlowWrapListView (over a Gio.ListStore, a Gtk.StringList, or a model the app moves) with its
`move-item` and `item-moved`. The `reorderable` property, the veto signal that may refuse a move
and the report signal, with real key presses (Alt+Shift+arrow, as the container's key controller
receives them from GTK) on the focused item, and a .ui file. Run by
Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, Gio, Gtk  # noqa: E402

from test_wrap_list_view import ListWindow, settle  # noqa: E402  (also initializes GTK and Flow)

MOVE_KEYS = Gdk.ModifierType.ALT_MASK | Gdk.ModifierType.SHIFT_MASK
LABELS = ["one", "two", "three", "four"]
NAMES = ["tag %d" % i for i in range(30)]


def press(container, keyval):
    """Alt+Shift+`keyval` as GTK hands a key press to the container's key controllers."""
    controllers = container.observe_controllers()
    keys = [controllers.get_item(i) for i in range(controllers.get_n_items())]
    return any(c.emit("key-pressed", keyval, 0, MOVE_KEYS) for c in keys if isinstance(c, Gtk.EventControllerKey))


def moved(names, old, new):
    result = list(names)
    result.insert(new, result.pop(old))
    return result


def store_of(names):
    store = Gio.ListStore(item_type=Gtk.StringObject)
    for name in names:
        store.append(Gtk.StringObject.new(name))
    return store


def names_in(model):
    return [model.get_item(i).get_string() for i in range(model.get_n_items())]


class Box:
    """A reorderable FlowWrapHStack of buttons labelled `labels`, shown in a window; its signals
    carry the moved child."""

    signals = ("move-child", "child-moved")

    def __init__(self, test, placement=Flow.Placement.FIXED, labels=LABELS, box=None):
        self.box = box or Flow.WrapHStack(placement=placement, reorderable=True, item_spacing=6)
        if box is None:
            for label in labels:
                self.box.append(Gtk.Button(label=label))
        self.container = self.box
        self.window = Gtk.Window(default_width=400, default_height=200, child=self.box)
        self.window.present()
        settle()
        test.addCleanup(self.window.destroy)

    def order(self):
        """The box's buttons' labels in the widget tree, which is its order."""
        parent = self.box if self.box.get_placement() == Flow.Placement.DIRECT else self.box.get_fixed()
        result, child = [], parent.get_first_child()
        while child is not None:
            if isinstance(child, Gtk.Button):
                result.append(child.get_label())
            child = child.get_next_sibling()
        return result

    def button(self, label):
        parent = self.box if self.box.get_placement() == Flow.Placement.DIRECT else self.box.get_fixed()
        child = parent.get_first_child()
        while child is not None and not (isinstance(child, Gtk.Button) and child.get_label() == label):
            child = child.get_next_sibling()
        return child

    def label_of_move(self, child, old, new, after):
        return child.get_label()


class List:
    """A reorderable FlowWrapListView of buttons showing `model`'s strings, shown in a scrolled
    window; its signals carry positions only (the label recorded is the model's item there)."""

    signals = ("move-item", "item-moved")

    def __init__(self, test, model=None, view=None, **properties):
        self.view = view or Flow.WrapListView(model=model, reorderable=True, **properties)
        self.container = self.view
        self.view.connect("setup", lambda view: Gtk.Button())
        self.view.connect("bind", lambda view, button, position, item: button.set_label(item.get_string()))
        self.view.connect("unbind", lambda view, button, position, item: button.set_label(""))
        self.shown = ListWindow(self.view, width=400, height=300)
        self.window = self.shown.window
        test.addCleanup(self.shown.close)

    def order(self):
        return names_in(self.view.props.model)

    def button(self, label):
        child = self.view.get_first_child()
        while child is not None:
            if isinstance(child, Gtk.Button) and child.get_label() == label and child.get_child_visible():
                return child
            child = child.get_next_sibling()
        raise AssertionError("no button shows %r" % label)

    def label_of_move(self, child, old, new, after):
        # Asked before the move, the item is at its old place; told after it, at its new one.
        return self.view.props.model.get_item(new if after else old).get_string()


def containers(test):
    """Each container once, reorderable, with its items: the box in both placements (its labels),
    the list over a store (NAMES)."""
    return [("box fixed", lambda: Box(test, Flow.Placement.FIXED)),
            ("box direct", lambda: Box(test, Flow.Placement.DIRECT)),
            ("list", lambda: List(test, model=store_of(NAMES), item_spacing=6, line_spacing=6))]


class ReorderingTests(unittest.TestCase):
    def record(self, shown, allow=True):
        """The veto and report signals, in order, as (signal, the moved item's label, old, new)."""
        events = []
        move, report = shown.signals
        # The box's signals carry the child before the positions.
        carries_child = isinstance(shown, Box)

        def asked(_, *arguments):
            child, old, new = arguments if carries_child else (None, *arguments)
            events.append(("move", shown.label_of_move(child, old, new, False), old, new))
            return allow

        def told(_, *arguments):
            child, old, new = arguments if carries_child else (None, *arguments)
            events.append(("moved", shown.label_of_move(child, old, new, True), old, new))

        shown.container.connect(move, asked)
        shown.container.connect(report, told)
        return events

    def focus(self, shown, label):
        button = shown.button(label)
        button.grab_focus()
        settle()
        self.assertIs(shown.window.get_focus(), button)
        return button

    def test_the_property_is_off_by_default_and_notifies_once_a_change(self):
        for container in (Flow.WrapHStack(), Flow.WrapListView()):
            with self.subTest(type(container).__name__):
                self.assertFalse(container.props.reorderable)
                self.assertFalse(container.get_reorderable())
                notified = []
                container.connect("notify::reorderable", lambda *_: notified.append(container.get_reorderable()))
                container.props.reorderable = True
                container.set_reorderable(True)
                container.set_reorderable(False)
                self.assertEqual(notified, [True, False])

    def test_a_key_move_asks_then_moves_and_reports(self):
        for name, make in containers(self):
            with self.subTest(name):
                shown = make()
                events = self.record(shown)
                first, start = shown.order()[0], shown.order()
                self.focus(shown, first)
                self.assertTrue(press(shown.container, Gdk.KEY_Right), "Alt+Shift+Right is the container's")
                settle()
                self.assertEqual(events, [("move", first, 0, 1), ("moved", first, 0, 1)])
                self.assertEqual(shown.order(), moved(start, 0, 1))
                focused = shown.window.get_focus()
                self.assertEqual(focused.get_label(), first, "the focus stays on the moved item")
                last = len(start) - 1
                self.assertTrue(press(shown.container, Gdk.KEY_End))
                settle()
                self.assertEqual(events[2:], [("move", first, 1, last), ("moved", first, 1, last)])
                self.assertEqual(shown.order(), moved(moved(start, 0, 1), 1, last))
                self.assertTrue(press(shown.container, Gdk.KEY_Home))
                settle()
                self.assertEqual(events[4:], [("move", first, last, 0), ("moved", first, last, 0)])
                self.assertEqual(shown.order(), moved(moved(moved(start, 0, 1), 1, last), last, 0))

    def test_the_list_moves_the_stores_very_object_and_the_focus_stays_on_it(self):
        store = store_of(NAMES)
        shown = List(self, model=store)
        item = store.get_item(0)
        self.focus(shown, "tag 0")
        self.assertTrue(press(shown.view, Gdk.KEY_Right))
        settle()
        self.assertIs(store.get_item(1), item, "the store's very object moved")
        focused = shown.window.get_focus()
        self.assertEqual((shown.view.get_position(focused), focused.get_label()), (1, "tag 0"))

    def test_the_veto_signal_refuses_the_move(self):
        for name, make in containers(self) + [("list of strings", lambda: List(self, model=Gtk.StringList.new(NAMES)))]:
            with self.subTest(name):
                shown = make()
                start = shown.order()
                events = self.record(shown, allow=False)
                self.focus(shown, start[2])
                self.assertTrue(press(shown.container, Gdk.KEY_Home))
                settle()
                self.assertEqual(events, [("move", start[2], 2, 0)], "refused: nothing moves, nothing is reported")
                self.assertEqual(shown.order(), start)
                if isinstance(shown, List):
                    self.assertFalse(shown.view.move_item(2, 5))
                    self.assertEqual(events[1:], [("move", start[2], 2, 5)])
                    self.assertEqual(shown.order(), start)

    def test_the_first_handler_that_refuses_ends_the_emission(self):
        for name, make in containers(self):
            with self.subTest(name):
                shown = make()
                asked = []
                move, _ = shown.signals
                shown.container.connect(move, lambda *_: asked.append("first") or False)
                shown.container.connect(move, lambda *_: asked.append("second") or True)
                self.focus(shown, shown.order()[1])
                self.assertTrue(press(shown.container, Gdk.KEY_Left))
                self.assertEqual(asked, ["first"])
                if isinstance(shown, List):
                    self.assertFalse(shown.view.move_item(0, 1))
                    self.assertEqual(asked, ["first", "first"])

    def test_no_move_while_off(self):
        for name, make in containers(self):
            with self.subTest(name):
                shown = make()
                start = shown.order()
                events = self.record(shown)
                shown.container.props.reorderable = False
                self.focus(shown, start[0])
                self.assertFalse(press(shown.container, Gdk.KEY_Right))
                settle()
                self.assertEqual(events, [])
                self.assertEqual(shown.order(), start)

    def test_the_apps_own_reordering_is_not_the_users(self):
        shown = Box(self, Flow.Placement.DIRECT)
        events = self.record(shown)
        buttons = [shown.button(label) for label in LABELS]
        shown.box.reorder_child_after(buttons[0], buttons[3])
        settle()
        self.assertEqual(events, [])
        self.assertEqual(shown.order(), ["two", "three", "four", "one"])

    def test_a_ui_file_turns_it_on(self):
        children = "".join(f'<child><object class="GtkButton"><property name="label">{label}</property>'
                           "</object></child>" for label in LABELS)
        items = "".join("<item>%s</item>" % name for name in NAMES)
        files = [
            ("box", '<interface><object class="FlowWrapHStack" id="container"><property name="reorderable">True'
                    f"</property>{children}</object></interface>", lambda builder: Box(self, box=builder.get_object("container"))),
            ("list", '<interface><object class="FlowWrapListView" id="container"><property name="reorderable">True'
                     '</property><property name="model"><object class="GtkStringList" id="strings"><items>%s</items>'
                     "</object></property></object></interface>" % items,
             lambda builder: List(self, view=builder.get_object("container"))),
        ]
        for name, ui, show in files:
            with self.subTest(name):
                builder = Gtk.Builder.new_from_string(ui, -1)
                self.assertTrue(builder.get_object("container").props.reorderable)
                shown = show(builder)
                start = shown.order()
                events = self.record(shown)
                self.focus(shown, start[1])
                self.assertTrue(press(shown.container, Gdk.KEY_Left))
                settle()
                self.assertEqual(events, [("move", start[1], 1, 0), ("moved", start[1], 1, 0)])
                self.assertEqual(shown.order(), moved(start, 1, 0))

    def test_the_store_is_moved_before_item_moved(self):
        store = store_of(NAMES)
        shown = List(self, model=store)
        seen = []
        shown.view.connect("item-moved", lambda _, old, new: seen.append(store.get_item(new).get_string()))
        self.focus(shown, "tag 3")
        self.assertTrue(press(shown.view, Gdk.KEY_Left))
        settle()
        self.assertEqual(seen, ["tag 3"])

    def test_move_item_is_a_users_move_whether_or_not_reorderable(self):
        store = store_of(NAMES)
        shown = List(self, model=store)
        shown.view.props.reorderable = False
        events = self.record(shown)
        self.focus(shown, "tag 4")
        self.assertTrue(shown.view.move_item(4, 1))
        settle()
        self.assertEqual(events, [("move", "tag 4", 4, 1), ("moved", "tag 4", 4, 1)])
        self.assertEqual(names_in(store), moved(NAMES, 4, 1))
        focused = shown.window.get_focus()
        self.assertEqual((shown.view.get_position(focused), focused.get_label()), (1, "tag 4"),
                         "the focus stays on the item (moved in the store directly, the next item would have it)")
        self.assertFalse(shown.view.move_item(3, 3))
        self.assertFalse(shown.view.move_item(3, len(NAMES)))
        self.assertEqual(len(events), 2, "no move, no signal")

    def test_another_model_is_moved_by_the_item_moved_handler(self):
        store = store_of(NAMES)
        model = Gtk.SortListModel(model=store)   # no sorter: the store's order, but not a store
        shown = List(self, model=model)

        def item_moved(_, old, new):
            item = store.get_item(old)
            store.remove(old)
            store.insert(new, item)

        shown.view.connect("item-moved", item_moved)
        self.focus(shown, "tag 1")
        self.assertTrue(press(shown.view, Gdk.KEY_Right))
        settle()
        self.assertEqual(names_in(model), moved(NAMES, 1, 2))
        focused = shown.window.get_focus()
        self.assertEqual((shown.view.get_position(focused), focused.get_label()), (2, "tag 1"), "the focus followed the item")


if __name__ == "__main__":
    unittest.main(verbosity=2)
