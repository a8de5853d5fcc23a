# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""FlowWrapHStack's reordering by the user from Python, through the typelib: the `reorderable`
property, the `move-child` signal that may refuse a move and the `child-moved` signal that reports
it, with real key presses (Alt+Shift+arrow, as the box's key controller receives them from GTK)
on the focused child, in both placements and from a .ui file. Run by
Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, Gtk  # noqa: E402

from test_wrap_hstack import settle  # noqa: E402  (also initializes GTK and Flow)

MOVE_KEYS = Gdk.ModifierType.ALT_MASK | Gdk.ModifierType.SHIFT_MASK
LABELS = ["one", "two", "three", "four"]


def buttons_in_order(box):
    """The box's buttons in the widget tree, which is its order."""
    parent = box if box.get_placement() == Flow.Placement.DIRECT else box.get_fixed()
    result, child = [], parent.get_first_child()
    while child is not None:
        if isinstance(child, Gtk.Button):
            result.append(child)
        child = child.get_next_sibling()
    return result


def press(box, keyval):
    """Alt+Shift+`keyval` as GTK hands a key press to the box's key controllers."""
    controllers = box.observe_controllers()
    keys = [controllers.get_item(i) for i in range(controllers.get_n_items())]
    return any(c.emit("key-pressed", keyval, 0, MOVE_KEYS) for c in keys if isinstance(c, Gtk.EventControllerKey))


class ReorderingTests(unittest.TestCase):
    def show(self, box):
        window = Gtk.Window(default_width=400, default_height=200)
        window.set_child(box)
        window.present()
        settle()
        self.addCleanup(window.destroy)
        return window

    def make(self, placement):
        box = Flow.WrapHStack(placement=placement, reorderable=True, item_spacing=6)
        buttons = [Gtk.Button(label=label) for label in LABELS]
        for button in buttons:
            box.append(button)
        return box, buttons, self.show(box)

    def record(self, box, allow=True):
        events = []

        def move_child(_, child, old, new):
            events.append(("move-child", child.get_label(), old, new))
            return allow

        box.connect("move-child", move_child)
        box.connect("child-moved", lambda _, child, old, new: events.append(("child-moved", child.get_label(), old, new)))
        return events

    def test_the_property_is_off_by_default_and_notifies_once_a_change(self):
        box = Flow.WrapHStack()
        self.assertFalse(box.props.reorderable)
        notified = []
        box.connect("notify::reorderable", lambda *_: notified.append(box.get_reorderable()))
        box.props.reorderable = True
        box.set_reorderable(True)
        box.set_reorderable(False)
        self.assertEqual(notified, [True, False])

    def test_a_key_move_asks_then_moves_and_reports_in_both_placements(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                box, buttons, window = self.make(placement)
                events = self.record(box)
                buttons[0].grab_focus()
                self.assertTrue(press(box, Gdk.KEY_Right), "the box takes Alt+Shift+Right")
                settle()
                self.assertEqual(events, [("move-child", "one", 0, 1), ("child-moved", "one", 0, 1)])
                self.assertEqual([b.get_label() for b in buttons_in_order(box)], ["two", "one", "three", "four"])
                self.assertIs(window.get_focus(), buttons[0], "the focus stays on the moved child")
                self.assertTrue(press(box, Gdk.KEY_End))
                settle()
                self.assertEqual(events[2:], [("move-child", "one", 1, 3), ("child-moved", "one", 1, 3)])
                self.assertEqual([b.get_label() for b in buttons_in_order(box)], ["two", "three", "four", "one"])

    def test_move_child_returning_false_refuses_the_move(self):
        box, buttons, _ = self.make(Flow.Placement.FIXED)
        events = self.record(box, allow=False)
        buttons[2].grab_focus()
        self.assertTrue(press(box, Gdk.KEY_Home))
        settle()
        self.assertEqual(events, [("move-child", "three", 2, 0)], "refused: nothing moves, nothing is reported")
        self.assertEqual([b.get_label() for b in buttons_in_order(box)], LABELS)

    def test_no_move_while_off_and_none_reported_for_the_apps_own_reordering(self):
        box, buttons, _ = self.make(Flow.Placement.DIRECT)
        events = self.record(box)
        box.props.reorderable = False
        buttons[0].grab_focus()
        self.assertFalse(press(box, Gdk.KEY_Right))
        box.reorder_child_after(buttons[0], buttons[3])
        settle()
        self.assertEqual(events, [])
        self.assertEqual([b.get_label() for b in buttons_in_order(box)], ["two", "three", "four", "one"])

    def test_a_ui_file_turns_it_on(self):
        children = "".join(f'<child><object class="GtkButton" id="{label}"><property name="label">{label}</property>'
                           "</object></child>" for label in LABELS)
        builder = Gtk.Builder.new_from_string(
            '<interface><object class="FlowWrapHStack" id="box"><property name="reorderable">True</property>'
            f"{children}</object></interface>", -1)
        box = builder.get_object("box")
        self.assertTrue(box.props.reorderable)
        self.show(box)
        events = self.record(box)
        builder.get_object("two").grab_focus()
        self.assertTrue(press(box, Gdk.KEY_Left))
        settle()
        self.assertEqual(events, [("move-child", "two", 1, 0), ("child-moved", "two", 1, 0)])
        self.assertEqual([b.get_label() for b in buttons_in_order(box)], ["two", "one", "three", "four"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
