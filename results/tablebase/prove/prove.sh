#!/bin/sh
# One board proved over an endgame database (no ply cap): the board's
# rules, its database and the run's time limit, by name. Resumable: the
# checkpoint is continued when the command is run again. Writes NAME.out
# (the prover's output), NAME.err (its progress, with /usr/bin/time -v)
# and NAME.cert.gz (the certificate) beside this script.
# Usage: results/tablebase/prove/prove.sh NAME [NGOLA [DB [CHECKPOINT]]]
# (the databases are built by experiments/tablebase-study.sh).
set -eu
NAME=$1
case $NAME in
kalah-5-4) GAME=kalah RULES="pits=5 seeds=4 empty_capture=true" DBNAME=kalah-5-4-l20 TIME=45m ;;
kalah-6-3) GAME=kalah RULES="pits=6 seeds=3 empty_capture=true" DBNAME=kalah-6-3-l20 TIME=50m ;;
kalah-6-4) GAME=kalah RULES="pits=6 seeds=4 empty_capture=true" DBNAME=kalah-6-3-l20 TIME=45m ;;
kalah-6-5) GAME=kalah RULES="pits=6 seeds=5 empty_capture=true" DBNAME=kalah-6-3-l20 TIME=30m ;;
umelbagara-h5-c4) GAME=umelbagara RULES="houses=5 counters=4" DBNAME=umelbagara-h5-l26 TIME=20m ;;
umelbagara-h5-c5) GAME=umelbagara RULES="houses=5 counters=5" DBNAME=umelbagara-h5-l26 TIME=20m ;;
umelbagara-h7-c2) GAME=umelbagara RULES="houses=7 counters=2" DBNAME=umelbagara-h7-l16 TIME=15m ;;
*) echo "prove.sh: no board named $NAME" >&2; exit 2 ;;
esac
NGOLA=${2:-ngola}
DB=${3:-results/tablebase/db/$DBNAME}
CKPT=${4:-$NAME.ckpt}
OUT=$(dirname "$0")
set --
for r in $RULES max_plies=0; do set -- "$@" --rule "$r"; done
exec nice -n 19 /usr/bin/time -v "$NGOLA" prove "$GAME" "$@" --tb "$DB" --threads 1 --tt 2048 \
  --time "$TIME" --progress 60s --checkpoint "$CKPT" --checkpoint-every 5m \
  --certificate "$OUT/$NAME.cert.gz" >"$OUT/$NAME.out" 2>"$OUT/$NAME.err"
