#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Writes Resources/po/flow-1.pot, the template of the Flow library's gettext domain `flow-1`: every
# `localized("…")` of its Swift code (FlowBridge) and every `flow_gettext ("…")` of its C code.
# xgettext reads Swift poorly as a language of its own, but these calls are C-like string
# literals, so it reads them as C. Run after changing a library string, and commit the result:
#
#   Resources/scripts/update-pot.sh          (re)writes the .pot
#   Resources/scripts/update-pot.sh --check  exit 1 when the committed .pot lacks a string
#
# Translations go beside it as Resources/po/LANG.po (msginit -i flow-1.pot -l LANG); each is
# compiled to share/locale/LANG/LC_MESSAGES/flow-1.mo, where flow_init() binds the domain.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v xgettext >/dev/null || { echo "update-pot.sh: xgettext is missing (Debian: apt-get install gettext)" >&2; exit 1; }

out=Resources/po/flow-1.pot
sources=$(grep -rlE 'localized\("|flow_gettext \("' Sources/FlowBridge Sources/CFlow --include=*.swift --include=*.c | sort)
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
# shellcheck disable=SC2086
xgettext --language=C --from-code=UTF-8 --keyword=localized --keyword=flow_gettext \
    --package-name=flow-1 --msgid-bugs-address=https://example.invalid/wraphstack/issues \
    --copyright-holder="The WrapHStack authors" --sort-by-file --add-comments=TRANSLATORS: \
    -o "$generated" $sources
# The creation date changes on every run: keep the committed one when nothing else did.
if [ -f "$out" ] && diff -q <(grep -v POT-Creation-Date "$out") <(grep -v POT-Creation-Date "$generated") >/dev/null; then
    echo "update-pot.sh: $out is up to date" >&2
    exit 0
fi
if [ "${1:-}" = "--check" ]; then
    echo "update-pot.sh: $out is out of date: run Resources/scripts/update-pot.sh" >&2
    exit 1
fi
cp "$generated" "$out"
echo "update-pot.sh: wrote $out ($(grep -c '^msgid "' "$out") entries, the header's included)" >&2
