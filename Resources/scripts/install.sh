#!/usr/bin/env bash
# Installs the tag editor for the current user, or removes it again:
#   Resources/scripts/install.sh              build (release) and install into ~/.local
#   Resources/scripts/install.sh --uninstall  remove what the install put there
# PREFIX (default ~/.local) moves everything: the program goes to PREFIX/bin, its stylesheet and
# sample tags to PREFIX/share/wraphstack (where the program looks beside its own folder), the
# desktop file to PREFIX/share/applications and the icon to PREFIX/share/icons/hicolor.
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
    rm -f "$binary_target" "$desktop_target" "$icon_target"
    rm -rf "$resources_target"
    refresh_caches
    echo "Removed the tag editor from $prefix."
    exit 0
    ;;
"") ;;
*)
    echo "usage: $0 [--uninstall]" >&2
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
refresh_caches

echo "Installed the tag editor: $binary_target, with its desktop entry ($desktop_target)."
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "Note: $prefix/bin is not on PATH; add it to run 'tag-editor' by name." ;;
esac
