#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Debian packages as Resources/scripts/package-deb.sh makes them (into .build/test-packages/debs,
kept between runs): each holds what it should; lintian finds no error and no warning but the
ones explained below; Depends name the package of every library the binaries link and nothing of
the Swift toolchain; the metainfo and the desktop files pass appstreamcli and
desktop-file-validate as packaged; the copyright file gives every source file the licence its
SPDX header (or .reuse/dep5) gives it; the versions agree.

Installing them as a user does (Resources/scripts/test-packages.sh: apt-get install ./*.deb in a
Debian 12 root of its own, the programs and the library used with no toolchain, remove and
purge leaving nothing) runs when WRAPHSTACK_TEST_PACKAGES=1: it needs root, mount namespaces and
overlayfs, and Debian's mirror, which not every machine that runs the tests grants.
"""

import fnmatch
import os
import re
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEBS = os.path.join(ROOT, ".build", "test-packages", "debs")
APP_ID = "io.github.wraphstack.TagEditor"
PACKAGES = ["libflow-1-0", "libflow-1-dev", "gir1.2-flow-1.0", "libflow-1-doc", "tag-editor"]
# lintian's warnings that are expected, and why.
EXPECTED_WARNINGS = {
    # Debian's archive wants a first upload to close its "intent to package" bug; these packages
    # are not uploaded to Debian.
    "initial-upload-closes-no-bugs",
}

made = None
trees = {}


def setUpModule():
    global made
    made = subprocess.run([os.path.join(ROOT, "Resources", "scripts", "package-deb.sh"), DEBS], cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if made.returncode != 0:
        raise RuntimeError("package-deb.sh failed:\n" + made.stdout[-6000:])
    scratch = tempfile.mkdtemp(prefix="flow-debs-")
    for package in PACKAGES:
        trees[package] = os.path.join(scratch, package)
        subprocess.run(["dpkg-deb", "-x", deb(package), trees[package]], check=True)


def tearDownModule():
    if trees:
        shutil.rmtree(os.path.dirname(next(iter(trees.values()))), ignore_errors=True)


def deb(package):
    found = [name for name in os.listdir(DEBS) if name.startswith(package + "_") and name.endswith(".deb")]
    if len(found) != 1:
        raise AssertionError(f"{DEBS} has {found} for {package}")
    return os.path.join(DEBS, found[0])


def field(package, name):
    return subprocess.run(["dpkg-deb", "-f", deb(package), name], check=True, stdout=subprocess.PIPE,
                          text=True).stdout.strip()


def depends(package):
    """The package names of its Depends, alternatives included."""
    return {re.split(r"[\s(:]", alternative.strip())[0]
            for part in field(package, "Depends").split(",") for alternative in part.split("|") if alternative.strip()}


def contents(package):
    """Every path in the package, as installed ("/usr/..."), with links as "path -> target"."""
    listing = subprocess.run(["dpkg-deb", "--fsys-tarfile", deb(package)], check=True, stdout=subprocess.PIPE).stdout
    names = subprocess.run(["tar", "-t"], input=listing, check=True, stdout=subprocess.PIPE).stdout.decode()
    return {name[1:].rstrip("/") for name in names.splitlines() if name not in ("./",)}


def needed(path):
    dynamic = subprocess.run(["readelf", "-d", path], check=True, stdout=subprocess.PIPE, text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", dynamic)


class PackageContents(unittest.TestCase):
    def test_each_package_holds_its_part(self):
        multiarch = subprocess.run(["dpkg-architecture", "-qDEB_HOST_MULTIARCH"], check=True, stdout=subprocess.PIPE,
                                   text=True).stdout.strip()
        lib = "/usr/lib/" + multiarch
        expected = {
            "libflow-1-0": [lib + "/libflow-1.so.0", lib + "/libflow-1.so.0.0.0"],
            "libflow-1-dev": [lib + "/libflow-1.so", lib + "/pkgconfig/flow-1.pc", "/usr/include/flow-1/flow/flow.h",
                              "/usr/share/gir-1.0/Flow-1.0.gir", "/usr/share/vala/vapi/flow-1.vapi",
                              "/usr/share/vala/vapi/flow-1.deps"],
            "gir1.2-flow-1.0": [lib + "/girepository-1.0/Flow-1.0.typelib"],
            "libflow-1-doc": ["/usr/share/doc/libflow-1-doc/flow-1/index.html",
                              "/usr/share/doc/libflow-1-doc/flow-1/index.json",
                              "/usr/share/doc/libflow-1-doc/flow-1/flow-1.devhelp2", "/usr/share/devhelp/books/flow-1"],
            "tag-editor": ["/usr/bin/tag-editor", "/usr/bin/filetags", f"/usr/share/applications/{APP_ID}.desktop",
                           f"/usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
                           f"/usr/share/metainfo/{APP_ID}.metainfo.xml", "/usr/share/man/man1/tag-editor.1.gz",
                           "/usr/share/man/man1/filetags.1.gz", "/usr/share/wraphstack/tag-editor.css",
                           "/usr/share/wraphstack/sample-tags.txt",
                           "/usr/share/nautilus-python/extensions/tag-editor-nautilus.py",
                           f"/usr/share/kio/servicemenus/{APP_ID}.servicemenu.desktop",
                           "/usr/share/locale/fr/LC_MESSAGES/tag-editor.mo",
                           f"/usr/share/glib-2.0/schemas/{APP_ID}.gschema.xml",
                           "/usr/share/systemd/user/filetags-watch@.service"],
        }
        for package, paths in expected.items():
            inside = contents(package)
            for path in paths + [f"/usr/share/doc/{package}/copyright", f"/usr/share/doc/{package}/changelog.Debian.gz"]:
                self.assertIn(path, inside, f"{package} lacks {path}")
        # The library's headers are the public ones, and the SONAME is what the package is named for.
        headers = sorted(os.listdir(os.path.join(trees["libflow-1-dev"], "usr", "include", "flow-1", "flow")))
        self.assertEqual(headers, sorted(os.listdir(os.path.join(ROOT, "Sources", "CFlow", "include", "flow"))))
        dynamic = subprocess.run(["readelf", "-d", trees["libflow-1-0"] + lib + "/libflow-1.so.0.0.0"], check=True,
                                 stdout=subprocess.PIPE, text=True).stdout
        self.assertIn("Library soname: [libflow-1.so.0]", dynamic)
        with open(trees["libflow-1-dev"] + lib + "/pkgconfig/flow-1.pc") as pc:
            self.assertIn("libdir=${prefix}/lib/" + multiarch + "\n", pc.read())

    def test_the_menus_start_the_installed_editor(self):
        tree = trees["tag-editor"]
        with open(f"{tree}/usr/share/kio/servicemenus/{APP_ID}.servicemenu.desktop") as menu:
            self.assertIn("\nExec=/usr/bin/tag-editor -- %F\n", menu.read())
        with open(f"{tree}/usr/share/nautilus-python/extensions/tag-editor-nautilus.py") as extension:
            self.assertIn('TAG_EDITOR = "/usr/bin/tag-editor"', extension.read())

    def test_the_binaries_need_no_swift_toolchain_and_depends_names_every_library_they_link(self):
        multiarch = subprocess.run(["dpkg-architecture", "-qDEB_HOST_MULTIARCH"], check=True, stdout=subprocess.PIPE,
                                   text=True).stdout.strip()
        binaries = {
            "tag-editor": ["usr/bin/tag-editor", "usr/bin/filetags"],
            "libflow-1-0": [f"usr/lib/{multiarch}/libflow-1.so.0.0.0"],
        }
        for package, paths in binaries.items():
            wanted = depends(package)
            self.assertNotIn("swift", " ".join(sorted(wanted)))
            for path in paths:
                for library in needed(os.path.join(trees[package], path)):
                    self.assertNotRegex(library, r"swift|Foundation|dispatch|BlocksRuntime|icu",
                                        f"{path} links {library}, which only the Swift toolchain has")
                    # The package that has this library here is one the binary's package depends on.
                    owner = subprocess.run(["dpkg", "-S", f"*/{library}"], stdout=subprocess.PIPE, text=True).stdout
                    owners = {line.split(":")[0] for line in owner.splitlines()}
                    self.assertTrue(owners & wanted, f"{path} links {library} ({owners}); {package} depends on {wanted}")
        self.assertIn("libgtk-4-1", depends("tag-editor"))
        self.assertIn("libgtk-4-1", depends("libflow-1-0"))
        self.assertEqual(depends("gir1.2-flow-1.0"), {"gir1.2-gtk-4.0", "libflow-1-0"})
        version = field("libflow-1-0", "Version")
        self.assertIn(f"libflow-1-0 (= {version})", field("libflow-1-dev", "Depends"))
        self.assertIn(f"gir1.2-flow-1.0 (= {version})", field("libflow-1-dev", "Depends"))
        self.assertIn("libgtk-4-dev", depends("libflow-1-dev"))

    def test_the_versions_agree(self):
        changelog = subprocess.run(["dpkg-parsechangelog", "-l", os.path.join(ROOT, "Resources", "packaging", "changelog"),
                                    "-S", "Version"], check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        for package in PACKAGES:
            self.assertEqual(field(package, "Version"), changelog)
        upstream = changelog.rsplit("-", 1)[0]
        with open(os.path.join(ROOT, "Resources", "desktop", APP_ID + ".metainfo.xml")) as metainfo:
            self.assertEqual(re.search(r'<release version="([^"]+)"', metainfo.read()).group(1), upstream)
        manual = subprocess.run(["zcat", trees["tag-editor"] + "/usr/share/man/man1/tag-editor.1.gz"], check=True,
                                stdout=subprocess.PIPE, text=True).stdout
        self.assertIn(f'"tag-editor {upstream}"', manual)


class Checkers(unittest.TestCase):
    def test_lintian_finds_no_error_and_only_the_expected_warnings(self):
        with open(os.path.join(DEBS, "lintian.txt")) as report:
            lines = report.read().splitlines()
        errors = [line for line in lines if line.startswith("E: ")]
        self.assertEqual(errors, [])
        warnings = {line.split()[2] for line in lines if line.startswith("W: ")}
        self.assertEqual(warnings - EXPECTED_WARNINGS, set(), "new lintian warnings: look at them, mend or explain")

    def test_the_packaged_metainfo_and_desktop_files_validate(self):
        tree = trees["tag-editor"]
        # --no-net: the checks of the URLs need the network, which the tests do not assume.
        validated = subprocess.run(["appstreamcli", "validate", "--no-net", "--strict",
                                    f"{tree}/usr/share/metainfo/{APP_ID}.metainfo.xml"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(validated.returncode, 0, validated.stdout)
        # The metainfo with the desktop file and icon it names, as a software centre reads them.
        tree_validated = subprocess.run(["appstreamcli", "validate-tree", "--no-net", tree],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(tree_validated.returncode, 0, tree_validated.stdout)
        for desktop in [f"{tree}/usr/share/applications/{APP_ID}.desktop",
                        f"{tree}/usr/share/kio/servicemenus/{APP_ID}.servicemenu.desktop"]:
            result = subprocess.run(["desktop-file-validate", desktop], stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True)
            self.assertEqual((result.returncode, result.stdout), (0, ""), desktop)

    def test_the_screenshots_the_metainfo_names_are_in_the_repository(self):
        with open(os.path.join(ROOT, "Resources", "desktop", APP_ID + ".metainfo.xml")) as metainfo:
            urls = re.findall(r"<image[^>]*>([^<]+)</image>", metainfo.read())
        self.assertGreater(len(urls), 0)
        prefix = "https://raw.githubusercontent.com/wraphstack/wraphstack/main/"
        for url in urls:
            self.assertTrue(url.startswith(prefix), url)
            self.assertTrue(os.path.isfile(os.path.join(ROOT, url[len(prefix):])), url)

    def test_the_copyright_gives_each_file_the_licence_of_its_spdx_data(self):
        with open(trees["tag-editor"] + "/usr/share/doc/tag-editor/copyright") as file:
            paragraphs = file.read().split("\n\n")
        rules = []
        for paragraph in paragraphs:
            files = re.search(r"^Files: (.*?)(?=^\S)", paragraph + "\nEnd", re.M | re.S)
            if files:
                rules.append((files.group(1).split(), re.search(r"^License: (.*)$", paragraph, re.M).group(1)))
        self.assertEqual(rules[0][0], ["*"])
        spdx = subprocess.run(["reuse", "--root", ROOT, "spdx"], check=True, stdout=subprocess.PIPE, text=True).stdout
        checked = 0
        for block in spdx.split("\n\n"):
            name = re.search(r"^FileName: \./(.*)$", block, re.M)
            if not name:
                continue
            licence = " and ".join(sorted(set(re.findall(r"^LicenseInfoInFile: (.*)$", block, re.M))))
            # Debian's rule: the last paragraph whose pattern matches (* and ? match any character).
            given = [licence_of for patterns, licence_of in rules
                     if any(fnmatch.fnmatchcase(name.group(1), pattern) for pattern in patterns)][-1]
            self.assertEqual(given, licence, name.group(1))
            checked += 1
        self.assertGreater(checked, 500)

    @unittest.skipUnless(os.environ.get("WRAPHSTACK_TEST_PACKAGES") == "1",
                         "installing the packages in a Debian root of its own: WRAPHSTACK_TEST_PACKAGES=1")
    def test_a_user_installs_uses_and_removes_them(self):
        result = subprocess.run([os.path.join(ROOT, "Resources", "scripts", "test-packages.sh"), DEBS], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(result.returncode, 0, result.stdout[-6000:])
        self.assertIn("test-packages.sh: ok", result.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
