# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""What FlowWrapHStack leaves to the app and the API a GNOME developer ports to, from Python
(issue 37): max-lines unmaps children and never changes their `visible`; a vertical box is as
narrow as one column of its widest child. Run by Resources/scripts/python-tests.sh under Xvfb with
G_DEBUG=fatal-criticals. (The same from Swift: Tests/FlowBridgeTests/AppStateTests.swift.)
"""

import unittest

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Flow, GLib, Gtk  # noqa: E402

Gtk.init()
Flow.init()


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


if __name__ == "__main__":
    unittest.main(verbosity=2)
