# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""What FlowWrapHStack leaves to the app and the API a GNOME developer ports to, from Python
(issue 37): max-lines unmaps children and never changes their `visible`; a vertical box is as
narrow as one column of its widest child. Run by Resources/scripts/python-tests.sh under Xvfb with
G_DEBUG=fatal-criticals. (The same from Swift: Tests/FlowBridgeTests/AppStateTests.swift.)
"""

import os
import subprocess
import tempfile
import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, GLib, GObject, Gtk  # noqa: E402

Gtk.init()
Flow.init()

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIBRARY_DIR = next(d for d in os.environ["LD_LIBRARY_PATH"].split(":")
                   if os.path.exists(os.path.join(d, "libflow-1.so")))


def settle():
    context = GLib.MainContext.default()
    for _ in range(3):
        while context.pending():
            context.iteration(False)
        GLib.usleep(20_000)
    while context.pending():
        context.iteration(False)


class MaxLinesTests(unittest.TestCase):
    def test_max_lines_leaves_the_apps_visible_alone(self):
        """12 labels, max-lines 1, the app hides children 1 and 8, max-lines 0: 1 and 8 stay
        hidden, the others are shown."""
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                box = Flow.WrapHStack(placement=placement, max_lines=1)
                labels = [Gtk.Label(label=f"label {i}") for i in range(12)]
                for label in labels:
                    box.append(label)
                window = Gtk.Window(default_width=250, default_height=300, child=box)
                window.present()
                settle()
                unmapped = [i for i, label in enumerate(labels) if not label.get_child_visible()]
                self.assertTrue(unmapped and unmapped[-1] == 11, f"max-lines 1 leaves the last out: {unmapped}")
                self.assertTrue(all(label.get_visible() for label in labels), "no child's visible changed")
                self.assertTrue(all(not labels[i].get_mapped() for i in unmapped))

                labels[1].set_visible(False)
                labels[8].set_visible(False)
                settle()
                box.props.max_lines = 0
                settle()
                for i, label in enumerate(labels):
                    if i in (1, 8):
                        self.assertFalse(label.get_visible(), f"child {i}, hidden by the app, stays hidden")
                    else:
                        self.assertTrue(label.get_visible() and label.get_child_visible() and label.get_mapped(),
                                        f"child {i} is shown")
                window.destroy()
                settle()


class VerticalMeasureTests(unittest.TestCase):
    def test_a_vertical_box_is_as_narrow_as_its_widest_child(self):
        """7 children, the widest 120 px: one column, 120 px wide (570 px before)."""
        widths = [50, 80, 120, 60, 90, 70, 100]
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            with self.subTest(placement.value_nick):
                box = Flow.WrapHStack(placement=placement, orientation=Gtk.Orientation.VERTICAL)
                for width in widths:
                    child = Gtk.Box()
                    child.set_size_request(width, 30)
                    box.append(child)
                minimum, natural, _, _ = box.measure(Gtk.Orientation.HORIZONTAL, -1)
                self.assertEqual((minimum, natural), (120, 120))
                # A window around it can be that narrow.
                window = Gtk.Window(child=box)
                window_minimum, _, _, _ = window.measure(Gtk.Orientation.HORIZONTAL, -1)
                self.assertLess(window_minimum, sum(widths))
                window.destroy()


class AdwaitaRulesTests(unittest.TestCase):
    """wrap-policy, pack-direction and hexpand as AdwWrapLayout places children."""

    def layout(self, box, width):
        window = Gtk.Window(default_width=width, default_height=300, child=box)
        window.present()
        settle()
        return window

    def sized(self, width):
        child = Gtk.Box()
        child.set_size_request(width, 20)
        return child

    def x(self, child, box):
        ok, rect = child.compute_bounds(box)
        return (round(rect.get_x()), round(rect.get_width()))

    def test_pack_direction_and_hexpand(self):
        box = Flow.WrapHStack(pack_direction=Flow.PackDirection.END_TO_START)
        children = [self.sized(w) for w in (30, 40, 50)]
        for child in children:
            box.append(child)
        window = self.layout(box, 300)
        self.assertEqual([self.x(c, box) for c in children], [(90, 30), (50, 40), (0, 50)])
        box.set_pack_direction(Flow.PackDirection.START_TO_END)
        children[1].set_hexpand(True)
        settle()
        self.assertEqual([self.x(c, box) for c in children], [(0, 30), (30, 220), (250, 50)])
        window.destroy()

    def test_the_minimum_wrap_policy_from_a_ui_file(self):
        builder = Gtk.Builder.new_from_string(
            '<interface><object class="FlowWrapHStack" id="box"><property name="wrap-policy">minimum</property>'
            '</object></interface>', -1)
        self.assertEqual(builder.get_object("box").get_wrap_policy(), Flow.WrapPolicy.MINIMUM)


class ChildrenTests(unittest.TestCase):
    def test_the_apps_children_without_the_boxs_own_widgets(self):
        for placement in (Flow.Placement.FIXED, Flow.Placement.DIRECT):
            box = Flow.WrapHStack(placement=placement)
            labels = [Gtk.Label(label=str(i)) for i in range(4)]
            for label in labels:
                box.append(label)
            listed = [box.get_child_at_index(i) for i in range(box.get_n_children())]
            self.assertEqual(listed, labels, placement.value_nick)
            self.assertIsNone(box.get_child_at_index(4))
            self.assertNotEqual(list(box), labels, "iterating the widget tree shows the box's own widgets too")


class TypedAccessorTests(unittest.TestCase):
    CLASSES = (Flow.WrapLayout, Flow.WrapHStack, Flow.WrapListView, Flow.WrapLayoutChild)

    def test_every_property_has_a_typed_getter_and_setter(self):
        """Every property a Flow class declares (its interfaces' own, orientation and the
        scrollable's, have theirs there) has get_NAME and, when writable, set_NAME."""
        for cls in self.CLASSES:
            for spec in cls.list_properties():
                if spec.owner_type != cls.__gtype__:
                    continue
                name = spec.name.replace("-", "_")
                with self.subTest(cls=cls.__gtype__.name, property=spec.name):
                    self.assertTrue(hasattr(cls, "get_" + name), "getter")
                    if spec.flags & GObject.ParamFlags.WRITABLE:
                        self.assertTrue(hasattr(cls, "set_" + name), "setter")

    def test_typed_accessors_are_the_properties(self):
        box = Flow.WrapHStack()
        notified = []
        box.connect("notify::item-spacing", lambda *_: notified.append(1))
        box.set_item_spacing(6)
        self.assertEqual(box.props.item_spacing, 6)
        self.assertEqual(box.get_layout().get_item_spacing(), 6)
        box.set_item_spacing(6)
        self.assertEqual(len(notified), 1)
        box.props.line_spacing = 4
        self.assertEqual(box.get_line_spacing(), 4)
        box.set_justify(Flow.Justify.CENTER)
        self.assertEqual(box.props.justify, Flow.Justify.CENTER)
        box.set_justify_last_line(False)
        self.assertFalse(box.props.justify_last_line)
        view = Flow.WrapListView()
        view.set_max_lines(3)
        self.assertEqual(view.props.max_lines, 3)
        layout = Flow.WrapLayout()
        layout.set_natural_line_length(200)
        self.assertEqual(layout.get_natural_line_length(), 200)

    def test_the_spacing_properties_are_ints_as_adwaitas(self):
        for name in ("item-spacing", "line-spacing", "natural-line-length"):
            spec = Flow.WrapHStack.find_property(name)
            self.assertEqual(spec.value_type, GObject.TYPE_INT, name)

    def test_the_gir_carries_each_propertys_default(self):
        import re
        gir = open(os.path.join(LIBRARY_DIR, "Flow-1.0.gir"), encoding="utf-8").read()
        for cls in ("WrapLayout", "WrapHStack", "WrapListView"):
            block = re.search(r'<class name="%s".*?</class>' % cls, gir, re.S).group(0)
            with self.subTest(cls):
                self.assertRegex(block, r'<property name="item-spacing"[^>]*default-value="0"')
                self.assertRegex(block, r'<property name="justify-last-line"[^>]*default-value="TRUE"')
                self.assertRegex(block, r'<property name="justify"[^>]*default-value="FLOW_JUSTIFY_START"')
                self.assertRegex(block, r'<property name="natural-line-length"[^>]*default-value="-1"')

    def test_a_c_client_of_the_typed_setters_and_of_g_object_set_with_ints(self):
        """Tests/Python/c/typed_accessors.c, built against this library: g_object_set (box,
        "item-spacing", 6, NULL) works (it crashed while the property was a double)."""
        with tempfile.TemporaryDirectory() as work:
            binary = os.path.join(work, "typed_accessors")
            flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True, text=True,
                                   check=True).stdout.split()
            build = subprocess.run(["cc", os.path.join(ROOT, "Tests/Python/c/typed_accessors.c"), "-o", binary,
                                    "-I", os.path.join(ROOT, "Sources/CFlow/include"), "-L", LIBRARY_DIR, "-lflow-1",
                                    "-Wl,-rpath," + LIBRARY_DIR, *flags], capture_output=True, text=True)
            self.assertEqual(build.returncode, 0, build.stderr)
            done = subprocess.run([binary], capture_output=True, text=True, timeout=60)
            self.assertEqual((done.returncode, done.stdout.strip()), (0, "ok"), done.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
