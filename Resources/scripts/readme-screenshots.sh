#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Makes the README's pictures of the tag editor (Resources/screenshots/tag-editor-*.png) from the
# real program with --screenshot, under a virtual display, so that they show the program as it is:
# the sample list with one long tag and the options at 1200 px; three photos' tags at 360 px; the
# sample list with --max-lines 3 at 600 px; dark and right to left at 600 px; and the French
# translation at 360 and 1200 px, light and dark. The binary is TAG_EDITOR_BINARY, else the debug
# build (swift build --product tag-editor).
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${TAG_EDITOR_BINARY:-$(swift build --package-path "$repository" --show-bin-path)/tag-editor}"
out="$repository/Resources/screenshots"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The app's settings schema from the tree, and a home of its own (no settings of the user's).
mkdir -p "$work/schemas"
cp "$repository/Resources/desktop/io.github.wraphstack.TagEditor.gschema.xml" "$work/schemas/"
glib-compile-schemas --strict "$work/schemas"
export GSETTINGS_SCHEMA_DIR="$work/schemas" GSETTINGS_BACKEND=memory
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" NO_AT_BRIDGE=1

{ cat "$repository/Resources/sample-tags.txt"; echo "an-exceptionally-long-tag-name-that-is-shortened-in-the-middle-of-its-chip"; } > "$work/list.txt"
mkdir -p "$work/photos"
for name in beach.jpg harbour.jpg market.jpg; do : > "$work/photos/$name"; done
setfattr -n user.xdg.tags -v "holiday,summer 2024,beach,family,sunset" "$work/photos/beach.jpg"
setfattr -n user.xdg.tags -v "holiday,summer 2024,boats,harbour,a rather long tag that is shortened" "$work/photos/harbour.jpg"
setfattr -n user.xdg.tags -v "holiday,market,food,family" "$work/photos/market.jpg"

shot() { # NAME WIDTH HEIGHT [ARGUMENTS...]
    local name=$1 width=$2 height=$3
    shift 3
    xvfb-run -a -s "-screen 0 1600x1200x24" "$binary" --screenshot "$out/$name.png" --width "$width" --height "$height" "$@"
    echo "readme-screenshots.sh: $out/$name.png"
}

shot tag-editor-wide 1200 560 --options --tags "$work/list.txt"
(cd "$work/photos" && shot tag-editor-narrow 360 640 --no-options beach.jpg harbour.jpg market.jpg)
shot tag-editor-600 600 420 --no-options --max-lines 3 --tags "$work/list.txt"
ADW_DEBUG_COLOR_SCHEME=prefer-dark shot tag-editor-dark 600 420 --no-options --direction rtl --tags "$work/list.txt"
for width in 360 1200; do
    LANGUAGE=fr shot "tag-editor-fr-$width-light" "$width" 640 --options --tags "$work/list.txt"
    LANGUAGE=fr ADW_DEBUG_COLOR_SCHEME=prefer-dark shot "tag-editor-fr-$width-dark" "$width" 640 --options --tags "$work/list.txt"
done
