#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fuzzes FlowEngine with libFuzzer: random layouts with every option, NaN, infinities, negatives,
# huge and tiny numbers; every result's invariants are checked, and its line table and a changed one
# against the whole layout (Tests/FlowEngineTests/FuzzInput.swift).
#   Resources/scripts/fuzz.sh [SECONDS]        run for SECONDS (default 60), random seed
#   Resources/scripts/fuzz.sh --ci             a short fixed-seed pass (what CI runs)
# Crashing inputs are written to out/fuzz/; copy them to Tests/Fuzz/Regressions/.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p out/fuzz/corpus
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FlowEngineFuzz \
    Sources/FlowEngine/*.swift Sources/FlowEngine/LineBreaking/*.swift Sources/FlowEngine/LineTable/*.swift \
    Tests/FlowEngineTests/FuzzInput.swift Tests/Fuzz/FlowEngineFuzzer.swift \
    -o out/fuzz/flow-engine-fuzzer 2> >(grep -v "Cannot export local symbol" >&2)
if [ "${1:-}" = "--ci" ]; then
    # libFuzzer adds new inputs to the first folder it is given: a scratch one, so the kept
    # regressions stay as committed.
    rm -rf out/fuzz/ci-corpus && mkdir -p out/fuzz/ci-corpus
    exec out/fuzz/flow-engine-fuzzer -seed=20261130 -runs=30000 -max_len=512 \
        -artifact_prefix=out/fuzz/ out/fuzz/ci-corpus Tests/Fuzz/Regressions
fi
exec out/fuzz/flow-engine-fuzzer -max_total_time="${1:-60}" -max_len=512 -print_final_stats=1 \
    -artifact_prefix=out/fuzz/ out/fuzz/corpus Tests/Fuzz/Regressions
