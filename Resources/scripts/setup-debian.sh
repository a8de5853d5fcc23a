#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs what building and testing need on Debian/Ubuntu, when it is missing:
# GTK 4's development files, pkg-config, Xvfb with xauth for a virtual display, GNU time
# (the command tests measure flow-layout's peak memory with it); for the typelib
# (Resources/scripts/gir.sh) and its Python tests: gobject-introspection's scanner and compiler,
# GObject's .gir files, GTK's typelib and PyGObject (Debian's, for /usr/bin/python3); and what
# the tag editor's end-to-end tests drive it and check the files with: xdotool (keys, clicks),
# xclip (pastes), attr (setfattr, getfattr: another program changing file tags), e2fsprogs
# (chattr: an immutable file) and Debian's python3 (the third writer: os.setxattr and flock; with
# PyGObject's GTK 4, the drag source that drops files on the editor); openbox (a window manager:
# minimum sizes and resizes as on a desktop), x11-utils (xprop: WM_CLASS) and desktop-file-utils
# (desktop-file-validate).
# The Swift toolchain itself must already be on PATH.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists gtk4 2>/dev/null; then
    missing+=(libgtk-4-dev)
fi
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
[ -x /usr/bin/time ] || missing+=(time)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v xclip >/dev/null 2>&1 || missing+=(xclip)
# The Wayland pass of the keyboard tests: headless sway, keys from wtype, screenshots from grim.
command -v sway >/dev/null 2>&1 || missing+=(sway)
command -v wtype >/dev/null 2>&1 || missing+=(wtype)
command -v grim >/dev/null 2>&1 || missing+=(grim)
command -v setfattr >/dev/null 2>&1 || missing+=(attr)
command -v chattr >/dev/null 2>&1 || missing+=(e2fsprogs)
[ -x /usr/bin/python3 ] || missing+=(python3)
command -v openbox >/dev/null 2>&1 || missing+=(openbox)
command -v xprop >/dev/null 2>&1 || missing+=(x11-utils)
command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
# A font for labels and the symbolic icons the tag editor's chips use.
[ -d /usr/share/fonts/truetype/dejavu ] || missing+=(fonts-dejavu-core)
[ -d /usr/share/icons/Adwaita ] || missing+=(adwaita-icon-theme)
{ command -v g-ir-scanner && command -v g-ir-compiler; } >/dev/null 2>&1 || missing+=(gobject-introspection)
[ -f /usr/share/gir-1.0/GObject-2.0.gir ] || missing+=(libgirepository1.0-dev)
# The file tags' journal (SQLite) and its content fingerprints (xxHash), for TagData.
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libxxhash 2>/dev/null || missing+=(libxxhash-dev)
# The journal's tests lose tags as users do: rsync -a without -X, git (commit and a fresh clone).
command -v rsync >/dev/null 2>&1 || missing+=(rsync)
command -v git >/dev/null 2>&1 || missing+=(git)
# Instruction counts for the tests that catch work growing faster than the data (GrowthTests).
[ -x /usr/bin/valgrind ] || missing+=(valgrind)
[ -x /usr/bin/objcopy ] || missing+=(binutils)
compgen -G "/usr/lib/*/girepository-1.0/Gtk-4.0.typelib" >/dev/null || missing+=(gir1.2-gtk-4.0)
/usr/bin/python3 -c 'import gi' >/dev/null 2>&1 || missing+=(python3-gi)
# The installed library (install-library.sh): its API reference, its Vala bindings, the GJS client.
command -v gi-docgen >/dev/null 2>&1 || missing+=(gi-docgen)
{ command -v valac && command -v vapigen; } >/dev/null 2>&1 || missing+=(valac)
command -v gjs >/dev/null 2>&1 || missing+=(gjs)
# Every file's licence (Tests/Python/test_licensing.py runs `reuse lint`).
command -v reuse >/dev/null 2>&1 || missing+=(reuse)
# What a screen reader sees (the AT-SPI tests): a session bus, the accessibility bus and registry,
# and the AT-SPI client library for Debian's python3.
command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
[ -x /usr/libexec/at-spi-bus-launcher ] || missing+=(at-spi2-core)
compgen -G "/usr/lib/*/girepository-1.0/Atspi-2.0.typelib" >/dev/null || missing+=(gir1.2-atspi-2.0)
# A GTK 3 drag source (as GTK 3 file managers drag), for the drag-and-drop end-to-end tests.
compgen -G "/usr/lib/*/girepository-1.0/Gtk-3.0.typelib" >/dev/null || missing+=(gir1.2-gtk-3.0)
# The Nautilus extension's test loads it with Nautilus's own Python bindings.
/usr/bin/python3 -c 'import gi; gi.require_version("Nautilus", "4.0")' >/dev/null 2>&1 || missing+=(python3-nautilus)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift toolchain is not on PATH; install it first (swift.org)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: missing ${missing[*]}, and this is not a Debian/Ubuntu system: install them yourself" >&2
    exit 1
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
        echo "setup: installing ${missing[*]} needs root (no sudo found)" >&2
        exit 1
    fi
fi

echo "setup: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
