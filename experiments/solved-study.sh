#!/usr/bin/env bash
# The solved-boards study: every board `ngola prove` decides,
# into results/solved/ (solved.csv, compare-4x6.csv, speed.csv, the raw
# output of every command in runs/, certificates in certificates/), then
# results/solved/README.md from them (experiments/solved-report.py).
#
#   experiments/solved-study.sh                  # everything (hours on 2 cores)
#   SOLVED_ONLY=mangola experiments/solved-study.sh   # one part: mangola, compare,
#                                                 # speed, umelbagara, oware,
#                                                 # kalah, lengths, continue,
#                                                 # report
#
# Settings (environment): SOLVED_OUT (default results/solved), SOLVED_TIME
# (limit per Mangola prove call, default 15m), SOLVED_LENGTH_TIME (limit
# per call of the length bisection, default 2m), SOLVED_SCORED_TIME (limit
# per call on Um el-Bagara, Oware and Kalah, default 1m),
# SOLVED_CONTINUE_TIME (the long runs: limit for continuing each board left
# undecided from its checkpoint, default 12h), SOLVED_TT (MiB, default 2048),
# SOLVED_THREADS (default 1), SOLVED_CERT_MAX (largest gzip certificate
# kept, bytes, default 2000000; larger ones are listed with size and
# SHA-256 only), SOLVED_SOLVE_TIME (limit per `ngola solve` call in the
# 4 x 6 comparison, default 3m), SOLVED_SKIP (an extended regular
# expression: boards whose "game rules" text matches it are left out, e.g.
# a board a separate long run decides), SOLVED_DEADLINE (a time `date -d`
# reads, e.g. "2026-12-02 00:10 UTC": no call starts after it and every
# call's limit is cut to end by it). Everything runs under `nice -n 19`,
# with a copy of the program built at the start (rebuilding meanwhile does
# not change what the study runs).
# Every prove call saves a checkpoint to SOLVED_CHECKPOINTS/TAG.ckpt
# (default: checkpoints/ in the output folder, not committed) and continues
# from it when it exists, so a call that ran out of time goes on where it
# stopped when its row is deleted and the study is run again; a decided
# board's checkpoint is removed.
# A part already in the CSV files is skipped (delete its rows to redo it).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${SOLVED_OUT:-results/solved}
TIME=${SOLVED_TIME:-15m}
LENGTH_TIME=${SOLVED_LENGTH_TIME:-2m}
SCORED_TIME=${SOLVED_SCORED_TIME:-1m}
CONTINUE_TIME=${SOLVED_CONTINUE_TIME:-12h}
SKIP=${SOLVED_SKIP:-}
TT=${SOLVED_TT:-2048}
THREADS=${SOLVED_THREADS:-1}
CERT_MAX=${SOLVED_CERT_MAX:-2000000}
SOLVE_TIME=${SOLVED_SOLVE_TIME:-3m}
ONLY=${SOLVED_ONLY:-all}
CKPT=${SOLVED_CHECKPOINTS:-$OUT/checkpoints}
DEADLINE=
if [ -n "${SOLVED_DEADLINE:-}" ]; then
    DEADLINE=$(date -u -d "$SOLVED_DEADLINE" +%s)
fi

cargo build --release -p ngola >/dev/null
NGOLA=$(mktemp -d)/ngola
cp target/release/ngola "$NGOLA"
mkdir -p "$OUT/runs" "$OUT/certificates" "$CKPT"
CSV=$OUT/solved.csv
[ -f "$CSV" ] || echo "game,rules,value,margin,length,depth,nodes,seconds,threads,certificate,cert_lines,cert_bytes,cert_sha256,check_seconds,command" >"$CSV"

want() { [ "$ONLY" = all ] || [ "$ONLY" = "$1" ]; }
# 90s, 10m, 2h as seconds.
seconds_of() { echo "$1" | sed 's/m$/*60/; s/h$/*3600/; s/s$//' | bc; }
field() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$2"; }
rule_args() { for r in $1; do printf -- '--rule %s ' "$r"; done; }
done_already() { grep -q "^$1,$2," "$CSV"; }
# limit LIMIT: prints the limit (seconds, e.g. 600s) for a call that starts
# now: LIMIT, cut to end by the deadline; fails when less than 20 s are left.
limit() {
    local secs left
    secs=$(seconds_of "$1")
    if [ -n "$DEADLINE" ]; then
        left=$((DEADLINE - $(date +%s)))
        [ "$left" -lt 20 ] && return 1
        [ "$left" -lt "$secs" ] && secs=$left
    fi
    echo "${secs}s"
}

