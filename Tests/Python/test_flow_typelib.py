# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Flow typelib as PyGObject users get it: every enum with its nicks, as GtkBuilder parses
them, and the length-unit functions.

Run by Resources/scripts/python-tests.sh, with GI_TYPELIB_PATH and LD_LIBRARY_PATH set to the
folder gir.sh prints, under Xvfb with G_DEBUG=fatal-criticals.
"""

import os
import re
import unittest
from xml.etree import ElementTree

import gi

gi.require_version("Flow", "1.0")
gi.require_version("Gtk", "4.0")
gi.require_version("GIRepository", "2.0")
from gi.repository import Flow, GIRepository, GLib, GObject, Gtk  # noqa: E402

# Every enum of the namespace: its GType name and its values' nicks, in value order.
ENUMS = {
    "Justify": ("FlowJustify", ["start", "center", "end", "space-between", "space-around", "space-evenly", "fill"]),
    "Align": ("FlowAlign", ["start", "center", "end", "fill", "first-baseline"]),
    "LineBreaking": ("FlowLineBreaking", ["greedy", "balanced"]),
    "Placement": ("FlowPlacement", ["fixed", "direct"]),
    "WrapPolicy": ("FlowWrapPolicy", ["natural", "minimum"]),
    "PackDirection": ("FlowPackDirection", ["start-to-end", "end-to-start"]),
    "LengthUnit": ("FlowLengthUnit", ["px", "pt", "sp"]),
}


class TypelibTests(unittest.TestCase):
    def test_the_namespace_is_the_library_built_here(self):
        repository = GIRepository.Repository.get_default()
        # The library's SONAME (libflow-1.so.0), which the dynamic loader looks for.
        self.assertEqual(repository.get_shared_library("Flow"), "libflow-1.so.0")
        self.assertEqual(repository.get_version("Flow"), "1.0")
        self.assertIn("Gtk-4.0", repository.get_dependencies("Flow"))

    def test_the_namespace_has_exactly_these_enums_and_functions(self):
        infos = gi.Repository.get_default().get_infos("Flow")
        enums = sorted(info.get_name() for info in infos if type(info).__name__ == "EnumInfo")
        self.assertEqual(enums, sorted(ENUMS))
        functions = sorted(info.get_name() for info in infos if type(info).__name__ == "FunctionInfo")
        self.assertEqual(functions, ["init", "length_unit_dpi_from_xft_dpi", "length_unit_from_pixels",
                                     "length_unit_get_dpi", "length_unit_to_pixels"])
        classes = sorted(info.get_name() for info in infos if type(info).__name__ == "ObjectInfo")
        self.assertEqual(classes, ["ListItem", "WrapHStack", "WrapLayout", "WrapLayoutChild", "WrapListView"])

    def test_the_classes_have_their_parents_and_interfaces(self):
        self.assertTrue(Flow.WrapHStack.__gtype__.is_a(Gtk.Widget.__gtype__))
        self.assertTrue(Flow.WrapHStack.__gtype__.is_a(Gtk.Orientable.__gtype__))
        self.assertTrue(Flow.WrapHStack.__gtype__.is_a(Gtk.Buildable.__gtype__))
        self.assertTrue(Flow.WrapLayout.__gtype__.is_a(Gtk.LayoutManager.__gtype__))
        self.assertTrue(Flow.WrapLayout.__gtype__.is_a(Gtk.Orientable.__gtype__))
        self.assertTrue(Flow.WrapLayoutChild.__gtype__.is_a(Gtk.LayoutChild.__gtype__))
        self.assertTrue(Flow.WrapListView.__gtype__.is_a(Gtk.Widget.__gtype__))
        self.assertTrue(Flow.WrapListView.__gtype__.is_a(Gtk.Scrollable.__gtype__))
        self.assertTrue(Flow.WrapListView.__gtype__.is_a(Gtk.Orientable.__gtype__))
        self.assertEqual(Flow.WrapHStack().get_css_name(), "wraphstack")
        self.assertEqual(Flow.WrapHStack().get_accessible_role(), Gtk.AccessibleRole.GROUP)

    def test_the_gir_documents_every_class_property_and_callable(self):
        """Each class, property, method, constructor and function has a doc comment, and each
        property's documentation states its default. A property the classes share is documented
        once, on WrapLayout; the others' comments point there ("See [property@...]"), and the
        default is read where they point."""
        library_dir = next(d for d in os.environ["GI_TYPELIB_PATH"].split(":")
                           if os.path.exists(os.path.join(d, "Flow-1.0.gir")))
        tree = ElementTree.parse(os.path.join(library_dir, "Flow-1.0.gir"))
        core = "{http://www.gtk.org/introspection/core/1.0}"
        namespace = tree.getroot().find(core + "namespace")
        for kind in ["class", "enumeration", "function"]:
            for element in namespace.findall(core + kind):
                self.assert_documented(element, element.get("name"))
        docs = {}
        for cls in namespace.findall(core + "class"):
            for element in cls.findall(core + "property"):
                doc = element.find(core + "doc")
                docs[f"{cls.get('name')}:{element.get('name')}"] = doc.text if doc is not None else ""
        for cls in namespace.findall(core + "class"):
            for kind in ["property", "method", "constructor"]:
                for element in cls.findall(core + kind):
                    name = f"{cls.get('name')}.{element.get('name')}"
                    doc = self.assert_documented(element, name)
                    if kind == "property" and element.get("writable") == "1":
                        pointer = re.fullmatch(r"See \[property@Flow\.(\w+:[\w-]+)\]\.", doc.strip())
                        if pointer:
                            doc = docs.get(pointer.group(1), "")
                        with self.subTest(name):
                            self.assertRegex(doc, r"[Dd]efault", f"{name} states its default")

    def assert_documented(self, element, name):
        doc = element.find("{http://www.gtk.org/introspection/core/1.0}doc")
        with self.subTest(name):
            self.assertIsNotNone(doc, f"{name} has no documentation")
            self.assertGreater(len(doc.text.strip()), 10, name)
        return doc.text if doc is not None else ""

    def test_every_enum_has_its_gtype_and_nicks(self):
        for name, (type_name, nicks) in ENUMS.items():
            with self.subTest(name):
                enum = getattr(Flow, name)
                self.assertEqual(enum.__gtype__.name, type_name)
                self.assertTrue(enum.__gtype__.is_a(GObject.TYPE_ENUM))
                values = [enum.__enum_values__[i] for i in sorted(enum.__enum_values__)]
                self.assertEqual([v.value_nick for v in values], nicks)
                self.assertEqual([int(v) for v in values], list(range(len(nicks))))
                for value in values:
                    # FLOW_JUSTIFY_SPACE_BETWEEN is Flow.Justify.SPACE_BETWEEN.
                    attribute = value.value_nick.replace("-", "_").upper()
                    self.assertIs(getattr(enum, attribute), value)
                    prefix = "FLOW_" + "".join("_" + c if c.isupper() else c.upper() for c in name).lstrip("_") + "_"
                    self.assertEqual(value.value_name, prefix + attribute)

    def test_gtk_builder_parses_every_nick(self):
        builder = Gtk.Builder()
        for name, (_, nicks) in ENUMS.items():
            enum = getattr(Flow, name)
            for index, nick in enumerate(nicks):
                with self.subTest(f"{name} {nick}"):
                    ok, value = builder.value_from_string_type(enum.__gtype__, nick)
                    self.assertTrue(ok)
                    self.assertEqual(int(value), index)

    def test_gtk_builder_refuses_a_bad_nick_with_its_own_error(self):
        builder = Gtk.Builder()
        for name in ENUMS:
            with self.subTest(name), self.assertRaises(GLib.Error) as caught:
                builder.value_from_string_type(getattr(Flow, name).__gtype__, "middle")
            self.assertIn("Could not parse enum: 'middle'", caught.exception.message)

    def test_length_units_follow_the_dpi(self):
        self.assertEqual(Flow.LengthUnit.to_pixels(Flow.LengthUnit.PX, 12, 120), 12)
        self.assertEqual(Flow.LengthUnit.to_pixels(Flow.LengthUnit.PT, 12, 96), 16)
        self.assertEqual(Flow.LengthUnit.to_pixels(Flow.LengthUnit.SP, 12, 120), 15)
        self.assertEqual(Flow.LengthUnit.from_pixels(Flow.LengthUnit.PT, 16, 96), 12)
        self.assertEqual(Flow.LengthUnit.to_pixels(Flow.LengthUnit.PT, 12, 0), 16)
        self.assertEqual(Flow.LengthUnit.dpi_from_xft_dpi(120 * 1024), 120)
        self.assertEqual(Flow.LengthUnit.dpi_from_xft_dpi(-1), 96)

    def test_the_dpi_is_the_displays(self):
        settings = Gtk.Settings.get_default()
        saved = settings.props.gtk_xft_dpi
        try:
            settings.props.gtk_xft_dpi = 144 * 1024
            self.assertEqual(Flow.LengthUnit.get_dpi(None), 144)
            self.assertEqual(Flow.LengthUnit.get_dpi(settings), 144)
        finally:
            settings.props.gtk_xft_dpi = saved


if __name__ == "__main__":
    unittest.main(verbosity=2)
