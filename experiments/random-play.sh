#!/usr/bin/env bash
# The exact chances of each result under uniform random play, for boards
# small enough to walk every reachable position (`ngola chances`), beside
# what a default random self-play tournament of the same board measures
# (`ngola tournament --agent random --agent random`, every game from the
# start): the yardstick that shows the tournament's first-player interval
# is honest. Writes results/random-play/chances.csv
#
#   game, rules, south_wins, draws, north_wins, south_score, positions,
#   games, sampled_score, wilson_low, wilson_high, covered
#
# (the exact probabilities, to 12 decimals; positions walked; then the
# tournament's games, South's score and Wilson 95% interval, and whether
# the interval covers the exact score) and results/random-play/README.md.
#
#   experiments/random-play.sh
#
# Settings (environment): RANDOM_PLAY_OUT (default results/random-play),
# RANDOM_PLAY_GAMES (games per tournament, default 100000), NGOLA (a built
# program to use; default: target/debug/ngola, built first with the
# optimised dev profile the tests share). The whole list takes about a
# minute and up to 2 GB of memory (Oware's positions carry their history).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${RANDOM_PLAY_OUT:-results/random-play}
GAMES=${RANDOM_PLAY_GAMES:-100000}

NGOLA=${NGOLA:-}
if [[ -z $NGOLA ]]; then
    cargo build -p ngola >/dev/null
    NGOLA=target/debug/ngola
fi
mkdir -p "$OUT"

# game and its rule options (`key=value` separated by spaces). Mangola's
# boards carry a ply cap: without it random play repeats positions for
# hundreds of plies and the positions to walk number far beyond memory.
BOARDS=(
    "kalah|pits=3 seeds=3"
    "kalah|pits=3 seeds=4"
    "kalah|pits=4 seeds=2"
    "oware|houses=2 seeds=1"
    "oware|houses=2 seeds=2"
    "umelbagara|houses=3 counters=2"
    "umelbagara|houses=3 counters=3"
    "mangola|columns=2 max_plies=30"
    "mangola|columns=3 max_plies=20"
)

value() { awk -v key="$1" '$1 == key { print $2 }'; }

csv=$OUT/chances.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "game,rules,south_wins,draws,north_wins,south_score,positions,games,sampled_score,wilson_low,wilson_high,covered" >"$csv"
for board in "${BOARDS[@]}"; do
    IFS='|' read -r game rules <<<"$board"
    flags=()
    for rule in $rules; do flags+=(--rule "$rule"); done
    exact=$("$NGOLA" chances "$game" "${flags[@]}")
    rm -rf "$tmp/run"
    "$NGOLA" tournament --game "$game" "${flags[@]}" --agent random --agent random \
        --games "$GAMES" --seed 1 --out "$tmp/run" -q
    # The all-games line of first_player.csv (its pairing field is empty).
    sampled=$(awk -F, 'NR > 1 && $1 == "" { print $4 "," $9 "," $10 "," $11 }' "$tmp/run/first_player.csv")
    score=$(value south_score <<<"$exact")
    covered=$(awk -F, -v s="$score" '{ print ($3 <= s && s <= $4) ? "yes" : "no" }' <<<"$sampled")
    echo "$game,$rules,$(value south_wins <<<"$exact"),$(value draws <<<"$exact"),$(value north_wins <<<"$exact"),$score,$(value positions <<<"$exact"),$sampled,$covered" >>"$csv"
done

{
    cat <<'TEXT'
# Random play, exactly

The chances of each result when both sides play uniformly at random (the
`random` agent), computed exactly by `ngola chances` over every position
reachable from the start, beside a default random self-play tournament
of the same board (every game from the start, seed 1): its first-player
interval should cover the exact score, as 95 of 100 such intervals do in
the test suite (`cargo test -p ngola-study --test integration
random_play::`). The scores are South's (the first player's), a draw
counting half. Made by `experiments/random-play.sh`; the numbers are in
`chances.csv`.

| game | rules | South wins | draws | North wins | South's score, exact | positions | tournament: games, score [Wilson 95%] | covered |
|---|---|---|---|---|---|---|---|---|
TEXT
    awk -F, 'NR > 1 {
        printf "| %s | %s | %.4f | %.4f | %.4f | **%.4f** | %d | %d, %.4f [%.4f, %.4f] | %s |\n",
            $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
    }' "$csv"
} >"$OUT/README.md"
echo "wrote $csv and $OUT/README.md"
