#!/usr/bin/env bash
# What the swap (pie) rule does to the boards the exact solver or the
# prover decides: for each board, `ngola solve GAME --rule ... --rule
# swap=false --moves` and the same with `swap=true` (or, for the boards
# marked `prove`, `ngola prove` of the start, which gives the value
# alone), into results/solved/swap.csv
#
#   game, rules, value_without_swap, value_with_swap, balanced_first_moves, method
#
# (values `RESULT MARGIN` from South's view as `ngola solve` prints them;
# balanced_first_moves: South's first moves whose value under the swap rule
# is `draw 0`, separated by spaces, empty when there is none: a board whose
# value under the swap rule is not a draw has none, since no first move
# does better than the best one; method: `solve` or `prove`). The raw
# output of every command goes to results/solved/runs/swap-*.txt. Then
# `python3 experiments/solved-report.py` renders results/solved/README.md.
#
#   experiments/swap-values.sh
#
# Settings (environment): SWAP_OUT (default results/solved), SWAP_TIME
# (limit per call, default 120s; a board that runs past it stops the
# script), NGOLA (a built program to use; default: target/release/ngola,
# built first). Runs under `nice -n 19`, with a copy of the program taken at
# the start. The whole list takes about a minute on one core.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${SWAP_OUT:-results/solved}
TIME=${SWAP_TIME:-120s}

BUILT=${NGOLA:-}
if [[ -z $BUILT ]]; then
    cargo build --release -p ngola >/dev/null
    BUILT=target/release/ngola
fi
NGOLA=$(mktemp -d)/ngola
cp "$BUILT" "$NGOLA"
mkdir -p "$OUT/runs"

# game, its rule options (`key=value` separated by spaces), a file tag,
# and `prove` where the solver takes too long under the swap rule.
BOARDS=(
    "kalah|pits=2 seeds=2 empty_capture=true max_plies=0|kalah-2-2"
    "kalah|pits=3 seeds=1 empty_capture=true max_plies=0|kalah-3-1"
    "kalah|pits=3 seeds=2 empty_capture=true max_plies=0|kalah-3-2"
    "kalah|pits=3 seeds=3 empty_capture=true max_plies=0|kalah-3-3"
    "kalah|pits=3 seeds=4 empty_capture=true max_plies=0|kalah-3-4"
    "kalah|pits=4 seeds=1 empty_capture=true max_plies=0|kalah-4-1"
    "kalah|pits=4 seeds=2 empty_capture=true max_plies=0|kalah-4-2"
    "kalah|pits=4 seeds=3 empty_capture=true max_plies=0|kalah-4-3"
    "kalah|pits=4 seeds=4 empty_capture=true max_plies=0|kalah-4-4"
    "kalah|pits=5 seeds=1 empty_capture=true max_plies=0|kalah-5-1"
    "kalah|pits=5 seeds=2 empty_capture=true max_plies=0|kalah-5-2"
    "kalah|pits=5 seeds=3 empty_capture=true max_plies=0|kalah-5-3"
    "kalah|pits=6 seeds=1 empty_capture=true max_plies=0|kalah-6-1"
    "kalah|pits=6 seeds=2 empty_capture=true max_plies=0|kalah-6-2"
    "umelbagara|houses=3 counters=2|umelbagara-h3-c2"
    "mangola|columns=2|mangola-c2"
    "mangola|columns=3|mangola-c3"
    "oware|houses=2 seeds=2|oware-h2-s2"
    "umelbagara|houses=3 counters=3|umelbagara-h3-c3|prove"
    "mangola|columns=4|mangola-c4|prove"
    "oware|houses=3 seeds=2|oware-h3-s2|prove"
)

# `ngola solve` (or, with $5 = prove, `ngola prove`) of one board with
# swap=$4, its output into $3.
solve() {
    local game=$1 rules=$2 file=$3 swap=$4 method=${5:-solve}
    local args=("$method" "$game")
    for r in $rules; do
        args+=(--rule "$r")
    done
    args+=(--rule "swap=$swap")
    if [[ $method == solve ]]; then
        args+=(--moves)
    else
        args+=(--threads 1 --tt 1024)
    fi
    {
        echo "\$ ngola ${args[*]}"
        nice -n 19 timeout "$TIME" "$NGOLA" "${args[@]}"
    } >"$file" 2>&1 || {
        echo "swap-values: ngola ${args[*]} failed or ran past $TIME (see $file)" >&2
        exit 1
    }
}

CSV=$OUT/swap.csv
TMP=$CSV.tmp
echo "game,rules,value_without_swap,value_with_swap,balanced_first_moves,method" >"$TMP"
for board in "${BOARDS[@]}"; do
    IFS='|' read -r game rules tag method <<<"$board"
    method=${method:-solve}
    plain=$OUT/runs/swap-$tag-false.txt
    swapped=$OUT/runs/swap-$tag-true.txt
    solve "$game" "$rules" "$plain" false "$method"
    solve "$game" "$rules" "$swapped" true "$method"
    value() { sed -n 's/^value \([^ ]*\) \([^ ]*\).*/\1 \2/p' "$1"; }
    without=$(value "$plain")
    with=$(value "$swapped")
    balanced=$(grep -E '^move [^ ]+ draw 0( |$)' "$swapped" | cut -d' ' -f2 | paste -sd' ' - || true)
    if [[ $method == prove && $with == "draw 0" ]]; then
        echo "swap-values: $game $rules is a draw under the swap rule; its balanced first moves need ngola solve" >&2
        exit 1
    fi
    echo "$game,$rules,$without,$with,$balanced,$method" >>"$TMP"
    echo "$game $rules: $without, with swap $with; balanced: ${balanced:--}"
done
mv "$TMP" "$CSV"
echo "wrote $CSV"
