# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""FlowWrapListView's reordering by the user from Python, through the typelib: the `reorderable`
property, the `move-item` signal that may refuse a move and the `item-moved` signal that reports
it, with real key presses (Alt+Shift+arrow, as the view's key controller receives them from GTK)
on the focused item; a Gio.ListStore and a Gtk.StringList moved by the view, another model moved
by the app's `item-moved` handler; flow_wrap_list_view_move_item; and a .ui file. Run by
Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, Gio, Gtk  # noqa: E402

from test_wrap_list_view import ListWindow, settle  # noqa: E402  (also initializes GTK and Flow)

MOVE_KEYS = Gdk.ModifierType.ALT_MASK | Gdk.ModifierType.SHIFT_MASK
NAMES = ["tag %d" % i for i in range(30)]


def store_of(names):
    store = Gio.ListStore(item_type=Gtk.StringObject)
    for name in names:
        store.append(Gtk.StringObject.new(name))
    return store


def names_in(model):
    return [model.get_item(i).get_string() for i in range(model.get_n_items())]


def press(view, keyval):
    """Alt+Shift+`keyval` as GTK hands a key press to the view's key controllers."""
    controllers = view.observe_controllers()
    keys = [controllers.get_item(i) for i in range(controllers.get_n_items())]
    return any(c.emit("key-pressed", keyval, 0, MOVE_KEYS) for c in keys if isinstance(c, Gtk.EventControllerKey))


def moved(names, old, new):
    result = list(names)
    result.insert(new, result.pop(old))
    return result


class Buttons:
    """The app's factory: a focusable button per item (so the keys have an item to move),
    labelled with its string."""

    def __init__(self, view):
        view.connect("setup", lambda view: Gtk.Button())
        view.connect("bind", lambda view, button, position, item: button.set_label(item.get_string()))
        view.connect("unbind", lambda view, button, position, item: button.set_label(""))

    @staticmethod
    def showing(view, name):
        child = view.get_first_child()
        while child is not None:
            if isinstance(child, Gtk.Button) and child.get_label() == name and child.get_child_visible():
                return child
            child = child.get_next_sibling()
        raise AssertionError("no button shows %r" % name)


class ReorderingTests(unittest.TestCase):
    def show(self, view):
        Buttons(view)
        window = ListWindow(view, width=400, height=300)
        self.addCleanup(window.close)
        return window

    def record(self, view, allow=True):
        events = []

        def move_item(_, old, new):
            events.append(("move-item", old, new))
            return allow

        view.connect("move-item", move_item)
        view.connect("item-moved", lambda _, old, new: events.append(("item-moved", old, new)))
        return events

    def focus(self, view, window, name):
        button = Buttons.showing(view, name)
        button.grab_focus()
        settle()
        self.assertIs(window.window.get_focus(), button)
        return button

    def test_the_property_is_off_by_default_and_notifies_once_a_change(self):
        view = Flow.WrapListView()
        self.assertFalse(view.props.reorderable)
        self.assertFalse(view.get_reorderable())
        notified = []
        view.connect("notify::reorderable", lambda *_: notified.append(view.get_reorderable()))
        view.props.reorderable = True
        view.set_reorderable(True)
        view.set_reorderable(False)
        self.assertEqual(notified, [True, False])

    def test_keys_move_a_list_store_item_and_the_signals_give_the_positions(self):
        store = store_of(NAMES)
        view = Flow.WrapListView(model=store, reorderable=True, item_spacing=6, line_spacing=6)
        window = self.show(view)
        events = self.record(view)
        self.focus(view, window, "tag 0")
        item = store.get_item(0)
        self.assertTrue(press(view, Gdk.KEY_Right), "the view takes Alt+Shift+Right")
        settle()
        self.assertEqual(events, [("move-item", 0, 1), ("item-moved", 0, 1)])
        self.assertEqual(names_in(store), moved(NAMES, 0, 1), "the view moved the item in the store")
        self.assertIs(store.get_item(1), item, "the store's very object moved")
        focused = window.window.get_focus()
        self.assertEqual((view.get_position(focused), focused.get_label()), (1, "tag 0"), "the focus stays on the item")
        self.assertTrue(press(view, Gdk.KEY_End))
        settle()
        self.assertEqual(events[2:], [("move-item", 1, 29), ("item-moved", 1, 29)])
        self.assertEqual(names_in(store), moved(moved(NAMES, 0, 1), 1, 29))
        self.assertTrue(press(view, Gdk.KEY_Home))
        settle()
        self.assertEqual(events[4:], [("move-item", 29, 0), ("item-moved", 29, 0)])
        self.assertEqual(names_in(store), moved(moved(moved(NAMES, 0, 1), 1, 29), 29, 0))

    def test_the_store_is_moved_before_item_moved(self):
        store = store_of(NAMES)
        view = Flow.WrapListView(model=store, reorderable=True)
        window = self.show(view)
        seen = []
        view.connect("item-moved", lambda _, old, new: seen.append(store.get_item(new).get_string()))
        self.focus(view, window, "tag 3")
        self.assertTrue(press(view, Gdk.KEY_Left))
        settle()
        self.assertEqual(seen, ["tag 3"])

    def test_move_item_returning_false_refuses_the_move(self):
        strings = Gtk.StringList.new(NAMES)
        view = Flow.WrapListView(model=strings, reorderable=True)
        window = self.show(view)
        events = self.record(view, allow=False)
        self.focus(view, window, "tag 2")
        self.assertTrue(press(view, Gdk.KEY_Home))
        settle()
        self.assertEqual(events, [("move-item", 2, 0)], "refused: nothing moves, nothing is reported")
        self.assertEqual(names_in(strings), NAMES)
        self.assertFalse(view.move_item(2, 5))
        self.assertEqual(events[1:], [("move-item", 2, 5)])
        self.assertEqual(names_in(strings), NAMES)

    def test_the_first_handler_that_refuses_ends_the_emission(self):
        view = Flow.WrapListView(model=store_of(NAMES), reorderable=True)
        self.show(view)
        asked = []
        view.connect("move-item", lambda _, old, new: asked.append("first") or False)
        view.connect("move-item", lambda _, old, new: asked.append("second") or True)
        self.assertFalse(view.move_item(0, 1))
        self.assertEqual(asked, ["first"])

    def test_move_item_is_a_users_move_whether_or_not_reorderable(self):
        store = store_of(NAMES)
        view = Flow.WrapListView(model=store)
        window = self.show(view)
        events = self.record(view)
        self.focus(view, window, "tag 4")
        self.assertTrue(view.move_item(4, 1))
        settle()
        self.assertEqual(events, [("move-item", 4, 1), ("item-moved", 4, 1)])
        self.assertEqual(names_in(store), moved(NAMES, 4, 1))
        focused = window.window.get_focus()
        self.assertEqual((view.get_position(focused), focused.get_label()), (1, "tag 4"),
                         "the focus stays on the item (moved in the store directly, the next item would have it)")
        self.assertFalse(view.move_item(3, 3))
        self.assertFalse(view.move_item(3, len(NAMES)))
        self.assertEqual(len(events), 2, "no move, no signal")

    def test_no_move_while_off(self):
        store = store_of(NAMES)
        view = Flow.WrapListView(model=store, reorderable=True)
        window = self.show(view)
        events = self.record(view)
        view.props.reorderable = False
        self.focus(view, window, "tag 0")
        self.assertFalse(press(view, Gdk.KEY_Right))
        settle()
        self.assertEqual(events, [])
        self.assertEqual(names_in(store), NAMES)

    def test_another_model_is_moved_by_the_item_moved_handler(self):
        store = store_of(NAMES)
        model = Gtk.SortListModel(model=store)   # no sorter: the store's order, but not a store
        view = Flow.WrapListView(model=model, reorderable=True)
        window = self.show(view)

        def item_moved(_, old, new):
            item = store.get_item(old)
            store.remove(old)
            store.insert(new, item)

        view.connect("item-moved", item_moved)
        self.focus(view, window, "tag 1")
        self.assertTrue(press(view, Gdk.KEY_Right))
        settle()
        self.assertEqual(names_in(model), moved(NAMES, 1, 2))
        focused = window.window.get_focus()
        self.assertEqual((view.get_position(focused), focused.get_label()), (2, "tag 1"), "the focus followed the item")

    def test_a_ui_file_turns_it_on(self):
        items = "".join("<item>%s</item>" % name for name in NAMES)
        builder = Gtk.Builder.new_from_string(
            '<interface><object class="FlowWrapListView" id="list"><property name="reorderable">True</property>'
            '<property name="model"><object class="GtkStringList" id="strings"><items>%s</items></object>'
            "</property></object></interface>" % items, -1)
        view = builder.get_object("list")
        self.assertTrue(view.props.reorderable)
        window = self.show(view)
        events = self.record(view)
        self.focus(view, window, "tag 1")
        self.assertTrue(press(view, Gdk.KEY_Left))
        settle()
        self.assertEqual(events, [("move-item", 1, 0), ("item-moved", 1, 0)])
        self.assertEqual(names_in(builder.get_object("strings")), moved(NAMES, 1, 0))


if __name__ == "__main__":
    unittest.main(verbosity=2)
