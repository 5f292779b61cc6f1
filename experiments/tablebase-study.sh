#!/usr/bin/env bash
# Endgame databases of the boards the prover left undecided, and their
# start positions probed: builds (or resumes) each database under
# results/tablebase/db/ (not committed), verifies it, and writes the output
# of every command to results/tablebase/runs/. Resumable: run it again and
# every finished level is kept. NGOLA points at the program
# (default target/release/ngola).
set -euo pipefail
cd "$(dirname "$0")/.."
NGOLA=${NGOLA:-target/release/ngola}
OUT=results/tablebase
mkdir -p "$OUT/runs" "$OUT/db"

# name game seeds start-position rules...
study() {
    local name=$1 game=$2 seeds=$3 start=$4
    shift 4
    [[ -z "${ONLY:-}" || " $ONLY " == *" $name "* ]] || return 0
    local rules=()
    for r in "$@"; do rules+=(--rule "$r"); done
    local db="$OUT/db/$name"
    echo "== $name: $NGOLA tablebase build $game ${rules[*]} --seeds $seeds -o $db"
    { echo "\$ ngola tablebase build $game ${rules[*]} --seeds $seeds -o $db"
      /usr/bin/time -v nice "$NGOLA" tablebase build "$game" "${rules[@]}" --seeds "$seeds" -o "$db" 2>&1 \
        | grep -v '^\s*$' | grep -Ev 'level [0-9]+ .*[0-9]+/[0-9]+' || true
    } > "$OUT/runs/$name.build.txt" 2>&1
    { echo "\$ ngola tablebase verify $db --samples 2000"
      nice "$NGOLA" tablebase verify "$db" --samples 2000 2>&1 || true
      echo "\$ ngola tablebase info $db"
      "$NGOLA" tablebase info "$db" 2>&1 || true
      echo "\$ ngola tablebase probe $db '$start'"
      "$NGOLA" tablebase probe "$db" "$start" 2>&1 || true
    } > "$OUT/runs/$name.txt"
    cat "$OUT/runs/$name.txt"
}

# Cheapest first, so that a stopped study has the small boards.
study oware-h5-s1 oware 10 "oware 1,1,1,1,1/1,1,1,1,1 S 0 0,0" houses=5 seeds=1 max_plies=0
study oware-h6-s1 oware 12 "oware 1,1,1,1,1,1/1,1,1,1,1,1 S 0 0,0" houses=6 seeds=1 max_plies=0
study umelbagara-h3-c5 umelbagara 30 "umelbagara 5,5,5/5,5,5 S 0 0,0" houses=3 counters=5 max_plies=0
study oware-h4-s3 oware 24 "oware 3,3,3,3/3,3,3,3 S 0 0,0" houses=4 seeds=3 max_plies=0
study kalah-6-3-l20 kalah 20 "kalah 3,3,3,3,3,3/3,3,3,3,3,3 S 0 0,0" pits=6 seeds=3 empty_capture=true max_plies=0
study kalah-5-4-l20 kalah 20 "kalah 4,4,4,4,4/4,4,4,4,4 S 0 0,0" pits=5 seeds=4 empty_capture=true max_plies=0
study umelbagara-h5-l26 umelbagara 26 "umelbagara 5,5,5,5,5/5,5,5,5,5 S 0 0,0" houses=5 counters=5 max_plies=0
study umelbagara-h7-l16 umelbagara 16 "umelbagara 2,2,2,2,2,2,2/2,2,2,2,2,2,2 S 0 0,0" houses=7 counters=2 max_plies=0