# prove GAME "RULES" TAG: one decided board (or a timeout), with its
# certificate checked; appends a row to solved.csv. Sets VALUE, DEPTH.
prove() {
    local game=$1 rules=$2 tag=$3
    local raw=$OUT/runs/$tag.txt cert=$OUT/certificates/$tag.txt.gz
    local cmd
    VALUE=; DEPTH=
    if [ -n "$SKIP" ] && echo "$game $rules" | grep -Eq "$SKIP"; then
        return
    fi
    if done_already "$game" "$rules"; then
        VALUE=$(grep "^$game,$rules," "$CSV" | cut -d, -f3)
        DEPTH=$(grep "^$game,$rules," "$CSV" | cut -d, -f6)
        return
    fi
    local time
    if ! time=$(limit "$TIME"); then
        echo "== past the deadline: $game $rules left out" >&2
        VALUE=deadline
        return
    fi
    cmd="ngola prove $game $(rule_args "$rules")--threads $THREADS --tt $TT --time $time --certificate $tag.txt.gz"
    echo "== $cmd" >&2
    # shellcheck disable=SC2046
    nice -n 19 "$NGOLA" prove "$game" $(rule_args "$rules") --threads "$THREADS" --tt "$TT" \
        --time "$time" --progress 5m --certificate "$cert" \
        --checkpoint "$CKPT/$tag.ckpt" >"$raw" 2>"$raw.err" || true
    case $(field value "$raw" | cut -d' ' -f1) in win | loss | draw) rm -f "$CKPT/$tag.ckpt" ;; esac
    VALUE=$(field value "$raw" | cut -d' ' -f1)
    local margin nodes secs lines bytes sha check=- kept
    margin=$(field value "$raw" | cut -d' ' -f2)
    DEPTH=$(field depth "$raw"); DEPTH=${DEPTH:--}
    nodes=$(field nodes "$raw")
    secs=$(field time "$raw" | tr -d s)
    lines=-; bytes=-; sha=-; kept=-
    if [ -f "$cert" ]; then
        lines=$(field certificate "$raw" | awk '{print $3}')
        bytes=$(stat -c %s "$cert")
        sha=$(sha256sum "$cert" | cut -d' ' -f1)
        local t0 t1
        t0=$(date +%s.%N)
        if nice -n 19 "$NGOLA" prove --check "$cert" >"$raw.check" 2>&1; then
            t1=$(date +%s.%N)
            check=$(echo "$t1 - $t0" | bc | awk '{printf "%.3f", $1}')
        else
            check=REJECTED
        fi
        if [ "$bytes" -le "$CERT_MAX" ]; then kept=certificates/$tag.txt.gz; else kept=not-kept; rm -f "$cert"; fi
    fi
    echo "$game,$rules,${VALUE:-error},${margin:--},-,$DEPTH,${nodes:--},${secs:--},$THREADS,$kept,$lines,$bytes,$sha,$check,$cmd" >>"$CSV"
}

# ---------------------------------------------------------------- Mangola
if want mangola; then
    for capture in lap-start after-capture ludii; do
        for columns in 2 3 4 5 6 7 8; do
            prove mangola "columns=$columns capture_sowing=$capture" "mangola-c$columns-$capture"
        done
    done
fi

