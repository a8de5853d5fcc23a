"""A C class whose instances own a Swift controller, used from another language: FlowLayoutProbe
(test-only, Sources/CFlowProbe and Sources/FlowProbe) in libflow-probe.so, loaded into Python.

Each object, made by GObject.new or by GtkBuilder, gets its controller in instance init (a
Swift @_cdecl function resolved inside the shared library) and frees it when finalized; its
layout properties are the shared table's; the controller answers natural-length with the engine.
The probe has no typelib: the library is loaded with ctypes, and PyGObject sees the class by its
GType. Run in its own process (python-tests.sh), since this library and libflow-1.so would each
register the Flow enum types.
"""

import ctypes
import gc
import os
import subprocess
import sys
import unittest

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GObject, Gtk  # noqa: E402

# Found through LD_LIBRARY_PATH, the folder gir.sh prints.
PROBE = ctypes.CDLL("libflow-probe.so")
PROBE.flow_layout_probe_get_type.restype = ctypes.c_size_t
PROBE.flow_layout_probe_live_controllers.restype = ctypes.c_int32
PROBE.flow_layout_probe_get_type()
PROBE_TYPE = GObject.type_from_name("FlowLayoutProbe")

# A new value for each layout property, given as GtkBuilder would read it and as Python sets it.
NEW_VALUES = {
    "item-spacing": ("8", 8.0),
    "item-spacing-unit": ("pt", "pt"),
    "line-spacing": ("4.5", 4.5),
    "line-spacing-unit": ("sp", "sp"),
    "justify": ("space-between", "space-between"),
    "justify-last-line": ("false", False),
    "align": ("first-baseline", "first-baseline"),
    "wrap-reverse": ("true", True),
    "line-breaking": ("balanced", "balanced"),
    "max-items-per-line": ("4", 4),
    "max-lines": ("2", 2),
    "line-homogeneous": ("yes", True),
    "natural-line-length": ("300", 300.0),
    "natural-line-length-unit": ("sp", "sp"),
}


def live_controllers():
    return PROBE.flow_layout_probe_live_controllers()


def readable(value):
    """An enum as its nick, anything else as it is."""
    return value.value_nick if isinstance(value, GObject.GEnum) else value


def ui_with(properties):
    rows = "".join(f'<property name="{name}">{text}</property>' for name, text in properties.items())
    return f'<interface><object class="FlowLayoutProbe" id="probe">{rows}</object></interface>'


class ControllerOwnershipTests(unittest.TestCase):
    def test_an_object_made_from_python_owns_its_controller_and_frees_it(self):
        before = live_controllers()
        probe = GObject.new(PROBE_TYPE)
        self.assertEqual(live_controllers(), before + 1)
        finalized = []
        probe.weak_ref(lambda: finalized.append(True))
        del probe
        gc.collect()
        self.assertEqual(finalized, [True])
        self.assertEqual(live_controllers(), before)

    def test_objects_from_gtk_builder_own_theirs_too(self):
        before = live_controllers()
        builder = Gtk.Builder.new_from_string(ui_with({name: text for name, (text, _) in NEW_VALUES.items()}), -1)
        probe = builder.get_object("probe")
        self.assertEqual(live_controllers(), before + 1)
        for name, (_, value) in NEW_VALUES.items():
            with self.subTest(name):
                self.assertEqual(readable(probe.get_property(name)), value)
        finalized = []
        probe.weak_ref(lambda: finalized.append(True))
        del probe, builder
        gc.collect()
        self.assertEqual(finalized, [True])
        self.assertEqual(live_controllers(), before)

    def test_every_property_set_from_python_reads_back_and_notifies_once(self):
        probe = GObject.new(PROBE_TYPE)
        notified = []
        probe.connect("notify", lambda _, spec: notified.append(spec.name))
        for name, (text, value) in NEW_VALUES.items():
            with self.subTest(name):
                notified.clear()
                probe.set_property(name, value)
                self.assertEqual(readable(probe.get_property(name)), value)
                self.assertEqual(notified, [name])
                probe.set_property(name, value)
                self.assertEqual(notified, [name], "the same value again notifies nothing")

    def test_the_controller_answers_from_the_properties(self):
        settings = Gtk.Settings.get_default()
        saved = settings.props.gtk_xft_dpi
        try:
            settings.props.gtk_xft_dpi = 120 * 1024
            probe = GObject.new(PROBE_TYPE, item_count=10, item_width=30.0, item_spacing=5.0)
            self.assertEqual(probe.props.natural_length, 10 * 30 + 9 * 5)
            probe.props.natural_line_length = 100.0
            self.assertEqual(probe.props.natural_length, 100)
            # 80 sp at 120 dpi is 100 px; the unit is read at each layout.
            probe.props.natural_line_length = 80.0
            probe.set_property("natural-line-length-unit", "sp")
            self.assertEqual(probe.props.natural_length, 100)
            settings.props.gtk_xft_dpi = 144 * 1024
            self.assertEqual(probe.props.natural_length, 120)
            # Never below the widest item, never above one line.
            probe.props.natural_line_length = 0.0
            self.assertEqual(probe.props.natural_length, 30)
            probe.props.natural_line_length = -1.0
            self.assertEqual(probe.props.natural_length, 345)
        finally:
            settings.props.gtk_xft_dpi = saved

    def test_bad_values_in_a_ui_file_are_gtks_warnings_not_crashes(self):
        child = subprocess.run([sys.executable, "-B", __file__, "load-bad-ui"], capture_output=True, text=True,
                               env=os.environ, timeout=60)
        self.assertEqual(child.returncode, 0, child.stderr)
        for warning in ["Failed to set property FlowLayoutProbe.justify to middle: Could not parse enum: 'middle'",
                        "Failed to set property FlowLayoutProbe.item-spacing to wide: Could not parse double 'wide'",
                        "Failed to set property FlowLayoutProbe.max-lines to two: Could not parse integer 'two'"]:
            self.assertIn(warning, child.stderr)
        # The object is made, its bad properties at their defaults, the good one set.
        self.assertEqual(child.stdout.split(), ["start", "0.0", "0", "balanced"])


def load_bad_ui():
    builder = Gtk.Builder.new_from_string(ui_with({"justify": "middle", "item-spacing": "wide", "max-lines": "two",
                                                   "line-breaking": "balanced"}), -1)
    probe = builder.get_object("probe")
    for name in ["justify", "item-spacing", "max-lines", "line-breaking"]:
        print(readable(probe.get_property(name)))


if __name__ == "__main__":
    if sys.argv[1:] == ["load-bad-ui"]:
        load_bad_ui()
    else:
        unittest.main(verbosity=2)
