#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# The packages as a user installs them, in a Debian 12 system of their own (never this machine's,
# which other programs and tests share: a system-wide libflow-1 or typelib would change theirs):
#   Resources/scripts/test-packages.sh [DEBS]   DEBS: package-deb.sh's folder (default: make the
#                                               packages first, into .build/test-packages/debs)
#   Resources/scripts/test-packages.sh --build-inside
#                                               make them first as on a fresh machine: package-deb.sh
#                                               in a Debian 12 root that has only the Swift toolchain
#                                               (this machine's, mounted read-only, with the packages
#                                               swift.org lists for it) and a clone of HEAD
# In a Debian 12 root with no Swift toolchain, as root: `apt-get install ./*.deb`; then as a
# user, with only PATH=/usr/bin:/bin: tag-editor --help, a headless screenshot under Xvfb, its
# stylesheet and sample tags found in /usr/share/wraphstack when it is started by name;
# filetags --help; pkg-config --modversion flow-1; Python's `from gi.repository import Flow`;
# the C and Python examples built and run against the installed library; ldd finding every
# library. Then the packages are purged, and installed again over that state: every new path is
# one the packages list; `apt-get remove` leaves the file tree as it was, and `apt-get purge`
# leaves dpkg's own records as they were too.
# The root is Debian 12 minbase (debootstrap) with the test's own tools (Xvfb, strace, a C
# compiler, pkg-config, PyGObject), made once and kept, with what apt downloads, in
# ${WRAPHSTACK_DEBIAN_ROOT:-.build/debian-root}; each run installs into a throwaway overlay on it,
# inside a mount namespace of its own, so that nothing of the run outlives it. Needs root
# (debootstrap, chroot, mounts) and a Debian mirror (DEBIAN_MIRROR, default deb.debian.org).
set -euo pipefail
cd "$(dirname "$0")/../.."
root_dir=$PWD
export LC_ALL=C

if [ "$(id -u)" -ne 0 ]; then
    echo "test-packages.sh: needs root (debootstrap, chroot, mounts)" >&2
    exit 1
fi
# Every mount below is private to this process and its children, and goes with them.
if [ -z "${WRAPHSTACK_TEST_PACKAGES_NAMESPACE:-}" ]; then
    exec env WRAPHSTACK_TEST_PACKAGES_NAMESPACE=1 unshare --mount --propagation private "$0" "$@"
fi

usage="usage: test-packages.sh [DEBS | --build-inside]"
[ $# -le 1 ] || { echo "$usage" >&2; exit 64; }
build_inside=
case "${1:-}" in
    --build-inside) build_inside=1 ;;
    -*) echo "$usage" >&2; exit 64 ;;
esac
Resources/scripts/setup-debian.sh --tests >&2
if [ -n "$build_inside" ]; then
    debs=  # made below, in a root of its own
