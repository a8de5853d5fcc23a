#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: GPL-3.0-or-later
# flow-layout against jq, side by side: a 1,000,000-item request (time and peak memory) and
# 200,000 small --jsonl requests (their time against jq -c . on the same lines). Installs jq and
# GNU time when missing, builds both programs in release mode, and runs flow-bench's cli section
# (no display needed).
#   Resources/scripts/cli-bench.sh [--quick] [--json FILE]
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
[ -x /usr/bin/jq ] || missing+=(jq)
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "cli-bench: installing ${missing[*]}" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

swift build -c release --product flow-layout
swift build -c release --product flow-bench
exec "$(swift build -c release --show-bin-path)/flow-bench" --only cli "$@"
