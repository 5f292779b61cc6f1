#!/bin/sh
# The first-player study: runs every experiment of
# experiments/first-player/, the exact solver on small boards, then
# regenerates the tables, the plots and REPORT.md of
# results/first-player-advantage/.
#
# Usage (from anywhere; 30 to 50 minutes on 2 cores):
#   scripts/first-player-study.sh              # everything
#   FP_ONLY='mangola-ab* umelbagara-ab8' scripts/first-player-study.sh   # only these runs (then the rest)
#   FP_SKIP_RUNS=1 scripts/first-player-study.sh          # keep the runs, redo solver, tables, plots
#   FP_SKIP_SOLVER=1 ...                                  # keep the solver results
#   FP_DIVIDE=10 FP_OUT=/tmp/fp-pilot scripts/first-player-study.sh   # pilot: games / 10
#
# Environment: NGOLA (the binary; default: build it with cargo into
# $CARGO_TARGET_DIR, default target/), FP_THREADS (default 2; results do
# not depend on it), FP_SOLVE_TIMEOUT (seconds per solver call, default 30).
# Needs POSIX sh and awk, gzip, coreutils (sort, timeout, mktemp) and the
# ngola binary; no Python.
set -eu

cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${FP_OUT:-results/first-player-advantage}
EXPERIMENTS=experiments/first-player
THREADS=${FP_THREADS:-2}
DIVIDE=${FP_DIVIDE:-1}
SOLVE_TIMEOUT=${FP_SOLVE_TIMEOUT:-30}

if [ -z "${NGOLA:-}" ]; then
    cargo build --release -p ngola
    NGOLA=${CARGO_TARGET_DIR:-$ROOT/target}/release/ngola
fi
case $NGOLA in /*) ;; *) NGOLA=$ROOT/$NGOLA ;; esac
export NGOLA

mkdir -p "$OUT/runs" "$OUT/openings" "$OUT/solver" "$OUT/plots"
now() { date -u +%s; }
STUDY_START=$(now)
# The code the games are played with (HEAD may move while the study runs).
GIT_STATE="git $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock 2>/dev/null || echo ' with uncommitted changes in crates/') at the start of the run"

# ---------------------------------------------------------------- games
# runtime.csv: wall seconds of each run (the only machine-dependent file).
if [ -z "${FP_SKIP_RUNS:-}" ]; then
    [ -f "$OUT/runtime.csv" ] || echo "run,games,threads,wall_s" >"$OUT/runtime.csv"
    # added-runs.txt: runs played with FP_ONLY after the last full run
    # (the report names them); a full run starts it afresh.
    [ -n "${FP_ONLY:-}" ] || rm -f "$OUT/added-runs.txt"
    for toml in "$EXPERIMENTS"/*.toml; do
        name=$(basename "$toml" .toml)
        if [ -n "${FP_ONLY:-}" ]; then
            keep=no
            set -f
            for pattern in $FP_ONLY; do
                case $name in $pattern) keep=yes ;; esac
            done
            set +f
            [ "$keep" = yes ] || continue
        fi
        games=$(sed -n 's/^games *= *\([0-9]*\).*/\1/p' "$toml")
        games=$((games / DIVIDE / 2 * 2))
        [ "$games" -ge 2 ] || games=2
        dir=$OUT/runs/$name
        rm -rf "$dir"
        t0=$(now)
        "$NGOLA" tournament "$toml" --games "$games" --threads "$THREADS" --quiet --out "$dir"
        t1=$(now)
        gzip -9 -n -f "$dir/games.csv"
        grep -v "^$name," "$OUT/runtime.csv" >"$OUT/runtime.tmp" || true
        echo "$name,$games,$THREADS,$((t1 - t0))" >>"$OUT/runtime.tmp"
        mv "$OUT/runtime.tmp" "$OUT/runtime.csv"
        echo "$name: $games games in $((t1 - t0)) s"
        if [ -n "${FP_ONLY:-}" ]; then
            { grep -vx "$name" "$OUT/added-runs.txt" 2>/dev/null || true; echo "$name"; } >"$OUT/added.tmp"
            mv "$OUT/added.tmp" "$OUT/added-runs.txt"
        fi
    done
fi

