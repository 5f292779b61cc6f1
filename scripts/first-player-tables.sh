#!/bin/sh
# Regenerates the tables and REPORT.md of the first-player study from the
# committed outputs alone (runs/*/games.csv.gz, experiment.toml,
# first_player.csv; openings/*.tsv.gz; solver/solver.csv; runtime.csv).
# POSIX sh and awk only; called by scripts/first-player-study.sh.
#
# Usage: scripts/first-player-tables.sh [OUT]   (default results/first-player-advantage)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-results/first-player-advantage}
AWK="awk -f scripts/first-player.awk"

SUMMARY=$OUT/summary.csv
echo "run,game,rules,opening_plies,agent,deterministic,games,pairs,south_wins,draws,north_wins,south_score,unit,n,wilson_low,wilson_high,runner_wilson_low,runner_wilson_high,distinct_openings,distinct_positions,distinct_games,identical_pairs,mean_plies,ply_cap,endless_sowing,immobilised,natural,repetition" >"$SUMMARY"
for dir in "$OUT"/runs/*/; do
    info=$($AWK -v mode=experiment "$dir/experiment.toml")
    game=$(printf '%s' "$info" | cut -f1)
    rules=$(printf '%s' "$info" | cut -f2)
    k=$(printf '%s' "$info" | cut -f3)
    key=$(printf '%s-%s-k%s' "$game" "$rules" "$k" | sed 's/--rule //g; s/ /-/g; s/=/_/g')
    map=$OUT/openings/$key.tsv.gz
    tmp=$(mktemp)
    if [ -f "$map" ]; then gzip -dc "$map" >"$tmp"; fi
    gzip -dc "$dir/games.csv.gz" |
        $AWK -v mode=summarize -v toml="$dir/experiment.toml" -v map="$tmp" -v fp="$dir/first_player.csv" >>"$SUMMARY"
    rm -f "$tmp"
done

$AWK -v mode=report -v outdir="$OUT" -v summary="$SUMMARY" -v solver="$OUT/solver/solver.csv" \
    -v runtime="$OUT/runtime.csv" -v study="$OUT/study-time.txt" -v machine="$OUT/machine.txt" \
    -v added="$OUT/added-runs.txt" \
    scripts/first-player-report.md >"$OUT/REPORT.md"
echo "wrote $SUMMARY and $OUT/REPORT.md"
