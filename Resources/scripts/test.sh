#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# The project's test command: installs what building and testing need when it is missing
# (setup-debian.sh --tests), then runs every test under a virtual display with GTK criticals made
# fatal: the Swift tests (extra arguments go to `swift test`, e.g. --filter), then the Python
# tests against the shared library and its typelib, built first by gir.sh (a debug build, which
# shares the objects `swift test` compiles).
set -euo pipefail
cd "$(dirname "$0")/../.."

Resources/scripts/setup-debian.sh --tests

library_dir=$(Resources/scripts/gir.sh debug | tail -n 1)

# Any GTK critical aborts the run, so a warning cannot hide in a passing test.
export G_DEBUG=fatal-criticals
# No D-Bus session here; GTK would otherwise retry and warn about accessibility.
export NO_AT_BRIDGE=1
# GTK 4 reads GTK_A11Y, not NO_AT_BRIDGE (GTK 3's): its test backend keeps every accessible
# property for the tests to read and talks to no AT-SPI bus, so a stale one another session left
# (found through an autolaunched session bus) cannot fail a run. The AT-SPI tests set atspi.
export GTK_A11Y=test
if [ $# -eq 0 ]; then
    # StressTests read the process's resident memory, which the suites running beside them in the
    # same process would grow: they run on their own, after the rest.
    xvfb-run -a -s "-screen 0 1600x1200x24" swift test --skip StressTests
    echo "== Memory stress tests, alone in their process" >&2
    xvfb-run -a -s "-screen 0 1600x1200x24" swift test --skip-build --filter StressTests
else
    xvfb-run -a -s "-screen 0 1600x1200x24" swift test "$@"
fi
echo "== Python tests (PyGObject, the Flow typelib)" >&2
exec xvfb-run -a -s "-screen 0 1600x1200x24" Resources/scripts/python-tests.sh "$library_dir"
