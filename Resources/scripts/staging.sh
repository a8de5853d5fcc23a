# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Sourced by install-library.sh and install.sh: each makes everything it installs in a staging
# folder laid out as the prefix (lib/..., share/...), so that a failed step installs nothing and
# the staging step is the one list of what it installs; these functions then put the folder in
# place, or take it away again.
#   staging_install STAGE PREFIX MANIFEST   copy STAGE into PREFIX and write PREFIX/MANIFEST: its
#                                           files and links ("f PATH" lines), and MANIFEST.dirs:
#                                           the folders the copy made
#   staging_uninstall PREFIX MANIFEST       remove what MANIFEST lists, then the folders it made
#                                           (deepest first) when nothing else is in them
#   staging_destdir STAGE DESTDIR PREFIX    copy STAGE into DESTDIR/PREFIX, with no manifest: what
#                                           a package script packs (package-deb.sh)

staging_uninstall() {
    local prefix=$1 manifest=$2 kind path made
    [ -f "$prefix/$manifest" ] || return 0
    while read -r kind path; do
        [ "$kind" = f ] && rm -f "$prefix/$path"
    done < "$prefix/$manifest"
    made=$(tac "$prefix/$manifest.dirs" 2>/dev/null || true)
    rm -f "$prefix/$manifest" "$prefix/$manifest.dirs"
    # The manifest's own folder first (the install made it, and it is now empty), then the
    # folders the copy made.
    rmdir "$prefix/$(dirname "$manifest")" 2>/dev/null || true
    while read -r path; do
        [ -z "$path" ] || rmdir "$prefix/$path" 2>/dev/null || true
    done <<< "$made"
}

staging_install() {
    local stage=$1 prefix=$2 manifest=$3 dir file
    # A new install replaces an old one wholly, so the manifest stays exact.
    staging_uninstall "$prefix" "$manifest"
    mkdir -p "$prefix"
    local dirs=()
    while read -r dir; do
        [ -d "$prefix/$dir" ] || dirs+=("$dir")
    done < <(cd "$stage" && find . -mindepth 1 -type d | sed 's|^\./||' | sort)
    mkdir -p "$prefix/$(dirname "$manifest")"
    (cd "$stage" && find . -mindepth 1 \( -type f -o -type l \) | sed 's|^\./||' | sort) | while read -r file; do
        mkdir -p "$prefix/$(dirname "$file")"
        cp -P --preserve=mode "$stage/$file" "$prefix/$file"
        echo "f $file"
    done > "$prefix/$manifest"
    printf '%s\n' "${dirs[@]}" | sed '/^$/d' > "$prefix/$manifest.dirs"
}

staging_destdir() {
    local stage=$1 target
    mkdir -p "$2$3"
    target=$(cd "$2$3" && pwd)
    # Entry by entry: copying STAGE itself would give the target STAGE's mode (mktemp's 700).
    (cd "$stage" && find . -mindepth 1 -maxdepth 1 -exec cp -R -P --preserve=mode {} "$target/" \;)
}
