#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every file in the repository carries its licence: `reuse lint` (the REUSE specification,
Debian's `reuse`) passes, every source file names its licence in an SPDX line of its own, and the
licences named are the ones in LICENSES/ (the library LGPL-2.1-or-later, the applications
GPL-3.0-or-later, the examples CC0-1.0)."""
import os
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Written in two pieces so that `reuse` does not read this file's own code as its licence.
TAG = "SPDX-" + "License-Identifier:"
SOURCE_ENDINGS = (".swift", ".c", ".h", ".py", ".sh", ".vala", ".js", ".ui", ".css")


def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], check=True, capture_output=True).stdout
    return [name.decode("utf-8", "surrogateescape") for name in out.split(b"\0") if name]


class Licensing(unittest.TestCase):
    def test_reuse_lint_passes(self):
        result = subprocess.run(["reuse", "--root", ROOT, "lint"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stdout[-3000:] + result.stderr[-2000:])

    def test_every_source_file_has_an_spdx_line_near_its_top(self):
        missing = []
        for name in tracked_files():
            if not name.endswith(SOURCE_ENDINGS):
                continue
            with open(os.path.join(ROOT, name), encoding="utf-8", errors="replace") as source:
                head = "".join(source.readline() for _ in range(5))
            if TAG not in head:
                missing.append(name)
        self.assertEqual(missing, [], "source files without an SPDX line in their first five lines")

    def test_the_library_the_applications_and_the_examples_have_their_licences(self):
        expected = {
            "Sources/FlowEngine/FlowLayout.swift": "LGPL-2.1-or-later",
            "Sources/CFlow/flow-wrap-hstack.c": "LGPL-2.1-or-later",
            "Sources/tag-editor/main.swift": "GPL-3.0-or-later",
            "Sources/filetags/main.swift": "GPL-3.0-or-later",
            "Resources/examples/c/labels.c": "CC0-1.0",
        }
        for name, licence in expected.items():
            path = os.path.join(ROOT, name)
            if not os.path.exists(path):
                continue
            with open(path, encoding="utf-8") as source:
                head = source.read(400)
            self.assertIn(TAG + " " + licence, head, name)
        for licence in set(expected.values()):
            self.assertTrue(os.path.isfile(os.path.join(ROOT, "LICENSES", licence + ".txt")), licence)
        self.assertTrue(os.path.isfile(os.path.join(ROOT, "COPYING")))


if __name__ == "__main__":
    unittest.main(verbosity=2)
