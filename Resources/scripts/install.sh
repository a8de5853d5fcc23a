#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the tag editor for the current user, or removes it again:
#   Resources/scripts/install.sh              build (release) and install into ~/.local
#   Resources/scripts/install.sh --uninstall  remove exactly what the install put there
#   Resources/scripts/install.sh --integration  only the file-manager menus (for an editor already
#                                          installed at PREFIX/bin/tag-editor): no build
# PREFIX (default ~/.local) moves everything: the programs (tag-editor, filetags) go to
# PREFIX/bin, their manual pages to PREFIX/share/man/man1, the editor's stylesheet and sample tags
# to PREFIX/share/wraphstack (where the program looks beside its own folder), the desktop file
# to PREFIX/share/applications, the icon to PREFIX/share/icons/hicolor, the AppStream
# metainfo to PREFIX/share/metainfo (both with their translations), the translations to
# PREFIX/share/locale, the GSettings schema to PREFIX/share/glib-2.0/schemas (compiled there);
# PREFIX/share/wraphstack/installed-files lists them for --uninstall.
# The file managers' menus ("Edit Tags…" on files, "Tags in This Folder…" on a folder, both
# starting PREFIX/bin/tag-editor): a Nautilus extension in PREFIX/share/nautilus-python/extensions
# (GNOME Files runs it with python3-nautilus) and a Dolphin service menu in
# PREFIX/share/kio/servicemenus (executable outside /usr and /usr/local, as KIO wants of one
# outside the system's folders).
# With DESTDIR set, everything goes to DESTDIR/PREFIX instead, with no manifest and no cache
# refreshed, as for a package (package-deb.sh: DESTDIR=stage PREFIX=/usr).
# stage_app below is the one list of what the app installs.
# The Swift runtime is linked in statically, so the installed programs keep working without the
# toolchain on PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."
. Resources/scripts/staging.sh

prefix="${PREFIX:-$HOME/.local}"
destdir="${DESTDIR:-}"
app_id=io.github.wraphstack.TagEditor
manifest=share/wraphstack/installed-files
integration_manifest=share/wraphstack/installed-integration-files
# The app's version is its newest release in the AppStream metainfo.
version=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "Resources/desktop/$app_id.metainfo.xml" | head -n 1)

# The menus, into the staging folder STAGE, naming the installed program, so that they work
# whatever PATH the file manager has.
stage_integration() {
    local stage=$1 mode=755
    case "$prefix" in /usr|/usr/local) mode=644 ;; esac
    install -d "$stage/share/nautilus-python/extensions" "$stage/share/kio/servicemenus"
    sed "s|@TAG_EDITOR@|$prefix/bin/tag-editor|g" Resources/integration/tag-editor-nautilus.py \
        > "$stage/share/nautilus-python/extensions/tag-editor-nautilus.py"
    chmod 644 "$stage/share/nautilus-python/extensions/tag-editor-nautilus.py"
    sed "s|@TAG_EDITOR@|$prefix/bin/tag-editor|g" "Resources/integration/$app_id.servicemenu.desktop" \
        > "$stage/share/kio/servicemenus/$app_id.servicemenu.desktop"
    chmod "$mode" "$stage/share/kio/servicemenus/$app_id.servicemenu.desktop"
    # filetags watch as a user service (issue 40), for systemctl --user enable filetags-watch@….
    install -d "$stage/share/systemd/user"
    sed "s|@FILETAGS@|$prefix/bin/filetags|g" "Resources/systemd/filetags-watch@.service" \
        > "$stage/share/systemd/user/filetags-watch@.service"
    chmod 644 "$stage/share/systemd/user/filetags-watch@.service"
}

