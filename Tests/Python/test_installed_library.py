#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Flow library as a user installs it: Resources/scripts/install-library.sh into a fresh
prefix, then the C, Python, GJS and Vala clients of Resources/examples built and run against that
prefix alone, with only /usr/bin:/bin on PATH and nothing of the Swift toolchain on
LD_LIBRARY_PATH; the HTML reference compared with the .gir; and --uninstall leaving the prefix as
it was.

python-tests.sh runs it under Xvfb (the clients open a window). The install makes a release
build (.build/install, kept between runs). Held-out clients in C, Vala and GJS
(Tests/Python/clients/api_check.*) use the API as a port from GtkFlowBox or AdwWrapBox would, with
the real pointer and keys (xdotool).
"""

import hashlib
import html
import os
import re
import shutil
import subprocess
import tempfile
import unittest
from xml.etree import ElementTree

from labels_frames import assert_lays_out_twelve_labels

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "Resources", "examples")
CLIENTS = os.path.join(ROOT, "Tests", "Python", "clients")
CORE = "{http://www.gtk.org/introspection/core/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"

prefix = None
before_install = None
scratch = None


def listing(folder):
    """Every path under folder, with what it is: a file's digest, a link's target, or a folder."""
    entries = {}
    for parent, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(parent, name)
            relative = os.path.relpath(path, folder)
            if os.path.islink(path):
                entries[relative] = "link " + os.readlink(path)
            elif os.path.isdir(path):
                entries[relative] = "folder"
            else:
                with open(path, "rb") as file:
                    entries[relative] = "file " + hashlib.sha256(file.read()).hexdigest()
    return entries


def plain_text(markup):
    """Text as a reader sees it: no tags, entities decoded, the typographer's quotes plain, one
    space between words."""
    text = re.sub(r'<span class="(?:caps|quo|dquo)">([^<]*)</span>', r"\1", markup)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


def setUpModule():
    global prefix, before_install, scratch
    scratch = tempfile.mkdtemp(prefix="flow-install-")
    prefix = os.path.join(scratch, "prefix")
    # Something of the user's own already there, which the install and --uninstall leave alone.
    os.makedirs(os.path.join(prefix, "lib", "pkgconfig"))
    os.makedirs(os.path.join(prefix, "share", "doc", "other"))
    with open(os.path.join(prefix, "lib", "pkgconfig", "other.pc"), "w") as file:
        file.write("Name: other\n")
    with open(os.path.join(prefix, "share", "doc", "other", "README"), "w") as file:
        file.write("not Flow's\n")
    before_install = listing(prefix)
    result = subprocess.run([os.path.join(ROOT, "Resources", "scripts", "install-library.sh")],
                            env=dict(os.environ, PREFIX=prefix), cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise RuntimeError("install-library.sh failed:\n" + result.stdout[-4000:])


def tearDownModule():
    shutil.rmtree(scratch, ignore_errors=True)


def clean_environment():
    """What a user's shell would have: /usr/bin:/bin, the prefix's folders, the display."""
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": scratch,
        "PKG_CONFIG_PATH": os.path.join(prefix, "lib", "pkgconfig"),
        "GI_TYPELIB_PATH": os.path.join(prefix, "lib", "girepository-1.0"),
        "LD_LIBRARY_PATH": os.path.join(prefix, "lib"),
        "XDG_DATA_DIRS": os.path.join(prefix, "share") + ":/usr/share",
        "G_DEBUG": "fatal-criticals",
        "NO_AT_BRIDGE": "1",
    }
    for name in ["DISPLAY", "XAUTHORITY"]:
        if name in os.environ:
            environment[name] = os.environ[name]
    return environment


def toolchain_folder():
    """The Swift toolchain's usr folder (the one holding bin/swift)."""
    swift = shutil.which("swift")
    if swift is None:
        return None
    return os.path.dirname(os.path.dirname(os.path.realpath(swift)))


def run(arguments, cwd):
    return subprocess.run(arguments, env=clean_environment(), cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=120)


