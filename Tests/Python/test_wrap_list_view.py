# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""FlowWrapListView from Python, as a PyGObject program uses it: a Gtk.StringList of 100,000
strings in a scrolled window, filled by Python handlers of the setup/bind/unbind/teardown signals.
Checks that only a few widgets exist, that the labels on screen show their items, that scrolling
to the end and the model's items-changed are followed, that a model of None or a destroyed window
gives every widget back (finalized), that the layout properties read back and notify once, and
that the realized labels sit where the real `flow-layout` command puts them.

Run by Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""

import gc
import json
import math
import os
import subprocess
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, GLib, GObject, Gtk  # noqa: E402

Gtk.init()
Flow.init()

LIBRARY_DIR = next(d for d in os.environ["LD_LIBRARY_PATH"].split(":") if os.path.exists(os.path.join(d, "libflow-1.so")))
FLOW_LAYOUT = os.path.join(LIBRARY_DIR, "flow-layout")

COUNT = 100_000

# A new value for each layout property (as test_wrap_hstack.py's), and the orientation.
NEW_VALUES = {
    "item-spacing": 8.0,
    "item-spacing-unit": Flow.LengthUnit.PT,
    "line-spacing": 4.0,
    "line-spacing-unit": Flow.LengthUnit.SP,
    "justify": Flow.Justify.SPACE_BETWEEN,
    "justify-last-line": False,
    "align": Flow.Align.CENTER,
    "wrap-reverse": True,
    "line-breaking": Flow.LineBreaking.BALANCED,
    "max-items-per-line": 3,
    "max-lines": 2,
    "line-homogeneous": True,
    "natural-line-length": 150.0,
    "natural-line-length-unit": Flow.LengthUnit.SP,
    "orientation": Gtk.Orientation.VERTICAL,
}


def text(index):
    # Varied widths, so that lines hold different numbers of items.
    return "tag %d%s" % (index, " long" * (index % 4))


def settle(frames=2):
    """Runs the main loop until every shown window has painted `frames` more times, then a bounded
    number of pending turns: the list measures unmeasured items in idle time for as long as there
    are any (100,000 here), so waiting for nothing to be pending would wait for all of them."""
    context = GLib.MainContext.default()
    clocks = [w.get_frame_clock() for w in Gtk.Window.list_toplevels() if w.get_mapped()]
    painted = {clock: 0 for clock in clocks if clock is not None}
    handlers = []
    for clock in painted:
        def count(c, _=None):
            painted[c] += 1
            if painted[c] < frames:
                c.request_phase(Gdk.FrameClockPhase.LAYOUT)
        handlers.append((clock, clock.connect("after-paint", count)))
        clock.request_phase(Gdk.FrameClockPhase.LAYOUT)
    while any(count < frames for count in painted.values()):
        context.iteration(True)
    for clock, handler in handlers:
        clock.disconnect(handler)
    for _ in range(50):
        if not context.pending():
            break
        context.iteration(False)


class Factory:
    """The app's side of the signals: labels, with a record of what each call did, and a
    finalization watch on every label it makes."""

    def __init__(self, view):
        self.setups = self.binds = self.unbinds = self.teardowns = 0
        self.finalized = 0
        self.bound = {}            # label -> (position, item), from bind to unbind
        self.errors = []
        self.handlers = [view.connect("setup", self.setup), view.connect("bind", self.bind),
                         view.connect("unbind", self.unbind), view.connect("teardown", self.teardown)]

    def setup(self, view):
        self.setups += 1
        label = Gtk.Label(xalign=0)
        label.weak_ref(self.count_finalized)
        return label

    def count_finalized(self):
        self.finalized += 1

    def bind(self, view, label, position, item):
        self.binds += 1
        if label in self.bound:
            self.errors.append("label bound twice (to %d, then %d)" % (self.bound[label][0], position))
        self.bound[label] = (position, item)
        label.set_label(item.get_string())

    def unbind(self, view, label, position, item):
        self.unbinds += 1
        was = self.bound.pop(label, None)
        if was is None:
            self.errors.append("unbind of a label that is not bound (position %d)" % position)
        elif was[1] is not item:
            self.errors.append("unbind got another item than bind (position %d)" % position)
        label.set_label("")

    def teardown(self, view, label):
        self.teardowns += 1
        if label in self.bound:
            self.errors.append("teardown of a bound label")


def children(view):
    result, child = [], view.get_first_child()
    while child is not None:
        result.append(child)
        child = child.get_next_sibling()
    return result