# ---------------------------------------------------------------- openings
# For each (game, rules, opening plies) the position each sampled opening
# leads to (by `ngola replay`): distinct start positions = distinct games
# of a deterministic agent.
AWK="awk -f scripts/first-player.awk"
for dir in "$OUT"/runs/*/; do
    info=$($AWK -v mode=experiment "$dir/experiment.toml")
    game=$(printf '%s' "$info" | cut -f1)
    rules=$(printf '%s' "$info" | cut -f2)
    k=$(printf '%s' "$info" | cut -f3)
    key=$(printf '%s-%s-k%s' "$game" "$rules" "$k" | sed 's/--rule //g; s/ /-/g; s/=/_/g')
    map=$OUT/openings/$key.tsv
    [ -f "$map.gz" ] && gzip -dc "$map.gz" >"$map.old" || : >"$map.old"
    # The sampled openings not yet in the map.
    gzip -dc "$dir/games.csv.gz" | $AWK -v mode=openings | sort -u |
        awk -v map="$map.old" 'BEGIN { while ((getline l < map) > 0) { split(l, a, "\t"); known[a[1]] = 1 } } !($0 in known)' >"$map.want"
    : >"$map.new"
    while IFS= read -r opening; do
        # The last position `ngola replay` prints (lines: ply, move, position).
        position=start
        if [ -n "$opening" ]; then
            # shellcheck disable=SC2086
            position=$("$NGOLA" replay "$game" $rules $opening |
                awk '$1 ~ /^[0-9]+$/ { p = $0; sub(/^[0-9]+ +[^ ]+ +/, "", p) } END { print p }')
        fi
        printf '%s\t%s\n' "$opening" "$position" >>"$map.new"
    done <"$map.want"
    cat "$map.old" "$map.new" | sort -u | gzip -9 -n >"$map.gz"
    rm -f "$map.old" "$map.new" "$map.want"
done

# ---------------------------------------------------------------- perft
# How many opening move sequences there are (the report's table of k).
{
    echo "\$ ngola perft mangola 8"; "$NGOLA" perft mangola 8
    for columns in 4 6; do echo "\$ ngola perft mangola 6 --rule columns=$columns"; "$NGOLA" perft mangola 6 --rule columns=$columns; done
    echo "\$ ngola perft umelbagara 6"; "$NGOLA" perft umelbagara 6
} >"$OUT/perft.txt"

# ---------------------------------------------------------------- solver
if [ -z "${FP_SKIP_SOLVER:-}" ]; then
    SOLVER_CSV=$OUT/solver/solver.csv
    echo "game,rules,max_plies,status,value,margin,plies,nodes,time_s,wall_s" >"$SOLVER_CSV"
    # solve GAME "RULES" MAX_PLIES: one call, raw output kept, one CSV line.
    solve() {
        tag=$(echo "$1 $2 max_plies=$3" | tr ' =' '_-')
        raw=$OUT/solver/$tag.txt
        rule_args=""
        for r in $2; do rule_args="$rule_args --rule $r"; done
        t0=$(now)
        status=solved
        # shellcheck disable=SC2086
        timeout "$SOLVE_TIMEOUT" "$NGOLA" solve "$1" $rule_args --rule "max_plies=$3" >"$raw" 2>&1 || status=$?
        t1=$(now)
        case $status in solved) ;; 124) status=timeout ;; *) status=failed-$status ;; esac
        awk -v game="$1" -v rules="$2" -v cap="$3" -v status="$status" -v wall=$((t1 - t0)) '
            $1 == "value" { value = $2; margin = $3 }
            $1 == "pv" { plies = NF - 1 }
            $1 == "nodes" { nodes = $2 }
            $1 == "time" { t = $2; sub(/s$/, "", t) }
            END { printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", game, rules, cap, status, value, margin, plies, nodes, t, wall }' \
            "$raw" >>"$SOLVER_CSV"
        LAST_VALUE=$(sed -n 's/^value \([a-z]*\).*/\1/p' "$raw")
        LAST_STATUS=$status
    }
    # Mangola: a win or loss found with a ply cap N holds for every cap
    # above N (the winner's strategy ends every line before N), so the cap
    # is raised until the value is decided (or a call times out).
    for capture in lap-start after-capture ludii; do
        widths="2 3 4 5"
        [ "$capture" = lap-start ] && widths="2 3 4 5 6 7 8"
        for columns in $widths; do
            for cap in 8 12 16 20 24 28 32 36 40; do
                solve mangola "columns=$columns capture_sowing=$capture" "$cap"
                case $LAST_STATUS-$LAST_VALUE in solved-win | solved-loss | timeout-* | failed-*) break ;; esac
            done
        done
    done
    # Um el-Bagara: small boards under the default cap (1000, scored as a
    # natural end), as the rules are.
    for houses in 3 5; do
        for counters in 1 2 3 4 5 6; do
            solve umelbagara "houses=$houses counters=$counters" 1000
            [ "$LAST_STATUS" = solved ] || break
        done
    done
