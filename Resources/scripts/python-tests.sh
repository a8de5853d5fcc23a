#!/usr/bin/env bash
# Runs the Python tests (Tests/Python/test_*.py) against the Flow library and typelib in DIR (the
# folder gir.sh prints, which also holds the test-only libflow-probe.so), with Debian's
# /usr/bin/python3 and PyGObject: the python3 first on PATH may be another build without gi.
# Each file runs in its own process (libflow-1.so and libflow-probe.so both register the Flow
# enum types, so they must not meet in one). test.sh runs this under Xvfb with
# G_DEBUG=fatal-criticals.
#
# Usage: python-tests.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ $# -ne 1 ] || [ ! -f "$1/libflow-1.so" ] || [ ! -f "$1/Flow-1.0.typelib" ]; then
    echo "usage: python-tests.sh DIR   (DIR holds libflow-1.so and Flow-1.0.typelib: gir.sh's last line)" >&2
    exit 64
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