elif [ $# -eq 1 ]; then
    debs=$(cd "$1" && pwd)
else
    debs=$root_dir/.build/test-packages/debs
    Resources/scripts/package-deb.sh "$debs" >/dev/null
fi
packages=($(sed -n 's/^Package: //p' Resources/packaging/control))

cache=${WRAPHSTACK_DEBIAN_ROOT:-$root_dir/.build/debian-root}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
base=$cache/bookworm
tools="xvfb xauth strace gcc libc6-dev pkg-config python3-gi"
mkdir -p "$cache/archives"
# One run at a time per cache: the base is made once, and apt locks its downloads.
exec 9>"$cache/lock"
flock 9

# Says what was just done and how long it took.
step_started=$SECONDS
step() {
    echo "== $1: $((SECONDS - step_started)) s" >&2
    step_started=$SECONDS
}
# A check that fails is reported at the end, after the others have run; a step that cannot go on
# without what failed stops the run.
problems=()
problem() {
    echo "test-packages.sh: FAILED: $*" >&2
    problems+=("$*")
}
fail() {
    problem "$@"
    exit 1
}

# Mounts what apt and GTK need inside ROOT (the namespace unmounts them at the end).
enter() {
    mount -t proc proc "$1/proc"
    mount --rbind /dev "$1/dev"
    mount -t tmpfs tmpfs "$1/run"
    mount --bind "$cache/archives" "$1/var/cache/apt/archives"
}
leave() {
    umount "$1/var/cache/apt/archives" "$1/run" "$1/proc"
    umount -R "$1/dev"
}

# The base: made again when the mirror or the tools change.
marker="mirror=$mirror tools=$tools"
if [ "$(cat "$base/.wraphstack-base" 2>/dev/null)" != "$marker" ]; then
    echo "== making the base root in $base (debootstrap --variant=minbase bookworm, then $tools)" >&2
    rm -rf "$base"
    debootstrap --variant=minbase bookworm "$base" "$mirror" >&2
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$mirror" "$mirror" > "$base/etc/apt/sources.list"
    enter "$base"
    chroot "$base" apt-get update -qq
    # shellcheck disable=SC2086
    chroot "$base" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $tools >/dev/null
    chroot "$base" useradd -m tester
    leave "$base"
    echo "$marker" > "$base/.wraphstack-base"
    step "base root made"
fi

scratch=$(mktemp -d)
trap 'umount -R -l "$scratch"/*/root 2>/dev/null; rm -rf "$scratch"' EXIT
# A throwaway overlay of the base, NAME, mounted for apt: its root folder is $overlay_root.
overlay() {
    overlay_root=$scratch/$1/root
    mkdir -p "$scratch/$1/upper" "$scratch/$1/work" "$overlay_root"
    mount -t overlay overlay -o "lowerdir=$base,upperdir=$scratch/$1/upper,workdir=$scratch/$1/work" "$overlay_root"
    enter "$overlay_root"
    cp /etc/resolv.conf "$overlay_root/etc/resolv.conf"
}

if [ -n "$build_inside" ]; then
    # swift.org's list of what the toolchain needs on Debian 12.
    swift_needs="binutils-gold gcc git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libncurses-dev
        libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev"
    toolchain=$(cd "$(dirname "$(command -v swift)")/.." && pwd)
    overlay build
    builder=$overlay_root
    chroot "$builder" apt-get update -qq
    # shellcheck disable=SC2086
    chroot "$builder" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends $swift_needs >/dev/null
    mkdir -p "$builder$toolchain"
    mount --bind "$toolchain" "$builder$toolchain"
    mount -o remount,bind,ro "$builder$toolchain"
    git clone -q "$root_dir" "$builder/src"
    git -C "$builder/src" checkout -q "$(git rev-parse HEAD)"
    step "a root with the Swift toolchain ($toolchain) and a clone of HEAD ($(git rev-parse --short HEAD))"
    chroot "$builder" env -i PATH="$toolchain/bin:/usr/sbin:/usr/bin:/sbin:/bin" HOME=/root \
        sh -c 'cd /src && Resources/scripts/package-deb.sh out/deb' > "$scratch/build.log" 2>&1 \
        || { tail -n 60 "$scratch/build.log" >&2; fail "package-deb.sh in a root with only the Swift toolchain"; }
    debs=$scratch/debs
    mkdir -p "$debs"
    cp "$builder"/src/out/deb/*.deb "$debs/"
    step "package-deb.sh there ($(grep -m 1 '^setup: installing' "$scratch/build.log" || echo 'setup: nothing to install'))"
    leave "$builder"
    umount -R "$builder"
fi

debs_of_ours=()
for package in "${packages[@]}"; do
    found=("$debs/${package}"_*.deb)
    [ -f "${found[0]}" ] && [ ${#found[@]} -eq 1 ] || fail "want one ${package}_*.deb in $debs"
    debs_of_ours+=("${found[0]}")
done

overlay install
sys=$overlay_root
mkdir -p "$sys/tmp/debs"
cp "${debs_of_ours[@]}" "$sys/tmp/debs/"
cp Resources/examples/c/labels.c Resources/examples/python/labels.py "$sys/home/tester/"
chroot "$sys" chown tester:tester /home/tester/labels.c /home/tester/labels.py

# As root, and as the user, with nothing of this machine's environment.
as_root() { chroot "$sys" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
as_user() { chroot --userspec=tester:tester "$sys" env -i PATH=/usr/bin:/bin HOME=/home/tester sh -c "cd && $1"; }

# Every path of the system that a package could own, with its kind, one a line; dpkg's records of
# each package too when asked ("with-dpkg").
snapshot() {
    (cd "$sys" && find . \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./run -o -path ./tmp \
        -o -path ./var/tmp -o -path ./home -o -path ./root -o -path ./var/cache -o -path ./var/log \
        -o -path ./var/lib/apt -o -path ./var/lib/dpkg \) -prune -o -printf '%y %p\n'
     [ "${1:-}" != with-dpkg ] || find ./var/lib/dpkg/info -printf '%y %p\n') | sort
}

as_root apt-get update -qq
step "apt-get update in the new system"
as_root sh -c 'cd /tmp/debs && apt-get install -y -qq ./*.deb' > "$scratch/install.log" 2>&1 \
    || { cat "$scratch/install.log" >&2; fail "apt-get install ./*.deb"; }
installed_with=$(grep -c '^Setting up ' "$scratch/install.log" || true)
step "apt-get install ./*.deb: ${packages[*]} and what they depend on, $installed_with packages set up"

# No toolchain here: the system has never had one, and ldd finds every library.
for path in /usr/bin/tag-editor /usr/bin/filetags "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libflow-1.so.0"; do
    missing=$(as_root ldd "$path" | grep -E 'not found|swift' || true)
    [ -z "$missing" ] || problem "ldd $path: $missing"
done
as_root sh -c 'command -v swift swiftc' >/dev/null && problem "a Swift toolchain is on the system's PATH"

help=$(as_user 'filetags --help') || problem "filetags --help"
case "$help" in filetags:*) ;; *) problem "filetags --help printed: ${help:0:200}" ;; esac
help=$(as_user 'tag-editor --help') || problem "tag-editor --help"
case "$help" in "usage: tag-editor"*) ;; *) problem "tag-editor --help printed: ${help:0:200}" ;; esac

# The editor started by name as a user starts it, in their home folder: it finds its stylesheet
# and the sample list a first collection starts from where the package put them.
as_user 'xvfb-run -a strace -f -e trace=%file -o /tmp/editor.trace tag-editor --screenshot shot.png --width 600 --height 400' \
    > "$scratch/screenshot.log" 2>&1 || { cat "$scratch/screenshot.log" >&2; problem "tag-editor --screenshot under Xvfb"; }
size=$(as_user '/usr/bin/python3 -c "import struct; d = open(\"shot.png\", \"rb\").read(24); assert d[:8] == b\"\\x89PNG\\r\\n\\x1a\\n\"; print(*struct.unpack(\">II\", d[16:24]))"') \
    || problem "tag-editor --screenshot wrote no PNG"
[ "${size%% *}" = 600 ] || problem "the screenshot is $size, not 600 wide"
for resource in tag-editor.css sample-tags.txt; do
    grep -qE "open(at)?\(.*\"/usr/share/wraphstack/$resource\", O_RDONLY[^)]*\) = [0-9]" "$sys/tmp/editor.trace" \
        || problem "tag-editor, started by name, did not read /usr/share/wraphstack/$resource (it looked at: $(grep -o '"[^"]*wraphstack[^"]*"' "$sys/tmp/editor.trace" | sort -u | tr '\n' ' '))"
done
step "tag-editor and filetags ran (screenshot $size)"

# Its GSettings schema compiled by GLib's trigger (gsettings and dconf-editor see its keys), and
# its French catalogue read from where the package put it when the user asks for French.
keys=$(as_user '/usr/bin/python3 -c "from gi.repository import Gio; s = Gio.SettingsSchemaSource.get_default().lookup(\"io.github.wraphstack.TagEditor\", True); print(*(s.list_keys() if s else []))"') \
    || problem "the editor's GSettings schema could not be looked up"
case " $keys " in *" show-layout-options "*) ;; *) problem "the installed GSettings schemas lack the editor's keys: $keys" ;; esac
as_user 'LANGUAGE=fr LANG=C.UTF-8 xvfb-run -a strace -f -e trace=%file -o /tmp/editor-fr.trace tag-editor --screenshot shot-fr.png --width 360 --height 400' \
    > "$scratch/screenshot-fr.log" 2>&1 || { cat "$scratch/screenshot-fr.log" >&2; problem "LANGUAGE=fr tag-editor --screenshot under Xvfb"; }
grep -qE "open(at)?\(.*\"/usr/share/locale/fr/LC_MESSAGES/tag-editor.mo\", O_RDONLY[^)]*\) = [0-9]" "$sys/tmp/editor-fr.trace" \
    || problem "LANGUAGE=fr tag-editor did not read /usr/share/locale/fr/LC_MESSAGES/tag-editor.mo"
# filetags shares the domain and finds the catalogue beside its /usr/bin.
help_fr=$(as_user 'LANGUAGE=fr LANG=C.UTF-8 filetags --help') || problem "LANGUAGE=fr filetags --help"
case "$help_fr" in *"ÉTIQUETTES PERDUES"*) ;; *) problem "LANGUAGE=fr filetags --help is not French: ${help_fr:0:200}" ;; esac
step "its settings schema is compiled ($(echo "$keys" | wc -w) keys) and its French catalogue read (tag-editor, filetags)"

[ "$(as_user 'pkg-config --modversion flow-1')" = "$(dpkg-deb -f "$debs"/libflow-1-dev_*.deb Version | sed 's/-[^-]*$//')" ] \
    || problem "pkg-config --modversion flow-1: $(as_user 'pkg-config --modversion flow-1' 2>&1)"
as_user "/usr/bin/python3 -c \"import gi; gi.require_version('Flow', '1.0'); from gi.repository import Flow\"" \
    || problem "Python: from gi.repository import Flow"
as_user 'cc labels.c -o labels $(pkg-config --cflags --libs flow-1)' || problem "the C example does not build against flow-1"
for client in ./labels '/usr/bin/python3 labels.py'; do
    frames=$(as_user "xvfb-run -a $client" 2>"$scratch/client.log") || { cat "$scratch/client.log" >&2; problem "$client"; }
    [ "$(grep -cE '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9.]+$' <<< "$frames")" = 12 ] || problem "$client printed: $frames"
done
step "pkg-config, Python's gi and the C and Python examples used the installed library"

# Removal. The first purge leaves what the dependencies and their caches made; installing again
# over that state adds only the packages' own paths (and the caches Debian's triggers keep of
# them: the icon theme's), and removing or purging them takes every one away, dpkg's records too
# (the packages have no conffiles, so a removal leaves nothing to purge).
triggered=./usr/share/icons/hicolor/icon-theme.cache
install_again() {
    as_root sh -c 'cd /tmp/debs && apt-get install -y -qq ./*.deb' >/dev/null 2>&1 || fail "apt-get install ./*.deb again"
}
unchanged_after() {
    as_root apt-get "$1" -y -qq "${packages[@]}" >/dev/null
    local left listed
    left=$(diff "$scratch/before" <(snapshot with-dpkg) || true)
    [ -z "$left" ] || problem "apt-get $1 left the tree changed:"$'\n'"$left"
    listed=$(as_root dpkg -l "${packages[@]}" 2>/dev/null | grep -E '^[a-z][a-z] ' || true)
    [ -z "$listed" ] || problem "after apt-get $1, dpkg still knows: $listed"
}
as_root apt-get purge -y -qq "${packages[@]}" >/dev/null
snapshot with-dpkg > "$scratch/before"
install_again
snapshot > "$scratch/installed"
owned=$(as_root dpkg -L "${packages[@]}" | sed 's|^|.|' | sort -u)
added=$(comm -13 <(cut -d' ' -f2- "$scratch/before" | sort) <(cut -d' ' -f2- "$scratch/installed" | sort))
stray=$(comm -23 <(echo "$added") <(echo "$owned") | grep -vxF "$triggered" || true)
[ -z "$stray" ] || problem "installing made paths no package lists: $(head -n 20 <<< "$stray")"
unchanged_after remove
install_again
unchanged_after purge
step "installed again, removed, installed again, purged: $(echo "$owned" | wc -l) paths each time"

leave "$sys"
umount -R "$sys"
if [ ${#problems[@]} -gt 0 ]; then
    echo "test-packages.sh: ${#problems[@]} check(s) failed:" >&2
    printf '  - %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "test-packages.sh: ok: ${packages[*]} installed, used and removed in a Debian 12 root with no Swift toolchain"
