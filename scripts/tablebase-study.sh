#!/usr/bin/env bash
# Builds endgame databases deep enough to hold a board's start position,
# checks them and probes the start: the boards the prover left undecided
# (results/solved/README.md) and a few it decided, as a cross-check.
# Raw output of every command goes to results/tablebase/runs/; databases to
# $TB_DIR (default target/tablebases, not committed). Every build resumes
# when run again, so a killed study continues where it stopped.
# Usage: scripts/tablebase-study.sh [BOARD...]   (default: every board)
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
TB_DIR=${TB_DIR:-target/tablebases}
RUNS=results/tablebase/runs
mkdir -p "$RUNS" "$TB_DIR"

# name | game | rules | seeds (the top level: every seed of the start) | start position
BOARDS=(
  "oware-h5-s1|oware|houses=5 seeds=1|10|oware 1,1,1,1,1/1,1,1,1,1 S 0 0,0"
  "oware-h6-s1|oware|houses=6 seeds=1|12|oware 1,1,1,1,1,1/1,1,1,1,1,1 S 0 0,0"
  "oware-h4-s3|oware|houses=4 seeds=3|24|oware 3,3,3,3/3,3,3,3 S 0 0,0"
  "umelbagara-h3-c5|umelbagara|houses=3 counters=5|30|umelbagara 5,5,5/5,5,5 S 0 0,0"
  "kalah-3-6|kalah|pits=3 seeds=6 empty_capture=true|36|kalah 6,6,6/6,6,6 S 0 0,0"
  "kalah-4-3|kalah|pits=4 seeds=3 empty_capture=true|24|kalah 3,3,3,3/3,3,3,3 S 0 0,0"
  "kalah-4-4|kalah|pits=4 seeds=4 empty_capture=true|32|kalah 4,4,4,4/4,4,4,4 S 0 0,0"
)

for row in "${BOARDS[@]}"; do
  IFS='|' read -r name game rules seeds start <<<"$row"
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  out="$RUNS/$name.txt"
  ruleargs=()
  for r in $rules; do ruleargs+=(--rule "$r"); done
  dir="$TB_DIR/$name"
  {
    echo "\$ ngola tablebase build $game ${ruleargs[*]} --seeds $seeds -o $dir"
    /usr/bin/time -f "time %e s wall, %U s user, max RSS %M KiB" \
      nice "$NGOLA" tablebase build "$game" "${ruleargs[@]}" --seeds "$seeds" -o "$dir" 2>&1
    echo "\$ ngola tablebase verify $dir"
    /usr/bin/time -f "time %e s wall" nice "$NGOLA" tablebase verify "$dir" 2>&1
    echo "\$ ngola tablebase info $dir"
    "$NGOLA" tablebase info "$dir"
    echo "\$ ngola tablebase probe $dir '$start'"
    "$NGOLA" tablebase probe "$dir" "$start"
  } >"$out" 2>&1 || echo "$name: failed, see $out" >&2
  grep -E '^(value|bounds|moves)' "$out" | sed "s/^/$name: /" || true
done
