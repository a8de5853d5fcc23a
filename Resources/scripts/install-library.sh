#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Flow GObject library the way GNOME libraries are installed, or removes it again:
#   Resources/scripts/install-library.sh              build (release) and install into ~/.local
#   Resources/scripts/install-library.sh --uninstall  remove exactly what the install put there
# PREFIX (default ~/.local) moves everything; LIBDIR (default PREFIX/lib, inside PREFIX) moves
# what is under lib below, as Debian's multiarch folders want (/usr/lib/x86_64-linux-gnu):
#   lib/libflow-1.so.0.0.0, lib/libflow-1.so.0, lib/libflow-1.so   the library (SONAME libflow-1.so.0)
#   lib/pkgconfig/flow-1.pc                                         pkg-config --cflags --libs flow-1
#   include/flow-1/flow/*.h                                         the public headers (#include <flow/flow.h>)
#   share/gir-1.0/Flow-1.0.gir, lib/girepository-1.0/Flow-1.0.typelib
#   share/vala/vapi/flow-1.vapi, flow-1.deps                        valac --pkg flow-1
#   share/doc/flow-1/                                               the API reference (gi-docgen), index.html,
#                                                                   its pictures made by reference-pictures.py
#   share/flow-1/installed-files                                    what --uninstall removes
# With DESTDIR set, everything goes to DESTDIR/PREFIX instead, with no manifest, as for a package
# (package-deb.sh: DESTDIR=stage PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu).
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
. Resources/scripts/staging.sh

prefix="${PREFIX:-$HOME/.local}"
libdir="${LIBDIR:-$prefix/lib}"
case "$libdir" in
    "$prefix"/*) lib=${libdir#"$prefix"/} ;;
    *) echo "install-library.sh: LIBDIR ($libdir) must be inside PREFIX ($prefix)" >&2; exit 64 ;;
esac
destdir="${DESTDIR:-}"
version=1.0.0
manifest=share/flow-1/installed-files

case "${1:-}" in
--uninstall)
    [ $# -eq 1 ] || { echo "usage: $0 [--uninstall]" >&2; exit 64; }
    if [ ! -f "$prefix/$manifest" ]; then
        echo "The Flow library is not installed in $prefix (no $manifest)." >&2
        exit 1
    fi
    staging_uninstall "$prefix" "$manifest"
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

install -d "$stage/$lib/pkgconfig" "$stage/$lib/girepository-1.0" "$stage/include/flow-1/flow" \
    "$stage/share/gir-1.0" "$stage/share/vala/vapi" "$stage/share/doc"
install -m 755 "$bin/libflow-1.so" "$stage/$lib/libflow-1.so.0.0.0"
strip --strip-unneeded "$stage/$lib/libflow-1.so.0.0.0"
ln -s libflow-1.so.0.0.0 "$stage/$lib/libflow-1.so.0"
ln -s libflow-1.so.0 "$stage/$lib/libflow-1.so"
install -m 644 Sources/CFlow/include/flow/*.h "$stage/include/flow-1/flow/"
install -m 644 "$bin/Flow-1.0.gir" "$stage/share/gir-1.0/"
install -m 644 "$bin/Flow-1.0.typelib" "$stage/$lib/girepository-1.0/"
cat > "$stage/$lib/pkgconfig/flow-1.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/$lib
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

# The HTML reference, from the .gir and its gtk-doc comments (Debian's gi-docgen), with the
# pictures the class pages show: drawn by the real widgets of the library just staged, light and
# dark (reference-pictures.py; under Xvfb when there is no display).
docs=$(mktemp -d "$stage/docs.XXXX")
sed "s/@VERSION@/$version/" Resources/reference/flow-1.toml > "$docs/flow-1.toml"
display=()
[ -n "${DISPLAY:-}" ] || display=(xvfb-run -a)
GI_TYPELIB_PATH="$stage/$lib/girepository-1.0" LD_LIBRARY_PATH="$stage/$lib" NO_AT_BRIDGE=1 \
    "${display[@]}" /usr/bin/python3 Resources/scripts/reference-pictures.py "$docs/pictures" >&2
gi-docgen generate --quiet --no-namespace-dir --config "$docs/flow-1.toml" \
    --content-dir "$root/Resources/reference" --content-dir "$docs/pictures" \
    --output-dir "$stage/share/doc/flow-1" \
    "$stage/share/gir-1.0/Flow-1.0.gir" >&2
rm -rf "$docs"
if [ ! -f "$stage/share/doc/flow-1/index.html" ]; then
    echo "install-library.sh: gi-docgen made no index.html" >&2
    exit 1
fi

if [ -n "$destdir" ]; then
    staging_destdir "$stage" "$destdir" "$prefix"
    echo "Staged the Flow library in $destdir$prefix."
    exit 0
fi
staging_install "$stage" "$prefix" "$manifest"

echo "Installed the Flow library in $prefix: $(pkg-config --define-variable=prefix="$prefix" \
    --variable=libdir "$libdir/pkgconfig/flow-1.pc")/libflow-1.so, the reference in $prefix/share/doc/flow-1."
case "$prefix" in
/usr|/usr/local) ;;
*) echo "Note: for $prefix, set PKG_CONFIG_PATH=$libdir/pkgconfig, GI_TYPELIB_PATH=$libdir/girepository-1.0 and LD_LIBRARY_PATH=$libdir." ;;
esac
