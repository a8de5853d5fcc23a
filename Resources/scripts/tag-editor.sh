#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The project's run command: installs what is missing, builds the tag editor, and runs it in the
# folder it was started from, so that relative paths (FILE..., --tags LIST, --collection FILE,
# --folder DIR) are the user's. Arguments go to tag-editor (--help lists them).
# Without a display (no DISPLAY or WAYLAND_DISPLAY), it runs the editor under a virtual display
# instead, saves the window (with the layout options shown) as out/tag-editor.png in the
# repository, and says where.
# With no session bus (DBUS_SESSION_BUS_ADDRESS unset, as over SSH or in a bare X session) the
# editor runs under a bus of its own (dbus-run-session), which GTK's application and
# accessibility use: nothing warns "Unable to acquire session bus". That bus and the services
# it starts (the accessibility bus and registry) write to their own log,
# ${XDG_CACHE_HOME:-~/.cache}/tag-editor/session-bus.log, not among the editor's messages.
# TAG_EDITOR_BINARY=PATH runs that build instead of building one (how the tests run this script).
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"

if [ -n "${TAG_EDITOR_BINARY:-}" ]; then
    binary="$TAG_EDITOR_BINARY"
else
    "$repository/Resources/scripts/setup-debian.sh" --run
    # GTK's pkg-config flags make SwiftPM warn "prohibited flag(s)" on every build: harmless
    # (GTK-NOTES), and not the user's concern.
    swift build --package-path "$repository" -c release --product tag-editor 2>&1 | sed '/prohibited flag(s)/d' >&2
    binary="$(swift build --package-path "$repository" -c release --show-bin-path)/tag-editor"
fi

# Run from the build tree, the app's GSettings schema is not installed: it is compiled into
# .build/glib-2.0/schemas and named by GSETTINGS_SCHEMA_DIR, as GNOME apps run in development
# (the translations the build compiled are found by the program itself).
schemas="$repository/.build/glib-2.0/schemas"
mkdir -p "$schemas"
cp "$repository/Resources/desktop/io.github.wraphstack.TagEditor.gschema.xml" "$schemas/"
glib-compile-schemas --strict "$schemas"
export GSETTINGS_SCHEMA_DIR="$schemas${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"

session=()
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null 2>&1; then
    bus_log="${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/tag-editor/session-bus.log"
    mkdir -p "$(dirname "$bus_log")"
    # The editor's standard output and error are kept as fds 4 and 3; the bus's go to the log.
    exec 3>&2 4>&1
    session=(dbus-run-session -- bash -c 'exec "$@" 1>&4 2>&3 3>&- 4>&-' run-under-bus)
fi

# Runs the arguments under the session bus, if there is one to start, and says where its log
# is when the bus itself could not start.
run() {
    if [ ${#session[@]} -eq 0 ]; then
        "$@"
        return
    fi
    local status=0
    "${session[@]}" "$@" >"$bus_log" 2>&1 || status=$?
    if grep -q '^dbus-run-session:' "$bus_log" 2>/dev/null; then
        echo "tag-editor.sh: the session bus did not start; see $bus_log" >&2
    fi
    return "$status"
}

# With a display, or when asking for the help (which needs none), run it as it is.
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    run "$binary" "$@"
    exit
fi
for argument in "$@"; do
    case "$argument" in
        --help|-h) exec "$binary" --help ;;
        --) break ;;
    esac
done

screenshot="$repository/out/tag-editor.png"
mkdir -p "$repository/out"
run xvfb-run -a -s "-screen 0 1600x1200x24" "$binary" --screenshot "$screenshot" --width 900 --height 600 --options "$@"
echo "No display here, so the tag editor ran under a virtual display (Xvfb) and its window was saved as $screenshot."
