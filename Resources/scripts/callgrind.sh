#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The WrapHStack authors
# SPDX-License-Identifier: LGPL-2.1-or-later
# Instructions counted by callgrind, for comparing two builds (BENCHMARKS.md, "Instructions").
#
#   Resources/scripts/callgrind.sh [--binary FLOW_BENCH] engine   # per item, 100,000 items
#   Resources/scripts/callgrind.sh [--binary FLOW_BENCH] virtual  # line table: per item, page, change
#   Resources/scripts/callgrind.sh [--binary FLOW_BENCH] gtk N    # per WrapHStack allocation, N chips,
#                                                                  # and its placing in each placement
#   Resources/scripts/callgrind.sh [--binary FLOW_BENCH] relayout N  # per relayout of N chips: the
#                                                                  # direct relayout against the bare
#                                                                  # pass, and where the difference goes
#
# Without --binary it builds flow-bench in release. Needs valgrind (Debian: valgrind) and, for
# `gtk`, a display (it runs under xvfb-run when DISPLAY is unset).
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=""
if [[ "${1:-}" == "--binary" ]]; then binary=$2; shift 2; fi
mode=${1:-engine}
if [[ -z "$binary" ]]; then
    swift build -c release --product flow-bench >&2
    binary="$(swift build -c release --show-bin-path)/flow-bench"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian 12's valgrind (3.19) cannot read the DWARF 5 debug information Swift 6 writes; the symbols
# are enough.
objcopy --strip-debug "$binary" "$work/flow-bench"

# Inclusive cost of calls, from a callgrind file written with --dump-instr=yes: `sites CALLER
# CALLEE` prints one line per call site (address, cost, calls); `into CALLEE` the calls from
# anywhere else and their cost.
costs() {
    python3 - "$@" <<'EOF'
import re, sys
mode, path, patterns = sys.argv[1], sys.argv[2], sys.argv[3:]
names, sites = {}, {}
fn = cfn = None; pending = None; position = 0
def name(spec):
    m = re.match(r'\((\d+)\)(?: (.*))?', spec)
    if not m: return spec
    if m.group(2) is not None: names[m.group(1)] = m.group(2)
    return names.get(m.group(1), '?')
with open(path) as f:
    for line in f:
        line = line.rstrip('\n')
        if not line: continue
        if line.startswith('fn='): fn = name(line[3:]); continue
        if line.startswith('cfn='): cfn = name(line[4:]); continue
        if line.startswith('calls='): pending = int(line[6:].split()[0]); continue
        if line[0] not in '0123456789+-*': continue
        token = line.split()[0]
        if token.startswith('+'): position += int(token[1:], 0)
        elif token.startswith('-'): position -= int(token[1:], 0)
        elif token != '*': position = int(token, 0)
        if pending is None: continue
        cost = int(line.split()[-1])
        if mode == 'sites' and patterns[0] in fn and patterns[1] in (cfn or ''):
            c, n = sites.get(position, (0, 0)); sites[position] = (c + cost, n + pending)
        if mode == 'into' and patterns[0] in (cfn or '') and patterns[0] not in fn:
            c, n = sites.get(0, (0, 0)); sites[0] = (c + cost, n + pending)
        pending = None
for p in sorted(sites): print(hex(p), *sites[p])
EOF
}

case "$mode" in
engine)
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/out" \
        "$work/flow-bench" --only engine --sizes 100000 > "$work/log" 2>&1
    # EngineBenchmarks.run lays the items out 101 times each: the limit pass, then greedy, then
    # balanced (FlowLayout.layout's two call sites, in that order). "16EngineBenchmarks" is the
    # mangled name with its length, which VirtualEngineBenchmarks does not match.
    items=$((101 * 100000))
    limit=$(costs sites "$work/out" 16EngineBenchmarksO3run limitPass | awk '{s += $2} END {print s}')
    costs sites "$work/out" 16EngineBenchmarksO3run 6layout_2in | awk -v n=$items -v limit="$limit" '
        NR == 1 {greedy = $2} NR == 2 {balanced = $2}
        END {printf "instructions per item at 100,000 items: limit pass %.2f, greedy %.2f, balanced %.2f\n", limit / n, greedy / n, balanced / n}'
    ;;
virtual)
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/out" \
        "$work/flow-bench" --only engine --sizes 100000 > "$work/log" 2>&1
    # Per call of each, summed over its call sites: the line table (VirtualEngineBenchmarks.run),
    # one page of frames (pageTimes), one change of one item (insertTimes: inserts and removals).
    per_call() { costs sites "$work/out" "$1" "$2" | awk '{c += $2; n += $3} END {if (n) printf "%.0f", c / n}'; }
    table=$(per_call 23VirtualEngineBenchmarksO3run 9lineTable_2in)
    page=$(per_call 23VirtualEngineBenchmarksO9pageTimes 6frames7ofLines)
    change=$(per_call 23VirtualEngineBenchmarksO11insertTimes 12itemsChanged)
    frames=$(sed -n 's/^100000\t.*(\([0-9]*\)).*/\1/p' "$work/log")
    awk -v t="$table" -v p="$page" -v c="$change" -v f="$frames" 'BEGIN {
        printf "line table at 100,000 items: %.2f instructions per item; a page of %d frames: %d (%.1f per frame); one change: %d\n", t / 100000, f, p, p / f, c }'
    ;;
