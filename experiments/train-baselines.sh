#!/usr/bin/env bash
# Trains the committed baseline networks, one game after another, each for
# BUDGET of wall time, in target/learned/<game>/: run it again (after a kill
# or to train longer) and each run goes on from its last checkpoint for
# another BUDGET. The networks, logs and curves are copied to
# results/learned/<game>/, and the run's folder (its last checkpoint:
# weights, replay buffer, log) is packed into results/learned/<game>/run.tar.xz,
# so that a fresh checkout resumes it too: a game whose work folder is
# missing is unpacked from there first.
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
    kalah | umelbagara | mangola | oware) ;;
    *) echo "unknown game $game" >&2; exit 2 ;;
  esac
  dir=$work/$game
  out=results/learned/$game
  mkdir -p "$out" "$work"
  if [ ! -e "$dir/checkpoint.json" ] && [ -f "$out/run.tar.xz" ]; then
    rm -rf "$dir"
    mkdir -p "$dir"
    tar -xJf "$out/run.tar.xz" -C "$dir"
  fi
  "$NGOLA" train "$game" --time "$BUDGET" --generations "$GENERATIONS" \
    --threads "$THREADS" -o "$dir" | tee "$out/train.txt"
  cp "$dir/network.safetensors" "$out/az.safetensors"
  cp "$dir/train.csv" "$dir/learning-curve.svg" "$dir/settings.json" "$out/"
  # The last checkpoint alone (older ones are removed as the run goes).
  tar -cJf "$out/run.tar.xz.new" -C "$dir" --exclude=.lock --sort=name \
    --owner=0 --group=0 --numeric-owner --mtime=@0 .
  mv "$out/run.tar.xz.new" "$out/run.tar.xz"
done
