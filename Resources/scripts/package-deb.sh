#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Makes the project's Debian packages, in one command on a machine with the Swift toolchain:
#   Resources/scripts/package-deb.sh [OUT]    (default: out/deb in the repository)
# OUT then holds
#   libflow-1-0       the library, libflow-1.so.0 (the Swift runtime linked in)
#   libflow-1-dev     its headers, libflow-1.so, flow-1.pc, Flow-1.0.gir, the Vala bindings
#   gir1.2-flow-1.0   its typelib
#   libflow-1-doc     its HTML reference (gi-docgen), also in Devhelp
#   tag-editor        tag-editor and filetags, with everything install.sh installs
# and lintian.txt, what lintian says of them (an error fails the command).
# The two install scripts stage what they install, as for any other prefix (DESTDIR, PREFIX=/usr,
# the multiarch LIBDIR): install-library.sh into debian/tmp, which Resources/packaging's .install
# files split into the library's packages (a staged file no package takes is an error), and
# install.sh straight into the tag-editor package, so that whatever the app installs is packed.
# debhelper does the rest as Debian's own packages are made: the copyright and changelog in each
# package, Depends from the binaries (dpkg-shlibdeps) and from the typelib (dh_girepository), the
# library's symbols checked against Resources/packaging/libflow-1-0.symbols, dpkg-deb.
# The version is Resources/packaging/changelog's; the library's (install-library.sh) and the
# app's (its metainfo's newest release) must be its upstream part.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
umask 022

[ $# -le 1 ] || { echo "usage: package-deb.sh [OUT]" >&2; exit 64; }
out=${1:-out/deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)

Resources/scripts/setup-debian.sh --package >&2

packaging=Resources/packaging
version=$(dpkg-parsechangelog -l "$packaging/changelog" -S Version)
upstream=${version%-*}
library=$(sed -n 's/^version=//p' Resources/scripts/install-library.sh)
app=$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' Resources/desktop/io.github.wraphstack.TagEditor.metainfo.xml | head -n 1)
if [ "$library" != "$upstream" ] || [ "$app" != "$upstream" ]; then
    echo "package-deb.sh: $packaging/changelog is at $upstream, but the library (install-library.sh) is $library" \
        "and the app (its metainfo's newest release) $app: add a changelog entry (dch) or mend the versions" >&2
    exit 1
fi
# Dates in the packages (the manual pages', the files') are the changelog's, so that a rebuild
# of the same sources gives the same packages.
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l "$packaging/changelog" -S Timestamp)
export SOURCE_DATE_EPOCH

work=.build/package-deb
rm -rf "$work"
mkdir -p "$work/debian"
find "$packaging" -maxdepth 1 -type f ! -name '*.license' ! -name '*.py' ! -name '*.in' -exec cp {} "$work/debian/" \;
/usr/bin/python3 "$packaging/copyright.py" "$packaging/copyright.in" > "$work/debian/copyright"

multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
DESTDIR="$root/$work/debian/tmp" PREFIX=/usr LIBDIR="/usr/lib/$multiarch" Resources/scripts/install-library.sh >&2
DESTDIR="$root/$work/debian/tag-editor" PREFIX=/usr Resources/scripts/install.sh >&2

(
    cd "$work"
    dh_install
    dh_missing --fail-missing
    # The GSettings schema install.sh put in usr/share/glib-2.0/schemas: a dependency on a
    # GSettings backend (dconf); libglib2.0-0's trigger compiles the schemas on install.
    dh_installgsettings
    dh_installdocs
    dh_installchangelogs
    dh_lintian
    dh_link
    # The reference stays as gi-docgen made it: its search reads index.json, not index.json.gz.
    dh_compress -Xusr/share/doc/libflow-1-doc/flow-1/
    dh_fixperms
    # install.sh and install-library.sh strip what they install; nothing is left to split off.
    dh_strip --no-automatic-dbgsym
    dh_makeshlibs
    dh_shlibdeps
    dh_girepository
    dh_installdeb
    dh_gencontrol
    dh_md5sums
    # Earlier builds of these packages only: OUT may hold other .deb files.
    for package in $(sed -n 's/^Package: //p' debian/control); do
        rm -f "$out/${package}"_*.deb
    done
    dh_builddeb --destdir="$out"
) >&2

# What lintian says, kept beside the packages; an error fails the command, warnings are listed.
built=()
for package in $(sed -n 's/^Package: //p' "$packaging/control"); do
    built+=("$out/${package}_$version"_*.deb)
done
lintian --display-info --fail-on error "${built[@]}" > "$out/lintian.txt" 2>&1 || {
    cat "$out/lintian.txt" >&2
    echo "package-deb.sh: lintian found errors (above)" >&2
    exit 1
}
cat "$out/lintian.txt" >&2
for deb in "${built[@]}"; do
    printf '%s %s\n' "$(du -k "$deb" | cut -f1)K" "$deb"
done
