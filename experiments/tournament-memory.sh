#!/usr/bin/env bash
# Peak memory (resident set, /usr/bin/time -v) and wall time of random
# Mangola self-play tournaments of GAMES games, for one or more builds of
# the program, alternating them, so that builds are compared in one run.
#
#   experiments/tournament-memory.sh [-t THREADS] GAMES NGOLA [NGOLA...]
#
# Prints one line per run: program, games, threads, peak MB, seconds,
# games.csv MB. Each run writes into a fresh temporary folder, removed after.
set -euo pipefail
threads=2
if [ "${1:-}" = "-t" ]; then threads=$2; shift 2; fi
games=${1:?usage: tournament-memory.sh [-t THREADS] GAMES NGOLA [NGOLA...]}
shift
[ $# -ge 1 ] || { echo "usage: tournament-memory.sh [-t THREADS] GAMES NGOLA [NGOLA...]" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-40s %10s %7s %9s %9s %9s\n' program games threads peak_MB seconds csv_MB
for ngola in "$@"; do
  out="$work/run"
  rm -rf "$out"
  /usr/bin/time -v "$ngola" tournament --game mangola --agent random --agent random \
    --games "$games" --seed 1 --opening-plies 0 --threads "$threads" --out "$out" --quiet \
    2> "$work/time.txt" > /dev/null || { cat "$work/time.txt" >&2; exit 1; }
  kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
  secs=$(echo "$wall" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
  csv=$(( $(stat -c %s "$out/games.csv") / 1000000 ))
  printf '%-40s %10s %7s %9.1f %9.2f %9s\n' "$ngola" "$games" "$threads" "$(echo "$kb / 1024" | bc -l)" "$secs" "$csv"
done
