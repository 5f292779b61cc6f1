#!/usr/bin/env bash
# Evaluates the committed baseline network of each game given (default:
# every game with a network in results/learned/) in two-agent matches,
# each over distinct openings with both colours:
#
#   az-vs-mcts       az at N simulations against mcts at N
#   az-vs-mcts10     az at N against mcts at 10 N
#   policy-vs-greedy the network's own move (no search) against greedy
#   az-vs-alphabeta  az against alpha-beta at equal time (--tc)
#   az-vs-mcts-tc    az against mcts at equal time (--tc)
#   abnet-vs-alphabeta alpha-beta on the network's value against alpha-beta
#                    on the hand-written evaluation, at equal time
#   ladder           a strength ladder: one round robin of random, greedy,
#                    alphabeta, mcts, policy, az and alphabeta:eval=net at
#                    equal time (--tc), LADDER_GAMES (default 20) games a
#                    pairing, rated by the arena (ratings.csv, random at 0)
#   accuracy         (Kalah, Oware, Um el-Bagara) az, policy, alphabeta and
#                    mcts in a round robin whose moves are measured against
#                    an endgame database of every position with at most
#                    TB_SEEDS (default 14) seeds on the board, built first
#                    into target/tb/ (`ngola tablebase build`)
#
# then rewrites results/learned/README.md (experiments/learned-report.py).
# A match already played is kept while the network it read is the one in
# results/learned/<game>/ (the SHA-256 its inputs.csv records); a match of
# an older network is played again.
#
#   nice experiments/evaluate-learned.sh [GAME...]
#
# SIMS (default 100), GAMES per match (default 200), TC (default 2+0.05)
# and THREADS (default 2) set the matches; ONLY (names separated by
# spaces, default all) plays only the matches named. Delete a match's
# folder to play it again.
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
SIMS=${SIMS:-100}
GAMES=${GAMES:-200}
TC=${TC:-2+0.05}
TB_SEEDS=${TB_SEEDS:-14}
THREADS=${THREADS:-2}
[ -x "$NGOLA" ] || cargo build --release -p ngola
games=("$@")
if [ ${#games[@]} -eq 0 ]; then
  for f in results/learned/*/az.safetensors; do games+=("$(basename "$(dirname "$f")")"); done
fi
match() {
  local game=$1 name=$2 games=$3; shift 3
  local out=results/learned/$game/eval/$name
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then
    return
  fi
  local sha
  sha=$(sha256sum "results/learned/$game/az.safetensors" | cut -d' ' -f1)
  if [ -f "$out/standings.csv" ] && grep -q "$sha" "$out/inputs.csv" 2> /dev/null; then
    echo "$game $name: kept"
    return
  fi
  rm -rf "$out"
  local started=$SECONDS
  "$NGOLA" tournament --game "$game" --format "${FORMAT:-gauntlet}" --games "$games" --seed 1 \
    --threads "$THREADS" --quiet --out "$out" "$@"
  echo "$((SECONDS - started))" > "$out/seconds.txt"
  echo "$game $name: done in $((SECONDS - started)) s"
}
for game in "${games[@]}"; do
  net=results/learned/$game/az.safetensors
  match "$game" az-vs-mcts "$GAMES" --agent "az=az:net=$net,sims=$SIMS" --agent "mcts=mcts:sims=$SIMS"
  match "$game" az-vs-mcts10 "$GAMES" --agent "az=az:net=$net,sims=$SIMS" --agent "mcts10=mcts:sims=$((10 * SIMS))"
  match "$game" policy-vs-greedy "$GAMES" --agent "policy=policy:net=$net" --agent greedy
  match "$game" az-vs-alphabeta "$((GAMES / 2))" --tc "$TC" --agent "az=az:net=$net,sims=10000000" --agent "alphabeta=alphabeta"
  match "$game" az-vs-mcts-tc "$((GAMES / 2))" --tc "$TC" --agent "az=az:net=$net,sims=10000000" --agent "mcts=mcts"
  match "$game" abnet-vs-alphabeta "$((GAMES / 2))" --tc "$TC" --agent "abnet=alphabeta:eval=net:$net" --agent "alphabeta=alphabeta"
  FORMAT=round-robin match "$game" ladder "${LADDER_GAMES:-20}" --tc "$TC" --anchor random \
    --agent random --agent greedy --agent alphabeta --agent mcts --agent "policy=policy:net=$net" \
    --agent "az=az:net=$net,sims=10000000" --agent "abnet=alphabeta:eval=net:$net"
  if [ "$game" != mangola ] && { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" accuracy "* ]]; }; then
    tb=target/tb/$game-l$TB_SEEDS
    "$NGOLA" tablebase build "$game" --seeds "$TB_SEEDS" -o "$tb" > /dev/null
    FORMAT=round-robin match "$game" accuracy "$((GAMES / 4))" --accuracy "$tb" \
      --agent "az=az:net=$net,sims=$SIMS" --agent "policy=policy:net=$net" \
      --agent alphabeta --agent "mcts=mcts:sims=$SIMS"
  fi
done
python3 experiments/learned-report.py