def on_screen(view):
    """The shown labels and their positions (bound, child-visible, and crossing the viewport)."""
    height = view.get_height()
    result = {}
    for child in children(view):
        if not child.get_child_visible():
            continue
        ok, rect = child.compute_bounds(view)
        if ok and rect.get_y() + rect.get_height() > 0 and rect.get_y() < height:
            result[child] = rect
    return result


class ListWindow:
    """A window holding `view` in a scrolled window (no horizontal scrolling), shown."""

    def __init__(self, view, width=360, height=400):
        self.scrolled = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER, child=view)
        self.window = Gtk.Window(default_width=width, default_height=height, child=self.scrolled)
        self.window.present()
        settle()

    def close(self):
        self.window.destroy()
        settle()


def string_list(count=COUNT):
    return Gtk.StringList.new([text(i) for i in range(count)])


class WrapListViewTestCase(unittest.TestCase):
    def make(self, model=None, **properties):
        view = Flow.WrapListView(model=model if model is not None else string_list(), **properties)
        factory = Factory(view)
        return view, factory

    def assert_labels_show_their_items(self, view, factory):
        """Every label on screen is bound, shows the model's string at its position now (the
        view's, which items-changed moves) and was given that very item; returns the positions."""
        model = view.props.model
        shown = on_screen(view)
        self.assertGreater(len(shown), 5, "labels are on screen")
        positions = set()
        for label in shown:
            self.assertIn(label, factory.bound, "a shown label is bound")
            position = view.get_position(label)
            self.assertNotEqual(position, Gtk.INVALID_LIST_POSITION)
            self.assertEqual(label.get_label(), model.get_string(position))
            self.assertIs(factory.bound[label][1], model.get_item(position))
            positions.add(position)
        self.assertEqual(factory.errors, [])
        return positions


class ScrollingTests(WrapListViewTestCase):
    def test_a_hundred_thousand_strings_make_few_widgets_that_show_their_items(self):
        view, factory = self.make(item_spacing=6, line_spacing=4)
        window = ListWindow(view)
        self.assertEqual(view.props.model.get_n_items(), COUNT)
        widgets = len(children(view))
        self.assertLess(widgets, 200, "widgets for the items on screen, not for 100,000")
        self.assertEqual(widgets, factory.setups - factory.teardowns, "every widget came from setup")
        self.assertGreater(view.get_n_realized(), 5)
        self.assertLessEqual(view.get_n_realized(), widgets)
        positions = self.assert_labels_show_their_items(view, factory)
        self.assertIn(0, positions, "the list starts at the first item")
        self.assertGreater(factory.binds, 0)
        # An exact scrollbar for the whole list: far taller than the viewport.
        vadjustment = view.props.vadjustment
        self.assertIs(vadjustment, window.scrolled.get_vadjustment())
        self.assertGreater(vadjustment.get_upper(), 100 * vadjustment.get_page_size())
        window.close()

    def test_scrolling_to_the_end_realizes_the_last_items(self):
        view, factory = self.make(item_spacing=6, line_spacing=4)
        window = ListWindow(view)
        vadjustment = view.props.vadjustment
        # Idle measuring keeps replacing estimates above the viewport (the content grows) between
        # the scroll and the next frame: a scroll to the very end still shows the end.
        vadjustment.set_value(vadjustment.get_upper() - vadjustment.get_page_size())
        settle()
        positions = self.assert_labels_show_their_items(view, factory)
        self.assertIn(COUNT - 1, positions, "the last item is on screen")
        self.assertNotIn(0, positions)
        self.assertLess(len(children(view)), 200, "still only a few widgets")
        # Scrolled back up, the first item shows again, in a recycled or new label.
        vadjustment.set_value(0)
        settle()
        self.assertIn(0, self.assert_labels_show_their_items(view, factory))
        self.assertGreater(factory.unbinds, 0, "widgets were recycled")
        window.close()

    def test_items_changed_is_followed(self):
        model = string_list(2_000)
        view, factory = self.make(model, item_spacing=6)
        window = ListWindow(view)
        model.splice(0, 1, ["spliced first"])
        model.splice(3, 2, [])
        model.splice(5, 0, ["inserted a", "inserted b"])
        settle()
        positions = self.assert_labels_show_their_items(view, factory)
        self.assertTrue({0, 5, 6} <= positions)
        by_position = {view.get_position(label): label for label in on_screen(view)}
        self.assertEqual(by_position[0].get_label(), "spliced first")
        self.assertEqual(by_position[3].get_label(), text(5))
        self.assertEqual(by_position[5].get_label(), "inserted a")
        # Everything removed, then new items.
        model.splice(0, model.get_n_items(), [text(i) for i in range(50)])
        settle()
        self.assertEqual(self.assert_labels_show_their_items(view, factory) & {0}, {0})
        window.close()


