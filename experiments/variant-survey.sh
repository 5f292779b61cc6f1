#!/usr/bin/env bash
# The variant survey: plays every cell of experiments/variant-survey.toml
# that is missing (a killed run resumes where it stopped), then writes its
# report (each cell's games compressed, as they are committed). Appends what this run took to results/variant-survey/study-time.txt.
# NGOLA points at the program (default target/release/ngola).
#
#   experiments/variant-survey.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
OUT=results/variant-survey
cells() { find "$OUT/runs" -name summary.txt 2>/dev/null | wc -l; }
before=$(cells)
start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$(git rev-parse --short HEAD)
t0=$SECONDS
nice -n 19 "$NGOLA" study experiments/variant-survey.toml --threads 1 -q
wall=$((SECONDS - t0))
after=$(cells)
# The games are committed compressed; the report reads either form.
for games in "$OUT"/runs/*/games.csv; do
    [[ -f "$games" ]] && gzip -9n "$games"
done
"$NGOLA" report "$OUT"
{
    echo
    echo "command: experiments/variant-survey.sh (nice -n 19 ngola study experiments/variant-survey.toml --threads 1 -q)"
    echo "start $start, end $(date -u +%Y-%m-%dT%H:%M:%SZ): $wall s wall on one thread ($((after - before)) cells played, $after in all)"
    echo "machine: $(uname -srm), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), shared with other jobs"
    echo "ngola: git $commit at the start of the run; $(rustc --version 2>/dev/null || echo 'rustc unknown')"
} >>"$OUT/study-time.txt"
