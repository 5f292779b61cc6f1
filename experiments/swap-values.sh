#!/usr/bin/env bash
# What the swap (pie) rule does to the boards the exact solver decides:
# for each board, `ngola solve GAME --rule ... --rule swap=false --moves`
# and the same with `swap=true`, into results/solved/swap.csv
#
#   game, rules, value_without_swap, value_with_swap, balanced_first_moves
#
# (values `RESULT MARGIN` from South's view as `ngola solve` prints them;
# balanced_first_moves: South's first moves whose value under the swap rule
# is `draw 0`, separated by spaces, empty when there is none). The raw
# output of every command goes to results/solved/runs/swap-*.txt. Then
# `python3 experiments/solved-report.py` renders results/solved/README.md.
#
#   experiments/swap-values.sh
#
# Settings (environment): SWAP_OUT (default results/solved), SWAP_TIME
# (limit per solve call, default 120s; a board that runs past it stops the
# script). Runs under `nice -n 19`, with a copy of the program built at the
# start. The whole list takes under a minute on one core.
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${SWAP_OUT:-results/solved}
TIME=${SWAP_TIME:-120s}

cargo build --release -p ngola >/dev/null
NGOLA=$(mktemp -d)/ngola
cp target/release/ngola "$NGOLA"
mkdir -p "$OUT/runs"

# game, its rule options (`key=value` separated by spaces), a file tag.
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
)

# `ngola solve` of one board with swap=$4, its output into $3.
solve() {
    local game=$1 rules=$2 file=$3 swap=$4
    local args=(solve "$game")
    for r in $rules; do
        args+=(--rule "$r")
    done
    args+=(--rule "swap=$swap" --moves)
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
echo "game,rules,value_without_swap,value_with_swap,balanced_first_moves" >"$TMP"
for board in "${BOARDS[@]}"; do
    IFS='|' read -r game rules tag <<<"$board"
    plain=$OUT/runs/swap-$tag-false.txt
    swapped=$OUT/runs/swap-$tag-true.txt
    solve "$game" "$rules" "$plain" false
    solve "$game" "$rules" "$swapped" true
    without=$(awk '$1 == "value" { print $2, $3 }' "$plain")
    with=$(awk '$1 == "value" { print $2, $3 }' "$swapped")
    balanced=$(awk '$1 == "move" && $3 == "draw" && $4 == "0" { printf "%s%s", sep, $2; sep = " " }' "$swapped")
    echo "$game,$rules,$without,$with,$balanced" >>"$TMP"
    echo "$game $rules: $without, with swap $with; balanced: ${balanced:--}"
done
mv "$TMP" "$CSV"
echo "wrote $CSV"