# Everything the app installs, into the staging folder STAGE (laid out as PREFIX), from the
# release build in BIN.
stage_app() {
    local stage=$1 bin=$2 program
    for program in tag-editor filetags; do
        install -D -m 755 "$bin/$program" "$stage/bin/$program"
        # As Debian's dh_strip does: no symbols, no compiler comments.
        strip --remove-section=.comment --remove-section=.note "$stage/bin/$program"
    done
    install -D -m 644 Resources/tag-editor.css "$stage/share/wraphstack/tag-editor.css"
    install -D -m 644 Resources/sample-tags.txt "$stage/share/wraphstack/sample-tags.txt"
    install -D -m 644 "Resources/desktop/$app_id.svg" "$stage/share/icons/hicolor/scalable/apps/$app_id.svg"
    # The translations (po/LL.po, for each language of po/LINGUAS) compiled into
    # share/locale/LL/LC_MESSAGES/tag-editor.mo, where the program binds its gettext domain; the
    # desktop file and the metainfo with their translations merged in (Name[fr]=…, xml:lang).
    local language
    for language in $(sed 's/#.*//' po/LINGUAS); do
        install -d "$stage/share/locale/$language/LC_MESSAGES"
        msgfmt --check -o "$stage/share/locale/$language/LC_MESSAGES/tag-editor.mo" "po/$language.po"
    done
    install -d "$stage/share/applications" "$stage/share/metainfo"
    msgfmt --desktop --template="Resources/desktop/$app_id.desktop" -d po -o "$stage/share/applications/$app_id.desktop"
    msgfmt --xml --template="Resources/desktop/$app_id.metainfo.xml" -d po -o "$stage/share/metainfo/$app_id.metainfo.xml"
    chmod 644 "$stage/share/applications/$app_id.desktop" "$stage/share/metainfo/$app_id.metainfo.xml"
    # The GSettings schema, which refresh_caches (or the package's trigger) compiles.
    install -D -m 644 "Resources/desktop/$app_id.gschema.xml" "$stage/share/glib-2.0/schemas/$app_id.gschema.xml"
    # The manual pages are each program's --help (help2man).
    install -d "$stage/share/man/man1"
    help2man --no-info --version-string="$version" --name="edit the tags of files and your tag collection" \
        "$stage/bin/tag-editor" | gzip -9n > "$stage/share/man/man1/tag-editor.1.gz"
    help2man --no-info --version-string="$version" --name="find files by their tags and keep them tidy across folders" \
        "$stage/bin/filetags" | gzip -9n > "$stage/share/man/man1/filetags.1.gz"
    stage_integration "$stage"
}

# What a package's triggers do on Debian, for any other prefix: the desktop files' and icons'
# caches, and the compiled GSettings schemas (removed when no schema is left).
refresh_caches() {
    local schemas="$prefix/share/glib-2.0/schemas"
    if [ -d "$schemas" ] && command -v glib-compile-schemas >/dev/null 2>&1; then
        if compgen -G "$schemas/*.gschema.xml" >/dev/null; then
            glib-compile-schemas "$schemas" || true
        else
            rm -f "$schemas/gschemas.compiled"
            rmdir "$schemas" "$prefix/share/glib-2.0" 2>/dev/null || true
        fi
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$prefix/share/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$prefix/share/icons/hicolor" 2>/dev/null || true
    fi
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

case "${1:-}" in
--uninstall)
    if [ -f "$prefix/$manifest" ] || [ -f "$prefix/$integration_manifest" ]; then
        staging_uninstall "$prefix" "$manifest"
        staging_uninstall "$prefix" "$integration_manifest"
    else
        # An install made before the manifest.
        rm -f "$prefix/bin/tag-editor" "$prefix/share/applications/$app_id.desktop" \
            "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg" \
            "$prefix/share/nautilus-python/extensions/tag-editor-nautilus.py" \
            "$prefix/share/kio/servicemenus/$app_id.servicemenu.desktop"
        rm -rf "$prefix/share/wraphstack"
    fi
    refresh_caches
    echo "Removed the tag editor from $prefix."
    exit 0
    ;;
--integration)
    stage_integration "$stage"
    staging_install "$stage" "$prefix" "$integration_manifest"
    echo "Installed the file-manager menus: $prefix/share/nautilus-python/extensions/tag-editor-nautilus.py," \
        "$prefix/share/kio/servicemenus/$app_id.servicemenu.desktop (they start $prefix/bin/tag-editor)."
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
for product in tag-editor filetags; do
    swift build -c release --product "$product" --static-swift-stdlib --scratch-path "$scratch"
done
stage_app "$stage" "$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)"

if [ -n "$destdir" ]; then
    staging_destdir "$stage" "$destdir" "$prefix"
    echo "Staged the tag editor in $destdir$prefix."
    exit 0
fi
staging_install "$stage" "$prefix" "$manifest"
refresh_caches

echo "Installed the tag editor: $prefix/bin/tag-editor and $prefix/bin/filetags, with the desktop entry"
echo "($prefix/share/applications/$app_id.desktop) and the file managers' menus."
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "Note: $prefix/bin is not on PATH; add it to run 'tag-editor' by name." ;;
esac
