#!/usr/bin/env bash
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
# objects `swift test` builds). Everything else it prints goes to standard error.
#
# The public API is what flow/flow.h (Sources/CFlowClasses/include) includes: those headers, in
# the include folders of CFlow (the enums, the length units), CFlowClasses (the classes) and
# CWrapListView (FlowWrapListView), with the gtk-doc comments of those targets' C files, are what
# g-ir-scanner reads. The scanner compiles
# and runs a small program that links libflow-1.so to call each *_get_type function; the library
# finds the Swift runtime through the run path SwiftPM gives it (the toolchain's lib/swift/linux),
# so nothing else is needed here, nor by a program that loads the library later on this machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

configuration=${1:-release}
case "$configuration" in
    release|debug) ;;
    *) echo "usage: gir.sh [release|debug]" >&2; exit 64 ;;
esac

Resources/scripts/setup-debian.sh >&2

swift build -c "$configuration" --product flow-1 >&2
bin=$(swift build -c "$configuration" --show-bin-path)

targets=(CFlow CFlowClasses CWrapListView)
umbrella=Sources/CFlowClasses/include/flow/flow.h
headers=()
while read -r header; do
    found=""
    for target in "${targets[@]}"; do
        [ -f "Sources/$target/include/$header" ] && found="$root/Sources/$target/include/$header"
    done
    if [ -z "$found" ]; then
        echo "gir.sh: $umbrella includes $header, which no target has" >&2
        exit 1
    fi
    headers+=("$found")
done < <(sed -n 's/^#include <\(flow\/.*\.h\)>$/\1/p' "$umbrella")
if [ ${#headers[@]} -eq 0 ]; then
    echo "gir.sh: $umbrella includes no headers" >&2
    exit 1
fi
includes=() sources=()
for target in "${targets[@]}"; do
    includes+=("-I$root/Sources/$target/include")
    sources+=("$root"/Sources/"$target"/*.c)
done

# The scanner leaves its temporary files in the working directory.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
(
    cd "$scratch"
    g-ir-scanner --quiet --warn-all --warn-error \
        --namespace=Flow --nsversion=1.0 --identifier-prefix=Flow --symbol-prefix=flow \
        --include=Gtk-4.0 --pkg=gtk4 --c-include=flow/flow.h \
        --library=flow-1 --library-path="$bin" "${includes[@]}" \
        --output="$bin/Flow-1.0.gir" \
        "${headers[@]}" "${sources[@]}"
) >&2
g-ir-compiler --output="$bin/Flow-1.0.typelib" "$bin/Flow-1.0.gir" >&2

echo "$bin"