gtk)
    chips=${2:-1000}
    run=(valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/out"
         "$work/flow-bench" --only gtk --sizes "$chips")
    if [[ -z "${DISPLAY:-}" ]]; then run=(xvfb-run -a -s "-screen 0 1600x1200x24" "${run[@]}"); fi
    "${run[@]}" > "$work/log" 2>&1
    # flow-bench lays out a WrapHStack of each placement: the allocation step that differs is
    # placeDirectly or placeInFixed; within the latter, what GTK's GtkFixed does (moving, measuring
    # and allocating) is apart from the container's own work.
    costs into "$work/out" 10WrapHStackC8allocate5width6height | awk -v chips="$chips" '
        {printf "instructions per WrapHStack allocation at %d chips, both placements: %.0f (%d allocations)\n", chips, $2 / $3, $3}'
    costs into "$work/out" 10WrapHStackC13placeDirectly | awk '
        {printf "  placing directly: %.0f per allocation\n", $2 / $3}'
    placed=$(costs into "$work/out" 10WrapHStackC12placeInFixed | awk '{print $2, $3}')
    gtk=$(for callee in gtk_fixed_move gtk_widget_measure gtk_widget_allocate; do
              costs sites "$work/out" 10WrapHStackC12placeInFixed "$callee"
          done | awk '{s += $2} END {print s}')
    echo "$placed $gtk" | awk '
        {printf "  placing in the GtkFixed: %.0f per allocation, of which GtkFixed (moves, its measure and allocation) %.0f\n", $1 / $2, $3 / $2}'
    ;;
relayout)
    chips=${2:-1000}
    # Only the two timed passes are counted: flow-bench wraps each in a function of its own
    # (GTKBenchmarks.directRelayout, .bareRelayout), called once per relayout round.
    direct='$s10flow_bench13GTKBenchmarksO14directRelayout'
    bare='$s10flow_bench13GTKBenchmarksO12bareRelayout'
    run=(valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/out"
         "--toggle-collect=${direct}*" "--toggle-collect=${bare}*"
         "$work/flow-bench" --quick --only gtk --sizes "$chips")
    if [[ -z "${DISPLAY:-}" ]]; then run=(xvfb-run -a -s "-screen 0 1600x1200x24" "${run[@]}"); fi
    "${run[@]}" > "$work/log" 2>&1
    rounds=$(( chips >= 10000 ? 15 : 41 ))
    callgrind_annotate --inclusive=yes --threshold=100 "$work/out" > "$work/annotated" 2>/dev/null
    # Inclusive instructions of the first function whose (mangled) name holds the pattern.
    inclusive() { awk -v p="$1" 'index($0, p) && $1 ~ /^[0-9,]+$/ {gsub(",", "", $1); print $1; exit}' "$work/annotated"; }
    per() { local n; n=$(inclusive "$1"); awk -v n="${n:-0}" -v r="$rounds" 'BEGIN {printf "%.3f", n / r / 1e6}'; }
    placing=$(per 12DirectPlacerC5place); engine=$(per 20WrapHStackControllerC13computeLayout)
    direct_total=$(per "$direct"); box=$(per 20WrapHStackControllerC8allocate5width6height)
    echo "million instructions per relayout of $chips chips ($rounds relayouts each):"
    echo "  bare pass: $(per "$bare")"
    echo "  direct relayout: $direct_total"
    echo "    placing the chips (DirectPlacer.place): $placing"
    echo "    the engine (computeLayout): $engine: line breaking and placing (FlowLayout.layout)" \
         "$(per 10FlowEngine0A6LayoutV6layout_2in), pixel snapping (FlowResult.snap) $(per 10FlowEngine0A6ResultV4snap5scale)"
    awk -v d="$direct_total" -v b="$box" -v p="$placing" -v e="$engine" 'BEGIN {
        printf "    the rest of the box allocation: %.3f; GTK around the box (the scrolled window, measuring): %.3f\n", b - p - e, d - b }'
    if [[ -n "${KEEP:-}" ]]; then cp "$work/out" "$work/annotated" "$KEEP"/; fi
    ;;
*)
    echo "usage: $0 [--binary FLOW_BENCH] engine | virtual | gtk [CHIPS] | relayout [CHIPS]" >&2
    exit 64
    ;;
esac