class LifetimeTests(WrapListViewTestCase):
    def test_a_model_of_none_tears_every_widget_down(self):
        view, factory = self.make()
        notified = []
        view.connect("notify::model", lambda *_: notified.append(view.props.model))
        window = ListWindow(view)
        self.assertGreater(factory.setups, 0)
        view.props.model = None
        settle()
        self.assertEqual(notified, [None])
        self.assertEqual(factory.teardowns, factory.setups, "every widget made was torn down")
        self.assertEqual(factory.binds, factory.unbinds)
        self.assertEqual(factory.bound, {})
        self.assertTrue(all(view.get_position(label) == Gtk.INVALID_LIST_POSITION for label in children(view)))
        self.assertEqual(children(view), [])
        self.assertEqual(view.get_n_realized(), 0)
        gc.collect()
        self.assertEqual(factory.finalized, factory.setups, "every label was freed")
        self.assertEqual(factory.errors, [])
        # A new model brings widgets back.
        view.set_model(string_list(100))
        settle()
        self.assert_labels_show_their_items(view, factory)
        window.close()

    def test_nothing_is_left_when_the_window_is_destroyed(self):
        finalized = []
        model = string_list(5_000)
        view, factory = self.make(model)
        view.weak_ref(lambda: finalized.append("view"))
        window = ListWindow(view)
        self.assertGreater(factory.setups, 0)
        window.close()
        del view, window
        gc.collect()
        settle()
        self.assertEqual(finalized, ["view"])
        self.assertEqual(factory.teardowns, factory.setups)
        self.assertEqual(factory.finalized, factory.setups, "every label was freed")
        self.assertEqual(factory.errors, [])
        # The view let go of the model: only this test holds it.
        self.assertEqual(model.ref_count, 1)

    def test_a_model_set_before_the_setup_handler_is_connected(self):
        # Python's keyword arguments and a .ui set the model before any handler is connected.
        view = Flow.WrapListView(model=string_list(300))
        window = ListWindow(view)
        self.assertEqual(children(view), [], "no setup handler: no widget")
        factory = Factory(view)
        view.queue_resize()
        settle()
        self.assert_labels_show_their_items(view, factory)
        window.close()


class PropertyTests(WrapListViewTestCase):
    def test_every_property_reads_back_and_notifies_once(self):
        view, factory = self.make(string_list(500))
        window = ListWindow(view)
        notified = []
        view.connect("notify", lambda _, spec: notified.append(spec.name))
        for name, value in NEW_VALUES.items():
            with self.subTest(name):
                notified.clear()
                view.set_property(name, value)
                self.assertEqual(view.get_property(name), value)
                view.set_property(name, value)
                settle()
                self.assertEqual([n for n in notified if n not in ("hadjustment", "vadjustment")], [name],
                                 "one notification, none for the same value again")
        window.close()

    def test_the_defaults_are_flow_wrap_hstacks(self):
        view = Flow.WrapListView()
        box = Flow.WrapHStack()
        for name in NEW_VALUES:
            with self.subTest(name):
                self.assertEqual(view.get_property(name), box.get_property(name))
        self.assertIsNone(view.props.model)
        self.assertIsInstance(view, Gtk.Scrollable)
        self.assertEqual(view.get_accessible_role(), Gtk.AccessibleRole.LIST)
        self.assertEqual(view.get_css_name(), "wraplistview")

    def test_a_ui_file_makes_a_working_list(self):
        ui = ('<interface><object class="FlowWrapListView" id="list">'
              '<property name="item-spacing">5</property><property name="justify">center</property>'
              '<property name="max-lines">4</property>'
              '<property name="model"><object class="GtkStringList"><items>'
              + "".join("<item>%s</item>" % text(i) for i in range(40)) +
              "</items></object></property></object></interface>")
        view = Gtk.Builder.new_from_string(ui, -1).get_object("list")
        self.assertEqual(view.props.item_spacing, 5.0)
        self.assertEqual(view.props.justify, Flow.Justify.CENTER)
        self.assertEqual(view.props.model.get_n_items(), 40)
        factory = Factory(view)
        window = ListWindow(view)
        self.assert_labels_show_their_items(view, factory)
        window.close()


