#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""A Swift package outside this one: Tests/Python/swift-client copied to a scratch folder, its
manifest depending on this package by path, built with `swift build`. It imports FlowBridge
(with FlowEngine; GTK's C API comes with FlowBridge, which re-exports it) and makes a window with a WrapHStack
through the public API alone (no @testable import, nothing `package`); run under the display
python-tests.sh gives, it must lay out its twelve labels.

The build's objects are kept in .build/swift-client between runs.
"""

import os
import shutil
import subprocess
import tempfile
import unittest

from labels_frames import assert_lays_out_twelve_labels

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLIENT = os.path.join(ROOT, "Tests", "Python", "swift-client")


class SwiftPackageClientTests(unittest.TestCase):
    def test_a_package_depending_on_this_one_builds_a_window_that_lays_out(self):
        scratch = tempfile.mkdtemp(prefix="flow-swift-client-")
        self.addCleanup(shutil.rmtree, scratch, True)
        shutil.copytree(os.path.join(CLIENT, "Sources"), os.path.join(scratch, "Sources"))
        with open(os.path.join(CLIENT, "Package.swift.in")) as template:
            manifest = template.read().replace("@PACKAGE_PATH@", ROOT)
        with open(os.path.join(scratch, "Package.swift"), "w") as file:
            file.write(manifest)
        for source in os.listdir(os.path.join(scratch, "Sources", "flow-client")):
            with open(os.path.join(scratch, "Sources", "flow-client", source)) as file:
                text = file.read()
                self.assertNotIn("@testable", text)
                # Only the package's products: CGtk comes re-exported by FlowBridge.
                imports = {line.split()[1] for line in text.splitlines() if line.startswith("import ")}
                self.assertEqual(imports, {"FlowBridge", "FlowEngine"})

        build_dir = os.path.join(ROOT, ".build", "swift-client")
        build = subprocess.run(["swift", "build", "--scratch-path", build_dir], cwd=scratch,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1200)
        self.assertEqual(build.returncode, 0, build.stdout[-4000:])
        binary = os.path.join(build_dir, "debug", "flow-client")
        run = subprocess.run([binary], cwd=scratch, env=dict(os.environ, G_DEBUG="fatal-criticals"),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        output = run.stdout.splitlines()
        self.assertTrue(output and output[-1].startswith("lines "), run.stdout)
        assert_lays_out_twelve_labels(self, "\n".join(output[:-1]), "Swift package")
        self.assertGreaterEqual(int(output[-1].split()[1]), 3, "the WrapHStack's own report agrees")


if __name__ == "__main__":
    unittest.main(verbosity=2)
