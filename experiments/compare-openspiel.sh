#!/usr/bin/env bash
# Side-by-side speed of ngola and OpenSpiel (C++ through pyspiel) on Kalah
# and Oware: random games per second and MCTS simulations per second (one
# random rollout each, UCT c = 2, 10,000 simulations from the start).
#
# Not part of CI (it installs open-spiel from PyPI into a throwaway venv).
#   experiments/compare-openspiel.sh [ROUNDS]        (default 5 rounds)
# The two programs alternate round by round; each figure is the median over
# the rounds, and the ratio is ngola / OpenSpiel. One thread each.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
games=${GAMES:-20000}
sims=${SIMS:-10000}

venv=${OPENSPIEL_VENV:-$(mktemp -d)/venv}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "open-spiel==2.0.2"
fi
cargo build --release --quiet -p ngola
ngola=${CARGO_TARGET_DIR:-target}/release/ngola

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

declare -A samples
for round in $(seq 1 "$rounds"); do
  echo "round $round/$rounds" >&2
  for pair in "kalah mancala" "oware oware"; do
    set -- $pair
    ours=$1 theirs=$2
    os=$("$venv/bin/python" experiments/openspiel_bench.py --games "$games" --sims "$sims" "$theirs")
    samples[$ours.os.random]+="$(awk '$2=="random-games/s"{print $3}' <<<"$os") "
    samples[$ours.os.mcts]+="$(awk '$2=="mcts-sims/s"{print $3}' <<<"$os") "
    samples[$ours.ng.random]+="$("$ngola" bench movegen "$ours" --games "$games" | awk '$1=="playouts/s"{print $2}') "
    samples[$ours.ng.mcts]+="$("$ngola" bench search "$ours" --mcts-only --sims "$sims" --c 2 | awk '$1=="mcts-sims/s"{print $2}') "
  done
done

echo "ngola vs OpenSpiel 2.0.2 (pyspiel C++), one thread each, median of $rounds rounds"
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)  machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-7s %-16s %14s %14s %8s\n' game measure ngola openspiel ratio
for ours in kalah oware; do
  for what in random mcts; do
    ng=$(tr ' ' '\n' <<<"${samples[$ours.ng.$what]}" | grep . | median)
    os=$(tr ' ' '\n' <<<"${samples[$ours.os.$what]}" | grep . | median)
    label=$([ "$what" = random ] && echo "random games/s" || echo "mcts sims/s")
    printf '%-7s %-16s %14.0f %14.0f %8.1f\n' "$ours" "$label" "$ng" "$os" "$(awk -v a="$ng" -v b="$os" 'BEGIN{print a/b}')"
  done
done