# ------------------------------------------- 4 x 6: prove against solve
# The time to decide 4 x 6 Mangola (default rules otherwise) under
# increasing caps, by `ngola solve` (alpha-beta) and by `ngola prove`, one
# after the other on the same position, so their nodes per second compare.
CMP=$OUT/compare-4x6.csv
if want compare; then
    [ -f "$CMP" ] || echo "cap,program,value,nodes,seconds,command" >"$CMP"
    for cap in 8 12 16 20 24 26 28 30 32 1000; do
        for program in solve prove; do
            grep -q "^$cap,$program," "$CMP" && continue
            tag=compare-4x6-$program-cap$cap
            if [ $program = solve ]; then
                time=$(limit "$SOLVE_TIME") || break 2
                cmd="ngola solve mangola --rule columns=6 --rule max_plies=$cap --tt $TT"
                echo "== $cmd (stopped after $time)" >&2
                start=$(date +%s.%N)
                if timeout "${time%s}" nice -n 19 "$NGOLA" solve mangola --rule columns=6 --rule "max_plies=$cap" \
                    --tt "$TT" >"$OUT/runs/$tag.txt" 2>&1; then
                    value=$(field value "$OUT/runs/$tag.txt" | cut -d' ' -f1)
                    nodes=$(field nodes "$OUT/runs/$tag.txt")
                    secs=$(field time "$OUT/runs/$tag.txt" | tr -d s)
                else
                    value=timeout; nodes=-; secs=">${time%s}"
                fi
            else
                time=$(limit "$TIME") || break 2
                cmd="ngola prove mangola --rule columns=6 --rule max_plies=$cap --threads 1 --tt $TT --time $time"
                echo "== $cmd" >&2
                nice -n 19 "$NGOLA" prove mangola --rule columns=6 --rule "max_plies=$cap" --threads 1 \
                    --tt "$TT" --time "$time" >"$OUT/runs/$tag.txt" 2>&1 || true
                value=$(field value "$OUT/runs/$tag.txt" | cut -d' ' -f1)
                nodes=$(field nodes "$OUT/runs/$tag.txt")
                secs=$(field time "$OUT/runs/$tag.txt" | tr -d s)
            fi
            echo "$cap,$program,$value,$nodes,$secs,$cmd" >>"$CMP"
        done
    done
fi