fi

# ---------------------------------------------------------------- plots
# Each figure is `ngola plot` on a combined games.csv: one pairing per run
# (named by the run), so first_player.svg shows South's score per run with
# its Wilson interval. Deterministic agents repeat a pair's two games, so
# only the first game of each pair enters (the interval is then over
# pairs, as in the tables). The last bar (`all games`) pools the runs and
# is not a quantity of this study.
figure() {
    fig=$1; shift
    tmp=$(mktemp -d)
    printf 'game,pair,pairing,south_id,north_id,south,north,seed,result,plies,south_total,north_total,reason,time_s,opening\n' >"$tmp/games.csv"
    level=0
    for run in "$@"; do
        dir=$OUT/runs/$run
        [ -f "$dir/games.csv.gz" ] || continue
        one=0
        grep -Eq '^agents = \["(alphabeta|solver)' "$dir/experiment.toml" && one=1
        gzip -dc "$dir/games.csv.gz" |
            awk -f scripts/first-player.awk -v mode=plotrows -v level="$level" -v label="$run" -v one="$one" >>"$tmp/games.csv"
        level=$((level + 1))
    done
    # Plotted from inside the folder, so that the heading is the figure's name.
    mkdir "$tmp/$fig"
    mv "$tmp/games.csv" "$tmp/$fig/games.csv"
    (cd "$tmp" && "$NGOLA" plot "$fig" -o plots >/dev/null)
    cp "$tmp/plots/first_player.svg" "$OUT/plots/$fig.svg"
    rm -rf "$tmp"
}
figure mangola-strength mangola-random mangola-greedy mangola-ab2 mangola-ab4 mangola-ab6 mangola-ab8 mangola-ab10 \
    mangola-mcts100 mangola-mcts1000 mangola-mcts10000
figure umelbagara-strength umelbagara-random umelbagara-greedy umelbagara-ab2 umelbagara-ab4 umelbagara-ab6 \
    umelbagara-ab8 umelbagara-ab10 umelbagara-ab12 umelbagara-mcts100 umelbagara-mcts1000 umelbagara-mcts10000
figure mangola-capture mangola-random mangola-after-capture-random mangola-ludii-random \
    mangola-ab4 mangola-after-capture-ab4 mangola-ludii-ab4 mangola-ab8 mangola-after-capture-ab8 mangola-ludii-ab8 \
    mangola-mcts1000 mangola-after-capture-mcts1000 mangola-ludii-mcts1000
figure mangola-width mangola-c4-random mangola-c6-random mangola-random mangola-c4-ab4 mangola-c6-ab4 mangola-ab4 \
    mangola-c4-ab8 mangola-c6-ab8 mangola-ab8 mangola-c4-mcts1000 mangola-c6-mcts1000 mangola-mcts1000
figure opening-plies mangola-random-k0 mangola-random-k4 mangola-random mangola-random-k8 \
    mangola-ab8-k4 mangola-ab8 mangola-ab8-k8 mangola-mcts1000-k0 mangola-mcts1000-k4 mangola-mcts1000 \
    mangola-mcts10000-k0 mangola-mcts10000 \
    umelbagara-random-k0 umelbagara-random-k2 umelbagara-random umelbagara-random-k6 \
    umelbagara-ab8-k2 umelbagara-ab8 umelbagara-ab8-k6 umelbagara-mcts1000-k0 umelbagara-mcts1000

# ---------------------------------------------------------------- tables, report
STUDY_END=$(now)
if [ -z "${FP_SKIP_RUNS:-}" ] && [ -z "${FP_ONLY:-}" ]; then
    echo "last full run of the study: $((STUDY_END - STUDY_START)) s wall on $THREADS threads, finished $(date -u '+%Y-%m-%d %H:%M') UTC" >"$OUT/study-time.txt"
    {
        echo "machine: $(uname -srm), $(nproc) cores ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)), shared with other jobs"
        echo "ngola: $("$NGOLA" --version), $GIT_STATE; $(rustc --version 2>/dev/null || echo rustc unknown)"
        [ "$DIVIDE" = 1 ] || echo "PILOT: game counts divided by $DIVIDE"
    } >"$OUT/machine.txt"
fi
sh scripts/first-player-tables.sh "$OUT"
echo "done: $OUT/REPORT.md"
