#!/usr/bin/env bash
# What the network reads and what its policy learns, side by side: one
# short training run of GAME for each of the four pairs of `--inputs`
# (counts, one-hot) and `--policy-target` (visits, completed-q), every
# other setting the default, then one row per run in
# results/learned/ablation/GAME.csv:
#
#   game,inputs,policy_target,generations,eval_opponent,eval_games,
#   eval_score_last10,policy_loss,value_loss,exact
#
# eval_score_last10 is the mean evaluation score (the network's own move,
# no search, against the opponent) over the last ten generations, and the
# losses are the last generation's. A run gives the same networks whatever
# its number of threads; the runs go in target/ablation/ and a finished one
# is kept.
#
#   nice experiments/training-ablation.sh [GAME] [GENERATIONS]
#
# GAME defaults to oware, GENERATIONS to 40; two runs go at once, one
# thread each. With PYTHON (default python3) able to import NumPy, the
# four runs' last checkpoints are also probed (experiments/replay-probe.py:
# how sharp the policy targets are, how well the network fits them) into
# results/learned/ablation/GAME-probe.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
game=${1:-oware}
generations=${2:-40}
[ -x "$NGOLA" ] || cargo build --release -p ngola
work=target/ablation
mkdir -p "$work" results/learned/ablation
run() {
  local inputs=$1 target=$2
  "$NGOLA" train "$game" --inputs "$inputs" --policy-target "$target" \
    --generations "$generations" --threads 1 -o "$work/$game-$inputs-$target" > /dev/null
}
run counts visits & run one-hot visits & wait
run counts completed-q & run one-hot completed-q & wait
out=results/learned/ablation/$game.csv
echo "game,inputs,policy_target,generations,eval_opponent,eval_games,eval_score_last10,policy_loss,value_loss,exact" > "$out"
for inputs in counts one-hot; do
  for target in visits completed-q; do
    awk -F, -v game="$game" -v inputs="$inputs" -v target="$target" -v last="$generations" '
      NR > 1 && $1 > last - 10 && $1 <= last { sum += $13; games += $12; n++ }
      NR > 1 && $1 == last { row = $0; policy = $6; value = $7; exact = $5; opponent = $11 }
      END {
        if (n == 0 || row == "") { print "no generation " last > "/dev/stderr"; exit 1 }
        printf "%s,%s,%s,%d,%s,%d,%.4f,%s,%s,%s\n", game, inputs, target, last, opponent, games, sum / n, policy, value, exact
      }' "$work/$game-$inputs-$target/train.csv" >> "$out"
  done
done
cat "$out"
if "${PYTHON:-python3}" -c "import numpy" 2> /dev/null; then
  probe=results/learned/ablation/$game-probe.txt
  echo "# experiments/training-ablation.sh $game $generations" > "$probe"
  for inputs in counts one-hot; do
    for target in visits completed-q; do
      "${PYTHON:-python3}" experiments/replay-probe.py "$work/$game-$inputs-$target" >> "$probe"
    done
  done
  cat "$probe"
else
  echo "no NumPy for ${PYTHON:-python3}: the runs are not probed" >&2
fi