# ------------------------------------------------------------ speed
# Nodes per second of `ngola prove` against `ngola solve` on one position
# both decide (4 x 6 Mangola, draw at ply 28), one thread each, alternated
# in three rounds in this one run. Each program reports its wall-clock
# search time; the CPU time of the whole process (user + system, from
# bash's `time`; it includes setting up the table) is kept too, since the
# machine is shared. (A prove node is
# an expansion: every child is generated and evaluated; a solve node is
# one alpha-beta visit.)
SPEED=$OUT/speed.csv
if want speed; then
    [ -f "$SPEED" ] || echo "round,program,value,nodes,seconds,cpu_seconds,nodes_per_second,nodes_per_cpu_second,command" >"$SPEED"
    for round in 1 2 3; do
        for program in solve prove; do
            grep -q "^$round,$program," "$SPEED" && continue
            limit "$TIME" >/dev/null || break 2
            if [ $program = solve ]; then
                cmd="ngola solve mangola --rule columns=6 --rule max_plies=28 --tt $TT"
            else
                cmd="ngola prove mangola --rule columns=6 --rule max_plies=28 --threads 1 --tt $TT"
            fi
            echo "== $cmd" >&2
            raw=$OUT/runs/speed-$round-$program.txt
            TIMEFORMAT='%U %S'
            # shellcheck disable=SC2086
            { time nice -n 19 "$NGOLA" ${cmd#ngola } >"$raw" 2>/dev/null; } 2>"$raw.cpu"
            cpu=$(awk '{ printf "%.3f", $1 + $2 }' "$raw.cpu")
            nodes=$(field nodes "$raw")
            secs=$(field time "$raw" | tr -d s)
            echo "$round,$program,$(field value "$raw" | cut -d' ' -f1),$nodes,$secs,$cpu,$(echo "$nodes / $secs" | bc),$(echo "$nodes / $cpu" | bc),$cmd" >>"$SPEED"
        done
    done
fi

# ------------------------------------------------- Um el-Bagara and Oware
# Each series grows the board until a call runs out of time.
if want umelbagara; then
    for houses in 3 5 7; do
        for counters in 1 2 3 4 5 6; do
            TIME=$SCORED_TIME prove umelbagara "houses=$houses counters=$counters" "umelbagara-h$houses-c$counters"
            [ "$VALUE" = unknown ] && break
        done
    done
fi
if want oware; then
    for houses in 2 3 4 5 6; do
        for seeds in 1 2 3 4; do
            TIME=$SCORED_TIME prove oware "houses=$houses seeds=$seeds" "oware-h$houses-s$seeds"
            [ "$VALUE" = unknown ] && break
        done
    done
fi

# ----------------------------------------------------------------- Kalah
# Irving, Donkers and Uiterwijk's Kalah(m, n): their capture rule and no cap.
if want kalah; then
    for pits in 1 2 3 4 5 6; do
        for seeds in 1 2 3 4 5 6; do
            TIME=$SCORED_TIME prove kalah "pits=$pits seeds=$seeds empty_capture=true max_plies=0" "kalah-$pits-$seeds"
            [ "$VALUE" = unknown ] && break
        done
    done
fi

# ---------------------------------------------------------------- lengths
# The length of a decisive Mangola value under best play on both sides:
# the smallest max_plies under which the same side still wins, by
# bisection between 1 and the proof's depth. Rows in lengths.csv.
# The boards are taken from the largest down (4 x 8, 4 x 7, 4 x 6 first,
# default capture reading first), so that a deadline cuts the small ones.
LEN=$OUT/lengths.csv
[ -f "$LEN" ] || echo "rules,cap,value,nodes,seconds,command" >"$LEN"
if want lengths; then
    grep '^mangola,' "$CSV" | sort -t, -k2,2 -r | sort -s -t= -k2,2nr | while IFS=, read -r _ rules value _ _ depth _; do
        case $value in win | loss) ;; *) continue ;; esac
        [ "$depth" = - ] && continue
        lo=0 hi=$depth   # the win holds within hi plies, not within lo
        while [ $((hi - lo)) -gt 1 ]; do
            mid=$(((lo + hi) / 2))
            row=$(grep "^$rules,$mid," "$LEN" || true)
            if [ -z "$row" ]; then
                tag="mangola-$(echo "$rules" | tr ' =' '-_')-cap$mid"
                time=$(limit "$LENGTH_TIME") || break
                cmd="ngola prove mangola $(rule_args "$rules")--rule max_plies=$mid --threads $THREADS --tt $TT --time $time"
                echo "== $cmd" >&2
                # shellcheck disable=SC2046
                nice -n 19 "$NGOLA" prove mangola $(rule_args "$rules") --rule "max_plies=$mid" \
                    --threads "$THREADS" --tt "$TT" --time "$time" --progress 5m \
                    --checkpoint "$CKPT/$tag.ckpt" \
                    >"$OUT/runs/$tag.txt" 2>"$OUT/runs/$tag.txt.err" || true
                case $(field value "$OUT/runs/$tag.txt" | cut -d' ' -f1) in
                    win | loss | draw) rm -f "$CKPT/$tag.ckpt" ;;
                esac
                row="$rules,$mid,$(field value "$OUT/runs/$tag.txt" | cut -d' ' -f1),$(field nodes "$OUT/runs/$tag.txt"),$(field time "$OUT/runs/$tag.txt" | tr -d s),$cmd"
                echo "$row" >>"$LEN"
            fi
            got=$(echo "$row" | cut -d, -f3)
            if [ "$got" = "$value" ]; then hi=$mid
            elif [ "$got" = unknown ]; then break
            else lo=$mid; fi
        done
    done
fi

# ------------------------------------------------------------ continue
# The long runs: every board left undecided whose checkpoint exists runs
# again from it, until SOLVED_CONTINUE_TIME (default 12h) or the deadline;
# its row is replaced (nodes and time then count all its runs).
if want continue; then
    grep ',unknown,' "$CSV" | while IFS=, read -r game rules _; do
        row=$(grep "^$game,$rules," "$CSV")
        tag=$(echo "$row" | sed -n 's/.*--certificate \([^ ]*\)\.txt\.gz.*/\1/p')
        [ -n "$tag" ] && [ -f "$CKPT/$tag.ckpt" ] || continue
        limit "$CONTINUE_TIME" >/dev/null || break
        grep -v "^$game,$rules," "$CSV" >"$CSV.tmp"
        mv "$CSV.tmp" "$CSV"
        mv "$OUT/runs/$tag.txt" "$OUT/runs/$tag.before-continue.txt"
        mv "$OUT/runs/$tag.txt.err" "$OUT/runs/$tag.before-continue.txt.err"
        TIME=$CONTINUE_TIME prove "$game" "$rules" "$tag"
    done
fi

if want report || [ "$ONLY" = all ]; then
    python3 experiments/solved-report.py "$OUT"
fi