class LayoutTests(WrapListViewTestCase):
    def test_the_realized_labels_are_where_the_engine_puts_them(self):
        model = string_list(60)
        view, factory = self.make(model, item_spacing=6, line_spacing=4, justify=Flow.Justify.SPACE_BETWEEN,
                                  align=Flow.Align.CENTER)
        window = ListWindow(view, height=2000)
        # Every item measured (60 items: the first idle run or the allocation does it).
        context = GLib.MainContext.default()
        while context.pending():
            context.iteration(False)
        settle()
        labels = {view.get_position(label): label for label in on_screen(view)}
        self.assertEqual(sorted(labels), list(range(60)), "all 60 items fit in the window")
        items = []
        for position in range(60):
            label = labels[position]
            main_min, main_nat, _, _ = label.measure(Gtk.Orientation.HORIZONTAL, -1)
            cross_min, cross_nat, _, baseline = label.measure(Gtk.Orientation.VERTICAL, main_nat)
            item = {"width": main_nat, "height": cross_nat, "minWidth": main_min, "minHeight": cross_min}
            if baseline >= 0:
                item["baseline"] = baseline
            items.append(item)
        request = {"available": view.get_width(), "itemSpacing": 6, "lineSpacing": 4, "justify": "spaceBetween",
                   "align": "center", "items": items}
        done = subprocess.run([FLOW_LAYOUT], input=json.dumps(request), capture_output=True, text=True,
                              timeout=30, check=True)
        frames = json.loads(done.stdout)["frames"]
        for position, frame in enumerate(frames):
            with self.subTest(position=position):
                ok, rect = labels[position].compute_bounds(view)
                left, top = math.floor(frame["x"] + 0.5), math.floor(frame["y"] + 0.5)
                self.assertEqual((round(rect.get_x()), round(rect.get_y())), (left, top))
        window.close()


class ChipSize:
    """A size func as an app writes one: the size from the item's text alone (no widget)."""

    def __init__(self):
        self.calls = 0

    def __call__(self, view, position, item):
        self.calls += 1
        return 30 + 7 * len(item.get_string()), 20 + 10 * (position % 3 == 0)


class SizeFuncTests(WrapListViewTestCase):
    def test_a_size_func_lays_out_every_item_exactly_before_the_first_frame(self):
        model = string_list()
        view, factory = self.make(model, item_spacing=6, line_spacing=4)
        size = ChipSize()
        view.set_size_func(size)
        self.assertEqual(size.calls, COUNT, "each item's size is asked once")
        window = ListWindow(view)
        self.assertEqual(size.calls, COUNT, "and never again for showing them")
        # No off-screen measuring: every bind is of a shown widget.
        self.assertEqual(factory.setups, len(children(view)))
        self.assertEqual(factory.binds - factory.unbinds, view.get_n_realized())
        # The whole list, exact: the scrollbar's range is the engine's height for all items.
        sizes = [size(view, i, model.get_item(i)) for i in range(COUNT)]
        request = {"available": view.get_width(), "itemSpacing": 6, "lineSpacing": 4,
                   "items": [{"width": w, "height": h} for w, h in sizes]}
        done = subprocess.run([FLOW_LAYOUT], input=json.dumps(request), capture_output=True, text=True,
                              timeout=120, check=True)
        result = json.loads(done.stdout)
        self.assertEqual(view.props.vadjustment.get_upper(), math.ceil(result["size"]["height"]))
        vadjustment = view.props.vadjustment
        for offset in (0, vadjustment.get_upper() / 2, vadjustment.get_upper()):
            vadjustment.set_value(offset)
            settle()
            for label, rect in on_screen(view).items():
                frame = result["frames"][view.get_position(label)]
                with self.subTest(offset=offset, position=view.get_position(label)):
                    self.assertEqual((round(rect.get_x()), round(rect.get_y() + vadjustment.get_value())),
                                     (math.floor(frame["x"] + 0.5), math.floor(frame["y"] + 0.5)))
                    self.assertEqual((rect.get_width(), rect.get_height()), (frame["width"], frame["height"]))
            self.assert_labels_show_their_items(view, factory)
        # A change asks only for the new items.
        calls = size.calls
        model.splice(10, 1, ["new one", "new two"])
        settle()
        self.assertEqual(size.calls, calls + 2)
        window.close()

    def test_unsetting_the_size_func_measures_widgets_again_and_releases_it(self):
        finalized = []
        view, factory = self.make(string_list(2_000))
        size = ChipSize()
        size_ref = GObject.Object()  # a GObject tied to the callable's life, for a weak reference
        size.tie = size_ref
        size_ref.weak_ref(lambda: finalized.append("size func"))
        view.set_size_func(size)
        del size, size_ref
        window = ListWindow(view)
        binds = factory.binds
        self.assertEqual(binds - factory.unbinds, view.get_n_realized())
        view.set_size_func(None)
        gc.collect()
        self.assertEqual(finalized, ["size func"], "the list let go of the callable")
        settle()
        self.assertGreater(factory.unbinds, 0, "the items are measured from a bound widget again")
        self.assert_labels_show_their_items(view, factory)
        window.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
