#!/bin/sh
# Kalah (5,4), empty-capture rule, no ply cap, proved over the endgame
# database of every position with at most 20 seeds on the board
# (experiments/tablebase-study.sh builds it). Resumable: the checkpoint is
# continued when the command is run again.
# Usage: results/tablebase/prove/kalah-5-4.sh NGOLA DB CHECKPOINT
NGOLA=${1:-ngola}
DB=${2:-results/tablebase/db/kalah-5-4-l20}
CKPT=${3:-kalah-5-4.ckpt}
OUT=$(dirname "$0")
exec nice -n 19 /usr/bin/time -v "$NGOLA" prove kalah --rule pits=5 --rule seeds=4 \
  --rule empty_capture=true --rule max_plies=0 --tb "$DB" --threads 1 --tt 2048 \
  --time 45m --progress 60s --checkpoint "$CKPT" --checkpoint-every 5m \
  --certificate "$OUT/kalah-5-4.cert.gz" >"$OUT/kalah-5-4.out" 2>"$OUT/kalah-5-4.err"