class InstalledLibraryTests(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(dir=scratch)

    def test_pkg_config_finds_the_library_and_its_headers(self):
        version = run(["pkg-config", "--modversion", "flow-1"], self.work)
        self.assertEqual(version.returncode, 0, version.stderr)
        self.assertEqual(version.stdout.strip(), "1.0.0")
        requires = run(["pkg-config", "--print-requires", "flow-1"], self.work)
        self.assertEqual(requires.stdout.split(), ["gtk4"])
        cflags = run(["pkg-config", "--cflags-only-I", "flow-1"], self.work).stdout.split()
        self.assertIn("-I" + os.path.join(prefix, "include", "flow-1"), cflags)
        installed = sorted(os.listdir(os.path.join(prefix, "include", "flow-1", "flow")))
        public = sorted(os.listdir(os.path.join(ROOT, "Sources", "CFlow", "include", "flow")))
        self.assertEqual(installed, public, "the public headers, and no private one")
        self.assertFalse(any("private" in name for name in installed))

    def test_the_library_has_a_soname_and_needs_no_swift_toolchain(self):
        library = os.path.join(prefix, "lib", "libflow-1.so")
        self.assertEqual(os.readlink(library), "libflow-1.so.0")
        dynamic = run(["readelf", "-d", library], self.work).stdout
        self.assertIn("Library soname: [libflow-1.so.0]", dynamic)
        ldd = run(["ldd", library], self.work)
        self.assertEqual(ldd.returncode, 0, ldd.stderr)
        self.assertNotIn("not found", ldd.stdout)
        self.assertNotIn("libswift", ldd.stdout)
        toolchain = toolchain_folder()
        if toolchain is not None:
            self.assertNotIn(toolchain, ldd.stdout)

    def test_the_library_exports_only_the_public_flow_api(self):
        symbols = run(["nm", "-D", "--defined-only", os.path.join(prefix, "lib", "libflow-1.so")], self.work)
        self.assertEqual(symbols.returncode, 0, symbols.stderr)
        # Upper-case types are global (exported); FLOW_1.0 is the version script's node.
        exported = [line.split()[2].split("@")[0] for line in symbols.stdout.splitlines()
                    if len(line.split()) == 3 and line.split()[1].isupper()]
        self.assertEqual([name for name in exported if not name.startswith("flow_") and name != "FLOW_1.0"], [])
        # Exactly the public headers' functions (and their types' *_get_type): the private
        # headers' declarations are hidden, though the Swift code inside calls them.
        declared = set()
        for header in os.listdir(os.path.join(ROOT, "Sources", "CFlow", "include", "flow")):
            with open(os.path.join(ROOT, "Sources", "CFlow", "include", "flow", header)) as file:
                code = re.sub(r"/\*.*?\*/", "", file.read(), flags=re.S)
            declared |= set(re.findall(r"\b(flow_[a-z0-9_]+)\s*\(", code))
            declared |= {name + "_get_type" for name in re.findall(r"G_DECLARE_\w+_TYPE\s*\(\s*\w+,\s*(flow_\w+)", code)}
        self.assertIn("flow_wrap_hstack_new", declared)
        self.assertEqual(sorted(set(exported) - {"FLOW_1.0"}), sorted(declared))

    def assert_needs_no_toolchain(self, binary):
        ldd = run(["ldd", binary], self.work).stdout
        self.assertNotIn("libswift", ldd)
        toolchain = toolchain_folder()
        if toolchain is not None:
            self.assertNotIn(toolchain, ldd)

    def test_the_c_client_builds_with_pkg_config_and_lays_out(self):
        build = run(["sh", "-c", 'cc "$0" -o labels $(pkg-config --cflags --libs flow-1)',
                     os.path.join(EXAMPLES, "c", "labels.c")], self.work)
        self.assertEqual(build.returncode, 0, build.stderr)
        self.assert_needs_no_toolchain(os.path.join(self.work, "labels"))
        result = run(["./labels"], self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        assert_lays_out_twelve_labels(self, result.stdout, "C")

    def test_the_vala_client_builds_with_the_vapi_and_lays_out(self):
        build = run(["valac", "--vapidir", os.path.join(prefix, "share", "vala", "vapi"), "--pkg", "flow-1",
                     os.path.join(EXAMPLES, "vala", "labels.vala"), "-o", "labels"], self.work)
        self.assertEqual(build.returncode, 0, build.stdout + build.stderr)
        self.assert_needs_no_toolchain(os.path.join(self.work, "labels"))
        result = run(["./labels"], self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        assert_lays_out_twelve_labels(self, result.stdout, "Vala")

    def test_the_gjs_client_lays_out(self):
        result = run(["gjs", "-m", os.path.join(EXAMPLES, "gjs", "labels.js")], self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        assert_lays_out_twelve_labels(self, result.stdout, "GJS")

    def test_the_python_client_lays_out(self):
        result = run(["python3", os.path.join(EXAMPLES, "python", "labels.py")], self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        assert_lays_out_twelve_labels(self, result.stdout, "Python")

    # What every held-out client (Tests/Python/clients/api_check.*) checks, in its order.
    API_CHECKS = ["typed-setter", "notify-once", "selection-mode", "click-selects", "ctrl-click-adds",
                  "shift-click-extends", "changed-signal", "ctrl-a-selects-all", "unselect-all",
                  "single-click-default", "enter-activates", "click-without-single-click-only-selects",
                  "single-click-activates", "max-lines-leaves-visible", "vertical-minimum-width", "wrap-policy",
                  "pack-direction", "hexpand-grows"]

    def assert_api_checks_pass(self, result, client):
        """The client ran to its end and every check it made held; none is missing."""
        self.assertEqual(result.returncode, 0, f"{client}: {result.stderr}")
        lines = result.stdout.splitlines()
        self.assertEqual(lines[-1:], ["done"], f"{client} ran to its end: {result.stdout}")
        failed = [line for line in lines if line.startswith("FAIL")]
        self.assertEqual(failed, [], f"{client}")
        passed = [line[3:] for line in lines if line.startswith("ok ")]
        self.assertEqual([name for name in passed if name in self.API_CHECKS], self.API_CHECKS, f"{client}")

    def test_a_c_client_uses_the_api_with_the_real_pointer_and_keys(self):
        build = run(["sh", "-c", 'cc "$0" -o api_check $(pkg-config --cflags --libs flow-1)',
                     os.path.join(CLIENTS, "api_check.c")], self.work)
        self.assertEqual(build.returncode, 0, build.stderr)
        self.assert_api_checks_pass(run(["./api_check"], self.work), "C")

    def test_a_vala_client_uses_the_api_with_the_real_pointer_and_keys(self):
        build = run(["valac", "--vapidir", os.path.join(prefix, "share", "vala", "vapi"), "--pkg", "flow-1",
                     "--pkg", "gtk4-x11", os.path.join(CLIENTS, "api_check.vala"), "-o", "api_check"], self.work)
        self.assertEqual(build.returncode, 0, build.stdout + build.stderr)
        self.assert_api_checks_pass(run(["./api_check"], self.work), "Vala")

    def test_a_gjs_client_uses_the_api_with_the_real_pointer_and_keys(self):
        self.assert_api_checks_pass(run(["gjs", "-m", os.path.join(CLIENTS, "api_check.js")], self.work), "GJS")

    def test_the_reference_documents_everything_the_gir_declares(self):
        """Every class, property, signal, method, constructor, function, enum and callback of the
        installed .gir has its page in the reference, the page shows the .gir's documentation,
        and index.html links every class and the overview."""
        reference = os.path.join(prefix, "share", "doc", "flow-1")
        namespace = ElementTree.parse(os.path.join(prefix, "share", "gir-1.0", "Flow-1.0.gir")).getroot().find(
            CORE + "namespace")
        pages = []
        for cls in namespace.findall(CORE + "class"):
            name = cls.get("name")
            pages.append((f"class.{name}.html", cls))
            pages += [(f"property.{name}.{e.get('name')}.html", e) for e in cls.findall(CORE + "property")]
            pages += [(f"signal.{name}.{e.get('name')}.html", e) for e in cls.findall(GLIB + "signal")]
            pages += [(f"method.{name}.{e.get('name')}.html", e) for e in cls.findall(CORE + "method")]
            pages += [(f"ctor.{name}.{e.get('name')}.html", e) for e in cls.findall(CORE + "constructor")]
        # A function the scanner moved to a type (moved-to) is documented with that type.
        pages += [(f"func.{e.get('name')}.html", e) for e in namespace.findall(CORE + "function")
                  if e.get("moved-to") is None]
        for enum in namespace.findall(CORE + "enumeration"):
            pages.append((f"enum.{enum.get('name')}.html", enum))
            pages += [(f"type_func.{enum.get('name')}.{e.get('name')}.html", e) for e in enum.findall(CORE + "function")]
        pages += [(f"callback.{e.get('name')}.html", e) for e in namespace.findall(CORE + "callback")]
        kinds = {page.split(".")[0] for page, _ in pages}
        self.assertTrue({"class", "property", "signal", "method", "ctor", "func", "enum"} <= kinds, kinds)
        for page, element in pages:
            with self.subTest(page):
                path = os.path.join(reference, page)
                self.assertTrue(os.path.isfile(path), f"{page} is missing")
                with open(path, encoding="utf-8") as file:
                    text = plain_text(file.read())
                doc = element.find(CORE + "doc")
                self.assertIsNotNone(doc, f"{page}: the .gir has no documentation for it")
                # The longest stretch of one line of the documentation free of markup (links, code,
                # %constants, @parameters, headings).
                plain = max((plain_text(part) for line in doc.text.splitlines() for part in
                             re.split(r"\[[^\]]*\]|`[^`]*`|[%#@]\w+|^#+ |\(\)|[*_]", line)), key=len)
                self.assertIn(plain, text, f"{page} shows the .gir's documentation")
        with open(os.path.join(reference, "index.html"), encoding="utf-8") as file:
            links = set(re.findall(r'href="([^"#]+)"', file.read()))
        for cls in namespace.findall(CORE + "class"):
            self.assertIn(f"class.{cls.get('name')}.html", links)
        self.assertIn("overview.html", links)
        with open(os.path.join(reference, "overview.html"), encoding="utf-8") as file:
            overview = html.unescape(re.sub(r"<[^>]+>", "", file.read()))
        for topic in ["Two placements", "The virtualized list", "flow_wrap_hstack_new (", "Flow.WrapHStack(item_spacing"]:
            self.assertIn(topic, overview)


    def test_every_property_page_describes_it_and_names_its_default_value(self):
        """Each property of the three classes is described on its own class's page (not "See
        FlowWrapLayout:..."), and no page names an enumeration where a value of it is meant (gi-docgen
        2023.1 renders [enum@Flow.Justify.start] as "FlowJustify": "Default FlowJustify.")."""
        reference = os.path.join(prefix, "share", "doc", "flow-1")
        namespace = ElementTree.parse(os.path.join(prefix, "share", "gir-1.0", "Flow-1.0.gir")).getroot().find(
            CORE + "namespace")
        enums = {e.get("{http://www.gtk.org/introspection/c/1.0}type") for e in
                 namespace.findall(CORE + "enumeration") + namespace.findall(CORE + "bitfield")}
        self.assertIn("FlowJustify", enums)
        checked = 0
        for page in sorted(os.listdir(reference)):
            if not page.startswith("property."):
                continue
            with self.subTest(page):
                with open(os.path.join(reference, page), encoding="utf-8") as file:
                    text = plain_text(file.read())
                description = text.split(" Description ", 1)[-1]
                self.assertFalse(description.startswith("See "), f"{page}: {description[:80]}")
                for enum in enums:
                    self.assertNotRegex(text, rf"(Default|\() ?{enum} ?[.,)]", f"{page} names {enum} for a value")
                checked += 1
        self.assertGreater(checked, 40)

    def test_each_class_page_shows_pictures_of_the_real_widgets(self):
        """Each class page shows a picture, light and dark (<picture> with a dark <source>), and
        the layout's page every option scene; each picture is a PNG of its scene's size in
        reference-pictures.py, not blank (many colours), the dark one darker than the light."""
        reference = os.path.join(prefix, "share", "doc", "flow-1")
        with open(os.path.join(ROOT, "Resources", "scripts", "reference-pictures.py"), encoding="utf-8") as file:
            scenes = {name: (int(width), int(height)) for name, width, height in
                      re.findall(r'\("([a-z-]+)", [^\n]*\((\d+), (\d+)\)\),', file.read())}
        self.assertGreaterEqual(len(scenes), 3, scenes)
        shown = set()
        for cls in ["WrapHStack", "WrapListView", "WrapLayout"]:
            with self.subTest(cls):
                with open(os.path.join(reference, f"class.{cls}.html"), encoding="utf-8") as file:
                    page = file.read()
                images = re.findall(r'<img[^>]* src="([^"]+)\.png"', page)
                darks = re.findall(r'<source[^>]* srcset="([^"]+)-dark\.png"', page)
                self.assertTrue(images, f"class.{cls}.html shows no picture")
                self.assertEqual(images, darks, f"class.{cls}.html: each picture has its dark one")
                shown.update(images)
        self.assertEqual(shown, set(scenes), "every scene is shown on a class page")
        for name, size in scenes.items():
            with self.subTest(name):
                light = picture_figures(os.path.join(reference, name + ".png"))
                dark = picture_figures(os.path.join(reference, name + "-dark.png"))
                for figures in (light, dark):
                    self.assertEqual(figures["size"], size)
                    self.assertGreater(figures["colours"], 16, f"{name}: a blank picture")
                self.assertLess(dark["luminance"], light["luminance"] - 40, f"{name}: the dark one is not dark")


def picture_figures(path):
    """A PNG's size, number of distinct colours and mean luminance (0-255), read by GdkPixbuf."""
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    with open(path, "rb") as file:
        assert file.read(8) == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(path)
    pixels, stride, channels = pixbuf.get_pixels(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    colours, total = set(), 0
    for y in range(pixbuf.get_height()):
        row = pixels[y * stride: y * stride + pixbuf.get_width() * channels]
        for x in range(0, len(row), channels):
            r, g, b = row[x], row[x + 1], row[x + 2]
            colours.add((r, g, b))
            total += (299 * r + 587 * g + 114 * b) // 1000
    return {"size": (pixbuf.get_width(), pixbuf.get_height()), "colours": len(colours),
            "luminance": total / (pixbuf.get_width() * pixbuf.get_height())}


class UninstallTests(unittest.TestCase):
    def test_uninstall_leaves_the_prefix_as_it_was(self):
        installed = listing(prefix)
        self.assertIn(os.path.join("lib", "libflow-1.so.0"), installed)
        result = subprocess.run([os.path.join(ROOT, "Resources", "scripts", "install-library.sh"), "--uninstall"],
                                env=dict(os.environ, PREFIX=prefix), cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(listing(prefix), before_install)
        again = subprocess.run([os.path.join(ROOT, "Resources", "scripts", "install-library.sh"), "--uninstall"],
                               env=dict(os.environ, PREFIX=prefix), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertNotEqual(again.returncode, 0)
        self.assertIn("not installed", again.stderr)


def load_tests(loader, tests, pattern):
    # The uninstall comes last: every other test reads the installed prefix.
    suite = unittest.TestSuite()
    suite.addTests(loader.loadTestsFromTestCase(InstalledLibraryTests))
    suite.addTests(loader.loadTestsFromTestCase(UninstallTests))
    return suite


if __name__ == "__main__":
    unittest.main(verbosity=2)
