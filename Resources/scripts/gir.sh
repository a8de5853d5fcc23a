#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds the Flow GObject library for every language: libflow-1.so (the SwiftPM product flow-1)
# and its introspection data, Flow-1.0.gir and Flow-1.0.typelib, with Debian's
# gobject-introspection (installed with the rest by setup-debian.sh when missing). Prints, as its
# last line, the folder holding libflow-1.so and Flow-1.0.typelib:
#
#   dir=$(Resources/scripts/gir.sh | tail -n 1)
#   GI_TYPELIB_PATH=$dir LD_LIBRARY_PATH=$dir /usr/bin/python3 -c \
#       'import gi; gi.require_version("Flow", "1.0"); from gi.repository import Flow'
#
# Usage: gir.sh [release|debug]   (default release; the tests use debug, which shares the
#        gir.sh --bin DIR          (objects `swift test` builds); or, with --bin, no build: the
#                                  libflow-1.so already in DIR (install-library.sh's release build).
# Everything else it prints goes to standard error.
#
# The public API is what Sources/CFlow/include/flow/flow.h includes: those headers, with the
# gtk-doc comments of the CFlow C files, are what g-ir-scanner reads (the headers under
# include/flow-private are the library's own). The scanner compiles and runs a small program that
# links libflow-1.so to call each *_get_type function; the library finds the Swift runtime through
# the run path SwiftPM gives it (the toolchain's lib/swift/linux), so nothing else is needed here,
# nor by a program that loads the library later on this machine (install-library.sh installs one
# that needs no toolchain). The library's SONAME is libflow-1.so.0, which the typelib names: this
# script links that name to the built file beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

usage="usage: gir.sh [release|debug] | gir.sh --bin DIR"
case "${1:-release}" in
    release|debug)
        [ $# -le 1 ] || { echo "$usage" >&2; exit 64; }
        configuration=${1:-release}
        Resources/scripts/setup-debian.sh >&2
        swift build -c "$configuration" --product flow-1 >&2
        bin=$(swift build -c "$configuration" --show-bin-path)
        ;;
    --bin)
        [ $# -eq 2 ] && [ -f "$2/libflow-1.so" ] || { echo "$usage   (DIR holds libflow-1.so)" >&2; exit 64; }
        bin=$(cd "$2" && pwd)
        ;;
    *) echo "$usage" >&2; exit 64 ;;
esac

include=$root/Sources/CFlow/include
umbrella=$include/flow/flow.h
headers=()
while read -r header; do
    if [ ! -f "$include/$header" ]; then
        echo "gir.sh: $umbrella includes $header, which Sources/CFlow/include does not have" >&2
        exit 1
    fi
    headers+=("$include/$header")
done < <(sed -n 's/^#include <\(flow\/.*\.h\)>$/\1/p' "$umbrella")
if [ ${#headers[@]} -eq 0 ]; then
    echo "gir.sh: $umbrella includes no headers" >&2
    exit 1
fi
ln -sf libflow-1.so "$bin/libflow-1.so.0"

# The scanner leaves its temporary files in the working directory.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(
    cd "$scratch"
    g-ir-scanner --quiet --warn-all --warn-error \
        --namespace=Flow --nsversion=1.0 --identifier-prefix=Flow --symbol-prefix=flow \
        --include=Gtk-4.0 --pkg=gtk4 --pkg-export=flow-1 --c-include=flow/flow.h \
        --library=flow-1 --library-path="$bin" -I"$include" \
        --output="$bin/Flow-1.0.gir" \
        "${headers[@]}" "$root"/Sources/CFlow/*.c
) >&2
g-ir-compiler --output="$bin/Flow-1.0.typelib" "$bin/Flow-1.0.gir" >&2
# g-ir-scanner 1.74 writes no property defaults: gir-defaults.py adds them from the library's own
# GParamSpecs (through the typelib just made), and the typelib is made again from that .gir.
GI_TYPELIB_PATH="$bin${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}" LD_LIBRARY_PATH="$bin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    /usr/bin/python3 "$root/Resources/scripts/gir-defaults.py" "$bin/Flow-1.0.gir" >&2
g-ir-compiler --output="$bin/Flow-1.0.typelib" "$bin/Flow-1.0.gir" >&2

echo "$bin"
