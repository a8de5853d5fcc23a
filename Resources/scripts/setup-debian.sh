#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Debian packages a step needs, when they are missing (one apt-get for all of them):
#   Resources/scripts/setup-debian.sh            building and installing: `swift build` of the
#                                                library and the apps, the typelib, the Vala
#                                                bindings, the reference, the manual pages
#                                                (gir.sh, install-library.sh, install.sh)
#   Resources/scripts/setup-debian.sh --run      building, and running the editor from the build
#                                                tree (tag-editor.sh: its virtual display, bus, fonts)
#   Resources/scripts/setup-debian.sh --package  building, and making .deb files (package-deb.sh)
#   Resources/scripts/setup-debian.sh --tests    all of the above, and what the tests drive and
#                                                check the programs with (test.sh, .ci/run)
# The lists below hold one package per line under a comment saying who needs it: add a package
# to the list of the step that needs it. The Swift toolchain itself must already be on PATH.
set -euo pipefail

build=(
    # SwiftPM finds GTK 4's headers and libraries through pkg-config (Package.swift's CGtk).
    pkg-config
    libgtk-4-dev
    # The app: libadwaita 1.2 (issue 38), SQLite, gettext's xgettext and msgfmt (its translations);
    # glib-compile-resources builds its windows' GResource (Plugins/GResourceCompiler).
    libadwaita-1-dev
    libglib2.0-dev-bin
    # Its GSettings schema: glib-compile-schemas (the build's plugin, tag-editor.sh, install.sh)
    # and gsettings.
    libglib2.0-bin
    libsqlite3-dev
    gettext
    # TagData's journal of file tags: SQLite (above) and xxHash for its content fingerprints.
    libxxhash-dev
    # The typelib (gir.sh): the scanner and compiler, and GObject's .gir files.
    gobject-introspection
    libgirepository1.0-dev
    # The installed library (install-library.sh): its HTML reference, its Vala bindings (vapigen),
    # strip.
    gi-docgen
    valac
    binutils
    # The installed app (install.sh): the manual pages of tag-editor and filetags, from --help.
    help2man
)

run=(
    # The run command without a display runs the editor under Xvfb (xvfb-run needs xauth) and a
    # session bus of its own (dbus-run-session).
    xvfb
    xauth
    dbus
    # A font for the labels and the symbolic icons of the editor's chips.
    fonts-dejavu-core
    adwaita-icon-theme
)

package=(
    # package-deb.sh: debhelper's dh_* steps over Resources/packaging (they run dpkg-deb, and
    # dpkg-shlibdeps for Depends from the binaries), reuse for the copyright file (and for
    # Tests/Python/test_licensing.py's `reuse lint`), lintian.
    dpkg-dev
    debhelper
    reuse
    lintian
)

tests=(
    # GNU time: the command tests measure flow-layout's peak memory with it.
    time
    # The end-to-end tests' input: keys and clicks (xdotool), pastes (xclip).
    xdotool
    xclip
    # The keyboard tests' Wayland pass: headless sway, keys from wtype, screenshots from grim.
    sway
    wtype
    grim
    # Another program changing file tags (setfattr, getfattr); an immutable file (chattr).
    attr
    e2fsprogs
    # The journal's tests lose tags as users do: rsync -a without -X, a git commit and a clone.
    rsync
    git
    # Debian's python3 and PyGObject: the Python tests of the typelib, the third writer
    # (os.setxattr, flock), the drag source that drops files on the editor.
    python3
    python3-gi
    gir1.2-gtk-4.0
    # Screenshots of the editor's window from outside, and a pixel of them read (the end-to-end
    # tests of the dark style and of long messages): ImageMagick's import and convert.
    imagemagick
    # A window manager (minimum sizes and resizes as on a desktop); xprop reads WM_CLASS.
    openbox
    x11-utils
    # The desktop file and the AppStream metainfo as their checkers see them.
    desktop-file-utils
    appstream
    # Instruction counts for the tests that catch work growing faster than the data (GrowthTests).
    valgrind
    # The installed library's GJS client (test_installed_library.py).
    gjs
    # What a screen reader sees (the AT-SPI tests): the accessibility bus and registry, and the
    # AT-SPI client library for Debian's python3.
    at-spi2-core
    gir1.2-atspi-2.0
    # A GTK 3 drag source (as GTK 3 file managers drag), for the drag-and-drop end-to-end tests.
    gir1.2-gtk-3.0
    # The Nautilus extension's test loads it with Nautilus's own Python bindings.
    python3-nautilus
    # The packages installed as a user installs them (test-packages.sh, opt-in): a Debian root
    # of their own.
    debootstrap
)

usage="usage: setup-debian.sh [--run | --package | --tests]"
wanted=("${build[@]}")
case "${1:-}" in
    "") ;;
    --run) wanted+=("${run[@]}") ;;
    --package) wanted+=("${package[@]}") ;;
    --tests) wanted+=("${run[@]}" "${package[@]}" "${tests[@]}") ;;
    *) echo "$usage" >&2; exit 64 ;;
esac
[ $# -le 1 ] || { echo "$usage" >&2; exit 64; }

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: not a Debian/Ubuntu system; make sure these (or your system's equivalents) are installed: ${wanted[*]}" >&2
    exit 0
fi

# dpkg-query names every package it knows with its state ("ii" when installed) and says nothing
# on standard output of one it has never seen.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${wanted[@]}" 2>/dev/null | awk '$2 == "ii" { print $1 }' || true)
missing=()
for name in "${wanted[@]}"; do
    grep -qxF "$name" <<< "$installed" || missing+=("$name")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift toolchain is not on PATH; install it first (swift.org)" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: missing ${missing[*]}, and there is no apt-get here: install them yourself" >&2
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
