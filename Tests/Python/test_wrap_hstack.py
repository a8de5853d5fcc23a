# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""FlowWrapHStack, FlowWrapLayout and FlowWrapLayoutChild from Python, as a PyGObject program that
nobody here wrote the container for uses them: made from code and from a .ui string, every
property set and read back, and the children placed exactly where the engine says.

The engine's answer comes from the real `flow-layout` command (built beside libflow-1.so, in the
folder gir.sh prints), given the children's measured sizes: the test never computes a layout of
its own. Run by Resources/scripts/python-tests.sh under Xvfb with G_DEBUG=fatal-criticals.
"""

import gc
import json
import math
import os
import subprocess
import sys
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, Gdk, GLib, GObject, Gtk  # noqa: E402

Gtk.init()
Flow.init()

LIBRARY_DIR = next(d for d in os.environ["LD_LIBRARY_PATH"].split(":") if os.path.exists(os.path.join(d, "libflow-1.so")))
FLOW_LAYOUT = os.path.join(LIBRARY_DIR, "flow-layout")

WORDS = ["swift", "gtk", "flow", "layout", "wrapping", "chips", "tags", "a", "longer label here", "x", "y", "zed"]

# A new value for each layout property: as a .ui gives it, as Python sets it, and its effect on
# the engine's request (in pixels at `dpi`).
NEW_VALUES = {
    "item-spacing": ("8", 8.0),
    "item-spacing-unit": ("pt", Flow.LengthUnit.PT),
    "line-spacing": ("4", 4.0),
    "line-spacing-unit": ("sp", Flow.LengthUnit.SP),
    "justify": ("space-between", Flow.Justify.SPACE_BETWEEN),
    "justify-last-line": ("false", False),
    "align": ("center", Flow.Align.CENTER),
    "wrap-reverse": ("true", True),
    "line-breaking": ("balanced", Flow.LineBreaking.BALANCED),
    "max-items-per-line": ("3", 3),
    "max-lines": ("2", 2),
    "line-homogeneous": ("yes", True),
    "natural-line-length": ("150", 150.0),
    "natural-line-length-unit": ("sp", Flow.LengthUnit.SP),
}


def settle():
    """Runs the main loop until every shown window has painted twice more (a layout queued by the
    first frame's allocation is done in the second), then until nothing is pending."""
    context = GLib.MainContext.default()
    clocks = [w.get_frame_clock() for w in Gtk.Window.list_toplevels() if w.get_mapped()]
    painted = {clock: 0 for clock in clocks if clock is not None}
    handlers = []
    for clock in painted:
        def count(c, _=None):
            painted[c] += 1
            if painted[c] < 2:
                c.request_phase(Gdk.FrameClockPhase.LAYOUT)
        handlers.append((clock, clock.connect("after-paint", count)))
        clock.request_phase(Gdk.FrameClockPhase.LAYOUT)
    while any(count < 2 for count in painted.values()):
        context.iteration(True)
    for clock, handler in handlers:
        clock.disconnect(handler)
    while context.pending():
        context.iteration(False)


def camel(nick):
    head, *rest = nick.split("-")
    return head + "".join(part.capitalize() for part in rest)


def dpi():
    return Flow.LengthUnit.get_dpi(Gtk.Settings.get_default())


def pixels(box, name):
    unit = box.get_property(name + "-unit")
    return Flow.LengthUnit.to_pixels(unit, box.get_property(name), dpi())


def measured_item(child):
    """The child's sizes as an engine item, measured as the container measures it."""
    main_min, main_nat, _, _ = child.measure(Gtk.Orientation.HORIZONTAL, -1)
    cross_min, cross_nat, _, baseline = child.measure(Gtk.Orientation.VERTICAL, main_nat)
    item = {"width": main_nat, "height": cross_nat, "minWidth": main_min, "minHeight": cross_min}
    if baseline >= 0:
        item["baseline"] = baseline
    return item


def engine(box, items, width, widget=None):
    """flow-layout's answer for the properties of `box` (a FlowWrapHStack or a FlowWrapLayout),
    `items` and `width`; the text direction is the widget's (the box's own by default)."""
    natural = box.props.natural_line_length
    request = {
        "available": width,
        "itemSpacing": pixels(box, "item-spacing"),
        "lineSpacing": pixels(box, "line-spacing"),
        "justify": camel(box.props.justify.value_nick),
        "justifyLastLine": box.props.justify_last_line,
        "align": camel(box.props.align.value_nick),
        "wrapReverse": box.props.wrap_reverse,
        "lineBreaking": box.props.line_breaking.value_nick,
        "maxItemsPerLine": box.props.max_items_per_line or None,
        "maxLines": box.props.max_lines or None,
        "lineHomogeneous": box.props.line_homogeneous,
        "naturalLineLength": pixels(box, "natural-line-length") if natural >= 0 else None,
        "direction": "rtl" if (widget or box).get_direction() == Gtk.TextDirection.RTL else "ltr",
        "items": items,
    }
    done = subprocess.run([FLOW_LAYOUT], input=json.dumps(request), capture_output=True, text=True, timeout=30,
                          check=True)
    return json.loads(done.stdout)


def snapped(frame):
    """A frame rounded to whole pixels as the container rounds it (each edge, half up)."""
    left, top = math.floor(frame["x"] + 0.5), math.floor(frame["y"] + 0.5)
    right, bottom = math.floor(frame["x"] + frame["width"] + 0.5), math.floor(frame["y"] + frame["height"] + 0.5)
    return (left, top, right - left, bottom - top)


def bounds(child, box):
    ok, rect = child.compute_bounds(box)
    assert ok, "the child is not in the box"
    return (round(rect.get_x()), round(rect.get_y()), round(rect.get_width()), round(rect.get_height()))


def children_of(box):
    """The labels in the widget tree, in its order."""
    parent = box if box.get_placement() == Flow.Placement.DIRECT else box.get_fixed()
    result, child = [], parent.get_first_child()
    while child is not None:
        if isinstance(child, Gtk.Label):
            result.append(child)
        child = child.get_next_sibling()
    return result


class Window:
    """A window holding `box`, shown on the virtual display."""

    def __init__(self, box, width=320, height=400):
        self.window = Gtk.Window(default_width=width, default_height=height)
        self.window.set_child(box)
        self.window.present()
        settle()

    def resize(self, width, height=400):
        self.window.set_default_size(width, height)
        settle()

    def close(self):
        self.window.destroy()
        settle()


class WrapHStackTestCase(unittest.TestCase):
    def assert_engine_layout(self, box, items, children):
        """Each child's bounds in the box equal the engine's frame for the measured items."""
        result = engine(box, items, box.get_width())
        shown = len(items) - result["hidden"]
        for index, child in enumerate(children):
            with self.subTest(child=index, placement=box.props.placement.value_nick):
                if index < shown:
                    self.assertTrue(child.get_visible() and child.get_child_visible())
                    self.assertEqual(bounds(child, box), snapped(result["frames"][index]))
                else:
                    self.assertFalse(child.get_child_visible(), "left out by max-lines: unmapped")
                    self.assertTrue(child.get_visible(), "its visible is the app's")
        self.assertEqual(box.props.content_height, math.ceil(result["size"]["height"]))
        return result


class MadeFromCodeTests(WrapHStackTestCase):
    def make(self, placement, **properties):
        box = Flow.WrapHStack(placement=placement, **properties)
        labels = [Gtk.Label(label=word) for word in WORDS]
        for label in labels:
            box.append(label)
        return box, labels

    def items_of(self, box, labels):
        """The children's sizes, measured in the direct placement (a GtkFixed's children carry
        the size requests their frames gave them)."""
        placement = box.props.placement
        box.props.placement = Flow.Placement.DIRECT
        settle()
        items = [measured_item(label) for label in labels]
        box.props.placement = placement
        settle()
        return items

    def test_children_are_where_the_engine_says_in_both_placements(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                box, labels = self.make(placement, item_spacing=6, line_spacing=4)
                window = Window(box)
                items = self.items_of(box, labels)
                result = self.assert_engine_layout(box, items, labels)
                self.assertGreater(len(result["lines"]), 1, "the labels wrap at 320 px")
                self.assertEqual(children_of(box), labels, "the widget tree is in layout order")
                window.close()

    def test_every_property_set_from_python_reads_back_notifies_once_and_lays_out_again(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            box, labels = self.make(placement)
            window = Window(box)
            items = self.items_of(box, labels)
            notified = []
            box.connect("notify", lambda _, spec: notified.append(spec.name))
            for name, (_, value) in NEW_VALUES.items():
                with self.subTest(name, placement=placement.value_nick):
                    notified.clear()
                    box.set_property(name, value)
                    self.assertEqual(box.get_property(name), value)
                    # The box's layout shows the same value: one source of truth.
                    self.assertEqual(box.get_layout().get_property(name), value)
                    box.set_property(name, value)
                    settle()
                    self.assertEqual([n for n in notified if n != "content-height"], [name],
                                     "one notification, none for the same value again")
                    self.assert_engine_layout(box, items, labels)
            window.close()

    def test_per_child_options_work_in_both_placements(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                box, labels = self.make(placement, item_spacing=6)
                window = Window(box)
                items = self.items_of(box, labels)
                box.set_child_grow(labels[1], 1.0)
                box.set_child_break_before(labels[4], True)
                settle()
                self.assertEqual(box.get_child_grow(labels[1]), 1.0)
                self.assertTrue(box.get_child_break_before(labels[4]))
                items[1]["grow"] = 1.0
                items[4]["breakBefore"] = True
                result = self.assert_engine_layout(box, items, labels)
                self.assertEqual(result["lines"][1]["start"], 4)
                # The child's layout child shows the same values, in either placement, and
                # notifies a change made either way.
                layout_child = box.get_layout_child(labels[1])
                self.assertIs(box.get_layout_child(labels[1]), layout_child)
                self.assertEqual(layout_child.props.grow, 1.0)
                notified = []
                layout_child.connect("notify::grow", lambda *_: notified.append("grow"))
                layout_child.props.grow = 0.0
                self.assertEqual(box.get_child_grow(labels[1]), 0.0)
                box.set_child_grow(labels[1], 2.0)
                self.assertEqual(layout_child.props.grow, 2.0)
                self.assertEqual(notified, ["grow", "grow"])
                # The options stay with the child when the placement changes.
                box.props.placement = Flow.Placement.DIRECT if placement == Flow.Placement.FIXED else Flow.Placement.FIXED
                settle()
                self.assertTrue(box.get_child_break_before(labels[4]))
                window.close()

    def test_children_can_be_inserted_reordered_and_removed(self):
        box, labels = self.make(Flow.Placement.FIXED, item_spacing=6)
        window = Window(box)
        extra = Gtk.Label(label="inserted")
        box.insert_child_after(extra, labels[0])
        box.reorder_child_after(labels[0], labels[2])
        box.prepend(Gtk.Label(label="first"))
        settle()
        order = [child.get_label() for child in children_of(box)]
        self.assertEqual(order[:5], ["first", "inserted", "gtk", "flow", "swift"])
        box.remove(extra)
        box.remove_all()
        settle()
        self.assertEqual(children_of(box), [])
        self.assertEqual(box.props.content_height, 0)
        window.close()

    def test_content_height_is_notified_once_per_resize_that_changes_it(self):
        box, labels = self.make(Flow.Placement.FIXED, item_spacing=6, line_spacing=4)
        window = Window(box, width=600)
        items = self.items_of(box, labels)
        heights = []
        box.connect("notify::content-height", lambda b, _: heights.append(b.props.content_height))
        window.resize(200)
        self.assertEqual(len(heights), 1, heights)
        self.assertEqual(heights[0], math.ceil(engine(box, items, box.get_width())["size"]["height"]))
        heights.clear()
        window.resize(200)
        self.assertEqual(heights, [], "no change, no notification")
        window.resize(900)
        self.assertEqual(len(heights), 1, heights)
        self.assertLess(heights[0], math.ceil(engine(box, items, 200)["size"]["height"]))
        window.close()

    def at_each_dpi(self, check):
        """Runs `check(dpi)` after setting gtk-xft-dpi to each of three values and letting GTK
        lay out; the setting is restored after."""
        settings = Gtk.Settings.get_default()
        saved = settings.props.gtk_xft_dpi
        try:
            for new_dpi in (96, 144, 192):
                with self.subTest(dpi=new_dpi):
                    settings.props.gtk_xft_dpi = new_dpi * 1024
                    settle()
                    check(new_dpi)
        finally:
            settings.props.gtk_xft_dpi = saved
            settle()

    def test_the_text_scale_lays_out_again_in_pt_and_sp(self):
        box, labels = self.make(Flow.Placement.FIXED, item_spacing=12, item_spacing_unit=Flow.LengthUnit.PT)
        window = Window(box)

        def check(new_dpi):
            # The labels' own sizes change with the text scale too.
            items = self.items_of(box, labels)
            self.assertEqual(pixels(box, "item-spacing"), 12 * new_dpi / 72)
            self.assert_engine_layout(box, items, labels)
        self.at_each_dpi(check)
        window.close()

    def test_the_text_scale_alone_lays_out_again(self):
        """Children whose sizes do not follow the text scale: only the box's watch on gtk-xft-dpi
        can make it lay out again with the new spacing."""
        box = Flow.WrapHStack(item_spacing=9, item_spacing_unit=Flow.LengthUnit.PT, line_spacing=6,
                              line_spacing_unit=Flow.LengthUnit.SP)
        children = []
        for width in [30, 50, 20, 70, 40, 60, 30, 45]:
            child = Gtk.Box()
            child.set_size_request(width, 20)
            box.append(child)
            children.append(child)
        window = Window(box)
        items = [measured_item(child) for child in children]

        def check(new_dpi):
            self.assertEqual(pixels(box, "item-spacing"), 9 * new_dpi / 72)
            self.assertEqual(pixels(box, "line-spacing"), 6 * new_dpi / 96)
            self.assert_engine_layout(box, items, children)
        self.at_each_dpi(check)
        window.close()

    def test_a_plain_widget_with_the_wrap_layout(self):
        box = Gtk.Box()
        layout = Flow.WrapLayout(item_spacing=5, line_spacing=3, justify=Flow.Justify.CENTER)
        box.set_layout_manager(layout)
        labels = [Gtk.Label(label=word) for word in WORDS]
        for label in labels:
            box.append(label)
        layout.get_layout_child(labels[2]).props.grow = 2.0
        window = Window(box, width=300)
        items = [measured_item(label) for label in labels]
        items[2]["grow"] = 2.0
        result = engine(layout, items, box.get_width(), widget=box)
        for index, label in enumerate(labels):
            with self.subTest(index):
                self.assertEqual(bounds(label, box), snapped(result["frames"][index]))
        window.close()

    def test_nothing_is_left_when_the_box_is_destroyed_from_python(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                finalized = []
                box, labels = self.make(placement, item_spacing=6)
                box.weak_ref(lambda: finalized.append("box"))
                box.get_layout().weak_ref(lambda: finalized.append("layout"))
                if placement == Flow.Placement.FIXED:
                    box.get_fixed().weak_ref(lambda: finalized.append("fixed"))
                for index in range(len(labels)):
                    # (No loop variable may keep the last label alive.)
                    labels[index].weak_ref(lambda: finalized.append("label"))
                window = Window(box)
                window.close()
                del box, labels, window
                gc.collect()
                settle()
                expected = ["box", "layout"] + (["fixed"] if placement == Flow.Placement.FIXED else [])
                self.assertEqual(sorted(set(finalized)), sorted(set(expected + ["label"])))
                self.assertEqual(finalized.count("label"), len(WORDS))


UI = """<interface>
  <object class="GtkWindow" id="window">
    <property name="default-width">300</property>
    <child>
      <object class="FlowWrapHStack" id="box">
        <property name="placement">{placement}</property>
        <property name="item-spacing">6</property>
        <property name="line-spacing">4</property>
        <property name="justify">space-between</property>
        <property name="align">center</property>
        <property name="max-lines">3</property>
        <child><object class="GtkLabel" id="first"><property name="label">first</property></object></child>
        <child>
          <object class="GtkLabel" id="grows">
            <property name="label">grows</property>
            {layout}
          </object>
          {options}
        </child>
        <child><object class="GtkLabel"><property name="label">third label</property></object></child>
        <child><object class="GtkLabel"><property name="label">fourth</property></object></child>
      </object>
    </child>
  </object>
</interface>"""

OPTIONS = """<options>
            <property name="grow">1</property>
            <property name="break-before">true</property>
          </options>"""

LAYOUT = """<layout>
              <property name="grow">1</property>
              <property name="break-before">true</property>
            </layout>"""


class BuilderTests(WrapHStackTestCase):
    def load(self, placement, layout="", options=""):
        return Gtk.Builder.new_from_string(UI.format(placement=placement, layout=layout, options=options), -1)

    def check_loaded(self, builder, placement):
        box, grows = builder.get_object("box"), builder.get_object("grows")
        self.assertIsInstance(box, Flow.WrapHStack)
        self.assertEqual(box.props.placement.value_nick, placement)
        self.assertEqual(box.props.justify, Flow.Justify.SPACE_BETWEEN)
        self.assertEqual(box.props.align, Flow.Align.CENTER)
        self.assertEqual(box.props.max_lines, 3)
        self.assertEqual(box.get_child_grow(grows), 1.0)
        self.assertTrue(box.get_child_break_before(grows))
        # Its layout was its layout manager only while GtkBuilder built it (for <layout>): the
        # box allocates its children itself.
        self.assertIsNone(box.get_layout_manager())
        self.assertEqual(box.get_layout_child(grows).props.grow, 1.0)
        window = builder.get_object("window")
        window.present()
        settle()
        labels = children_of(box)
        self.assertEqual([label.get_label() for label in labels], ["first", "grows", "third label", "fourth"])
        box.props.placement = Flow.Placement.DIRECT
        settle()
        items = [measured_item(label) for label in labels]
        box.props.placement = Flow.Placement(["fixed", "direct"].index(placement))
        settle()
        items[1]["grow"], items[1]["breakBefore"] = 1.0, True
        self.assert_engine_layout(box, items, labels)
        window.destroy()
        settle()

    def test_options_element_in_the_fixed_placement(self):
        self.check_loaded(self.load("fixed", options=OPTIONS), "fixed")

    def test_options_element_in_the_direct_placement(self):
        self.check_loaded(self.load("direct", options=OPTIONS), "direct")

    def test_layout_element_in_the_direct_placement(self):
        self.check_loaded(self.load("direct", layout=LAYOUT), "direct")

    def test_a_bad_options_element_is_a_builder_error(self):
        bad = [("<options><property name=\"grow\">lots</property></options>", "Could not parse double 'lots'"),
               ("<options><property name=\"shrink\">1</property></options>", "has no property 'shrink'"),
               ("<options><grow>1</grow></options>", "<grow> is not valid")]
        for options, message in bad:
            with self.subTest(message):
                builder = Gtk.Builder()
                with self.assertRaises(GLib.Error) as caught:
                    builder.add_from_string(UI.format(placement="fixed", layout="", options=options))
                self.assertIn(message, caught.exception.message)

    def test_bad_values_in_a_ui_file_are_gtks_warnings_not_crashes(self):
        child = subprocess.run([sys.executable, "-B", __file__, "load-bad-ui"], capture_output=True, text=True,
                               env=os.environ, timeout=60)
        self.assertEqual(child.returncode, 0, child.stderr)
        for warning in ["Failed to set property FlowWrapHStack.justify to middle: Could not parse enum: 'middle'",
                        "Failed to set property FlowWrapHStack.item-spacing to wide: Could not parse integer 'wide'",
                        "Failed to set property FlowWrapHStack.max-lines to two: Could not parse integer 'two'"]:
            self.assertIn(warning, child.stderr)
        # The box is made, its bad properties at their defaults, the good one set.
        self.assertEqual(child.stdout.split(), ["start", "0", "0", "balanced"])

    def test_objects_from_the_builder_go_with_it(self):
        finalized = []
        builder = Gtk.Builder.new_from_string(
            '<interface><object class="FlowWrapHStack" id="box"><child><object class="GtkLabel" id="label"/>'
            "</child></object></interface>", -1)
        builder.get_object("box").weak_ref(lambda: finalized.append("box"))
        builder.get_object("label").weak_ref(lambda: finalized.append("label"))
        del builder
        gc.collect()
        self.assertEqual(sorted(finalized), ["box", "label"])


def load_bad_ui():
    ui = ('<interface><object class="FlowWrapHStack" id="box">'
          '<property name="justify">middle</property><property name="item-spacing">wide</property>'
          '<property name="max-lines">two</property><property name="line-breaking">balanced</property>'
          "</object></interface>")
    box = Gtk.Builder.new_from_string(ui, -1).get_object("box")
    for name in ["justify", "item-spacing", "max-lines", "line-breaking"]:
        value = box.get_property(name)
        print(value.value_nick if isinstance(value, GObject.GEnum) else value)


if __name__ == "__main__":
    if sys.argv[1:] == ["load-bad-ui"]:
        load_bad_ui()
    else:
        unittest.main(verbosity=2)
