#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Flow GObject library the way GNOME libraries are installed, or removes it again:
#   Resources/scripts/install-library.sh              build (release) and install into ~/.local
#   Resources/scripts/install-library.sh --uninstall  remove exactly what the install put there
# PREFIX (default ~/.local) moves everything:
#   lib/libflow-1.so.0.0.0, lib/libflow-1.so.0, lib/libflow-1.so   the library (SONAME libflow-1.so.0)
#   lib/pkgconfig/flow-1.pc                                         pkg-config --cflags --libs flow-1
#   include/flow-1/flow/*.h                                         the public headers (#include <flow/flow.h>)
#   share/gir-1.0/Flow-1.0.gir, lib/girepository-1.0/Flow-1.0.typelib
#   share/vala/vapi/flow-1.vapi, flow-1.deps                        valac --pkg flow-1
#   share/doc/flow-1/                                               the API reference (gi-docgen), index.html
#   share/flow-1/installed-files                                    what --uninstall removes
# The Swift runtime is linked into the library (static, its symbols kept local: the library
# exports only flow_*; Package.swift's FlowLibrary target links it so), so it needs no Swift
# toolchain at run time. That is one file of 7.7 MB, stripped, against 15.4 MB for the library
# (0.9 MB) with the nine runtime shared objects it would need beside it under an $ORIGIN run path
# (14.5 MB; measured 2026-12-02, docs/library.md), and a process that loads another
# Swift runtime cannot clash with it.
# For a prefix outside the system's paths, point the tools there:
#   PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig GI_TYPELIB_PATH=$PREFIX/lib/girepository-1.0 \
#   LD_LIBRARY_PATH=$PREFIX/lib XDG_DATA_DIRS=$PREFIX/share:/usr/share   (valac: --vapidir $PREFIX/share/vala/vapi)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

prefix="${PREFIX:-$HOME/.local}"
version=1.0.0
manifest_name=share/flow-1/installed-files
manifest="$prefix/$manifest_name"

# Removes what the manifest lists: its files and links, then the folders the install made (deepest
# first) when nothing else is in them, then the manifest itself.
uninstall() {
    [ -f "$manifest" ] || return 0
    local kind path
    while read -r kind path; do
        [ "$kind" = f ] && rm -f "$prefix/$path"
    done < "$manifest"
    rm -f "$manifest"
    tac "$manifest.dirs" 2>/dev/null | while read -r path; do
        rmdir "$prefix/$path" 2>/dev/null || true
    done
    rm -f "$manifest.dirs"
    # The manifest's own folders, if the install made them and they are now empty.
    rmdir "$prefix/share/flow-1" 2>/dev/null || true
}

case "${1:-}" in
--uninstall)
    [ $# -eq 1 ] || { echo "usage: $0 [--uninstall]" >&2; exit 64; }
    if [ ! -f "$manifest" ]; then
        echo "The Flow library is not installed in $prefix (no $manifest_name)." >&2
        exit 1
    fi
    uninstall
    echo "Removed the Flow library from $prefix."
    exit 0
    ;;
"") ;;
*)
    echo "usage: $0 [--uninstall]" >&2
    exit 64
    ;;
esac

Resources/scripts/setup-debian.sh >&2

scratch=.build/install
swift build -c release --product flow-1 --static-swift-stdlib --scratch-path "$scratch" >&2
bin=$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)
if ldd "$bin/libflow-1.so" | grep -q "libswift"; then
    echo "install-library.sh: $bin/libflow-1.so still needs the Swift runtime's shared objects:" >&2
    ldd "$bin/libflow-1.so" | grep libswift >&2
    exit 1
fi
Resources/scripts/gir.sh --bin "$bin" >&2

# Everything is made in a staging folder first, so that a failed step installs nothing.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

install -d "$stage/lib/pkgconfig" "$stage/lib/girepository-1.0" "$stage/include/flow-1/flow" \
    "$stage/share/gir-1.0" "$stage/share/vala/vapi" "$stage/share/doc"
install -m 755 "$bin/libflow-1.so" "$stage/lib/libflow-1.so.0.0.0"
strip --strip-unneeded "$stage/lib/libflow-1.so.0.0.0"
ln -s libflow-1.so.0.0.0 "$stage/lib/libflow-1.so.0"
ln -s libflow-1.so.0 "$stage/lib/libflow-1.so"
install -m 644 Sources/CFlow/include/flow/*.h "$stage/include/flow-1/flow/"
install -m 644 "$bin/Flow-1.0.gir" "$stage/share/gir-1.0/"
install -m 644 "$bin/Flow-1.0.typelib" "$stage/lib/girepository-1.0/"
cat > "$stage/lib/pkgconfig/flow-1.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: Flow
Description: Wrapping layouts for GTK 4: a box, a layout manager and a virtualized list
Version: $version
Requires: gtk4
Libs: -L\${libdir} -lflow-1
Cflags: -I\${includedir}/flow-1
EOF

# The Vala bindings, from the .gir (Debian's vapigen, valac).
vapigen --quiet --library=flow-1 --pkg=gtk4 --girdir="$stage/share/gir-1.0" \
    --directory="$stage/share/vala/vapi" "$stage/share/gir-1.0/Flow-1.0.gir" >&2
printf 'gtk4\n' > "$stage/share/vala/vapi/flow-1.deps"

# The HTML reference, from the .gir and its gtk-doc comments (Debian's gi-docgen).
docs=$(mktemp -d "$stage/docs.XXXX")
sed "s/@VERSION@/$version/" Resources/reference/flow-1.toml > "$docs/flow-1.toml"
gi-docgen generate --quiet --no-namespace-dir --config "$docs/flow-1.toml" \
    --content-dir "$root/Resources/reference" --output-dir "$stage/share/doc/flow-1" \
    "$stage/share/gir-1.0/Flow-1.0.gir" >&2
rm -rf "$docs"
if [ ! -f "$stage/share/doc/flow-1/index.html" ]; then
    echo "install-library.sh: gi-docgen made no index.html" >&2
    exit 1
fi

# A new install replaces an old one wholly, so the manifest stays exact.
uninstall

mkdir -p "$prefix"
dirs=()
while read -r dir; do
    [ -d "$prefix/$dir" ] || dirs+=("$dir")
done < <(cd "$stage" && find . -mindepth 1 -type d | sed 's|^\./||' | sort)
mkdir -p "$prefix/share/flow-1"
(cd "$stage" && find . -mindepth 1 \( -type f -o -type l \) | sed 's|^\./||' | sort) | while read -r file; do
    mkdir -p "$prefix/$(dirname "$file")"
    cp -P "$stage/$file" "$prefix/$file"
    echo "f $file"
done > "$manifest"
printf '%s\n' "${dirs[@]}" | sed '/^$/d' > "$manifest.dirs"

echo "Installed the Flow library in $prefix: $(pkg-config --define-variable=prefix="$prefix" \
    --variable=libdir "$prefix/lib/pkgconfig/flow-1.pc")/libflow-1.so, the reference in $prefix/share/doc/flow-1."
case "$prefix" in
/usr|/usr/local) ;;
*) echo "Note: for $prefix, set PKG_CONFIG_PATH=$prefix/lib/pkgconfig, GI_TYPELIB_PATH=$prefix/lib/girepository-1.0 and LD_LIBRARY_PATH=$prefix/lib." ;;
esac
