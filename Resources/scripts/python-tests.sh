#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs the Python tests (Tests/Python/test_*.py) against the Flow library and typelib in DIR (the
# folder gir.sh prints), with Debian's /usr/bin/python3 and PyGObject: the python3 first on PATH
# may be another build without gi. Each file runs in its own process, so that one file's GTK
# settings (the dpi) or leaked objects cannot change another's results. test.sh runs this under
# Xvfb with G_DEBUG=fatal-criticals. test_installed_library.py installs the library
# (install-library.sh: a release build, kept in .build/install) into a temporary prefix and runs
# the C, Python, GJS and Vala clients against it; test_swift_package_client.py builds a scratch
# Swift package that depends on this one (kept in .build/swift-client).
#
# Usage: python-tests.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ $# -ne 1 ] || [ ! -f "$1/libflow-1.so" ] || [ ! -f "$1/Flow-1.0.typelib" ]; then
    echo "usage: python-tests.sh DIR   (DIR holds libflow-1.so and Flow-1.0.typelib: gir.sh's last line)" >&2
    exit 64
fi
# The tests ask the real `flow-layout` (the engine's command) where each child belongs; it is in
# the same build folder (swift build --product flow-layout, which swift test builds too).
if [ ! -x "$1/flow-layout" ]; then
    echo "python-tests.sh: $1/flow-layout is missing: build it first (swift build --product flow-layout)" >&2
    exit 1
fi
export GI_TYPELIB_PATH="$1${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}"
export LD_LIBRARY_PATH="$1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

failed=()
for test in Tests/Python/test_*.py; do
    echo "== $test" >&2
    /usr/bin/python3 -B "$test" || failed+=("$test")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "python-tests: failed: ${failed[*]}" >&2
    exit 1
fi
