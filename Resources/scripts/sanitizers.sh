#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs the tests under AddressSanitizer and ThreadSanitizer (see docs/reliability.md for the results).
#   Resources/scripts/sanitizers.sh [address|thread|both]   (default: both)
# The three longest tests (the pixel sweep, the 10,000-chip rounds and the kill loop) are skipped:
# they add minutes under a sanitizer and exercise no code the others do not.
set -euo pipefail
cd "$(dirname "$0")/../.."
Resources/scripts/setup-debian.sh --tests
export G_DEBUG=fatal-criticals NO_AT_BRIDGE=1
skip="tenThousandChips|sweepEveryWidth|killedDuringSaves"
run() {
    echo "== $1 sanitizer"
    xvfb-run -a -s "-screen 0 1600x1200x24" swift test --sanitize="$1" --scratch-path ".build/sanitize-$1" --skip "$skip"
}
case "${1:-both}" in
    address)
        # GTK, fontconfig and GLib keep caches for the life of the process on purpose; leak
        # reports from them would drown real ones, and the tests prove our own frees directly.
        ASAN_OPTIONS=detect_leaks=0 run address ;;
    thread) run thread ;;
    both) ASAN_OPTIONS=detect_leaks=0 run address; run thread ;;
    *) echo "usage: $0 [address|thread|both]" >&2; exit 64 ;;
esac
