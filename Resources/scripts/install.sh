#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the tag editor for the current user, or removes it again:
#   Resources/scripts/install.sh              build (release) and install into ~/.local
#   Resources/scripts/install.sh --uninstall  remove what the install put there
#   Resources/scripts/install.sh --integration  only the file-manager menus (for an editor already
#                                          installed at PREFIX/bin/tag-editor): no build
# PREFIX (default ~/.local) moves everything: the program goes to PREFIX/bin, its stylesheet and
# sample tags to PREFIX/share/wraphstack (where the program looks beside its own folder), the
# desktop file to PREFIX/share/applications and the icon to PREFIX/share/icons/hicolor.
# The file managers' menus ("Edit Tags…" on files, "Tags in This Folder…" on a folder, both
# starting PREFIX/bin/tag-editor): a Nautilus extension in PREFIX/share/nautilus-python/extensions
# (GNOME Files runs it with python3-nautilus) and a Dolphin service menu in
# PREFIX/share/kio/servicemenus (executable, as KIO wants of one outside the system's folders).
# The Swift runtime is linked in statically, so the installed program keeps working without the
# toolchain on PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."

prefix="${PREFIX:-$HOME/.local}"
app_id=io.github.wraphstack.TagEditor
binary_target="$prefix/bin/tag-editor"
resources_target="$prefix/share/wraphstack"
desktop_target="$prefix/share/applications/$app_id.desktop"
icon_target="$prefix/share/icons/hicolor/scalable/apps/$app_id.svg"
nautilus_target="$prefix/share/nautilus-python/extensions/tag-editor-nautilus.py"
servicemenu_target="$prefix/share/kio/servicemenus/$app_id.servicemenu.desktop"

# The menus name the installed program, so they work whatever PATH the file manager has.
install_integration() {
    mkdir -p "$(dirname "$nautilus_target")" "$(dirname "$servicemenu_target")"
    sed "s|@TAG_EDITOR@|$binary_target|g" Resources/integration/tag-editor-nautilus.py > "$nautilus_target"
    chmod 644 "$nautilus_target"
    sed "s|@TAG_EDITOR@|$binary_target|g" "Resources/integration/$app_id.servicemenu.desktop" > "$servicemenu_target"
    chmod 755 "$servicemenu_target"
}

refresh_caches() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$prefix/share/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" 2>/dev/null || true
    fi
}

case "${1:-}" in
--uninstall)
    rm -f "$binary_target" "$desktop_target" "$icon_target" "$nautilus_target" "$servicemenu_target"
    rm -rf "$resources_target"
    refresh_caches
    echo "Removed the tag editor from $prefix."
    exit 0
    ;;
--integration)
    install_integration
    echo "Installed the file-manager menus: $nautilus_target, $servicemenu_target (they start $binary_target)."
    exit 0
    ;;
"") ;;
*)
    echo "usage: $0 [--uninstall | --integration]" >&2
    exit 64
    ;;
esac

Resources/scripts/setup-debian.sh
scratch=.build/install
swift build -c release --product tag-editor --static-swift-stdlib --scratch-path "$scratch"
built="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/tag-editor"

install -D -m 755 "$built" "$binary_target"
install -D -m 644 Resources/tag-editor.css "$resources_target/tag-editor.css"
install -D -m 644 Resources/sample-tags.txt "$resources_target/sample-tags.txt"
install -D -m 644 "Resources/desktop/$app_id.desktop" "$desktop_target"
install -D -m 644 "Resources/desktop/$app_id.svg" "$icon_target"
install_integration
refresh_caches

echo "Installed the tag editor: $binary_target, with its desktop entry ($desktop_target)"
echo "and the file managers' menus ($nautilus_target, $servicemenu_target)."
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "Note: $prefix/bin is not on PATH; add it to run 'tag-editor' by name." ;;
esac
