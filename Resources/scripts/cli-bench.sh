#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
# flow-layout against jq, side by side: a 1,000,000-item request (time and peak memory) and
# 200,000 small --jsonl requests (their time against jq -c . on the same lines). Installs jq and
# GNU time when missing, builds both programs in release mode, and runs flow-bench's cli section
# (no display needed). With --filetags: filetags instead (list against getfattr -R, the journal,
# check, growth in distinct tags and in the tags of one file; attr installed for getfattr).
#   Resources/scripts/cli-bench.sh [--filetags] [--quick] [--json FILE]
set -euo pipefail
cd "$(dirname "$0")/../.."

section=cli
if [ "${1:-}" = "--filetags" ]; then
    section=filetags
    shift
fi

missing=()
[ -x /usr/bin/jq ] || missing+=(jq)
[ -x /usr/bin/getfattr ] || missing+=(attr)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "cli-bench: installing ${missing[*]}" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

swift build -c release --product flow-layout
[ "$section" = cli ] || swift build -c release --product filetags
swift build -c release --product flow-bench
exec "$(swift build -c release --show-bin-path)/flow-bench" --only "$section" "$@"
