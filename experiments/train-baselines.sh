#!/usr/bin/env bash
# Trains the committed baseline networks, one game after another, each for
# BUDGET of wall time, in target/learned/<game>/: run it again (after a kill
# or to train longer) and each run goes on from its last checkpoint for
# another BUDGET. The networks, logs and curves are copied to
# results/learned/<game>/.
#
#   nice -n 19 experiments/train-baselines.sh [GAME...]
#
# BUDGET (default 15m) is each run's wall time for this invocation;
# THREADS (default 2) its self-play threads.
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
BUDGET=${BUDGET:-15m}
THREADS=${THREADS:-2}
GENERATIONS=${GENERATIONS:-100000}
[ -x "$NGOLA" ] || cargo build --release -p ngola
work=${WORK:-target/learned}
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(kalah umelbagara mangola oware)
for game in "${games[@]}"; do
  case $game in
    kalah) rules=() ;;
    umelbagara) rules=() ;;
    mangola) rules=() ;;
    oware) rules=() ;;
    *) echo "unknown game $game" >&2; exit 2 ;;
  esac
  dir=$work/$game
  mkdir -p "results/learned/$game"
  "$NGOLA" train "$game" "${rules[@]}" --time "$BUDGET" --generations "$GENERATIONS" \
    --threads "$THREADS" -o "$dir" | tee "results/learned/$game/train.txt"
  cp "$dir/network.safetensors" "results/learned/$game/az.safetensors"
  cp "$dir/train.csv" "$dir/learning-curve.svg" "$dir/settings.json" "results/learned/$game/"
done
