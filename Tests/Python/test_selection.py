# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Selection and activation from Python, as a PyGObject program uses them, with the real pointer
and keyboard (xdotool, through the X server the tests run under): a FlowWrapHStack of focusable
labels in each selection mode (clicks, Ctrl+click, Shift+click, Space, Shift+arrows across wrapped
lines, Ctrl+A, Enter and clicks activating), and a FlowWrapListView over a Gtk.MultiSelection and
a Gtk.SingleSelection whose items a Gtk.BuilderListItemFactory template makes (the selection is the
model's; `activate` gives the position). The selected widgets carry the CSS state :selected; a
Gtk.SignalListItemFactory is refused with a warning; every widget is finalized with its window.

Run by Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""

import gc
import subprocess
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, GLib, Gtk  # noqa: E402

Gtk.init()
Flow.init()

TEMPLATE = b"""<?xml version="1.0" encoding="UTF-8"?>
<interface>
  <template class="GtkListItem">
    <property name="child">
      <object class="GtkBox">
        <property name="focusable">1</property>
        <child>
          <object class="GtkLabel">
            <property name="width-request">90</property>
            <property name="height-request">30</property>
            <binding name="label">
              <lookup name="string" type="GtkStringObject">
                <lookup name="item">GtkListItem</lookup>
              </lookup>
            </binding>
          </object>
        </child>
      </object>
    </property>
  </template>
</interface>
"""


def iterate(turns=200):
    context = GLib.MainContext.default()
    for _ in range(turns):
        if not context.pending():
            break
        context.iteration(False)


def run_xdotool(*args):
    """Runs xdotool while the main loop keeps turning (the app must answer the X server)."""
    process = subprocess.Popen(["xdotool", *args])
    context = GLib.MainContext.default()
    while process.poll() is None:
        context.iteration(False)
    iterate()
    assert process.returncode == 0, "xdotool %s failed" % " ".join(args)


def is_selected(widget):
    return bool(widget.get_state_flags() & Gtk.StateFlags.SELECTED)


class Window:
    """A window, presented, with `child`; its X window id for xdotool."""

    count = 0

    def __init__(self, child, width=420, height=300):
        Window.count += 1
        self.title = "flow-selection-test-%d" % Window.count
        self.window = Gtk.Window(title=self.title, default_width=width, default_height=height)
        self.window.set_child(child)
        self.window.present()
        for _ in range(20):
            iterate()
        self.xid = str(self.window.get_surface().get_xid())
        run_xdotool("windowfocus", "--sync", self.xid)

    def click(self, widget, modifiers=(), count=1):
        ok, point = widget.compute_point(self.window, Graphene.Point().init(widget.get_width() / 2,
                                                                             widget.get_height() / 2))
        assert ok
        dx, dy = self.window.get_surface_transform()
        x, y = int(point.x + dx), int(point.y + dy)
        args = ["mousemove", "--window", self.xid, str(x), str(y)]
        for modifier in modifiers:
            args += ["keydown", modifier]
        args += ["click", "--repeat", str(count), "--delay", "80", "1"]
        for modifier in modifiers:
            args += ["keyup", modifier]
        run_xdotool(*args)

    def keys(self, *keys):
        # XTEST to the focused window (with --window xdotool sends synthetic events instead).
        run_xdotool("key", "--delay", "40", *keys)

    def destroy(self):
        self.window.destroy()
        iterate()


gi.require_version("Graphene", "1.0")
from gi.repository import Graphene  # noqa: E402


class BoxTests(unittest.TestCase):
    def make(self, mode, count=12):
        box = Flow.WrapHStack(item_spacing=10, line_spacing=10, selection_mode=mode)
        labels = []
        for index in range(count):
            # A focusable box around a label: a GtkLabel takes the focus only when selectable, and
            # the box's children must take it for the keys to select them.
            label = Gtk.Box(focusable=True)
            label.append(Gtk.Label(label="item %d" % index, width_request=90, height_request=30))
            box.append(label)
            labels.append(label)
        self.finalized = []
        for label in labels:
            label.weak_ref(lambda: self.finalized.append(1))
        self.changes = []
        box.connect("selected-children-changed", lambda b: self.changes.append(len(b.get_selected_children())))
        return box, labels

    def tearDown(self):
        gc.collect()

    def selected(self, box, labels):
        return [labels.index(child) for child in box.get_selected_children()]

    def test_multiple_with_the_real_pointer_and_keys(self):
        box, labels = self.make(Gtk.SelectionMode.MULTIPLE)
        window = Window(box)
        window.click(labels[2])
        self.assertEqual(self.selected(box, labels), [2])
        window.click(labels[5], ["ctrl"])
        self.assertEqual(self.selected(box, labels), [2, 5])
        window.click(labels[7], ["shift"])
        self.assertEqual(self.selected(box, labels), [5, 6, 7])
        self.assertEqual([is_selected(label) for label in labels], [i in (5, 6, 7) for i in range(12)])
        # Four labels a line: Shift+Down from 7 reaches 11 across the wrap.
        self.assertIs(window.window.get_focus(), labels[7])
        window.keys("shift+Down")
        self.assertIs(window.window.get_focus(), labels[11])
        self.assertEqual(self.selected(box, labels), [5, 6, 7, 8, 9, 10, 11])
        window.keys("space")
        self.assertEqual(self.selected(box, labels), [5, 6, 7, 8, 9, 10])
        window.keys("ctrl+a")
        self.assertEqual(len(box.get_selected_children()), 12)
        window.keys("ctrl+shift+a")
        self.assertEqual(box.get_selected_children(), [])
        self.assertTrue(all(not is_selected(label) for label in labels))
        self.assertGreaterEqual(len(self.changes), 7)
        window.destroy()
        del box, labels, window
        gc.collect()
        self.assertEqual(len(self.finalized), 12, "every label was freed")

    def test_single_and_browse(self):
        for mode in (Gtk.SelectionMode.SINGLE, Gtk.SelectionMode.BROWSE):
            box, labels = self.make(mode, count=6)
            window = Window(box)
            window.click(labels[1])
            window.click(labels[4], ["shift"])
            self.assertEqual(self.selected(box, labels), [4], mode)
            window.click(labels[4], ["ctrl"])
            self.assertEqual(self.selected(box, labels), [4] if mode == Gtk.SelectionMode.BROWSE else [], mode)
            window.destroy()

    def test_activation_by_click_and_enter(self):
        box, labels = self.make(Gtk.SelectionMode.NONE, count=6)
        activated = []
        box.connect("child-activated", lambda b, child: activated.append(labels.index(child)))
        window = Window(box)
        window.click(labels[3])
        self.assertEqual(activated, [3], "one click activates by default, as GtkFlowBox")
        self.assertEqual(box.get_selected_children(), [])
        box.props.activate_on_single_click = False
        window.click(labels[2])
        self.assertEqual(activated, [3])
        window.click(labels[2], count=2)
        self.assertEqual(activated, [3, 2])
        labels[5].grab_focus()
        window.keys("Return")
        self.assertEqual(activated, [3, 2, 5])
        window.destroy()

    def test_properties_notify_once(self):
        box = Flow.WrapHStack()
        notified = []
        box.connect("notify", lambda b, pspec: notified.append(pspec.name))
        self.assertEqual(box.props.selection_mode, Gtk.SelectionMode.NONE)
        self.assertTrue(box.get_activate_on_single_click())
        box.set_selection_mode(Gtk.SelectionMode.BROWSE)
        box.set_selection_mode(Gtk.SelectionMode.BROWSE)
        box.props.activate_on_single_click = False
        self.assertEqual(notified, ["selection-mode", "activate-on-single-click"])


class ListTests(unittest.TestCase):
    def make(self, selection_type, count=300):
        strings = Gtk.StringList.new(["item %d" % i for i in range(count)])
        model = selection_type(model=strings)
        if selection_type is Gtk.SingleSelection:
            model.set_autoselect(False)
            model.set_can_unselect(True)
        factory = Gtk.BuilderListItemFactory.new_from_bytes(None, GLib.Bytes.new(TEMPLATE))
        view = Flow.WrapListView(model=model, factory=factory, item_spacing=10, line_spacing=10)
        scrolled = Gtk.ScrolledWindow(child=view, hscrollbar_policy=Gtk.PolicyType.NEVER)
        return view, model, scrolled

    def label(self, view, text):
        child = view.get_first_child()
        while child is not None:
            if isinstance(child, Gtk.Box) and child.get_first_child().get_label() == text and child.get_child_visible():
                return child
            child = child.get_next_sibling()
        raise AssertionError("no widget shows %r" % text)

    def selection(self, model):
        bitset = model.get_selection()
        return [bitset.get_nth(i) for i in range(bitset.get_size())]

    def test_multi_selection_by_the_real_pointer_and_keys(self):
        view, model, scrolled = self.make(Gtk.MultiSelection)
        window = Window(scrolled)
        self.assertEqual(self.label(view, "item 0").get_first_child().get_label(), "item 0",
                         "the template's binding shows the item")
        window.click(self.label(view, "item 1"))
        self.assertEqual(self.selection(model), [1])
        window.click(self.label(view, "item 6"), ["ctrl"])
        window.click(self.label(view, "item 9"), ["shift"])
        self.assertEqual(self.selection(model), [6, 7, 8, 9])
        self.assertTrue(is_selected(self.label(view, "item 7")))
        self.assertFalse(is_selected(self.label(view, "item 1")))
        window.keys("shift+Down")
        self.assertEqual(self.selection(model), list(range(6, 14)))
        window.keys("ctrl+a")
        self.assertEqual(model.get_selection().get_size(), 300)
        # The model's own change shows on the widgets.
        model.unselect_all()
        iterate()
        self.assertFalse(is_selected(self.label(view, "item 7")))
        window.destroy()

    def test_single_selection_and_activate(self):
        view, model, scrolled = self.make(Gtk.SingleSelection)
        activated = []
        view.connect("activate", lambda v, position: activated.append(position))
        window = Window(scrolled)
        window.click(self.label(view, "item 2"))
        self.assertEqual(model.get_selected(), 2)
        window.click(self.label(view, "item 5"), ["shift"])
        self.assertEqual(model.get_selected(), 5)
        self.assertEqual(activated, [])
        window.click(self.label(view, "item 5"), count=2)
        self.assertEqual(activated, [5])
        view.props.single_click_activate = True
        window.click(self.label(view, "item 3"))
        self.assertEqual(activated, [5, 3])
        window.keys("Return")
        self.assertEqual(activated, [5, 3, 3])
        window.destroy()

    def test_a_signal_factory_is_refused_and_the_list_keeps_its_own(self):
        view = Flow.WrapListView()
        builder_factory = Gtk.BuilderListItemFactory.new_from_bytes(None, GLib.Bytes.new(TEMPLATE))
        view.set_factory(builder_factory)
        notified = []
        view.connect("notify::factory", lambda *args: notified.append(1))
        view.set_factory(Gtk.SignalListItemFactory())   # GTK 4.8 cannot be driven from outside: a warning
        self.assertIs(view.get_factory(), builder_factory)
        self.assertEqual(notified, [])
        view.set_factory(None)
        self.assertIsNone(view.get_factory())
        self.assertEqual(notified, [1])

    def test_every_widget_is_freed_with_the_window(self):
        view, model, scrolled = self.make(Gtk.MultiSelection)
        window = Window(scrolled)
        finalized = []
        made = []
        child = view.get_first_child()
        while child is not None:
            if isinstance(child, Gtk.Box):
                child.weak_ref(lambda: finalized.append(1))
                made.append(1)
            child = child.get_next_sibling()
        self.assertGreater(len(made), 10)
        view.weak_ref(lambda: finalized.append("view"))
        del child
        window.destroy()
        del view, scrolled, window
        gc.collect()
        iterate()
        self.assertIn("view", finalized)
        self.assertEqual(len(finalized), len(made) + 1, "every item widget was freed")


if __name__ == "__main__":
    unittest.main(verbosity=2)
