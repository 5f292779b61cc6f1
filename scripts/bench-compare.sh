#!/usr/bin/env bash
# Two builds of the program side by side: move generation and search on
# every game, the two programs alternated round by round so that a change
# of the machine's load falls on both.
#
#   scripts/bench-compare.sh OLD NEW [ROUNDS]
#
# OLD and NEW are `ngola` programs (e.g. a release build of the commit
# before a change, kept aside, and target/release/ngola). ROUNDS (default 5)
# runs of each measure per program; prints, for each measure, the median
# rate of each program and NEW's median over OLD's (1.00: the same speed).
# Measures: `ngola bench movegen GAME` (random playouts/s) and `ngola bench
# search GAME` (alpha-beta nodes/s with each evaluation, MCTS
# simulations/s with and without the solver), single thread, fixed seeds.
set -euo pipefail
[[ $# -ge 2 && $# -le 3 ]] || {
    echo "usage: scripts/bench-compare.sh OLD NEW [ROUNDS]" >&2
    exit 2
}
old=$1 new=$2 rounds=${3:-5}
for program in "$old" "$new"; do
    [[ -x "$program" ]] || {
        echo "bench-compare: $program is not a program" >&2
        exit 2
    }
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || {
    echo "bench-compare: ROUNDS must be a whole number, at least 1" >&2
    exit 2
}
results=$(mktemp)
trap 'rm -f "$results"' EXIT

# measure PROGRAM LABEL: appends "LABEL MEASURE RATE" lines.
measure() {
    local program=$1 label=$2 game
    for game in mangola umelbagara kalah oware; do
        "$program" bench movegen "$game" --games 20000 |
            sed -n "s/^playouts\/s \([0-9]*\)$/$label movegen-$game \1/p" >>"$results"
        "$program" bench search "$game" |
            sed -n "s/^\([a-z]*\):[^ ]*\(eval=[a-z]*\|solver=[a-z]*\) .* \([0-9]*\) \(nodes\|sims\)\/s$/$label search-$game-\1-\2 \3/p" >>"$results"
    done
}

for round in $(seq "$rounds"); do
    # Alternate which program goes first.
    if ((round % 2)); then
        measure "$old" old
        measure "$new" new
    else
        measure "$new" new
        measure "$old" old
    fi
    echo "round $round of $rounds done" >&2
done

python3 - "$results" "$rounds" <<'EOF'
import statistics, sys
rates = {}
for line in open(sys.argv[1]):
    label, name, rate = line.split()
    rates.setdefault(name, {}).setdefault(label, []).append(float(rate))
print(f"{'measure':<40} {'old (median)':>14} {'new (median)':>14} {'new/old':>8}")
for name, by in rates.items():
    old, new = statistics.median(by["old"]), statistics.median(by["new"])
    print(f"{name:<40} {old:>14,.0f} {new:>14,.0f} {new / old:>8.3f}")
print(f"({sys.argv[2]} rounds of each, the programs alternated)")
EOF
