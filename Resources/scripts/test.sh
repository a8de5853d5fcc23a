#!/usr/bin/env bash
# The project's test command: installs what is missing, then runs every test under a virtual
# display with GTK criticals made fatal. Extra arguments go to `swift test` (e.g. --filter).
set -euo pipefail
cd "$(dirname "$0")/../.."

Resources/scripts/setup-debian.sh

# Any GTK critical aborts the run, so a warning cannot hide in a passing test.
export G_DEBUG=fatal-criticals
# No D-Bus session here; GTK would otherwise retry and warn about accessibility.
export NO_AT_BRIDGE=1
exec xvfb-run -a -s "-screen 0 1600x1200x24" swift test "$@"
